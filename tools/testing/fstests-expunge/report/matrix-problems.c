// SPDX-License-Identifier: GPL-2.0
/*
 * Problems first: the tests that did not pass, over every table of the
 * matrix, on the entry page and on a page a test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "report/matrix-page.h"

/* One test in one table, with a problem */
struct prob {
	const char *test;
	size_t table;
	const struct mx_test *row;
	enum cell_class worst;
	unsigned int fail, runs;	/* over the table's kernels */
	bool fresh;	/* a problem on the newest kernel, not the one before */
	bool fresh_run;	/* failed in the newest run, not the one before */
};

/* Worst first: crash, fail, flaky, known */
static int severity(enum cell_class c)
{
	return c == CL_CRASH ? 0 : c == CL_FAIL ? 1 : c == CL_FLAKY ? 2 : 3;
}

static int prob_cmp(const void *a, const void *b)
{
	const struct prob *x = a, *y = b;
	int c = strcmp(x->test, y->test);

	return c ? c : (x->table > y->table) - (x->table < y->table);
}

static bool row_problem(const struct mx_table *t, const struct mx_test *row,
			size_t ti, struct prob *p)
{
	size_t i;

	memset(p, 0, sizeof(*p));
	p->worst = CL_PASS;
	for (i = 0; i < t->nk; i++) {
		const struct mx_cell *c = &row->cells[i];

		if (!mx_problem(c->cls))
			continue;
		if (p->worst == CL_PASS || severity(c->cls) < severity(p->worst))
			p->worst = c->cls;
		p->fail += c->c ? c->c->fail + c->c->sfail : 0;
		p->runs += c->c ? c->c->runs : 0;
	}
	if (p->worst == CL_PASS)
		return false;
	p->test = row->name;
	p->table = ti;
	p->row = row;
	p->fresh = t->nk > 1 && mx_problem(row->cells[t->nk - 1].cls) &&
		row->cells[t->nk - 2].cls == CL_PASS;
	p->fresh_run = row->new_run;
	return true;
}

/* "test-generic-001.html": a file name of the test's own */
static char *test_page(const char *test)
{
	char *name = xasprintf("test-%s.html", test), *p;

	for (p = name + 5; *p && strcmp(p, ".html"); p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", *p))
			*p = '-';
	return name;
}

static void table_name(const struct mx_table *t, struct strbuf *out)
{
	sb_add_markup(out, t->section);
	sb_puts(out, " on ");
	sb_add_markup(out, t->machine);
}

#define NEW_RUN		"failed in the newest run of a table, not in the run before"
#define NEW_KERNEL	"a problem on the newest kernel of a table, passed on the one before"

/* A row of the entry page: one test, its problems over tables p[0..n) */
static void index_row(const struct matrix *m, const struct prob *p, size_t n,
		      enum cell_class worst, struct strbuf *out)
{
	unsigned int fail = 0, runs = 0;
	const char *first = NULL;
	char *page = test_page(p[0].test);
	bool fresh = false, fresh_run = false;
	size_t i;

	for (i = 0; i < n; i++) {
		fail += p[i].fail;
		runs += p[i].runs;
		fresh |= p[i].fresh;
		fresh_run |= p[i].fresh_run;
		if (!first && p[i].row->first_fail)
			first = p[i].row->first_fail;
	}
	sb_puts(out, "<tr data-problem=\"");
	sb_add_markup(out, p[0].test);
	sb_printf(out, "\" data-class=\"%s\"><td class=\"test\"><a href=\"%s\">",
		  cell_class_name(worst), page);
	sb_add_markup(out, p[0].test);
	sb_printf(out, "</a></td><td class=\"c-%s\">%s</td><td>%u/%u</td>",
		  cell_class_name(worst), cell_class_name(worst), fail, runs);
	/* new: since the table's run before, or its kernel before */
	sb_printf(out, "<td class=\"new\" data-new=\"%s%s%s\" title=\"%s\">%s</td><td>",
		  fresh_run ? "run" : "", fresh_run && fresh ? " " : "",
		  fresh ? "kernel" : "",
		  fresh_run ? NEW_RUN : fresh ? NEW_KERNEL : "",
		  fresh || fresh_run ? "new" : "");
	sb_add_markup(out, first ?: "");
	sb_puts(out, "</td><td class=\"where\">");
	for (i = 0; i < n && i < 4; i++) {
		sb_printf(out, "%s<a href=\"t%zu.html\">", i ? ", " : "",
			  p[i].table);
		table_name(&m->tab[p[i].table], out);
		sb_printf(out, "</a> (%s)", cell_class_name(p[i].worst));
	}
	if (n > 4)
		sb_printf(out, ", %zu more", n - 4);
	sb_puts(out, "</td></tr>\n");
	free(page);
}

static int test_cmp(const void *a, const void *b)
{
	return strcmp(((const struct mx_test *)a)->name,
		      ((const struct mx_test *)b)->name);
}

/*
 * A test page shows the newest kernels of each table, so that it stays
 * small however many kernels and tables there are; the table's pages
 * have the rest.
 */
#define TEST_KERNELS	16

/* The page of one test: its row in every table that has it */
static void test_page_of(const struct matrix *m, const char *test,
			 struct strbuf *out)
{
	struct mx_test key = { .name = test };
	char *title = xasprintf("%s in every table", test);
	size_t i, k, lo;

	mx_page_start(out, title);
	sb_puts(out, "<p><a href=\"index.html\">all problems and tables</a></p>\n");
	sb_puts(out, "<table id=\"test\">\n");
	for (i = 0; i < m->n; i++) {
		const struct mx_table *t = &m->tab[i];
		const struct mx_test *row = bsearch(&key, t->t, t->nt,
						    sizeof(*t->t), test_cmp);

		if (!row)
			continue;
		sb_printf(out, "<tr data-table=\"t%zu.html\"><th><a href=\"t%zu.html\">", i, i);
		sb_add_markup(out, t->fs);
		sb_puts(out, " ");
		table_name(t, out);
		lo = t->nk > TEST_KERNELS ? t->nk - TEST_KERNELS : 0;
		sb_puts(out, "</a>");
		if (lo)
			sb_printf(out, "<br><small>its newest %d of %zu kernels</small>",
				  TEST_KERNELS, t->nk);
		sb_puts(out, "</th>");
		for (k = lo; k < t->nk; k++)
			mx_put_cell(&t->k[k], &row->cells[k], out);
		sb_puts(out, "</tr>\n");
	}
	sb_puts(out, "</table>\n");
	mx_page_end(out);
	free(title);
}

/* A test with problems: its tables p[0..n), and its worst class */
struct head {
	const struct prob *p;
	size_t n;
	enum cell_class worst;
};

static int worst_cmp(const void *a, const void *b)
{
	const struct head *x = a, *y = b;
	int c = severity(x->worst) - severity(y->worst);

	return c ? c : strcmp(x->p->test, y->p->test);
}

/* The problems of every table, by test, the worst test first */
static struct head *problems_of(const struct matrix *m, struct prob **pp,
				size_t *nh)
{
	struct prob *p = NULL;
	struct head *h;
	size_t np = 0, ap = 0, i, j;

	for (i = 0; i < m->n; i++)
		for (j = 0; j < m->tab[i].nt; j++) {
			struct prob one;

			if (row_problem(&m->tab[i], &m->tab[i].t[j], i, &one))
				*(struct prob *)array_push(&p, &np, &ap,
							   sizeof(*p)) = one;
		}
	if (np)
		qsort(p, np, sizeof(*p), prob_cmp);
	h = xcalloc(np + 1, sizeof(*h));
	*nh = 0;
	for (i = 0; i < np; i = j) {
		struct head *t = &h[(*nh)++];

		t->p = &p[i];
		t->worst = p[i].worst;
		for (j = i + 1; j < np && !strcmp(p[j].test, p[i].test); j++)
			if (severity(p[j].worst) < severity(t->worst))
				t->worst = p[j].worst;
		t->n = j - i;
	}
	qsort(h, *nh, sizeof(*h), worst_cmp);
	*pp = p;
	return h;
}

void mx_problems(const struct matrix *m, const char *dir, struct strbuf *index,
		 struct strbuf **pages, char ***paths, size_t *n)
{
	struct prob *p;
	size_t nh, k;
	struct head *h = problems_of(m, &p, &nh);

	sb_printf(index, "<h2 id=\"problems-head\">Problems: %zu tests</h2>\n", nh);
	sb_puts(index, "<table id=\"problems\">\n<tr><th>test</th><th>worst</th>");
	sb_puts(index, "<th>failed runs</th>");
	sb_puts(index, "<th>new</th><th>first failing</th><th>where</th></tr>\n");
	*pages = xrealloc(*pages, (*n + nh + 1) * sizeof(**pages));
	*paths = xrealloc(*paths, (*n + nh + 1) * sizeof(**paths));
	for (k = 0; k < nh; k++) {
		char *name = test_page(h[k].p->test);

		index_row(m, h[k].p, h[k].n, h[k].worst, index);
		memset(&(*pages)[*n], 0, sizeof(**pages));
		test_page_of(m, h[k].p->test, &(*pages)[*n]);
		(*paths)[(*n)++] = xasprintf("%s/%s", dir, name);
		free(name);
	}
	sb_puts(index, "</table>\n");
	free(h);
	free(p);
}
