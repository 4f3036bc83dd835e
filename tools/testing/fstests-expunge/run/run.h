/* SPDX-License-Identifier: GPL-2.0 */
/* "run": fstests with the exclude file, flaky retries and crash resume. */
#ifndef FEXP_RUN_H
#define FEXP_RUN_H

#include <stdbool.h>

#include "kernel/kernel.h"
#include "lib/strbuf.h"
#include "run/vm.h"

struct run_opts {
	struct kernel_opts k;	/* k.fstests: --fstests, the fstests tree */
	const char *fs;
	const char *section;
	const char *results;	/* RESULT_BASE; default: fstests/results */
	struct strlist baseline;	/* compare --baseline */
	int retries;		/* --retries, or -1: the data's */
	bool retry_failures;	/* retry failures the data does not explain */
	bool run_known;		/* known failures (fail) run too */
	bool recheck;		/* only the tests the data expects to fail */
	bool resume;
	bool bisect;
	struct strlist tests;	/* --bisect --test: whose failure is bisected */
	int attempts;		/* --bisect --attempts (0: the default) */
	struct vm_opts vm;	/* --vm: in a guest booting the kernel */
	char **args;		/* for check, after "--" */
	int nargs;
};

/*
 * Write the exclude file, run check (or resume a run), retry the flaky
 * failures, merge the attempts into RESULT_BASE/SECTION/result.xml and
 * compare it. Returns compare's exit status (EXIT_USAGE when the run
 * could not be made); with bisect, bisect_judge()'s.
 */
int run_fstests(const struct run_opts *o);

#endif
