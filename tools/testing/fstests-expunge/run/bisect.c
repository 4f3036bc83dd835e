// SPDX-License-Identifier: GPL-2.0
/* "run --bisect": good, bad or cannot tell, with the attempts' confidence. */
#include <string.h>

#include "entries/select.h"
#include "fstests/tree.h"
#include "run/bisect.h"

/*
 * The rule (DESIGN, the reference page): 1 only when every target failed
 * with the same signature in every attempt, whether or not the run
 * completed; 0 only when every attempt ran the targets and they passed
 * (and nothing else spoils the step); 125 for everything else.
 */
struct judgement {
	struct strbuf *report;
	unsigned int bad, good;
	unsigned int skip;	/* targets that cannot tell */
	unsigned int spoilt;	/* what else keeps the step from good */
	unsigned int fewest;	/* attempts of the least tried target */
};

static void say(struct judgement *j, const struct attempts *a,
		unsigned int ran, const char *what)
{
	sb_printf(j->report, "bisect: %s: %u of %u attempt%s failed",
		  a->test, a->fails, ran, ran == 1 ? "" : "s");
	if (a->crashes)
		sb_printf(j->report, " (%u crashed)", a->crashes);
	sb_printf(j->report, ": %s\n", what);
}

/* A test whose failure is not bisected: its failure spoils the step. */
static void judge_other(const struct retry_policy *p, struct judgement *j,
			const struct attempts *a)
{
	const struct applied *e = applied_find(p->set, a->test);
	unsigned int ran = a->tries - a->notrun;

	if (a->crashed) {
		say(j, a, ran, "another test crashed: not good");
		j->spoilt++;
	} else if (a->fails && a->fails == ran &&
		   !(e && e->kind == KIND_FAIL)) {
		say(j, a, ran, "another test failed: not good");
		j->spoilt++;
	}
}

static void judge_target(const struct retry_policy *p, struct judgement *j,
			 const struct attempts *a)
{
	const struct applied *e = applied_find(p->set, a->test);
	unsigned int ran = a->tries - a->notrun;
	unsigned int need = retry_bisect_needed(p, a->test);

	if (!ran) {
		say(j, a, ran, "it did not run: cannot tell");
		j->skip++;
		return;
	}
	if (ran < j->fewest)
		j->fewest = ran;
	if (a->fails && a->fails < ran) {
		/* without --test a known flaky test decides nothing */
		if (!p->targets->n && e && e->kind == KIND_FLAKY) {
			say(j, a, ran, "flaky, as the data says");
			return;
		}
		say(j, a, ran, "a mixed result: cannot tell");
		j->skip++;
	} else if (a->crashes && a->crashes < a->fails) {
		say(j, a, ran, "crashes and plain failures: cannot tell");
		j->skip++;
	} else if (a->crash_sigs_differ) {
		say(j, a, ran, "crashes with different signatures: cannot tell");
		j->skip++;
	} else if (ran < need) {
		sb_printf(j->report, "bisect: %s: %u of the %u attempts needed ran: cannot tell\n",
			  a->test, ran, need);
		j->skip++;
	} else if (a->fails) {
		say(j, a, ran, a->crashes ? "it crashed every time" :
			       "it failed every time");
		j->bad++;
	} else {
		say(j, a, ran, "it passed every time");
		j->good++;
	}
}

bool bisect_valid_tests(const struct strlist *tests)
{
	size_t i;

	for (i = 0; i < tests->n; i++) {
		if (!valid_test_name(tests->v[i])) {
			pr_err("run: --test %s: not a test name (generic/001)",
			       tests->v[i]);
			return false;
		}
	}
	return true;
}

/* The targets named with --test that are not in the run at all. */
static void judge_absent(const struct retry_policy *p, struct judgement *j,
			 const struct result_file *m)
{
	size_t i, k;

	for (i = 0; i < p->targets->n; i++) {
		for (k = 0; k < m->ncases; k++) {
			if (!strcmp(m->cases[k].name, p->targets->v[i]))
				break;
		}
		if (k < m->ncases)
			continue;
		sb_printf(j->report, "bisect: %s: not in the run: cannot tell\n",
			  p->targets->v[i]);
		j->skip++;
	}
}

/*
 * How sure: a failure that shows on half of the runs gives n alike
 * attempts 1 time in 2^n.
 */
static void say_verdict(struct judgement *j, const char *verdict, int code)
{
	unsigned long long in = 1ull << (j->fewest < 62 ? j->fewest : 62);

	sb_printf(j->report, "bisect: %s (exit %d) after %u attempt%s each; ",
		  verdict, code, j->fewest, j->fewest == 1 ? "" : "s");
	sb_printf(j->report, "confidence %.1f%%: ", 100.0 * (1.0 - 1.0 / in));
	sb_printf(j->report, "%s 1 time in %llu\n",
		  "a failure that shows on half of the runs would look so", in);
}

/* With --test, the tests named; else every failure the data leaves unexplained. */
static bool is_target(const struct retry_policy *p, const struct attempts *a)
{
	const struct applied *e;

	if (p->targets->n)
		return retry_bisect_target(p, a->test);
	e = applied_find(p->set, a->test);
	return a->fails && !(e && e->kind == KIND_FAIL);
}

int bisect_judge(const struct retry_policy *p, const struct result_file *m,
		 bool finished, struct strbuf *report)
{
	static const struct strlist none;
	struct retry_policy q = *p;
	struct judgement j = { .report = report, .fewest = -1u };
	struct attempts a;
	size_t pos = 0;

	if (!q.targets)
		q.targets = &none;
	while (attempts_next(m, &pos, &a)) {
		if (is_target(&q, &a))
			judge_target(&q, &j, &a);
		else if (q.targets->n)
			judge_other(&q, &j, &a);
	}
	judge_absent(&q, &j, m);
	if (!finished) {
		sb_puts(report, "bisect: the run is incomplete: not good\n");
		j.spoilt++;
	}
	if (!m->ncases) {
		sb_puts(report, "bisect: nothing ran: cannot tell\n");
		j.spoilt++;
	}
	if (j.fewest == -1u)	/* no target failed: one attempt each */
		j.fewest = 1;
	/* every target failed alike every time: bad, finished or not */
	if (j.bad && !j.good && !j.skip) {
		say_verdict(&j, "bad", EXIT_PROBLEM);
		return EXIT_PROBLEM;
	}
	if (j.bad || j.skip || j.spoilt) {
		sb_printf(report, "bisect: skip (exit %d): cannot tell\n",
			  EXIT_SKIP);
		return EXIT_SKIP;
	}
	say_verdict(&j, "good", EXIT_OK);
	return EXIT_OK;
}
