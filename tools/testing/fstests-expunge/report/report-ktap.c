// SPDX-License-Identifier: GPL-2.0
/*
 * The compare report as KTAP version 1: a subtest per section, a line
 * per test, the notes as diagnostics. Regressions, crashes, still-failing
 * tests and the failures of a section the baseline did not run are "not
 * ok"; a known failure is "ok ... # XFAIL", as kselftest writes it, and
 * its description says so too: kunit.py knows no XFAIL and would show a
 * plain pass.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/verdict.h"

/* Text for after a '#': no line breaks, no second directive. */
static void oneline(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		unsigned char c = *s;

		sb_add(sb, c < 0x20 || c == 0x7f || c == '#' ? " " : s, 1);
	}
}

/*
 * A test or section name: kunit.py takes everything after a '#' as a
 * directive ("generic/002 # SKIP" would be a skip), and a line break or
 * a carriage return would end the line. Those, and the backslash that
 * marks them, are written as \xNN.
 */
static void name(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c < 0x20 || c == 0x7f || c == '#' || c == '\\')
			sb_printf(sb, "\\x%02x", c);
		else
			sb_add(sb, s, 1);
	}
}

/* A failure no entry explains: of a test, or of a new test's section */
static bool failed(const struct test_verdict *v)
{
	return v->cls == CLS_REGRESSION || v->cls == CLS_CRASH ||
	       v->cls == CLS_STILL_FAILING || verdict_new_failure(v);
}

/* Each line of text as a "    # " diagnostic after what */
static void diagnostics(struct strbuf *sb, const char *what, const char *text)
{
	const char *p, *nl;
	char *line;

	for (p = text; p && *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		line = xstrndup(p, nl - p);
		sb_printf(sb, "    # %s", what);
		oneline(sb, line);
		sb_puts(sb, "\n");
		free(line);
	}
}

static void test_line(struct strbuf *sb, const struct test_verdict *v, size_t n)
{
	const struct tally *t = v->cand;

	sb_printf(sb, "    %s %zu ", failed(v) ? "not ok" : "ok", n);
	name(sb, v->test);
	switch (v->cls) {
	case CLS_NOT_RUN:
		sb_puts(sb, " # SKIP ");
		oneline(sb, t && t->notrun_msg ? t->notrun_msg : "not run");
		break;
	case CLS_MISSING:
		sb_puts(sb, " # SKIP missing: in the baseline, not in this run");
		break;
	case CLS_KNOWN:
		sb_puts(sb, " (known failure) # XFAIL known failure");
		break;
	case CLS_PASS:
		break;
	default:
		sb_printf(sb, " # %s", cls_name(v->cls));
		if (t && t->fail && t->pass)
			sb_printf(sb, " %u/%u failed", t->fail, t->pass + t->fail);
		if (failed(v) && t && t->msg) {
			sb_puts(sb, ": ");
			oneline(sb, t->msg);
		}
	}
	sb_puts(sb, "\n");
	/* compare --fstests: the fixes the test names, as diagnostics */
	diagnostics(sb, "", v->hints);
	/* the entries of the test that do not apply here */
	diagnostics(sb, "data: ", v->elsewhere);
}

/* "# baseline: kernel ...; N runs: ...": each side, a diagnostic */
static void side_line(struct strbuf *out, const char *what,
		      const struct side *sd)
{
	struct strbuf sb = { 0 };

	if (!sd)
		return;
	side_describe(sd, &sb);
	sb_printf(out, "# %s: ", what);
	oneline(out, sb.buf);
	sb_puts(out, "\n");
	sb_free(&sb);
}

void report_ktap(const struct report *r, struct strbuf *out)
{
	size_t i, j, k;

	sb_printf(out, "KTAP version 1\n1..%zu\n", r->n);
	side_line(out, "baseline", r->have_base ? r->base : NULL);
	side_line(out, "this run", r->cand);
	for (i = 0; r->notes && i < r->notes->n; i++) {
		sb_puts(out, "# note: ");
		oneline(out, r->notes->v[i]);
		sb_puts(out, "\n");
	}
	for (i = 0; i < r->n; i++) {
		const struct section_cmp *sc = &r->sc[i];
		bool bad = sc->cand->incomplete.n;

		for (j = 0; j < sc->n; j++)
			bad |= failed(&sc->v[j]);

		sb_puts(out, "    KTAP version 1\n    # Subtest: ");
		name(out, sc->name);
		sb_puts(out, "\n");
		for (j = 0; j < sc->cand->incomplete.n; j++) {
			sb_puts(out, "    # incomplete run: ");
			oneline(out, sc->cand->incomplete.v[j]);
			sb_puts(out, "\n");
		}
		for (j = 0; sc->base && j < sc->base->incomplete.n; j++) {
			sb_puts(out, "    # incomplete baseline run: ");
			oneline(out, sc->base->incomplete.v[j]);
			sb_puts(out, "\n");
		}
		for (j = 0; j < sc->nenv; j++) {
			sb_printf(out, "    # environment differs: %s: ",
				  sc->env[j].name);
			oneline(out, sc->env[j].base ? sc->env[j].base : "(not set)");
			sb_puts(out, " -> ");
			oneline(out, sc->env[j].cand ? sc->env[j].cand : "(not set)");
			sb_puts(out, "\n");
		}
		sb_printf(out, "    1..%zu\n", sc->n);
		for (j = 0; j < sc->n; j++)
			test_line(out, &sc->v[j], j + 1);
		sb_printf(out, "%s %zu ", bad ? "not ok" : "ok", i + 1);
		name(out, sc->name);
		sb_puts(out, "\n");
	}
	sb_puts(out, "# totals:");
	for (k = 0; k < NR_CLS; k++)
		sb_printf(out, " %s:%zu", cls_name(k), r->totals.count[k]);
	sb_puts(out, "\n");
}
