// SPDX-License-Identifier: GPL-2.0
/*
 * The rules "check" applies to the data beyond its syntax: duplicates and
 * conflicts, tests that cannot run, conditions, symbols and tests that
 * do not exist.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "entries/data-dir.h"
#include "fstests/tree.h"
#include "fstests/rev.h"
#include "entries/lint-compact.h"
#include "entries/lint-evidence.h"
#include "entries/lint.h"
#include "kernel/kcond.h"
#include "lib/suggest.h"

static bool same_list(char *const *a, char *const *b)
{
	size_t i;

	if (!a || !b)
		return a == b;
	for (i = 0; a[i] && b[i]; i++) {
		if (strcmp(a[i], b[i]))
			return false;
	}
	return !a[i] && !b[i];
}

static bool same_versions(bool has_a, const struct kver_list *a, bool has_b,
			  const struct kver_list *b)
{
	size_t i;

	if (has_a != has_b || a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++) {
		if (kver_cmp(&a->v[i], &b->v[i]))
			return false;
	}
	return true;
}

static bool same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/*
 * Entries for one test under the very same conditions: the same
 * sections, kernels, config, switches and fstests fix.
 */
static bool same_conditions(const struct entry *a, const struct entry *b)
{
	return same_list(a->sections, b->sections) &&
	       same_versions(a->has_since, &a->since, b->has_since,
			     &b->since) &&
	       same_versions(a->has_fixed, &a->fixed, b->has_fixed,
			     &b->fixed) &&
	       same_versions(a->has_until, &a->until, b->has_until,
			     &b->until) &&
	       same_str(a->cond, b->cond) && same_list(a->env, b->env) &&
	       same_list(a->test_fixed_by, b->test_fixed_by) &&
	       same_str(a->test_fixed, b->test_fixed);
}

/* "DIR/ext4.expunge" -> "ext4" */
static char *fs_of(const char *path)
{
	const char *base = strrchr(path, '/');
	const char *dot;

	base = base ? base + 1 : path;
	dot = strstr(base, ".expunge");
	if (!dot || dot[8])
		return NULL;
	return xstrndup(base, dot - base);
}

static bool is_global(const char *file)
{
	char *fs = fs_of(file);
	bool ret = fs && !strcmp(fs, GLOBAL_DATA);

	free(fs);
	return ret;
}

/*
 * Duplicates and conflicts: within a file, and between global.expunge and
 * each filesystem's file (which add up for that filesystem).
 */
static void check_pairs(const struct dataset *ds, struct diag *d)
{
	size_t i, j;

	for (i = 0; i < ds->n; i++) {
		const struct entry *a = &ds->entries[i];

		for (j = 0; j < i; j++) {
			const struct entry *b = &ds->entries[j];

			if (strcmp(a->test, b->test) || !same_conditions(a, b))
				continue;
			if (a->file != b->file && !is_global(a->file) &&
			    !is_global(b->file))
				continue;
			if (a->kind == b->kind)
				diag_add(d, true, a->file, a->line,
					 "%s: duplicate of %s:%u", a->test,
					 b->file, b->line);
			else
				diag_add(d, true, a->file, a->line,
					 "%s: %s conflicts with %s at %s:%u",
					 a->test, kind_name(a->kind),
					 kind_name(b->kind), b->file, b->line);
			break;
		}
	}
}

static void check_entry(const struct entry *e, const char *fs,
			struct diag *d)
{
	const char *slash = strchr(e->test, '/');
	size_t i, len = slash ? slash - e->test : 0;
	const char *name = e->test + len + 1;
	size_t word = 0;
	char vbuf[48];

	if (entry_group(e))
		return;		/* group:NAME holds tests of any directory */
	while (isalnum((unsigned char)name[word]) || name[word] == '_')
		word++;

	/* check -E matches ^TEST\b: "xfs/191-x" also leaves out xfs/191 */
	if (word && name[word])
		diag_add(d, false, e->file, e->line,
			 "%s: 'check -E' would also leave out %.*s",
			 e->test, (int)(len + 1 + word), e->test);

	/* since=X where X is already fixed: never applies there */
	for (i = 0; e->has_fixed && i < e->since.n; i++) {
		if (kver_list_matches(&e->fixed, &e->since.v[i], NULL))
			diag_add(d, false, e->file, e->line,
				 "%s: %s=%s is already fixed (fixed=)", e->test,
				 entry_series(e) ? "series" : "since",
				 kver_str(&e->since.v[i], vbuf));
	}
	if (!fs || !strcmp(fs, GLOBAL_DATA)) {
		if (fs && strncmp(e->test, "generic/", 8) &&
		    strncmp(e->test, "shared/", 7))
			diag_add(d, false, e->file, e->line,
				 "%s: a %.*s test in the data for every filesystem",
				 e->test, (int)len, e->test);
		return;
	}
	if (!test_runs_on(e->test, fs))
		diag_add(d, false, e->file, e->line,
			 "%s: a %.*s test never runs on %s", e->test, (int)len,
			 e->test, fs);
}

/* Kconfig syntax of every condition, each mapped to its line. */
static int check_conds(const struct dataset *ds, struct diag *d)
{
	struct kcond *conds = xcalloc(ds->n, sizeof(*conds));
	size_t *idx = xcalloc(ds->n, sizeof(*idx));
	size_t n = 0, i;
	char *err = NULL;
	int ret = 0;

	for (i = 0; i < ds->n; i++) {
		if (ds->entries[i].cond) {
			idx[n] = i;
			conds[n++].expr = ds->entries[i].cond;
		}
	}
	if (n && kcond_eval(conds, n, NULL, NULL, &err) < 0) {
		pr_err("cannot evaluate conditions: %s", err);
		free(err);
		ret = -1;
	}
	for (i = 0; i < n; i++) {
		const struct entry *e = &ds->entries[idx[i]];

		if (conds[i].error)
			diag_cond(d, e, conds[i].error);
		free(conds[i].error);
	}
	free(conds);
	free(idx);
	return ret;
}

static bool declared(const struct strlist *decl, const char *name)
{
	size_t lo = 0, hi = decl->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(decl->v[mid], name);

		if (!c)
			return true;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

/* An unknown symbol: say so, with the declared name it most looks like. */
static void unknown_symbol(const struct entry *e, const char *sym,
			   const struct strlist *decl, const char *srctree,
			   struct diag *d)
{
	const char *hint = suggest_name(sym, decl->v, decl->n);

	if (hint)
		diag_add(d, true, e->file, e->line,
			 "%s: no such config symbol in %s (did you mean %s?)",
			 sym, srctree, hint);
	else
		diag_add(d, true, e->file, e->line,
			 "%s: no such config symbol in %s", sym, srctree);
}

/* With a tree: every symbol named must exist in its Kconfig. */
static int check_symbols(const struct dataset *ds, const char *srctree,
			 struct diag *d)
{
	struct strlist decl = { 0 };
	char **syms, *err = NULL;
	size_t i, j, m;

	for (i = 0; i < ds->n && !ds->entries[i].cond; i++)
		;
	if (i == ds->n)
		return 0;
	if (kcond_tree_declared(srctree, &decl, &err)) {
		pr_err("%s: cannot read its Kconfig: %s", srctree, err);
		free(err);
		strlist_free(&decl);
		return -1;
	}
	for (i = 0; i < ds->n; i++) {
		const struct entry *e = &ds->entries[i];

		if (!e->cond)
			continue;
		syms = kcond_symbols(e->cond, &m);
		for (j = 0; j < m; j++) {
			if (!declared(&decl, syms[j]))
				unknown_symbol(e, syms[j], &decl, srctree, d);
		}
		free_list(syms);
	}
	strlist_free(&decl);
	return 0;
}

/*
 * A test the tree lacks: an error unless the tree's history had it and
 * the line stops applying there (test-fixed-by=/test-fixed= the tree
 * has): users of older fstests still run it under that name. A tree
 * without git history (a release tarball) cannot say: there the line's
 * own test-fixed-by=/test-fixed= (the data's record of the rename or
 * removal) is taken for it, and a note says so.
 */
static void gone_test(const struct entry *e, const struct fstests_rev *rev,
		      const char *fstests, struct diag *d)
{
	struct fstests_gone g;

	if (!rev->git && (e->test_fixed_by || e->test_fixed)) {
		diag_note(d, e->file, e->line,
			  "%s: not in %s, which has no git history to say: the line records it renamed or removed (%s=%s), taken as such",
			  e->test, fstests,
			  e->test_fixed_by ? "test-fixed-by" : "test-fixed",
			  e->test_fixed_by ? e->test_fixed_by[0] :
			  e->test_fixed);
		return;
	}
	if (!fstests_rev_gone(rev, e->test, &g)) {
		diag_add(d, true, e->file, e->line,
			 "%s: no such test in %s%s", e->test, fstests,
			 rev->git ? " nor in its git history" :
			 " (renamed or removed? it has no git history to say)");
		return;
	}
	if (!fstests_rev_has_fix(rev, e->test_fixed_by, e->test_fixed, NULL))
		diag_add(d, true, e->file, e->line,
			 "%s: %s%s by fstests %.12s: add test-fixed-by=%.12s%s%s (the name stops applying there)%s%s",
			 e->test, g.renamed ? "renamed to " : "removed",
			 g.renamed ? g.renamed : "", g.commit, g.commit,
			 g.release ? " test-fixed=" : "",
			 g.release ? g.release : "",
			 g.renamed ? ", and a line for " : "",
			 g.renamed ? g.renamed : "");
	fstests_gone_free(&g);
}

/* Every test and group must be in the fstests tree, or was */
static int check_tests(const struct dataset *ds, const char *fstests,
		       struct diag *d)
{
	struct fstests_tree tree;
	struct fstests_rev rev;
	struct strlist tests = { 0 };
	char *err = NULL;
	size_t i;

	if (fstests_tree_read(fstests, &tree, &err))
		goto fail;
	if (fstests_rev_open(fstests, &rev, &err)) {
		fstests_tree_free(&tree);
		goto fail;
	}
	for (i = 0; i < ds->n; i++) {
		const struct entry *e = &ds->entries[i];
		const char *group = entry_group(e);

		if (group && !fstests_group_tests(&tree, group, &tests))
			diag_add(d, true, e->file, e->line,
				 "%s: no test in %s is in group %s", e->test,
				 fstests, group);
		else if (!group && !fstests_has_test(&tree, e->test))
			gone_test(e, &rev, fstests, d);
		strlist_free(&tests);
	}
	fstests_rev_free(&rev);
	fstests_tree_free(&tree);
	return 0;
fail:
	pr_err("%s", err);
	free(err);
	return -1;
}

int lint_dataset(const struct dataset *ds, const char *srctree,
		 const char *fstests, struct diag *d)
{
	int ret = 0;
	size_t i;

	for (i = 0; i < ds->n; i++) {
		char *name = fs_of(ds->entries[i].file);

		check_entry(&ds->entries[i], name, d);
		lint_evidence(&ds->entries[i], d);
		free(name);
	}
	check_pairs(ds, d);
	lint_compact(ds, d);
	if (check_conds(ds, d) ||
	    (srctree && check_symbols(ds, srctree, d)))
		ret = -1;
	if (fstests && check_tests(ds, fstests, d))
		ret = -1;
	return ret;
}
