// SPDX-License-Identifier: GPL-2.0
/* The compare report as text: a summary per section, then the lists. */
#include <string.h>

#include "lib/escape.h"
#include "report/report.h"
#include "report/verdict.h"

#define WIDTH	76

/*
 * Text from the results or the data, on a line of its own making: a line
 * break in a property would forge report lines ("Result: 0 regressions").
 */
static void put(struct strbuf *sb, const char *s)
{
	sb_add_escaped(sb, s, strlen(s));
}

static void quoted(struct strbuf *sb, const char *s)
{
	if (s) {
		sb_puts(sb, "\"");
		put(sb, s);
		sb_puts(sb, "\"");
	} else {
		sb_puts(sb, "(not set)");
	}
}

/* Each side's kernels and runs: what regressed from what to what */
static void sides(const struct report *r, struct strbuf *out)
{
	struct strbuf sb = { 0 };

	if (r->have_base) {
		side_describe(r->base, &sb);
		sb_puts(out, "Baseline: ");
		put(out, sb.buf);
		sb_puts(out, "\n");
		sb_free(&sb);
	}
	side_describe(r->cand, &sb);
	sb_puts(out, "This run: ");
	put(out, sb.buf);
	sb_puts(out, "\n");
	sb_free(&sb);
}

static void header(const struct report *r, struct strbuf *out)
{
	const struct compare_totals *t = &r->totals;
	size_t i;

	sb_printf(out, "fstests-expunge compare: %zu section%s, %u result file%s",
		  t->sections, t->sections == 1 ? "" : "s", r->cand->files,
		  r->cand->files == 1 ? "" : "s");
	if (r->have_base)
		sb_printf(out, " against %u baseline file%s", r->base->files,
			  r->base->files == 1 ? "" : "s");
	sb_puts(out, "\n");
	sb_printf(out, "Result: %zu regression%s", t->count[CLS_REGRESSION],
		  t->count[CLS_REGRESSION] == 1 ? "" : "s");
	if (t->count[CLS_CRASH])
		sb_printf(out, ", %zu crash%s", t->count[CLS_CRASH],
			  t->count[CLS_CRASH] == 1 ? "" : "es");
	if (t->incomplete)
		sb_printf(out, ", %zu incomplete section%s", t->incomplete,
			  t->incomplete == 1 ? "" : "s");
	if (t->count[CLS_MISSING])
		sb_printf(out, ", %zu missing test%s", t->count[CLS_MISSING],
			  t->count[CLS_MISSING] == 1 ? "" : "s");
	sb_printf(out, " (exit %d)\n", r->exit_code);
	sides(r, out);
	for (i = 0; r->notes && i < r->notes->n; i++) {
		sb_puts(out, "Note: ");
		put(out, r->notes->v[i]);
		sb_puts(out, "\n");
	}
}

static void environment(const struct report *r, struct strbuf *out)
{
	size_t i, j;

	for (i = 0; i < r->n; i++) {
		const struct section_cmp *sc = &r->sc[i];

		if (!sc->nenv)
			continue;
		sb_printf(out, "\nThe runs were not set up alike in section %s",
			  sc->name);
		if (sc->base_name)
			sb_printf(out, " (baseline %s)", sc->base_name);
		sb_puts(out, ":\n");
		for (j = 0; j < sc->nenv; j++) {
			sb_printf(out, "  %s: baseline ", sc->env[j].name);
			quoted(out, sc->env[j].base);
			sb_puts(out, ", this run ");
			quoted(out, sc->env[j].cand);
			sb_puts(out, "\n");
		}
	}
}

static void incomplete(const struct report *r, struct strbuf *out)
{
	bool first = true;
	size_t i, j;

	for (i = 0; i < r->n; i++) {
		const struct side_section *c = r->sc[i].cand, *b = r->sc[i].base;

		for (j = 0; c && j < c->incomplete.n; j++, first = false) {
			sb_printf(out, "%sIncomplete run (a crash?) in section %s: ",
				  first ? "\n" : "", r->sc[i].name);
			put(out, c->incomplete.v[j]);
			sb_puts(out, "\n");
		}
		for (j = 0; b && j < b->incomplete.n; j++, first = false) {
			sb_printf(out, "%sIncomplete baseline run in section %s: ",
				  first ? "\n" : "", b->name);
			put(out, b->incomplete.v[j]);
			sb_puts(out, "\n");
		}
	}
}

static void summary(const struct report *r, struct strbuf *out)
{
	static const char *const heads[] = {
		"regr", "crash", "fixed", "still", "known", "unexp", "flaky",
		"new", "miss", "notrun",
	};
	size_t i, k;

	sb_printf(out, "\n%-20s %5s", "section", "tests");
	for (k = 0; k < ARRAY_SIZE(heads); k++)
		sb_printf(out, " %*s", k == ARRAY_SIZE(heads) - 1 ? 6 : 5,
			  heads[k]);
	sb_puts(out, "\n");
	for (i = 0; i < r->n; i++) {
		const struct section_cmp *sc = &r->sc[i];

		sb_printf(out, "%-20s %5zu", sc->name, sc->tests);
		for (k = 0; k < ARRAY_SIZE(report_columns); k++)
			sb_printf(out, " %*zu", k == ARRAY_SIZE(report_columns) - 1 ?
				  6 : 5, sc->count[report_columns[k]]);
		sb_puts(out, "\n");
		if (sc->base_name)
			sb_printf(out, "  compared with baseline section %s\n",
				  sc->base_name);
		if (sc->data) {
			sb_puts(out, "  data: ");
			put(out, sc->data);
			sb_puts(out, "\n");
		}
	}
}

/* Lines of text, each after indent. */
static void indented(struct strbuf *out, const char *indent, const char *s)
{
	const char *nl;

	for (; *s; s = *nl ? nl + 1 : nl) {
		nl = strchrnul(s, '\n');
		sb_puts(out, indent);
		sb_add_escaped(out, s, nl - s);
		sb_puts(out, "\n");
	}
}

/* "see A, B": the logs of a failure, where they were found */
static void put_logs(const struct tally *fail, struct strbuf *out)
{
	size_t i, n = 0;

	for (i = 0; i < NR_LOGS; i++) {
		if (!fail->log[i])
			continue;
		sb_puts(out, n++ ? ", " : "      see ");
		put(out, fail->log[i]);
	}
	if (n)
		sb_puts(out, "\n");
}

/* One test with what is known of it. */
static void item(const struct section_cmp *sc, const struct test_verdict *v,
		 bool have_base, struct strbuf *out)
{
	const struct tally *fail = v->cand && v->cand->fail ? v->cand :
				   v->base;
	struct strbuf sb = { 0 };

	sb_printf(out, "  %s %s: ", sc->name, v->test);
	attempts_describe(v->cand, out);
	if (have_base && v->cls != CLS_NEW) {
		sb_puts(out, " (baseline: ");
		attempts_describe(v->base, out);
		sb_puts(out, ")");
	}
	if (v->note) {
		sb_puts(out, "; ");
		put(out, v->note);
	}
	sb_puts(out, "\n");
	if (fail && fail->fail && fail->msg)
		indented(out, "      ", fail->msg);
	if (fail && fail->fail && fail->detail)
		indented(out, "      ", fail->detail);
	if (fail && fail->fail)
		put_logs(fail, out);
	if (v->hints)
		indented(out, "      ", v->hints);
	if (v->elsewhere) {
		sb_puts(out, "      no entry applies here; the data has:\n");
		indented(out, "        ", v->elsewhere);
	}
	if (v->data && v->data->kind != KIND_EXPUNGE) {
		sb_puts(out, "      data: ");
		entry_describe(v->data->entry, &sb);
		put(out, sb.buf);
		sb_free(&sb);
		sb_puts(out, "\n");
	}
}

static bool ran_before(const struct test_verdict *v)
{
	return v->base && v->base->pass + v->base->fail;
}

/*
 * Tests named only, wrapped: for the long lists. Tests not run on either
 * side are only counted; a new test that failed is told in full.
 */
static void names(const struct report *r, enum cls k, struct strbuf *out)
{
	size_t i, j, col, quiet = 0;

	for (i = 0; i < r->n; i++) {
		const struct section_cmp *sc = &r->sc[i];
		size_t shown = 0;

		if (!sc->count[k])
			continue;
		col = 0;
		for (j = 0; j < sc->n; j++) {
			size_t len = strlen(sc->v[j].test) + 1;

			if (sc->v[j].cls != k || verdict_new_failure(&sc->v[j]))
				continue;
			if (k == CLS_NOT_RUN && !ran_before(&sc->v[j])) {
				quiet++;
				continue;
			}
			if (!shown++) {
				sb_printf(out, "  %s:", sc->name);
				col = 3 + strlen(sc->name);
			}
			if (col + len > WIDTH) {
				sb_puts(out, "\n   ");
				col = 3;
			}
			sb_printf(out, " %s", sc->v[j].test);
			col += len;
		}
		if (shown)
			sb_puts(out, "\n");
	}
	if (quiet)
		sb_printf(out, "  %s%zu not run %s(--format json lists them)\n",
			  quiet < r->totals.count[k] ? "and " : "", quiet,
			  r->have_base ? "in the baseline either " : "");
}

void report_text(const struct report *r, struct strbuf *out)
{
	size_t i, j, k;

	header(r, out);
	environment(r, out);
	incomplete(r, out);
	summary(r, out);
	for (k = 0; k < (r->all ? NR_CLS : CLS_PASS); k++) {
		if (!r->totals.count[k])
			continue;
		sb_printf(out, "\n%s (%zu)%s:\n", cls_title(k),
			  r->totals.count[k], k == CLS_NOT_RUN && r->have_base ?
			  ", of them these ran in the baseline" : "");
		if (k == CLS_NOT_RUN || k == CLS_MISSING || k == CLS_NEW ||
		    k == CLS_PASS) {
			names(r, k, out);
			if (k != CLS_NEW)
				continue;
		}
		/* of the new tests, those that failed are told in full */
		for (i = 0; i < r->n; i++) {
			for (j = 0; j < r->sc[i].n; j++) {
				const struct test_verdict *v = &r->sc[i].v[j];

				if (v->cls == k && (k != CLS_NEW ||
						    verdict_new_failure(v)))
					item(&r->sc[i], v, r->have_base, out);
			}
		}
	}
}
