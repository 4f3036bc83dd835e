// SPDX-License-Identifier: GPL-2.0
/* The exclude file for fstests' check -E: what is left out, and why. */
#include <stdlib.h>
#include <string.h>

#include "entries/exclude-file.h"
#include "lib/escape.h"

/* Columns: the file can be pasted into a mail */
#define WIDTH	72

/* text as "# " lines, wrapped; a word is never split */
static void comment(struct strbuf *out, const char *text)
{
	sb_wrap(out, "# ", "#   ", text, WIDTH);
}

size_t exclude_section_only(const struct kdata *kd, const char *section)
{
	size_t i, n = 0;

	for (i = 0; !section && i < kd->ds.n; i++)
		n += selector_check(&kd->sel, i, NULL, NULL) == NEEDS_SECTION;
	return n;
}

struct out_line {
	const char *test;
	const struct applied *a;
	const char *group;	/* the group entry that named it, or NULL */
};

static int out_cmp(const void *a, const void *b)
{
	const struct out_line *x = a, *y = b;
	int c = strcmp(x->test, y->test);

	/* a test's own entry before a group's */
	return c ? c : !!x->group - !!y->group;
}

static void push_line(struct out_line **v, size_t *n, size_t *alloc,
		      const char *test, const struct applied *a,
		      const char *group)
{
	struct out_line *l = array_push(v, n, alloc, sizeof(**v));

	l->test = test;
	l->a = a;
	l->group = group;
}

/* A group entry: its tests, or a comment when there is no tree */
static void expand_group(const struct applied *a,
			 const struct exclude_opts *xo, struct strlist *tests,
			 struct out_line **v, size_t *n, size_t *alloc,
			 struct strbuf *out)
{
	const char *group = entry_group(a->entry);
	size_t i = tests->n;

	if (!xo->tree) {
		struct strbuf text = { 0 };

		sb_printf(&text, "not expanded (no fstests tree): %s # ",
			  a->test);
		entry_describe(a->entry, &text);
		comment(out, text.buf);
		sb_free(&text);
		if (xo->unexpanded)
			strlist_add(xo->unexpanded, xstrdup(group));
		return;
	}
	fstests_group_tests(xo->tree, group, tests);
	for (; i < tests->n; i++) {
		/* the group's tests for other filesystems never run here */
		if (test_runs_on(tests->v[i], xo->fs))
			push_line(v, n, alloc, tests->v[i], a, group);
	}
}

/* The tests left out: each once, at column 0 (fstests matches ^TEST\b) */
static void left_out(const struct applied_set *set,
		     const struct exclude_opts *xo, struct strbuf *out)
{
	struct strlist tests = { 0 };
	struct out_line *v = NULL;
	size_t i, n = 0, alloc = 0;

	for (i = 0; i < set->n; i++) {
		const struct applied *a = &set->a[i];

		if (a->kind == KIND_FLAKY ||
		    (a->kind == KIND_FAIL && xo->run_known))
			continue;
		if (entry_group(a->entry))
			expand_group(a, xo, &tests, &v, &n, &alloc, out);
		else
			push_line(&v, &n, &alloc, a->test, a, NULL);
	}
	if (n)
		qsort(v, n, sizeof(*v), out_cmp);
	for (i = 0; i < n; i++) {
		struct strbuf lead = { 0 }, text = { 0 };

		if (i && !strcmp(v[i].test, v[i - 1].test))
			continue;
		/* the test at column 0, the rest a comment */
		sb_printf(&lead, "%s # ", v[i].test);
		if (v[i].group)
			sb_printf(&text, "group %s: ", v[i].group);
		entry_describe(v[i].a->entry, &text);
		sb_wrap(out, lead.buf, "#   ", text.buf, WIDTH);
		sb_free(&lead);
		sb_free(&text);
	}
	free(v);
	strlist_free(&tests);
}

/* What became of entry i: a "# " line saying so and why */
static void explain_one(const struct kdata *kd, const struct exclude_opts *xo,
			const char *section, const struct applied_set *set,
			size_t i, struct strbuf *out)
{
	const struct entry *e = &kd->ds.entries[i];
	struct strbuf why = { 0 };
	const struct applied *a;
	enum verdict v;
	const char *what;

	v = selector_check(&kd->sel, i, section, &why);
	/* what happens to the test: the entries merged */
	a = v == APPLIES ? applied_find(set, e->test) : NULL;
	if (!a)
		what = "not applied";
	else if (a->kind == KIND_FLAKY)
		what = "runs (flaky)";
	else if (a->kind == KIND_FAIL && xo->run_known)
		what = "runs (--run-known-failures)";
	else
		what = "left out";
	/* undecided, but that does not matter: not counted */
	if (v != APPLIES && v != NOT_COND && e->cond && kd->sel.cond[i] == '?')
		sb_printf(&why, "; if %s: undecided (no config), not counted",
			  e->cond);
	if (a && a->kind != e->kind)
		sb_printf(&why, "; %s (%s:%u) decides", kind_name(a->kind),
			  entry_file(a->entry), a->entry->line);
	/* one line each, however long: --explain asked for everything */
	sb_printf(out, "# %s: %s %s (%s:%u): %s\n", what, e->test,
		  kind_name(e->kind), entry_file(e), e->line, why.buf);
	sb_free(&why);
}

void exclude_list(const struct kdata *kd, const struct datadir *dd,
		  const struct exclude_opts *xo, const char *section,
		  struct strbuf *out)
{
	struct applied_set set;
	struct strbuf text = { 0 };
	char vbuf[48];
	size_t i, n;

	sb_printf(out, "# fstests exclude list for %s, section %s\n", xo->fs,
		  section ? section : "(none)");
	sb_printf(out, "# kernel %s (version %s)\n", kd->k.release,
		  kver_str(&kd->k.version, vbuf));
	/* a long path on a line of its own, whole, so the file fits a mail */
	if (dd->dir && strlen("# data ") + strlen(dd->dir) > WIDTH)
		sb_printf(out, "# data\n#   %s\n", dd->dir);
	else
		sb_printf(out, "# data %s\n", dd->dir ? dd->dir : "built in");
	sb_printf(out, "# made by %s exclude; use: ./check -E FILE\n",
		  progname);
	if (kd->note)
		comment(out, kd->note);
	kdata_say_section(kd, section, out);
	kdata_say_undecided(kd, section, out);
	env_say_switches(kd, section, xo->run_known, xo->env, out);
	n = exclude_section_only(kd, section);
	if (n) {
		sb_printf(&text, "%zu %s: give --section", n, SECTION_ONLY);
		comment(out, text.buf);
		sb_free(&text);
	}
	select_section(&kd->sel, section, &set);
	left_out(&set, xo, out);
	for (i = 0; xo->explain && i < kd->ds.n; i++)
		explain_one(kd, xo, section, &set, i, out);
	applied_free(&set);
}
