/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "run --bisect": good, bad or cannot tell, from every attempt at the
 * tests whose failure is bisected, with the confidence the attempts give.
 */
#ifndef FEXP_BISECT_H
#define FEXP_BISECT_H

#include <stdbool.h>

#include "lib/strbuf.h"
#include "results/results.h"
#include "run/retry.h"

#define DEFAULT_BISECT_ATTEMPTS	3

/*
 * Judge the merged run m (finished: check ran to its end) with the
 * policy p (its targets and attempts): EXIT_PROBLEM ("bad") when the
 * target failure came back on every one of its attempts, EXIT_OK
 * ("good") when every attempt at the targets passed, EXIT_SKIP for
 * anything else: a target short of its attempts or that did not run,
 * a mixed result (passes and failures, or a crash and a plain
 * failure), another test's failure or crash, an incomplete run. What
 * decided, and how sure it is, goes to report.
 */
/* --test names tests, as check knows them (else says which does not) */
bool bisect_valid_tests(const struct strlist *tests);

int bisect_judge(const struct retry_policy *p, const struct result_file *m,
		 bool finished, struct strbuf *report);

#endif
