// SPDX-License-Identifier: GPL-2.0
/*
 * The test matrix as static web pages: index.html lists every table
 * (filesystem, section, machine), each table has pages of tests x
 * kernels (as many as keep each under 2 MB, the newest kernels first)
 * and a compare view of its two newest kernels. No script, no link out:
 * the set reads the same copied anywhere.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/escape.h"
#include "lib/fileio.h"
#include "report/matrix-page.h"
#include "report/matrix-report.h"
#include "report/matrix-stale.h"

#define NR_CL	(CL_CRASH + 1)
/* a log as archive add keeps it is 64 KiB and a line */
#define LOG_COPY_MAX	(1024 * 1024)

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

void mx_page_start(struct strbuf *out, const char *title)
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

void mx_page_end(struct strbuf *out)
{
	sb_puts(out, "</body>\n</html>\n");
}

bool mx_problem(enum cell_class cls)
{
	return cls == CL_FAIL || cls == CL_FLAKY || cls == CL_CRASH ||
		cls == CL_KNOWN;
}

/* Links to the logs of the cell's newest failing run, where it kept any */
static void put_logs(const struct mx_cell *cell, struct strbuf *out)
{
	size_t i;

	for (i = 0; i < MX_LOGS; i++) {
		if (!(cell->logs & (1u << i)))
			continue;
		sb_puts(out, " <a class=\"log\" href=\"");
		sb_add_markup(out, cell->log_page);
		sb_printf(out, ".%s\">%s</a>", mx_log_exts[i], mx_log_exts[i]);
	}
}

/* A cell: its class, the runs that failed, the rate, the data's entry */
void mx_put_cell(const struct mx_kernel *k, const struct mx_cell *cell,
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
	if (c && c->sfail)
		sb_printf(out, ", and %u summary-only runs name it failing",
			  c->sfail);
	if (cell->why) {
		sb_puts(out, "; ");
		sb_add_markup(out, cell->why);
	}
	sb_puts(out, "\">");
	if (c && !c->runs && c->sfail)
		sb_printf(out, "%s (summary %u)", name, c->sfail);
	else if (cell->cls == CL_FLAKY || cell->cls == CL_FAIL ||
		 cell->cls == CL_KNOWN)
		sb_printf(out, "%s %u/%u", name, c->fail, c->runs);
	else
		sb_puts(out, name);
	put_logs(cell, out);
	sb_puts(out, "</td>");
}

static void put_env(const struct mx_table *t, struct strbuf *out)
{
	sb_puts(out, "<p class=\"env\">Environment: <b class=\"machine\">");
	sb_add_markup(out, t->machine);
	sb_puts(out, "</b>, set-up <span class=\"setup\">");
	sb_add_markup(out, t->setup);
	sb_puts(out, "</span> (runs of other machines and set-ups are in tables");
	sb_puts(out, " of their own)</p>\n");
}

static void kernel_head(const struct mx_kernel *k, struct strbuf *out)
{
	sb_puts(out, "<th class=\"kernel\">");
	sb_add_markup(out, k->release);
	if (*k->col->last)
		sb_printf(out, "<br><span class=\"date\">%.10s</span>",
			  k->col->last);
	sb_printf(out, "<br>%u run%s", k->col->runs,
		  k->col->runs == 1 ? "" : "s");
	if (k->col->summary)
		sb_printf(out, ", %u summary only", k->col->summary);
	if (k->col->broken)
		sb_printf(out, ", %u broken (left out)", k->col->broken);
	if (k->col->incomplete)
		sb_printf(out, ", %u cut short", k->col->incomplete);
	if (k->col->corrupt)
		sb_printf(out, ", %u corrupt", k->col->corrupt);
	sb_puts(out, "</th>");
}

static bool row_has_problem(const struct mx_test *r, size_t lo, size_t hi)
{
	size_t i;

	for (i = lo; i < hi; i++)
		if (mx_problem(r->cells[i].cls))
			return true;
	return false;
}

/*
 * A table's pages: each at most PAGE_BUDGET of cells and rows, so that
 * with its frame a page stays under 2 MB however many kernels the table
 * has; the newest kernels on the first page (tN.html), older ones on
 * tN-2.html, tN-3.html, ... Page p holds kernels [lo[p], lo[p - 1]),
 * lo[-1] being nk. Each cell is written once, into cells, when the
 * pages are measured (cell k * nt + j at off[], len[] bytes): the pages
 * copy it from there.
 */
#define PAGE_BUDGET	(1536 * 1024)

struct table_pages {
	size_t *lo;	/* the first kernel of each page, newest page first */
	size_t n;
	struct strbuf cells;
	size_t *off;
	unsigned int *len;
};

/* The rows with (problems) or without a problem, under kernels [lo, hi) */
static size_t table_rows(const struct mx_table *t, const struct table_pages *tp,
			 bool problems, size_t lo, size_t hi,
			 struct strbuf *out)
{
	size_t i, j, n = 0;

	sb_printf(out, "<table id=\"%s\">\n<tr><th>test</th>",
		  problems ? "matrix" : "passing");
	for (i = lo; i < hi; i++)
		kernel_head(&t->k[i], out);
	sb_puts(out, "<th>first failing</th></tr>\n");
	for (j = 0; j < t->nt; j++) {
		if (row_has_problem(&t->t[j], lo, hi) != problems)
			continue;
		n++;
		sb_puts(out, "<tr data-test=\"");
		sb_add_markup(out, t->t[j].name);
		sb_puts(out, "\"><td class=\"test\">");
		sb_add_markup(out, t->t[j].name);
		sb_puts(out, "</td>");
		for (i = lo; i < hi; i++)
			sb_add(out, tp->cells.buf + tp->off[i * t->nt + j],
			       tp->len[i * t->nt + j]);
		sb_puts(out, "<td class=\"first\">");
		sb_add_markup(out, t->t[j].first_fail ?: "");
		sb_puts(out, "</td></tr>\n");
	}
	sb_puts(out, "</table>\n");
	return n;
}

static char *page_name(size_t table, size_t page)
{
	return page ? xasprintf("t%zu-%zu.html", table, page + 1) :
		      xasprintf("t%zu.html", table);
}

/*
 * Split t's kernels, newest first, into pages of at most PAGE_BUDGET;
 * the first page also holds first bytes (the compare view)
 */
static void split_pages(const struct mx_table *t, size_t first,
			struct table_pages *tp)
{
	size_t rows = 0, used = first, j, k, alloc = 0, start;

	/* what every page repeats: a row's test name and first failing */
	for (j = 0; j < t->nt; j++)
		rows += 2 * strlen(t->t[j].name) + 96 +
			(t->t[j].first_fail ? strlen(t->t[j].first_fail) : 0);
	memset(tp, 0, sizeof(*tp));
	tp->off = xcalloc(t->nk * t->nt + 1, sizeof(*tp->off));
	tp->len = xcalloc(t->nk * t->nt + 1, sizeof(*tp->len));
	for (k = t->nk; k-- > 0;) {
		size_t col = 0, least;

		for (j = 0; j < t->nt; j++) {
			start = tp->cells.len;
			mx_put_cell(&t->k[k], &t->t[j].cells[k], &tp->cells);
			tp->off[k * t->nt + j] = start;
			tp->len[k * t->nt + j] = tp->cells.len - start;
			col += tp->cells.len - start;
		}
		/* a page has one kernel at least */
		least = tp->n == 1 ? first : 0;
		if (!tp->n || (used > least && rows + used + col > PAGE_BUDGET)) {
			*(size_t *)array_push(&tp->lo, &tp->n, &alloc,
					      sizeof(size_t)) = k;
			used = tp->n == 1 ? first : 0;
		}
		tp->lo[tp->n - 1] = k;
		used += col;
	}
	if (!tp->n)	/* no kernel: one page all the same */
		*(size_t *)array_push(&tp->lo, &tp->n, &alloc,
				      sizeof(size_t)) = 0;
}

static void table_pages_free(struct table_pages *tp)
{
	free(tp->lo);
	free(tp->off);
	free(tp->len);
	sb_free(&tp->cells);
}

/* "Kernels: 6.12.1 to 6.14.0 | 6.1.115 to 6.6.60": the table's pages */
static void page_links(const struct mx_table *t, size_t ti,
		       const struct table_pages *tp, size_t cur,
		       struct strbuf *out)
{
	size_t p;

	if (tp->n < 2)
		return;
	sb_puts(out, "<p id=\"pages\">Kernels, newest first: ");
	for (p = 0; p < tp->n; p++) {
		size_t lo = tp->lo[p], hi = p ? tp->lo[p - 1] : t->nk;
		char *name = page_name(ti, p);

		sb_puts(out, p ? " | " : "");
		if (p == cur)
			sb_puts(out, "<b class=\"page\">");
		else
			sb_printf(out, "<a class=\"page\" href=\"%s\">", name);
		sb_add_markup(out, t->k[lo].release);
		if (hi - lo > 1) {
			sb_puts(out, " to ");
			sb_add_markup(out, t->k[hi - 1].release);
		}
		sb_puts(out, p == cur ? "</b>" : "</a>");
		free(name);
	}
	sb_puts(out, "</p>\n");
}

/*
 * Page cur of a table: its kernels oldest first, each with the date of
 * its newest run; the tests with a problem there first, the others
 * folded.
 */
static void table_page(const struct mx_table *t, size_t ti,
		       const struct table_pages *tp, size_t cur,
		       struct strbuf *out)
{
	char *title = xasprintf("%s %s on %s", t->fs, t->section, t->machine);
	size_t lo = tp->lo[cur], hi = cur ? tp->lo[cur - 1] : t->nk, n;

	mx_page_start(out, title);
	sb_puts(out, "<div id=\"table\" data-fs=\"");
	sb_add_markup(out, t->fs);
	sb_puts(out, "\" data-section=\"");
	sb_add_markup(out, t->section);
	sb_puts(out, "\" data-machine=\"");
	sb_add_markup(out, t->machine);
	sb_puts(out, "\"></div>\n");
	put_env(t, out);
	sb_puts(out, "<p><a href=\"index.html\">all tables</a>");
	if (t->nk > 1 && !cur)
		sb_puts(out, " | <a href=\"#compare\">compare</a>");
	sb_puts(out, "</p>\n");
	page_links(t, ti, tp, cur, out);
	sb_puts(out, "<h2>Tests with a problem</h2>\n");
	table_rows(t, tp, true, lo, hi, out);
	sb_puts(out, "<details id=\"folded\"><summary>The other tests</summary>\n");
	n = table_rows(t, tp, false, lo, hi, out);
	sb_printf(out, "</details>\n<p class=\"folded\">%zu tests with no problem, folded.</p>\n",
		  n);
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
		mx_put_cell(&t->k[a], x, out);
		mx_put_cell(&t->k[b], y, out);
		sb_puts(out, "</tr>\n");
	}
	sb_puts(out, "</table>\n");
	sb_printf(out, "<p class=\"changed\">%zu test%s changed class.</p>\n",
		  n, n == 1 ? "" : "s");
}

static void index_page(const struct matrix *m, const struct strbuf *problems,
		       struct strbuf *out)
{
	size_t i, j, k, n[NR_CL];

	mx_page_start(out, "fstests test matrix");
	sb_printf(out, "<p>%lu runs, %zu tables: %s.</p>\n",
		  m->runs, m->n, "one per filesystem, section, machine and set-up");
	sb_add(out, problems->buf ?: "", problems->len);
	sb_puts(out, "<h2 id=\"tables-head\">Tables</h2>\n");
	sb_puts(out, "<table id=\"tables\">\n<tr><th>filesystem</th>");
	sb_puts(out, "<th>section</th><th>environment</th><th>kernels</th>");
	sb_puts(out, "<th>newest run</th><th>tests</th>");
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
		sb_printf(out, "</td><td>%zu</td><td>%.10s</td><td>%zu</td>", t->nk,
			  t->nk ? t->k[t->nk - 1].col->last : "", t->nt);
		for (k = 0; k < NR_CL; k++)
			sb_printf(out, "<td>%zu</td>", n[k]);
		sb_puts(out, "</tr>\n");
	}
	sb_puts(out, "</table>\n");
	mx_page_end(out);
}

/* Copy a cell's logs from the archive to dir (log_page.EXT) */
static int copy_cell_logs(const struct mx_cell *cell, const char *dir,
			  char **err)
{
	struct strbuf sb = { 0 };
	char *src, *path;
	size_t i;
	int ret = 0;

	for (i = 0; i < MX_LOGS && !ret; i++) {
		if (!(cell->logs & (1u << i)))
			continue;
		src = xasprintf("%s.%s", cell->log_src, mx_log_exts[i]);
		path = xasprintf("%s/%s.%s", dir, cell->log_page,
				 mx_log_exts[i]);
		/* never a link out of the archive, never through one in dir */
		if (read_file_nofollow(AT_FDCWD, src, LOG_COPY_MAX, &sb.buf,
				       &sb.len)) {
			*err = xasprintf("%s: %s", src, errstr(errno));
			ret = -1;
		} else if (write_pages_atomic(&path, &sb, 1)) {
			*err = xasprintf("%s: %s", path, errstr(errno));
			ret = -1;
		}
		free(sb.buf);
		sb.buf = NULL;
		free(src);
		free(path);
	}
	return ret;
}

/*
 * The logs the pages link to, into dir/logs/: a folder made here, never
 * a link to one
 */
static int copy_logs(const struct matrix *m, const char *dir, char **err)
{
	char *sub = xasprintf("%s/logs", dir);
	bool made = false;
	struct stat st;
	size_t i, j, k;
	int ret = 0;

	for (i = 0; i < m->n && !ret; i++) {
		const struct mx_table *t = &m->tab[i];

		for (j = 0; j < t->nt && !ret; j++) {
			for (k = 0; k < t->nk && !ret; k++) {
				if (!t->t[j].cells[k].logs)
					continue;
				if (!made && mkdir(sub, 0777) && errno != EEXIST) {
					*err = xasprintf("%s: %s", sub,
							 strerror(errno));
					ret = -1;
				} else if (!made && (lstat(sub, &st) ||
						     !S_ISDIR(st.st_mode))) {
					*err = xasprintf("%s: not a folder (no link is followed)",
							 sub);
					ret = -1;
				}
				made = true;
				if (!ret)
					ret = copy_cell_logs(&t->t[j].cells[k],
							     dir, err);
			}
		}
	}
	free(sub);
	return ret;
}

int matrix_html(const struct matrix *m, const char *dir, char **err)
{
	struct strbuf problems = { 0 }, *pages = NULL;
	size_t i, p, n = 0, ix;
	char **paths = NULL;
	int ret;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		*err = xasprintf("%s: %s", dir, strerror(errno));
		return -1;
	}
	if (copy_logs(m, dir, err))
		return -1;
	/* a table at a time: its cells are held only while it is written */
	for (i = 0; i < m->n; i++) {
		struct strbuf cmp = { 0 };
		struct table_pages tp;

		if (m->tab[i].nk > 1)
			compare_view(&m->tab[i], &cmp);
		split_pages(&m->tab[i], cmp.len, &tp);
		pages = xrealloc(pages, (n + tp.n + 2) * sizeof(*pages));
		paths = xrealloc(paths, (n + tp.n + 2) * sizeof(*paths));
		memset(pages + n, 0, (tp.n + 2) * sizeof(*pages));
		memset(paths + n, 0, (tp.n + 2) * sizeof(*paths));
		for (p = 0; p < tp.n; p++, n++) {
			char *name = page_name(i, p);

			table_page(&m->tab[i], i, &tp, p, &pages[n]);
			if (!p)
				sb_add(&pages[n], cmp.buf ?: "", cmp.len);
			mx_page_end(&pages[n]);
			paths[n] = xasprintf("%s/%s", dir, name);
			free(name);
		}
		table_pages_free(&tp);
		sb_free(&cmp);
	}
	if (!pages) {
		pages = xcalloc(2, sizeof(*pages));
		paths = xcalloc(2, sizeof(*paths));
	}
	ix = n++;
	mx_problems(m, dir, &problems, &pages, &paths, &n);
	index_page(m, &problems, &pages[ix]);
	paths[ix] = xasprintf("%s/index.html", dir);
	ret = write_pages_atomic(paths, pages, n);
	if (ret)
		*err = xasprintf("%s: %s", dir, errstr(errno));
	else
		ret = mx_remove_stale(m, dir, paths, n, err);
	for (i = 0; i < n; i++) {
		free(paths[i]);
		sb_free(&pages[i]);
	}
	sb_free(&problems);
	free(paths);
	free(pages);
	return ret;
}
