// SPDX-License-Identifier: GPL-2.0
/*
 * Is an imported fact already in the data? It is when a line of the same
 * test in FS.expunge or eol/FS.expunge names, in its from=, every list
 * the fact's from= names (both in their short form, which names no
 * commit; for "kdevops", the lists of kernel directories, every kernel
 * of the fact's seen= in its seen=) and its sections take in the
 * fact's: whatever a maintainer
 * made of that line since (its reason, kind, versions, fix, sections
 * merged or compacted), it is the line the source's list gave, and a
 * re-import of the same lists leaves it as it is.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "entries/entry.h"
#include "import/import.h"
#include "lib/strmap.h"

struct there_line {
	struct strlist files;	/* from= values without their @COMMIT */
	struct strlist sections;	/* section= globs */
	struct kver_list seen;	/* seen= */
	int prev;		/* the line before of the same test, or -1 */
};

/* A from= value less its "@COMMIT": the list file it names */
static char *list_file(const char *from)
{
	const char *at = strrchr(from, '@');

	if (!at || strchr(at, '/') || !at[1])
		return xstrdup(from);
	return xstrndup(from, at - from);
}

static void add_entry(struct import_there *t, const struct entry *e)
{
	struct there_line *l = array_push(&t->l, &t->n, &t->alloc,
					  sizeof(*l));
	int *last = strmap_get(&t->tests, e->test, strlen(e->test), true,
			       NULL);
	char *const *f;
	size_t i, alloc = 0;

	memset(l, 0, sizeof(*l));
	for (f = e->from; f && *f; f++)
		strlist_add(&l->files, list_file(*f));
	for (f = e->sections; f && *f; f++)
		strlist_add(&l->sections, xstrdup(*f));
	for (i = 0; i < e->seen.n; i++)
		*(struct kver *)array_push(&l->seen.v, &l->seen.n, &alloc,
					   sizeof(struct kver)) = e->seen.v[i];
	l->prev = *last - 1;
	*last = (int)t->n;
}

void import_there_add(struct import_there *t, const char *name,
		      const char *buf, size_t len)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	size_t i;

	data_parse(&ds, name, buf, len, &d);
	for (i = 0; i < ds.n; i++)
		add_entry(t, &ds.entries[i]);
	diag_free(&d);
	dataset_free(&ds);
}

static bool has_file(const struct there_line *l, const char *file)
{
	size_t i;

	for (i = 0; i < l->files.n; i++) {
		if (!strcmp(l->files.v[i], file))
			return true;
	}
	return false;
}

/* Is section (a name or a glob) among l's: a plain glob matches it */
static bool takes_section(const struct there_line *l, const char *section)
{
	size_t i;

	for (i = 0; i < l->sections.n; i++) {
		const char *g = l->sections.v[i];

		if (g[0] != '!' && (!strcmp(g, section) ||
				    !fnmatch(g, section, 0)))
			return true;
	}
	return false;
}

/* Does l apply in every section e does (a short origin names no list)? */
static bool takes_sections(const struct there_line *l, const struct entry *e)
{
	char *const *s;
	bool plain = false, named = false;
	size_t i;

	for (i = 0; i < l->sections.n; i++)
		plain |= l->sections.v[i][0] != '!';
	if (!plain)
		return true;
	for (s = e->sections; s && *s; s++) {
		if (**s == '!')
			continue;
		if (!takes_section(l, *s))
			return false;
		named = true;
	}
	return named;
}

/* Does line l name every list of e's from=, in e's sections? */
static bool carries(const struct there_line *l, const struct entry *e)
{
	char *const *f;
	bool all = takes_sections(l, e);
	size_t i;

	for (f = e->from; all && *f; f++) {
		char *file = list_file(*f);

		all = has_file(l, file);
		free(file);
		/* kdevops' kernel directories: the fact's kernels are l's */
		for (i = 0; all && !strcmp(*f, "kdevops") && i < e->seen.n; i++)
			all = kver_list_has(&l->seen, &e->seen.v[i]);
	}
	return all;
}

bool import_there_has(struct import_there *t, const char *text)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	const struct entry *e;
	bool has = false;
	int *at, i;

	data_parse(&ds, "import", text, strlen(text), &d);
	e = ds.n == 1 ? &ds.entries[0] : NULL;
	at = e && e->from ? strmap_get(&t->tests, e->test, strlen(e->test),
				       false, NULL) : NULL;
	for (i = at ? *at - 1 : -1; i >= 0 && !has; i = t->l[i].prev)
		has = carries(&t->l[i], e);
	diag_free(&d);
	dataset_free(&ds);
	return has;
}

void import_there_free(struct import_there *t)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		strlist_free(&t->l[i].files);
		strlist_free(&t->l[i].sections);
		kver_list_free(&t->l[i].seen);
	}
	free(t->l);
	strmap_free(&t->tests);
	memset(t, 0, sizeof(*t));
}
