// SPDX-License-Identifier: GPL-2.0
/*
 * The test matrix as static web pages: index.html lists every table
 * (filesystem, section, machine), each table has a page of tests x
 * kernels and a compare view of its two newest kernels. No script, no
 * link out: the set reads the same copied anywhere.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/escape.h"
#include "lib/fileio.h"
#include "report/matrix-report.h"

#define NR_CL	(CL_CRASH + 1)

/* Background and text of each class (contrast 4.5:1 or more) */
static const char *const colours[NR_CL][2] = {
	[CL_PASS] = { "#e8f5e9", "#1b5e20" },
	[CL_FAIL] = { "#c62828", "#fff" },
	[CL_FLAKY] = { "#ffb74d", "#000" },
	[CL_KNOWN] = { "#ffe082", "#000" },
	[CL_EXPUNGED] = { "#b0bec5", "#000" },
	[CL_NOTRUN] = { "#eeeeee", "#555" },
	[CL_CRASH] = { "#6a1b9a", "#fff" },
};

static void page_start(struct strbuf *out, const char *title)
{
	size_t k;

	sb_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		"<meta charset=\"utf-8\">\n<title>");
	sb_add_markup(out, title);
	sb_puts(out, "</title>\n<style>\n"
		"body{font-family:'DejaVu Sans',sans-serif;font-size:14px;margin:1em 2em;color:#111}\n"
		"h1{font-size:1.4em}table{border-collapse:collapse}\n"
		"th,td{border:1px solid #bbb;padding:3px 8px;text-align:center}\n"
		"td.test{text-align:left;font-family:'DejaVu Sans Mono',monospace}\n"
		"th{background:#37474f;color:#fff}\n"
		".env{background:#e3f2fd;padding:4px 8px;display:inline-block}\n"
		".legend span{display:inline-block;padding:2px 8px;margin:2px;border:1px solid #999}\n");
	for (k = 0; k < NR_CL; k++)
		sb_printf(out, ".c-%s{background:%s;color:%s}\n",
			  cell_class_name(k), colours[k][0], colours[k][1]);
	sb_puts(out, "</style>\n</head>\n<body>\n<h1>");
	sb_add_markup(out, title);
	sb_puts(out, "</h1>\n<p class=\"legend\">");
	for (k = 0; k < NR_CL; k++)
		sb_printf(out, "<span class=\"c-%s\">%s</span>",
			  cell_class_name(k), cell_class_name(k));
	sb_puts(out, "</p>\n");
}

static void page_end(struct strbuf *out)
{
	sb_puts(out, "</body>\n</html>\n");
}

/* A cell: its class, the runs that failed, the rate, the data's entry */
static void put_cell(const struct mx_kernel *k, const struct mx_cell *cell,
		     struct strbuf *out)
{
	const struct cell *c = cell->c;
	const char *name = cell_class_name(cell->cls);

	sb_printf(out, "<td class=\"c-%s\" data-class=\"%s\" data-kernel=\"",
		  name, name);
	sb_add_markup(out, k->release);
	sb_puts(out, "\"");
	if (c && c->runs)
		sb_printf(out, " data-rate=\"%.4f\"", (double)c->fail / c->runs);
	sb_printf(out, " title=\"%s: %u of %u runs failed",
		  name, c ? c->fail : 0, c ? c->runs : 0);
	if (cell->why) {
		sb_puts(out, "; ");
		sb_add_markup(out, cell->why);
	}
	sb_puts(out, "\">");
	if (cell->cls == CL_FLAKY || cell->cls == CL_FAIL ||
	    cell->cls == CL_KNOWN)
		sb_printf(out, "%s %u/%u", name, c->fail, c->runs);
	else
		sb_puts(out, name);
	sb_puts(out, "</td>");
}

static void put_env(const struct mx_table *t, struct strbuf *out)
{
	sb_puts(out, "<p class=\"env\">Environment: <b class=\"machine\">");
	sb_add_markup(out, t->machine);
	sb_puts(out, "</b> (runs of other machines are in tables of their own)</p>\n");
}

static void kernel_head(const struct mx_kernel *k, struct strbuf *out)
{
	sb_puts(out, "<th class=\"kernel\">");
	sb_add_markup(out, k->release);
	sb_printf(out, "<br>%u run%s", k->col->runs,
		  k->col->runs == 1 ? "" : "s");
	if (k->col->incomplete)
		sb_printf(out, ", %u cut short", k->col->incomplete);
	if (k->col->corrupt)
		sb_printf(out, ", %u corrupt", k->col->corrupt);
	sb_puts(out, "</th>");
}

static void table_page(const struct mx_table *t, struct strbuf *out)
{
	char *title = xasprintf("%s %s on %s", t->fs, t->section, t->machine);
	size_t i, j;

	page_start(out, title);
	sb_puts(out, "<div id=\"table\" data-fs=\"");
	sb_add_markup(out, t->fs);
	sb_puts(out, "\" data-section=\"");
	sb_add_markup(out, t->section);
	sb_puts(out, "\" data-machine=\"");
	sb_add_markup(out, t->machine);
	sb_puts(out, "\"></div>\n");
	put_env(t, out);
	sb_puts(out, "<p><a href=\"index.html\">all tables</a>");
	if (t->nk > 1)
		sb_puts(out, " | <a href=\"#compare\">compare</a>");
	sb_puts(out, "</p>\n<table id=\"matrix\">\n<tr><th>test</th>");
	for (i = 0; i < t->nk; i++)
		kernel_head(&t->k[i], out);
	sb_puts(out, "<th>first failing</th></tr>\n");
	for (j = 0; j < t->nt; j++) {
		sb_puts(out, "<tr data-test=\"");
		sb_add_markup(out, t->t[j].name);
		sb_puts(out, "\"><td class=\"test\">");
		sb_add_markup(out, t->t[j].name);
		sb_puts(out, "</td>");
		for (i = 0; i < t->nk; i++)
			put_cell(&t->k[i], &t->t[j].cells[i], out);
		sb_puts(out, "<td class=\"first\">");
		sb_add_markup(out, t->t[j].first_fail ?: "");
		sb_puts(out, "</td></tr>\n");
	}
	sb_puts(out, "</table>\n");
	free(title);
}

/* The tests whose class differs between the two newest kernels */
static void compare_view(const struct mx_table *t, struct strbuf *out)
{
	size_t a = t->nk - 2, b = t->nk - 1, j, n = 0;

	sb_puts(out, "<h2 id=\"compare\">Compare: ");
	sb_add_markup(out, t->k[a].release);
	sb_puts(out, " and ");
	sb_add_markup(out, t->k[b].release);
	sb_puts(out, "</h2>\n<table id=\"compare-table\">\n<tr><th>test</th>");
	kernel_head(&t->k[a], out);
	kernel_head(&t->k[b], out);
	sb_puts(out, "</tr>\n");
	for (j = 0; j < t->nt; j++) {
		const struct mx_cell *x = &t->t[j].cells[a];
		const struct mx_cell *y = &t->t[j].cells[b];

		if (x->cls == y->cls)
			continue;
		n++;
		sb_puts(out, "<tr data-compare=\"");
		sb_add_markup(out, t->t[j].name);
		sb_puts(out, "\"><td class=\"test\">");
		sb_add_markup(out, t->t[j].name);
		sb_puts(out, "</td>");
		put_cell(&t->k[a], x, out);
		put_cell(&t->k[b], y, out);
		sb_puts(out, "</tr>\n");
	}
	sb_puts(out, "</table>\n");
	sb_printf(out, "<p class=\"changed\">%zu test%s changed class.</p>\n",
		  n, n == 1 ? "" : "s");
}

static void index_page(const struct matrix *m, struct strbuf *out)
{
	size_t i, j, k, n[NR_CL];

	page_start(out, "fstests test matrix");
	sb_printf(out, "<p>%lu runs, %zu tables: one per filesystem, section and machine.</p>\n",
		  m->runs, m->n);
	sb_puts(out, "<table id=\"tables\">\n<tr><th>filesystem</th>");
	sb_puts(out, "<th>section</th><th>environment</th><th>kernels</th><th>tests</th>");
	for (k = 0; k < NR_CL; k++)
		sb_printf(out, "<th>%s</th>", cell_class_name(k));
	sb_puts(out, "</tr>\n");
	for (i = 0; i < m->n; i++) {
		const struct mx_table *t = &m->tab[i];

		memset(n, 0, sizeof(n));
		for (j = 0; j < t->nt; j++)
			for (k = 0; k < t->nk; k++)
				n[t->t[j].cells[k].cls]++;
		sb_printf(out, "<tr data-page=\"t%zu.html\"><td><a href=\"t%zu.html\">",
			  i, i);
		sb_add_markup(out, t->fs);
		sb_puts(out, "</a></td><td>");
		sb_add_markup(out, t->section);
		sb_puts(out, "</td><td class=\"machine\">");
		sb_add_markup(out, t->machine);
		sb_printf(out, "</td><td>%zu</td><td>%zu</td>", t->nk, t->nt);
		for (k = 0; k < NR_CL; k++)
			sb_printf(out, "<td>%zu</td>", n[k]);
		sb_puts(out, "</tr>\n");
	}
	sb_puts(out, "</table>\n");
	page_end(out);
}

int matrix_html(const struct matrix *m, const char *dir, char **err)
{
	struct strbuf *pages = xcalloc(m->n + 1, sizeof(*pages));
	char **paths = xcalloc(m->n + 2, sizeof(*paths));
	size_t i;
	int ret;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		*err = xasprintf("%s: %s", dir, strerror(errno));
		free(pages);
		free(paths);
		return -1;
	}
	for (i = 0; i < m->n; i++) {
		table_page(&m->tab[i], &pages[i]);
		if (m->tab[i].nk > 1)
			compare_view(&m->tab[i], &pages[i]);
		page_end(&pages[i]);
		paths[i] = xasprintf("%s/t%zu.html", dir, i);
	}
	index_page(m, &pages[m->n]);
	paths[m->n] = xasprintf("%s/index.html", dir);
	ret = write_pages_atomic(paths, pages, m->n + 1);
	if (ret)
		*err = xasprintf("%s: %s", dir, errstr(errno));
	for (i = 0; i <= m->n; i++) {
		free(paths[i]);
		sb_free(&pages[i]);
	}
	free(paths);
	free(pages);
	return ret;
}
