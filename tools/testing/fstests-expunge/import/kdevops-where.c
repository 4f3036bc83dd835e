// SPDX-License-Identifier: GPL-2.0
/*
 * Where kdevops saw a test fail, as a reason says it when its list has
 * no comment, in few words: at the newest kernel that lists it, in how
 * many of the sections kdevops ran for the filesystem, or that its
 * all.txt leaves the test out of every section.
 */
#include <stdio.h>
#include <string.h>

#include "import/kdevops.h"

static void add_once(struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return;
	strlist_add(l, xstrdup(s));
}

/* A list kdevops passes by default at point for fs (no switch) */
static bool counts(const struct kd_list *l, size_t point, const char *fs)
{
	return l->point == point && !l->env && !strcmp(l->fs, fs);
}

void kd_where(const struct kd_tree *t, const struct kd_point *p,
	      const char *fs, const char *test, struct strbuf *sb)
{
	struct strlist ran = { 0 }, failed = { 0 };
	size_t point = p - t->points, i;
	bool all = false;
	char buf[48];

	if (p->any) {
		sb_printf(sb, " (in kdevops' list for every kernel)");
		return;
	}
	for (i = 0; i < t->nlists; i++)
		if (counts(&t->lists[i], point, fs) && t->lists[i].section)
			add_once(&ran, t->lists[i].section);
	for (i = 0; i < t->ntests; i++) {
		const struct kd_list *l = &t->lists[t->tests[i].list];

		if (!counts(l, point, fs) || strcmp(t->tests[i].test, test))
			continue;
		if (l->section)
			add_once(&failed, l->section);
		else
			all = true;
	}
	kver_str(&p->v, buf);
	/* the filesystem is the file's, kdevops the line's from= */
	if (ran.n == 1 && (all || failed.n))
		sb_printf(sb, " (on %s: the only section run%s)", buf,
			  all ? ", all.txt" : "");
	else if (all && ran.n)
		sb_printf(sb, " (on %s: all.txt, all %zu sections)", buf,
			  ran.n);
	else if (all)
		sb_printf(sb, " (on %s: all.txt)", buf);
	else
		sb_printf(sb, " (on %s: %zu of %zu sections)", buf, failed.n,
			  ran.n);
	strlist_free(&ran);
	strlist_free(&failed);
}
