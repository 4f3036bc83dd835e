/* SPDX-License-Identifier: GPL-2.0 */
/* The compare report, as text, JSON or KTAP, from one model. */
#ifndef FEXP_REPORT_H
#define FEXP_REPORT_H

#include "compare/classify.h"
#include "compare/side.h"

struct report {
	const struct section_cmp *sc;	/* sorted by section name */
	size_t n;
	struct compare_totals totals;
	const struct side *base, *cand;
	bool have_base;
	bool all;			/* --all: list the passes too */
	const struct strlist *notes;	/* said before the rest */
	const char *origin;		/* --origin: KCIDB's name of the submitter */
	int exit_code;
};

void report_text(const struct report *r, struct strbuf *out);
void report_json(const struct report *r, struct strbuf *out);
void report_ktap(const struct report *r, struct strbuf *out);
void report_kcidb(const struct report *r, struct strbuf *out);
void report_email(const struct report *r, struct strbuf *out);
void report_html(const struct report *r, struct strbuf *out);

/* The columns of the summaries: every class but pass, in report order. */
extern const enum cls report_columns[NR_CLS - 1];
/* The failure a test's report shows: the run's, else the baseline's. */
const struct tally *verdict_failure(const struct test_verdict *v);

/* "2/4 failed", "passed", "not run": the attempts of one side. */
void attempts_describe(const struct tally *t, struct strbuf *sb);

#endif
