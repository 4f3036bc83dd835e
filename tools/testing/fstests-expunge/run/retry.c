// SPDX-License-Identifier: GPL-2.0
/* Which failed tests run again: the retry policy of "run". */
#include <string.h>

#include "run/resume-state.h"
#include "run/retry.h"

bool attempts_next(const struct result_file *rf, size_t *pos,
		   struct attempts *a)
{
	size_t i = *pos;

	if (i >= rf->ncases)
		return false;
	memset(a, 0, sizeof(*a));
	a->test = rf->cases[i].name;
	for (; i < rf->ncases && !strcmp(rf->cases[i].name, a->test); i++) {
		const struct result_case *c = &rf->cases[i];

		a->tries++;
		a->fails += c->outcome == OUT_FAIL;
		a->notrun += c->outcome == OUT_NOTRUN;
		a->crashed |= c->crashed;
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

void retry_pick(const struct retry_policy *p, const struct result_file *rf,
		struct strlist *tests)
{
	struct attempts a;
	size_t pos = 0;

	while (attempts_next(rf, &pos, &a)) {
		if (a.crashed || !a.fails || a.fails < a.tries)
			continue;
		if ((int)a.tries - 1 < retry_limit(p, a.test))
			strlist_add(tests, xstrdup(a.test));
	}
}
