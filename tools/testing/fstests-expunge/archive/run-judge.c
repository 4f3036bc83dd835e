// SPDX-License-Identifier: GPL-2.0
/* Broken runs: a failure share far outside what its table's runs show. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/run-judge.h"

#define AGAINST_TABLE	"%.0f%% of its %lu tests failed, %s %zu runs %.0f%%"

void judged_init(struct judged *j, const struct run_record *rec)
{
	const char *counts = record_get(rec, "tests-failures-notrun");
	unsigned long tests = 0, fail = 0, notrun = 0;

	memset(j, 0, sizeof(*j));
	j->share = -1;
	j->table = xasprintf("%s\t%s\t%s\t%s", record_get(rec, "fs") ?: "",
			     record_get(rec, "section") ?: "",
			     record_get(rec, "machine") ?: "",
			     record_get(rec, "setup") ?: "");
	if (!counts || sscanf(counts, "%lu %lu %lu", &tests, &fail,
			      &notrun) != 3 || notrun >= tests || fail > tests - notrun)
		return;
	j->ran = tests - notrun;
	j->share = (double)fail / j->ran;
}

/* By table, then share: a table's runs together, its median at the middle */
static int judged_cmp(const void *a, const void *b)
{
	const struct judged *x = *(const struct judged *const *)a;
	const struct judged *y = *(const struct judged *const *)b;
	int c = strcmp(x->table, y->table);

	return c ? c : x->share < y->share ? -1 : x->share > y->share;
}

/* Judge the n runs of one table, sorted by share (unknown ones first) */
static void judge_table(struct judged **t, size_t n)
{
	size_t k = 0, i, known;
	double median;

	while (k < n && t[k]->share < 0)
		k++;
	known = n - k;
	if (!known)
		return;
	median = known % 2 ? t[k + known / 2]->share :
		(t[k + known / 2 - 1]->share + t[k + known / 2]->share) / 2;
	for (i = k; i < n; i++) {
		double s = t[i]->share;

		if (t[i]->ran < BROKEN_MIN_TESTS)
			continue;
		if (s > BROKEN_SHARE)
			t[i]->broken = xasprintf("%.0f%% of its %lu tests failed",
						 100 * s, t[i]->ran);
		else if (known >= BROKEN_TABLE_RUNS &&
			 s > BROKEN_TIMES_MEDIAN * median &&
			 s > median + BROKEN_ABOVE_MEDIAN)
			t[i]->broken = xasprintf(AGAINST_TABLE,
						 100 * s, t[i]->ran,
						 "the median of its table's", known,
						 100 * median);
	}
}

void runs_judge(struct judged *j, size_t count)
{
	struct judged **t = xcalloc(count + 1, sizeof(*t));
	size_t i, k;

	for (i = 0; i < count; i++)
		t[i] = &j[i];
	qsort(t, count, sizeof(*t), judged_cmp);
	for (i = 0; i < count; i = k) {
		for (k = i + 1; k < count && !strcmp(t[k]->table, t[i]->table); k++)
			;
		judge_table(t + i, k - i);
	}
	free(t);
}

void judged_free(struct judged *j)
{
	free(j->table);
	free(j->broken);
	memset(j, 0, sizeof(*j));
}
