/* SPDX-License-Identifier: GPL-2.0 */
/* Which failed tests run again: the retry policy of "run". */
#ifndef FEXP_RETRY_H
#define FEXP_RETRY_H

#include <stdbool.h>

#include "entries/select.h"
#include "results/results.h"

/* The attempts at one test: consecutive testcases of one name. */
struct attempts {
	const char *test;
	unsigned int tries, fails, notrun;
	unsigned int crashes;	/* attempts that took the machine down */
	bool crashed;		/* one did */
	bool crash_sigs_differ;	/* crashes with different signatures */
};

/* The attempts at the next test from *pos on; false at the end. */
bool attempts_next(const struct result_file *rf, size_t *pos,
		   struct attempts *a);

struct retry_policy {
	const struct applied_set *set;	/* the data for the section */
	int retries;		/* --retries N, or -1: the data's */
	bool retry_failures;	/* also failures the data does not explain */
	/*
	 * run --bisect: how many attempts decide (0: not bisecting), and
	 * the tests whose failure is bisected (--test; empty: every
	 * failure the data does not explain)
	 */
	unsigned int attempts;
	const struct strlist *targets;
};

/*
 * How many retries a test gets after failing: a flaky entry's retries=
 * (or --retries), with --retry-failures as many for a failure the data
 * does not explain; 0 for anything else.
 */
int retry_limit(const struct retry_policy *p, const char *test);

/*
 * The attempts that decide a bisect step for test: --attempts, and for
 * a known flaky test at least all its retries (never one attempt).
 */
unsigned int retry_bisect_needed(const struct retry_policy *p,
				 const char *test);

/* Whether test's failure is the one bisected (with --test: it is named). */
bool retry_bisect_target(const struct retry_policy *p, const char *test);

/*
 * The tests of a merged run (merge_attempts() order) to run once more:
 * every attempt so far failed, none crashed, retries left. Bisecting,
 * also a target until it has its attempts, while they all agree.
 */
void retry_pick(const struct retry_policy *p, const struct result_file *rf,
		struct strlist *tests);

#endif
