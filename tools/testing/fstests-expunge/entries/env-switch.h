/* SPDX-License-Identifier: GPL-2.0 */
/* Which tests an environment switch leaves out, and how to flip it. */
#ifndef FEXP_ENV_SWITCH_H
#define FEXP_ENV_SWITCH_H

#include "entries/for-kernel.h"

/* How a switch was decided when not by --env: run measured the machine */
struct env_decision {
	const char *name;	/* the switch ("large-disk"), or NULL */
	bool on;
	const char *why;	/* "scratch device /dev/vdb: 20 GiB, ..." */
};

/*
 * For each switch the data defines, the tests whose being left out of
 * section depends on its state: those the other state would run (a test
 * of a fail entry is left out unless run_known). Each switch that leaves
 * some out is said, with its state, who decided it (dec, else --env or
 * the default) and how to flip it: in a note on stderr and, when comment
 * is not NULL, in "# " lines into it. Returns how many tests in all.
 */
size_t env_say_switches(const struct kdata *kd, const char *section,
			bool run_known, const struct env_decision *dec,
			struct strbuf *comment);

#endif
