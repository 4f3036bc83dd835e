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

void report_hints_json(struct json_writer *w, const char *hints)
{
	const char *p, *nl;

	jsonw_name(w, "hints");
	if (!hints) {
		jsonw_null(w);
		return;
	}
	jsonw_start_array(w);
	for (p = hints; *p; p = nl + 1) {
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
