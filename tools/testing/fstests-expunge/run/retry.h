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
	bool crashed;	/* one attempt took the machine down */
};

/* The attempts at the next test from *pos on; false at the end. */
bool attempts_next(const struct result_file *rf, size_t *pos,
		   struct attempts *a);

struct retry_policy {
	const struct applied_set *set;	/* the data for the section */
	int retries;		/* --retries N, or -1: the data's */
	bool retry_failures;	/* also failures the data does not explain */
};

/*
 * How many retries a test gets after failing: a flaky entry's retries=
 * (or --retries), with --retry-failures as many for a failure the data
 * does not explain; 0 for anything else.
 */
int retry_limit(const struct retry_policy *p, const char *test);

/*
 * The tests of a merged run (merge_attempts() order) to run once more:
 * every attempt so far failed, none crashed, retries left.
 */
void retry_pick(const struct retry_policy *p, const struct result_file *rf,
		struct strlist *tests);

#endif
