/* SPDX-License-Identifier: GPL-2.0 */
/* The exclude file for fstests' check -E: what is left out, and why. */
#ifndef FEXP_EXCLUDE_LIST_H
#define FEXP_EXCLUDE_LIST_H

#include "context.h"

struct exclude_opts {
	const char *fs;
	bool explain;		/* also the entries that do not apply */
	bool run_known;		/* known failures (fail) run */
};

/*
 * The exclude file for section (NULL: none) of the kernel and data in c,
 * appended to out: a header, then one test a line with a comment saying
 * why, then (explain) every entry with what became of it.
 */
void exclude_list(struct context *c, const struct exclude_opts *xo,
		  const char *section, struct strbuf *out);

#endif
