// SPDX-License-Identifier: GPL-2.0
/*
 * "update": where a new line goes. With the lines of its test already in
 * the file it is made compact as "check --compact" would: a line that
 * says the same but for its sections takes the new section, kernel and
 * origin (a hand-written line is never dropped or weakened), a line that
 * covers it takes its evidence; else it is added at the end. A new line
 * that would cover, and so remove, a line of the file is not proposed.
 */
#include <stdlib.h>
#include <string.h>

#include "update/rules.h"
#include "entries/compact.h"
#include "lib/fileio.h"

/* The test's lines of the file: their numbers and texts */
struct group {
	unsigned int *line;
	struct strlist text;
	size_t n, alloc;
};

/* Line i (1-based) of buf, or NULL */
static char *nth_line(const char *buf, size_t len, unsigned int n)
{
	const char *p = buf, *end = buf + len, *nl;
	unsigned int i;

	for (i = 1; p < end; i++, p = nl + 1) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		if (i == n)
			return xstrndup(p, nl - p - (nl > p && nl[-1] == '\r'));
	}
	return NULL;
}

/* The lines of test in file (none when it cannot be read or parsed) */
static void group_of(const char *file, const char *test, struct group *g)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	char *buf;
	size_t len, i;

	if (read_file(file, 16 << 20, &buf, &len))
		return;
	if (!data_parse(&ds, file, buf, len, &d)) {
		for (i = 0; i < ds.n; i++) {
			char *t;

			if (strcmp(ds.entries[i].test, test))
				continue;
			t = nth_line(buf, len, ds.entries[i].line);
			if (!t)
				continue;
			array_push(&g->line, &g->n, &g->alloc,
				   sizeof(*g->line));
			g->line[g->n - 1] = ds.entries[i].line;
			strlist_add(&g->text, t);
		}
	}
	diag_free(&d);
	dataset_free(&ds);
	free(buf);
}

/* global.expunge of the data directory, read once */
static const struct dataset *global_of(struct planner *pl)
{
	struct diag d = { 0 };
	char *err = NULL;

	if (!pl->global_read &&
	    datadir_load_name(&pl->dd, "global", &pl->global, &d, &err))
		free(err);
	pl->global_read = true;
	diag_free(&d);
	return &pl->global;
}

/* Does the plan already change line of file? */
static bool edited(const struct planner *pl, const char *file,
		   unsigned int line)
{
	size_t i;

	for (i = 0; i < pl->p->n; i++)
		if (pl->p->e[i].line == line && !strcmp(pl->p->e[i].file, file))
			return true;
	return false;
}

static void edit(struct planner *pl, const char *file, unsigned int line,
		 const char *text)
{
	struct data_edit *e = array_push(&pl->p->e, &pl->p->n, &pl->p->alloc,
					 sizeof(*e));

	e->file = xstrdup(file);
	e->line = line;
	e->text = text ? xstrdup(text) : NULL;
}

/*
 * The compacted lines out[0..m) take the slots of the group's lines in
 * order (compaction keeps the order, and only drops or rewrites lines);
 * one more is the new line, added at the end. False when nothing changes
 * (the data covers the line) or a line to change is changed already.
 */
static bool apply(struct planner *pl, const char *file, const char *test,
		  const struct group *g, const struct strlist *out)
{
	size_t i, changes = out->n > g->n;

	for (i = 0; i < g->n; i++) {
		if (i < out->n && !strcmp(out->v[i], g->text.v[i]))
			continue;
		changes++;
		if (edited(pl, file, g->line[i])) {
			pr_warn("not proposed: %s: %s:%u changes already: run update again on the result",
				test, file, g->line[i]);
			return false;
		}
	}
	if (!changes)
		pr_warn("not proposed: %s: the data in %s covers it already",
			test, file);
	for (i = 0; i < g->n; i++) {
		if (i < out->n && !strcmp(out->v[i], g->text.v[i]))
			continue;
		edit(pl, file, g->line[i], i < out->n ? out->v[i] : NULL);
		sb_printf(&pl->p->message, "    %s %s:%u\n",
			  i < out->n ? "merged into" : "covered: removed",
			  file, g->line[i]);
	}
	if (out->n > g->n)
		edit(pl, file, 0, out->v[g->n]);
	return changes;
}

/*
 * A line of the test that the new line would take away (it covers it):
 * its facts (bug=, crash=, seen=, ...) would go with it. Said and true,
 * or false.
 */
static bool drops_a_line(const char *file, const char *test,
			 const struct group *g, const struct strlist *out,
			 const char *text, const struct compact_stats *st)
{
	size_t i;

	if (!st->dropped || !strlist_has(out, text))
		return false;
	for (i = 0; i < g->n && strlist_has(out, g->text.v[i]); i++)
		;
	pr_warn("not proposed: %s: the new line would cover %s:%u and so remove it with what it says: edit by hand",
		test, file, i < g->n ? g->line[i] : 0);
	return true;
}

bool update_place(struct planner *pl, const char *file, const char *test,
		  const char *text)
{
	struct group g = { 0 };
	struct strbuf in = { 0 }, out = { 0 };
	struct strlist lines = { 0 };
	struct compact_stats st;
	bool ok = false;
	size_t i;

	group_of(file, test, &g);
	for (i = 0; i < g.n; i++)
		sb_printf(&in, "%s\n", g.text.v[i]);
	sb_printf(&in, "%s\n", text);
	if (!data_compact(file, in.buf, in.len, global_of(pl), NULL, &out,
			  &st)) {
		char *p, *nl;

		for (p = out.buf; p && *p; p = *nl ? nl + 1 : nl) {
			nl = strchrnul(p, '\n');
			strlist_add(&lines, xstrndup(p, nl - p));
		}
		/* what changes must be a line check takes */
		for (i = 0; i < lines.n; i++)
			if ((i >= g.n || strcmp(lines.v[i], g.text.v[i])) &&
			    !update_line_ok(file, i < g.n ? g.line[i] : 0,
					    lines.v[i]))
				break;
		ok = i == lines.n &&
		     !drops_a_line(file, test, &g, &lines, text, &st) &&
		     apply(pl, file, test, &g, &lines);
	}
	strlist_free(&lines);
	strlist_free(&g.text);
	free(g.line);
	sb_free(&in);
	sb_free(&out);
	return ok;
}
