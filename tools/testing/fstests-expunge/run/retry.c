// SPDX-License-Identifier: GPL-2.0
/* Which failed tests run again: the retry policy of "run". */
#include <string.h>

#include "run/resume-state.h"
#include "run/retry.h"

bool attempts_next(const struct result_file *rf, size_t *pos,
		   struct attempts *a)
{
	size_t i = *pos;
	const char *sig = NULL;

	if (i >= rf->ncases)
		return false;
	memset(a, 0, sizeof(*a));
	a->test = rf->cases[i].name;
	for (; i < rf->ncases && !strcmp(rf->cases[i].name, a->test); i++) {
		const struct result_case *c = &rf->cases[i];

		a->tries++;
		a->fails += c->outcome == OUT_FAIL;
		a->notrun += c->outcome == OUT_NOTRUN;
		a->crashes += c->crashed;
		a->crashed |= c->crashed;
		/* its message says the crash's signature ("crashed: ...") */
		if (c->crashed && sig && !str_same(sig, c->msg))
			a->crash_sigs_differ = true;
		if (c->crashed && !sig)
			sig = c->msg ? c->msg : "";
	}
	*pos = i;
	return true;
}

int retry_limit(const struct retry_policy *p, const char *test)
{
	const struct applied *a = applied_find(p->set, test);

	if (a && a->kind == KIND_FLAKY)
		return p->retries >= 0 ? p->retries : a->retries;
	if (!a && p->retry_failures)
		return p->retries >= 0 ? p->retries : DEFAULT_RETRIES;
	return 0;
}

unsigned int retry_bisect_needed(const struct retry_policy *p,
				 const char *test)
{
	const struct applied *a = applied_find(p->set, test);
	unsigned int n = p->attempts;

	if (a && a->kind == KIND_FLAKY && (unsigned int)a->retries + 1 > n)
		n = a->retries + 1;
	return n < 2 && a && a->kind == KIND_FLAKY ? 2 : n;
}

bool retry_bisect_target(const struct retry_policy *p, const char *test)
{
	size_t i;

	for (i = 0; p->targets && i < p->targets->n; i++) {
		if (!strcmp(p->targets->v[i], test))
			return true;
	}
	return false;
}

/*
 * Bisecting: 1 to run test again (a target short of its attempts, every
 * attempt alike), 0 not to, -1 when the usual policy decides.
 */
static int bisect_pick(const struct retry_policy *p, const struct attempts *a)
{
	const struct applied *e = applied_find(p->set, a->test);
	unsigned int ran = a->tries - a->notrun;
	bool alike = !a->fails ||
		     (a->fails == ran && (!a->crashes || a->crashes == ran) &&
		      !a->crash_sigs_differ);

	if (!p->attempts)
		return -1;
	if (p->targets && p->targets->n) {
		if (!retry_bisect_target(p, a->test))
			return -1;
	} else if (!a->fails || a->fails < ran || a->crashed ||
		   (e && e->kind == KIND_FAIL)) {
		return -1;	/* not a failure the data leaves unexplained */
	}
	return ran && alike && ran < retry_bisect_needed(p, a->test);
}

void retry_pick(const struct retry_policy *p, const struct result_file *rf,
		struct strlist *tests)
{
	struct attempts a;
	size_t pos = 0;

	while (attempts_next(rf, &pos, &a)) {
		int b = bisect_pick(p, &a);

		if (b >= 0) {
			if (b)
				strlist_add(tests, xstrdup(a.test));
			continue;
		}
		if (a.crashed || !a.fails || a.fails < a.tries)
			continue;
		if ((int)a.tries - 1 < retry_limit(p, a.test))
			strlist_add(tests, xstrdup(a.test));
	}
}
