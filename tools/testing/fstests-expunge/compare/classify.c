// SPDX-License-Identifier: GPL-2.0
/* Classifying each test of a run against a baseline and the data. */
#include <stdlib.h>
#include <string.h>

#include "compare/classify.h"

static const char *const names[NR_CLS][2] = {
	[CLS_REGRESSION] = { "regression", "Regressions" },
	[CLS_CRASH] = { "crash", "Crashes (the machine or check went down)" },
	[CLS_FIXED] = { "fixed", "Fixed" },
	[CLS_STILL_FAILING] = { "still_failing", "Still failing" },
	[CLS_KNOWN] = { "known_failure", "Known failures" },
	[CLS_UNEXPECTED_PASS] = { "unexpected_pass",
				  "Unexpected passes (remove the entry?)" },
	[CLS_FLAKY] = { "flaky", "Flaky" },
	[CLS_NEW] = { "new", "New (not in the baseline)" },
	[CLS_MISSING] = { "missing", "Missing (in the baseline, not here)" },
	[CLS_NOT_RUN] = { "not_run", "Not run" },
	[CLS_PASS] = { "pass", "Passed" },
};

const char *cls_name(enum cls c)
{
	return names[c][0];
}

const char *cls_title(enum cls c)
{
	return names[c][1];
}

static unsigned int ran(const struct tally *t)
{
	return t ? t->pass + t->fail : 0;
}

enum cls classify(const struct tally *base, bool have_base,
		  const struct tally *cand, const struct applied *a,
		  const char **note)
{
	enum entry_kind kind = a ? a->kind : KIND_EXPUNGE;

	*note = NULL;
	/* absent from this run: lost coverage, even if it did not run before */
	if (!cand || !(ran(cand) + cand->notrun)) {
		if (!ran(base))
			*note = "did not run in the baseline either";
		return CLS_MISSING;
	}
	if (!ran(cand)) {
		if (ran(base))
			*note = "ran in the baseline";
		return CLS_NOT_RUN;
	}
	/* whatever the data says of its failures, and however often */
	if (cand->crashed) {
		if (cand->pass)
			*note = "some attempts passed";
		else if (base && base->crashed)
			*note = "crashed in the baseline too";
		return CLS_CRASH;
	}
	if (!cand->fail) {
		if (kind == KIND_FAIL && a->passed_here) {
			*note = "passed before on this series (passed=): more runs decide";
			return CLS_PASS;
		}
		if (kind == KIND_FAIL)
			return CLS_UNEXPECTED_PASS;
		if (base && base->fail && !base->pass)
			return CLS_FIXED;
		if (have_base && !base)
			return CLS_NEW;
		return CLS_PASS;
	}
	if (kind == KIND_FAIL)
		return CLS_KNOWN;
	if (cand->pass)
		return CLS_FLAKY;
	/* every attempt failed */
	if (kind == KIND_FLAKY && cand->fail < (unsigned int)a->retries + 1) {
		*note = "every attempt failed, but fewer than the data's retries";
		return CLS_FLAKY;
	}
	if (base && base->fail)
		return CLS_STILL_FAILING;
	if (!have_base)
		*note = kind == KIND_FLAKY ? "flaky, but every attempt failed" :
			"not explained by the data";
	else if (!base)
		*note = "new test, not in the baseline";
	else if (!ran(base))
		*note = "did not run in the baseline";
	return CLS_REGRESSION;
}

enum cls classify_in(const struct section_cmp *sc, bool have_base,
		     const struct tally *base, const struct tally *cand,
		     const struct applied *a, const char **note)
{
	enum cls c;

	if (!have_base || sc->base)
		return classify(base, have_base, cand, a, note);
	c = classify(NULL, false, cand, a, note);
	if (c != CLS_REGRESSION)
		return c;
	*note = "not explained by the data; the baseline did not run its section";
	return CLS_NEW;
}

static void add_verdict(struct section_cmp *sc, const char *test,
			const struct tally *b, bool have_base,
			const struct tally *c, const struct applied_set *set)
{
	struct test_verdict *v = array_push(&sc->v, &sc->n, &sc->alloc,
				       sizeof(*v));

	v->test = test;
	v->base = b;
	v->cand = c;
	v->data = set ? applied_find(set, test) : NULL;
	v->cls = classify_in(sc, have_base, b, c, v->data, &v->note);
	sc->count[v->cls]++;
	if (c)
		sc->tests++;
}

void compare_section(struct section_cmp *sc, const struct side_section *base,
		     bool have_base, const struct side_section *cand,
		     const struct applied_set *set)
{
	size_t i = 0, j = 0, nb = base ? base->n : 0, nc = cand ? cand->n : 0;

	sc->base = base;
	sc->cand = cand;
	/* both sides are sorted by name: merge them */
	while (i < nb || j < nc) {
		int d = i == nb ? 1 : j == nc ? -1 :
			strcmp(base->t[i].name, cand->t[j].name);

		if (d < 0) {
			add_verdict(sc, base->t[i].name, &base->t[i],
				    have_base, NULL, set);
			i++;
		} else if (d > 0) {
			add_verdict(sc, cand->t[j].name, NULL, have_base,
				    &cand->t[j], set);
			j++;
		} else {
			add_verdict(sc, cand->t[j].name, &base->t[i],
				    have_base, &cand->t[j], set);
			i++;
			j++;
		}
	}
	if (base && cand)
		env_compare(sc);
}

/* Whether they are set at all matters, not the device path. */
static const char *const env_devices[] = {
	"SCRATCH_LOGDEV", "SCRATCH_RTDEV", "TEST_LOGDEV", "TEST_RTDEV",
	"USE_EXTERNAL",
};

static void add_diff(struct section_cmp *sc, const char *name,
		     const char *b, const char *c)
{
	struct env_diff *d = array_push(&sc->env, &sc->nenv, &sc->aenv,
					sizeof(*d));

	d->name = name;
	d->base = b;
	d->cand = c;
}

static bool empty(const char *s)
{
	return !s || !*s;
}

/* Device facts fstests records (TEST_DEV_LBA_BYTES, ...), and ARCH. */
static bool env_fact(const char *name)
{
	return !strcmp(name, "ARCH") ||
	       (strstr(name, "DEV_") && !strstr(name, "_POOL"));
}

void env_compare(struct section_cmp *sc)
{
	const struct side_section *b = sc->base, *c = sc->cand;
	const char *bv, *cv;
	size_t i;

	for (i = 0; i < NR_SIDE_SETTINGS; i++) {
		bv = section_prop(b, side_settings[i]);
		cv = section_prop(c, side_settings[i]);
		if (strcmp(bv ? bv : "", cv ? cv : ""))
			add_diff(sc, side_settings[i], bv, cv);
	}
	for (i = 0; i < ARRAY_SIZE(env_devices); i++) {
		bv = section_prop(b, env_devices[i]);
		cv = section_prop(c, env_devices[i]);
		if (empty(bv) != empty(cv))
			add_diff(sc, env_devices[i], bv, cv);
	}
	/* facts older fstests did not record are only compared when both have them */
	for (i = 0; i < c->nprops; i++) {
		const char *name = c->props[i].name;

		if (!env_fact(name))
			continue;
		bv = section_prop(b, name);
		if (bv && strcmp(bv, c->props[i].value))
			add_diff(sc, name, bv, c->props[i].value);
	}
}

void section_cmp_free(struct section_cmp *sc)
{
	size_t i;

	for (i = 0; i < sc->n; i++) {
		free(sc->v[i].hints);
		free(sc->v[i].elsewhere);
	}
	free(sc->v);
	free(sc->env);
	free(sc->data);
	memset(sc, 0, sizeof(*sc));
}

void compare_totals(const struct section_cmp *sc, size_t n,
		    struct compare_totals *t)
{
	size_t i, k;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < n; i++) {
		for (k = 0; k < NR_CLS; k++)
			t->count[k] += sc[i].count[k];
		if (sc[i].cand) {
			t->sections++;
			if (sc[i].cand->incomplete.n)
				t->incomplete++;
		}
	}
}

int compare_exit(const struct compare_totals *t, bool bisect)
{
	size_t tests = 0, k;

	/* tests that ran */
	for (k = 0; k < NR_CLS; k++) {
		if (k != CLS_MISSING && k != CLS_NOT_RUN)
			tests += t->count[k];
	}
	if (t->count[CLS_REGRESSION] || t->count[CLS_CRASH])
		return EXIT_PROBLEM;
	if (!bisect)
		return t->incomplete ? EXIT_PROBLEM : EXIT_OK;
	/* a crash, lost coverage or nothing at all is never "good" */
	if (!t->sections || !tests || t->incomplete || t->count[CLS_MISSING] ||
	    t->not_in_run)
		return EXIT_SKIP;
	return EXIT_OK;
}
