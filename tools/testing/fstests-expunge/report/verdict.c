// SPDX-License-Identifier: GPL-2.0
/* What every compare report says alike of a test and of a section. */
#include <stdlib.h>
#include <string.h>

#include "lib/json-writer.h"
#include "report/verdict.h"

void attempts_describe(const struct tally *t, struct strbuf *sb)
{
	unsigned int ran = t ? t->pass + t->fail : 0;

	if (!t)
		sb_puts(sb, "absent");
	else if (!ran)
		sb_puts(sb, "not run");
	else if (!t->fail)
		sb_printf(sb, "passed%s", ran > 1 ? " every attempt" : "");
	else if (t->crashed && ran == 1)
		sb_puts(sb, "crashed");
	else if (t->crashed)
		sb_printf(sb, "%u/%u failed, %u crashed", t->fail, ran,
			  t->crashed);
	else if (ran == 1)
		sb_puts(sb, "failed");
	else
		sb_printf(sb, "%u/%u failed", t->fail, ran);
}

const enum cls report_columns[NR_CLS - 1] = {
	CLS_REGRESSION, CLS_CRASH, CLS_FIXED, CLS_STILL_FAILING, CLS_KNOWN,
	CLS_UNEXPECTED_PASS, CLS_FLAKY, CLS_NEW, CLS_MISSING, CLS_NOT_RUN,
};

const struct tally *verdict_failure(const struct test_verdict *v)
{
	const struct tally *t = v->cand && v->cand->fail ? v->cand : v->base;

	return t && t->fail ? t : NULL;
}

bool verdict_new_failure(const struct test_verdict *v)
{
	return v->cls == CLS_NEW && v->cand && v->cand->fail;
}

void report_hints_json(struct json_writer *w, const char *hints)
{
	report_lines_json(w, "hints", hints);
}

void report_lines_json(struct json_writer *w, const char *name,
		       const char *text)
{
	const char *p, *nl;

	jsonw_name(w, name);
	if (!text) {
		jsonw_null(w);
		return;
	}
	jsonw_start_array(w);
	for (p = text; *p; p = nl + 1) {
		char *line;

		nl = strchrnul(p, '\n');
		line = xstrndup(p, nl - p);
		jsonw_string(w, trim(line));
		free(line);
		if (!*nl)
			break;
	}
	jsonw_end_array(w);
}

void side_kernels(const struct side *sd, struct strlist *l)
{
	size_t i, j;

	for (i = 0; i < sd->n; i++) {
		const char *k = sd->s[i].kernel;

		for (j = 0; k && j < l->n && strcmp(l->v[j], k); j++)
			;
		if (k && j == l->n)
			strlist_add(l, xstrdup(k));
	}
}

/*
 * A run's name for a reader elsewhere: its last three path components
 * (RUN/SECTION/result.xml), not the folders of the tester's machine
 */
const char *run_short_name(const char *name)
{
	const char *p = name + strlen(name);
	int slashes = 0;

	while (p > name && slashes < 3)
		if (*--p == '/')
			slashes++;
	return slashes == 3 ? p + 1 : name;
}

static void describe(const struct side *sd, struct strbuf *sb, bool local)
{
	struct strlist k = { 0 };
	size_t i;

	if (!sd->nruns) {
		sb_puts(sb, "none");
		return;
	}
	side_kernels(sd, &k);
	sb_puts(sb, k.n ? (k.n == 1 ? "kernel " : "kernels ") :
		"no kernel named");
	for (i = 0; i < k.n; i++)
		sb_printf(sb, "%s%s", i ? ", " : "", k.v[i]);
	sb_printf(sb, "; %zu run%s: ", sd->nruns, sd->nruns == 1 ? "" : "s");
	for (i = 0; i < sd->nruns && i < SIDE_RUNS_NAMED; i++)
		sb_printf(sb, "%s%s%s", i ? ", " : "",
			  local || run_short_name(sd->runs[i].name) ==
			  sd->runs[i].name ? "" : ".../",
			  local ? sd->runs[i].name :
			  run_short_name(sd->runs[i].name));
	if (sd->nruns > SIDE_RUNS_NAMED)
		sb_printf(sb, " and %zu more", sd->nruns - SIDE_RUNS_NAMED);
	strlist_free(&k);
}

void side_describe(const struct side *sd, struct strbuf *sb)
{
	describe(sd, sb, true);
}

void side_describe_short(const struct side *sd, struct strbuf *sb)
{
	describe(sd, sb, false);
}
