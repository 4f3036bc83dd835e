// SPDX-License-Identifier: GPL-2.0
/*
 * The compare report as one web page: a matrix of the tests that are not
 * plain passes by section, coloured by class with a legend, the counts
 * and failed attempts of each section below it, and the first lines of
 * each failure. Everything is in the page (no script, no link out), so
 * it reads the same saved, mailed or opened offline.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "report/report.h"
#include "report/verdict.h"

/* Colours by class: background, then text (contrast 4.5:1 or more) */
static const char *const colours[NR_CLS][2] = {
	[CLS_REGRESSION] = { "#c62828", "#fff" },
	[CLS_CRASH] = { "#212121", "#fff" },
	[CLS_FIXED] = { "#2e7d32", "#fff" },
	[CLS_STILL_FAILING] = { "#ef9a9a", "#000" },
	[CLS_KNOWN] = { "#ffe082", "#000" },
	[CLS_UNEXPECTED_PASS] = { "#90caf9", "#000" },
	[CLS_FLAKY] = { "#ffb74d", "#000" },
	[CLS_NEW] = { "#ce93d8", "#000" },
	[CLS_MISSING] = { "#6a1b9a", "#fff" },
	[CLS_NOT_RUN] = { "#eeeeee", "#555" },
	[CLS_PASS] = { "#e8f5e9", "#1b5e20" },
};

static void put_style(struct strbuf *out)
{
	size_t k;

	sb_puts(out, "<style>\n"
		"body{font-family:'DejaVu Sans',sans-serif;font-size:14px;margin:1em 2em;color:#111}\n"
		"h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.5em}\n"
		"table{border-collapse:collapse}\n"
		"th,td{border:1px solid #bbb;padding:3px 8px;text-align:center}\n"
		"th.test,td.test{text-align:left;font-family:'DejaVu Sans Mono',monospace}\n"
		"tr.head th{background:#37474f;color:#fff;position:sticky;top:0;max-width:10em;overflow-wrap:break-word}\n"
		"tfoot td,tfoot th{background:#f5f5f5}\n"
		".legend span{display:inline-block;padding:2px 8px;margin:2px;border:1px solid #999}\n"
		"pre{background:#f5f5f5;padding:.5em;white-space:pre-wrap;margin:.3em 0 .8em}\n"
		"summary{cursor:pointer;font-family:'DejaVu Sans Mono',monospace}\n");
	for (k = 0; k < NR_CLS; k++)
		sb_printf(out, ".c-%s{background:%s;color:%s}\n", cls_name(k),
			  colours[k][0], colours[k][1]);
	sb_puts(out, "</style>\n");
}

/* "fstests results on K1, K2": the kernels of the run */
static void title(const struct report *r, struct strbuf *out)
{
	struct strlist seen = { 0 };
	size_t i;

	sb_puts(out, "fstests results");
	for (i = 0; i < r->n; i++) {
		const char *k = r->sc[i].cand ? r->sc[i].cand->kernel : NULL;

		if (!k || strlist_has(&seen, k))
			continue;
		strlist_add(&seen, xstrdup(k));
		sb_puts(out, seen.n == 1 ? " on " : ", ");
		sb_add_markup(out, k);
	}
	strlist_free(&seen);
}

/* Each side's kernels and runs */
static void side_lines(const struct report *r, struct strbuf *out)
{
	struct strbuf sb = { 0 };

	sb_puts(out, "<p class=\"sides\">");
	if (r->have_base) {
		side_describe(r->base, &sb);
		sb_puts(out, "Baseline: <span id=\"baseline\">");
		sb_add_markup(out, sb.buf);
		sb_puts(out, "</span><br>");
		sb_free(&sb);
	}
	side_describe(r->cand, &sb);
	sb_puts(out, "This run: <span id=\"run\">");
	sb_add_markup(out, sb.buf);
	sb_puts(out, "</span></p>\n");
	sb_free(&sb);
}

static void page_head(const struct report *r, struct strbuf *out)
{
	size_t i;

	sb_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n<title>");
	title(r, out);
	sb_puts(out, "</title>\n");
	put_style(out);
	sb_puts(out, "</head>\n<body>\n<h1>");
	title(r, out);
	sb_puts(out, "</h1>\n<p>");
	sb_printf(out, "%zu section%s, %u result file%s",
		  r->totals.sections, r->totals.sections == 1 ? "" : "s",
		  r->cand->files, r->cand->files == 1 ? "" : "s");
	if (r->have_base)
		sb_printf(out, " against %u baseline file%s", r->base->files,
			  r->base->files == 1 ? "" : "s");
	sb_printf(out, ": <strong id=\"regressions\">%zu</strong> regression%s",
		  r->totals.count[CLS_REGRESSION],
		  r->totals.count[CLS_REGRESSION] == 1 ? "" : "s");
	if (r->totals.count[CLS_CRASH])
		sb_printf(out, ", <strong id=\"crashes\">%zu</strong> crash%s",
			  r->totals.count[CLS_CRASH],
			  r->totals.count[CLS_CRASH] == 1 ? "" : "es");
	if (r->totals.incomplete)
		sb_printf(out, ", %zu incomplete section%s (a crash?)",
			  r->totals.incomplete,
			  r->totals.incomplete == 1 ? "" : "s");
	sb_puts(out, ".</p>\n");
	side_lines(r, out);
	for (i = 0; r->notes && i < r->notes->n; i++) {
		sb_puts(out, "<p class=\"note\">Note: ");
		sb_add_markup(out, r->notes->v[i]);
		sb_puts(out, "</p>\n");
	}
	sb_puts(out, "<p class=\"legend\">");
	for (i = 0; i < NR_CLS; i++)
		sb_printf(out, "<span class=\"c-%s\">%s</span>", cls_name(i),
			  cls_name(i));
	sb_puts(out, "</p>\n");
}

/* A column: a section, or one run of a section */
struct col {
	const struct section_cmp *sc;
	long run;		/* index into the run's runs, or -1: all */
};

struct page {
	const struct report *r;
	struct col *c;
	size_t n, alloc;
	size_t prefix;		/* what the names of the runs share */
};

/* A cell's class and attempts; false: the column has no such test */
static bool col_cell(const struct page *p, const struct col *c,
		     const struct test_verdict *v, enum cls *cls,
		     struct tally *t)
{
	struct run_count rc;
	const char *note;

	memset(t, 0, sizeof(*t));
	if (!v)
		return false;
	if (c->run < 0) {
		if (v->cand)
			*t = *v->cand;
		*cls = v->cls;
		return true;
	}
	if (!v->cand || !tally_run(v->cand, c->run, &rc)) {
		/* in the baseline, not in this run: missing from it */
		if (!v->base)
			return false;
		*cls = classify_in(c->sc, p->r->have_base, v->base, NULL,
				   v->data, &note);
		return true;
	}
	*t = *v->cand;
	t->pass = rc.pass;
	t->fail = rc.fail;
	t->notrun = rc.notrun;
	if (!rc.fail)	/* its crashes were in other runs */
		t->crashed = 0;
	/* the run alone, as the classes of the whole are made */
	*cls = classify_in(c->sc, p->r->have_base, v->base, t, v->data,
			   &note);
	return true;
}

/* In the matrix: every class but a pass and a test not run */
static bool shown(enum cls cls)
{
	return cls != CLS_PASS && cls != CLS_NOT_RUN;
}

static const struct test_verdict *find(const struct section_cmp *sc,
				       const char *test)
{
	size_t lo = 0, hi = sc->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(sc->v[mid].test, test);

		if (!c)
			return &sc->v[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static bool in_list(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return true;
	return false;
}

/* A column per section, or per run of a section when there are several */
static void columns_of(struct page *p)
{
	const struct side *cand = p->r->cand;
	struct col *c;
	size_t i, j;

	for (i = 0; i < p->r->n; i++) {
		const struct section_cmp *sc = &p->r->sc[i];

		for (j = 0; cand->nruns > 1 && j < cand->nruns; j++) {
			if (!in_list(&sc->cand->runs, cand->runs[j].name))
				continue;
			c = array_push(&p->c, &p->n, &p->alloc, sizeof(*c));
			c->sc = sc;
			c->run = j;
		}
		if (cand->nruns < 2) {
			c = array_push(&p->c, &p->n, &p->alloc, sizeof(*c));
			c->sc = sc;
			c->run = -1;
		}
	}
	for (i = 0; cand->nruns > 1 && i < cand->nruns; i++) {
		const char *a = cand->runs[0].name, *b = cand->runs[i].name;

		for (j = 0; a[j] && a[j] == b[j] && (!i || j < p->prefix); j++)
			;
		p->prefix = j;
	}
	while (p->prefix && cand->runs[0].name[p->prefix - 1] != '/')
		p->prefix--;
}

struct row {
	const char *test;
	enum cls worst;		/* its first class in report order */
};

static int row_name_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return strcmp(x->test, y->test);
}

static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	return x->worst != y->worst ? (int)x->worst - (int)y->worst :
	       strcmp(x->test, y->test);
}

/* The rows: each test shown in some column, the worst classes first */
static struct row *rows_of(const struct page *p, size_t *n)
{
	struct row *rows = NULL, *row;
	size_t i, j, alloc = 0, m = 0;
	struct tally t;
	enum cls cls;

	*n = 0;
	for (i = 0; i < p->n; i++) {
		for (j = 0; j < p->c[i].sc->n; j++) {
			const struct test_verdict *v = &p->c[i].sc->v[j];

			if (!col_cell(p, &p->c[i], v, &cls, &t) || !shown(cls))
				continue;
			row = array_push(&rows, n, &alloc, sizeof(*row));
			row->test = v->test;
			row->worst = cls;
		}
	}
	if (!*n)
		return rows;
	qsort(rows, *n, sizeof(*rows), row_name_cmp);
	for (i = 1; i < *n; i++) {
		if (strcmp(rows[i].test, rows[m].test))
			rows[++m] = rows[i];
		else if (rows[i].worst < rows[m].worst)
			rows[m].worst = rows[i].worst;
	}
	*n = m + 1;
	qsort(rows, *n, sizeof(*rows), row_cmp);
	return rows;
}

/* data-section="S" data-run="R": what a cell or a count belongs to */
static void col_attrs(struct strbuf *out, const struct page *p,
		      const struct col *c)
{
	sb_puts(out, " data-section=\"");
	sb_add_markup(out, c->sc->name);
	sb_puts(out, "\"");
	if (c->run < 0)
		return;
	sb_puts(out, " data-run=\"");
	sb_add_markup(out, p->r->cand->runs[c->run].name);
	sb_puts(out, "\"");
}

/* A run by what its name does not share with the others, breakable */
static void run_label(struct strbuf *out, const struct page *p,
		      const struct col *c)
{
	const char *name = p->r->cand->runs[c->run].name + p->prefix;
	size_t len = strlen(name), sl = strlen(c->sc->name);

	if (len > 11 && !strcmp(name + len - 11, "/result.xml"))
		len -= 11;
	if (len > sl && name[len - sl - 1] == '/' &&
	    !strncmp(name + len - sl, c->sc->name, sl))
		len -= sl + 1;
	sb_puts(out, "<br><small>");
	for (; len; name++, len--) {
		char ch[2] = { *name, 0 };

		sb_add_markup(out, ch);
		if (*name == '/')
			sb_puts(out, "<wbr>");
	}
	sb_puts(out, "</small>");
}

static void columns(const struct page *p, struct strbuf *out)
{
	size_t i;

	sb_puts(out, "<table id=\"matrix\">\n<tr class=\"head\"><th class=\"test\">test</th>");
	for (i = 0; i < p->n; i++) {
		const struct section_cmp *sc = p->c[i].sc;

		sb_puts(out, "<th");
		col_attrs(out, p, &p->c[i]);
		sb_puts(out, ">");
		sb_add_markup(out, sc->name);
		if (p->c[i].run >= 0)
			run_label(out, p, &p->c[i]);
		/* the section's kernel: of its first run */
		if (p->c[i].run < 0 && sc->cand->kernel) {
			sb_puts(out, "<br><small>");
			sb_add_markup(out, sc->cand->kernel);
			sb_puts(out, "</small>");
		}
		sb_puts(out, "</th>");
	}
	sb_puts(out, "</tr>\n");
}

/* A cell: the class, the attempts, the first failure line on hover */
static void cell(struct strbuf *out, const struct page *p,
		 const struct col *c, const struct test_verdict *v)
{
	struct strbuf why = { 0 };
	const struct tally *f;
	const char *title;
	struct tally t;
	enum cls cls;

	if (!col_cell(p, c, v, &cls, &t) ||
	    (!shown(cls) && cls != CLS_NOT_RUN)) {
		sb_printf(out, "<td>%s</td>", t.pass && !t.fail ?
			  "<small>pass</small>" : "");
		return;
	}
	f = verdict_failure(v);
	title = f && f->msg && t.fail ? f->msg : v->note;
	if (v->data && v->data->kind != KIND_EXPUNGE) {
		/* what the data says, with its file:line */
		if (title)
			sb_printf(&why, "%s\n", title);
		sb_puts(&why, "data: ");
		entry_describe(v->data->entry, &why);
		title = why.buf;
	}
	sb_printf(out, "<td class=\"c-%s\"", cls_name(cls));
	col_attrs(out, p, c);
	sb_printf(out, " data-class=\"%s\"", cls_name(cls));
	if (title) {
		sb_puts(out, " title=\"");
		sb_add_markup(out, title);
		sb_puts(out, "\"");
	}
	sb_printf(out, ">%s", cls_name(cls));
	if (t.fail)
		sb_printf(out, " %u/%u", t.fail, t.pass + t.fail);
	sb_puts(out, "</td>");
	sb_free(&why);
}

static void matrix(const struct page *p, struct strbuf *out)
{
	size_t i, j, n;
	struct row *rows = rows_of(p, &n);

	sb_puts(out, "<h2>Tests that are not plain passes</h2>\n");
	if (p->r->cand->nruns > 1)
		sb_puts(out, "<p>A column for each run of a section, each classed\n"
			"alone against the baseline and the data.</p>\n");
	columns(p, out);
	sb_puts(out, "<tbody>\n");
	for (i = 0; i < n; i++) {
		sb_puts(out, "<tr data-test=\"");
		sb_add_markup(out, rows[i].test);
		sb_puts(out, "\"><td class=\"test\">");
		sb_add_markup(out, rows[i].test);
		sb_puts(out, "</td>");
		for (j = 0; j < p->n; j++)
			cell(out, p, &p->c[j], find(p->c[j].sc, rows[i].test));
		sb_puts(out, "</tr>\n");
	}
	if (!n)
		sb_printf(out, "<tr><td class=\"test\" colspan=\"%zu\">none</td></tr>\n",
			  p->n + 1);
	sb_puts(out, "</tbody>\n");
	free(rows);
}

struct col_sum {
	size_t count[NR_CLS], tests;
	unsigned long attempts, failed;
};

/* A column's classes, tests and attempts */
static void col_sum(const struct page *p, const struct col *c,
		    struct col_sum *s)
{
	struct tally t;
	enum cls cls;
	size_t j;

	memset(s, 0, sizeof(*s));
	for (j = 0; j < c->sc->n; j++) {
		if (!col_cell(p, c, &c->sc->v[j], &cls, &t))
			continue;
		s->count[cls]++;
		s->tests += t.pass + t.fail + t.notrun > 0;
		s->attempts += t.pass + t.fail;
		s->failed += t.fail;
	}
	/* a section's own counts include what is in the baseline only */
	if (c->run < 0) {
		memcpy(s->count, c->sc->count, sizeof(s->count));
		s->tests = c->sc->tests;
	}
}

static void footer(const struct page *p, struct strbuf *out)
{
	struct col_sum *sum = xcalloc(p->n + 1, sizeof(*sum));
	size_t i, k;

	for (i = 0; i < p->n; i++)
		col_sum(p, &p->c[i], &sum[i]);
	sb_puts(out, "<tfoot>\n<tr><th class=\"test\">tests</th>");
	for (i = 0; i < p->n; i++)
		sb_printf(out, "<td>%zu</td>", sum[i].tests);
	sb_puts(out, "</tr>\n");
	for (k = 0; k < ARRAY_SIZE(report_columns); k++) {
		enum cls c = report_columns[k];

		sb_printf(out, "<tr><th class=\"test c-%s\">%s</th>",
			  cls_name(c), cls_name(c));
		for (i = 0; i < p->n; i++) {
			sb_puts(out, "<td");
			col_attrs(out, p, &p->c[i]);
			sb_printf(out, " data-count=\"%s\">%zu</td>", cls_name(c),
				  sum[i].count[c]);
		}
		sb_puts(out, "</tr>\n");
	}
	sb_puts(out, "<tr><th class=\"test\">failed attempts</th>");
	for (i = 0; i < p->n; i++) {
		sb_puts(out, "<td");
		col_attrs(out, p, &p->c[i]);
		sb_printf(out, " data-attempts=\"%lu\" data-failed=\"%lu\">%lu of %lu",
			  sum[i].attempts, sum[i].failed, sum[i].failed,
			  sum[i].attempts);
		if (sum[i].attempts)
			sb_printf(out, " (%.1f%%)",
				  100.0 * sum[i].failed / sum[i].attempts);
		sb_puts(out, "</td>");
	}
	sb_puts(out, "</tr>\n</tfoot>\n</table>\n");
	free(sum);
}

/* Each line of text a <p class="cls">, after what */
static void paragraphs(struct strbuf *out, const char *cls, const char *what,
		       const char *text)
{
	const char *p, *nl;
	char *line;

	for (p = text; p && *p; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		line = xstrndup(p, nl - p);
		sb_printf(out, "<p class=\"%s\">", cls);
		sb_add_markup(out, what);
		sb_add_markup(out, line);
		sb_puts(out, "</p>");
		free(line);
	}
}

/*
 * A failure's first lines, the fixes fstests names, what the data says
 * of the test, opened on a click
 */
static void failure(const struct section_cmp *sc, const struct test_verdict *v,
		    struct strbuf *out)
{
	const struct tally *f = verdict_failure(v);

	sb_puts(out, "<details><summary>");
	sb_add_markup(out, sc->name);
	sb_puts(out, " ");
	sb_add_markup(out, v->test);
	sb_printf(out, ": %s%s</summary><pre>", cls_name(v->cls),
		  f == v->cand ? "" : " (the baseline's failure)");
	sb_add_markup(out, f->msg);
	sb_puts(out, f->msg && f->detail ? "\n" : "");
	sb_add_markup(out, f->detail);
	sb_puts(out, "</pre>");
	paragraphs(out, "hint", "", v->hints);
	paragraphs(out, "elsewhere", "no entry applies here; the data has: ",
		   v->elsewhere);
	if (v->data && v->data->kind != KIND_EXPUNGE) {
		struct strbuf sb = { 0 };

		entry_describe(v->data->entry, &sb);
		paragraphs(out, "data", "data: ", sb.buf);
		sb_free(&sb);
	}
	sb_puts(out, "</details>\n");
}

static bool is_fixed(const struct test_verdict *v)
{
	return v->cls == CLS_FIXED;
}

#define FAILURES_HEAD	"<h2 id=\"failures\">Failures</h2>\n"
#define FIXED_HEAD	"<h2 id=\"fixed\">Fixed (failed in the baseline)</h2>\n"

/*
 * Under a heading, the tests with a failure to show: the fixed ones (a
 * failure of the baseline only) apart from the rest.
 */
static void failures(const struct report *r, bool fixed, struct strbuf *out)
{
	bool any = false;
	size_t i, j;

	for (i = 0; i < r->n; i++) {
		for (j = 0; j < r->sc[i].n; j++) {
			const struct test_verdict *v = &r->sc[i].v[j];

			if (!verdict_failure(v) || v->cls == CLS_PASS || v->cls == CLS_NOT_RUN ||
			    fixed != is_fixed(v))
				continue;
			if (!any)
				sb_puts(out, fixed ? FIXED_HEAD : FAILURES_HEAD);
			any = true;
			failure(&r->sc[i], v, out);
		}
	}
}

void report_html(const struct report *r, struct strbuf *out)
{
	struct page p = { .r = r };

	columns_of(&p);
	page_head(r, out);
	matrix(&p, out);
	footer(&p, out);
	failures(r, false, out);
	failures(r, true, out);
	sb_puts(out, "</body>\n</html>\n");
	free(p.c);
}
