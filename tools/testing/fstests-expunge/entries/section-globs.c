// SPDX-License-Identifier: GPL-2.0
/*
 * Section lists written short: a section= list of three or more plain
 * names as prefix globs, checked against every section name known for
 * the filesystem (issue 29: a line a maintainer reads at a glance).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "entries/entry-format.h"
#include "entries/known-names.h"
#include "entries/section-globs.h"
#include "entries/select.h"
#include "lib/strmap.h"

void section_universe_add(struct strlist *u, const char *fs,
			  const struct dataset *ds)
{
	size_t i, j;

	for (i = 0; ds && i < ds->n; i++) {
		char **s = ds->entries[i].sections;

		for (j = 0; s && s[j]; j++) {
			if (plain_section_name(s[j]) && !strlist_has(u, s[j]))
				strlist_add(u, xstrdup(s[j]));
		}
	}
	known_sections(fs, u);
}

/* Does the one glob g match section s of fs? */
static bool one_matches(const char *g, const char *fs, const char *s)
{
	char *one[2] = { (char *)g, NULL };

	return section_matches(one, fs, s);
}

/* Does any glob of l (n of them) match section s of fs? */
static bool any_matches(const struct strlist *l, const char *fs,
			const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (one_matches(l->v[i], fs, s))
			return true;
	}
	return false;
}

/* Would !b leave out a section that names selects (of u or names)? */
static bool excludes_wanted(const char *b, char *const *names, size_t n,
			    const char *fs, const struct strlist *u)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (one_matches(b, fs, names[i]))
			return true;
	}
	for (i = 0; i < u->n; i++) {
		if (section_matches(names, fs, u->v[i]) &&
		    one_matches(b, fs, u->v[i]))
			return true;
	}
	return false;
}

struct glob_try {
	char *const *names;
	size_t n;
	const bool *done;
	const char *fs;
	const struct strlist *u;
	const struct strlist *excl;	/* the names left out so far */
};

/*
 * What writing g instead of the names it matches that are not yet
 * written as a glob saves, in characters, less its !NAME words (into
 * bad): 0 when it stands for fewer than two names or would leave out
 * a section the names select.
 */
static long glob_gain(const struct glob_try *t, const char *g,
		      struct strlist *bad)
{
	long gain = -(long)strlen(g) - 1;
	size_t i, covers = 0;

	for (i = 0; i < t->n; i++) {
		if (!t->done[i] && one_matches(g, t->fs, t->names[i])) {
			gain += strlen(t->names[i]) + 1;
			covers++;
		}
	}
	if (covers < 2)
		return 0;
	for (i = 0; i < t->u->n; i++) {
		const char *s = t->u->v[i];

		if (!one_matches(g, t->fs, s) ||
		    section_matches(t->names, t->fs, s) ||
		    any_matches(t->excl, t->fs, s) || any_matches(bad, t->fs, s))
			continue;
		if (excludes_wanted(s, t->names, t->n, t->fs, t->u))
			return 0;
		strlist_add(bad, xstrdup(s));
		gain -= strlen(s) + 2;
	}
	return gain > 0 ? gain : 0;
}

/* The best prefix glob for what is not yet written as one, or NULL */
static char *best_glob(const struct glob_try *t, struct strlist *bad)
{
	size_t i, k, fsn = t->fs ? strlen(t->fs) : 0;
	char *best = NULL;
	long best_gain = 0;

	for (i = 0; i < t->n; i++) {
		const char *name = t->names[i];
		/* not "FS*" or "FS_*": every section, also those to come */
		size_t min = fsn && !strncasecmp(name, t->fs, fsn) ? fsn + 2 : 1;

		for (k = min; k <= strlen(name); k++) {
			struct strlist b = { 0 };
			char *g;
			long gain;

			/* "xfs_crc*" and "xfs_crc_*", not "xfs_cr*" */
			if (name[k] && !strchr("_-", name[k]) &&
			    !strchr("_-", name[k - 1]))
				continue;
			g = xasprintf("%.*s*", (int)k, name);
			gain = glob_gain(t, g, &b);
			if (gain > best_gain) {
				free(best);
				strlist_free(bad);
				best = g;
				best_gain = gain;
				*bad = b;
			} else {
				free(g);
				strlist_free(&b);
			}
		}
	}
	return best;
}

static size_t list_len(char *const *l)
{
	size_t i, len = 0;

	for (i = 0; l[i]; i++)
		len += strlen(l[i]) + !!i;
	return len;
}

/* Do a and b select the same sections of fs among u and a's names? */
static bool same_selection(char *const *a, char *const *b, const char *fs,
			   const struct strlist *u)
{
	size_t i;

	for (i = 0; i < u->n; i++) {
		if (section_matches(a, fs, u->v[i]) !=
		    section_matches(b, fs, u->v[i]))
			return false;
	}
	for (i = 0; a[i]; i++) {
		if (!section_matches(b, fs, a[i]))
			return false;
	}
	return true;
}

/* The names not written as a glob, each glob where its first name was */
static char **write_list(char *const *names, size_t n, const bool *done,
			 const char *fs, const struct strlist *globs,
			 const struct strlist *excl)
{
	bool *put = xcalloc(globs->n + 1, sizeof(*put));
	struct strlist out = { 0 };
	size_t i, j;

	for (i = 0; i < n; i++) {
		if (!done[i]) {
			strlist_add(&out, xstrdup(names[i]));
			continue;
		}
		for (j = 0; j < globs->n; j++) {
			if (!put[j] && one_matches(globs->v[j], fs, names[i])) {
				put[j] = true;
				strlist_add(&out, xstrdup(globs->v[j]));
			}
		}
	}
	for (j = 0; j < excl->n; j++)
		strlist_add(&out, xasprintf("!%s", excl->v[j]));
	strlist_add(&out, NULL);
	free(put);
	return out.v;
}

char **section_globs(char *const *names, const char *fs,
		     const struct strlist *u)
{
	struct strlist globs = { 0 }, excl = { 0 };
	struct glob_try t = { names, 0, NULL, fs, u, &excl };
	char **out = NULL;
	bool *done;
	size_t i;
	char *g;

	for (; names[t.n]; t.n++) {
		if (!plain_section_name(names[t.n]))
			return NULL;
	}
	if (t.n < 3)
		return NULL;
	done = xcalloc(t.n, sizeof(*done));
	t.done = done;
	for (;;) {
		struct strlist bad = { 0 };

		g = best_glob(&t, &bad);
		if (!g)
			break;
		for (i = 0; i < t.n; i++)
			done[i] |= one_matches(g, fs, names[i]);
		strlist_add(&globs, g);
		for (i = 0; i < bad.n; i++)
			strlist_add(&excl, xstrdup(bad.v[i]));
		strlist_free(&bad);
	}
	if (globs.n) {
		out = write_list(names, t.n, done, fs, &globs, &excl);
		if (list_len(out) >= list_len(names) ||
		    !same_selection(names, out, fs, u)) {
			free_list(out);
			out = NULL;
		}
	}
	strlist_free(&globs);
	strlist_free(&excl);
	free(done);
	return out;
}

int data_section_globs(const char *name, const char *fs, const char *buf,
		       size_t len, const struct strlist *u,
		       struct strmap *keep, struct strbuf *out)
{
	const char *s = buf, *end = buf + len, *nl;
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	size_t i = 0, line = 0;
	int ret = 0;

	if (data_parse(&ds, name, buf, len, &d)) {
		ret = -1;
		goto out;
	}
	for (; s < end; s = nl + 1) {
		const struct entry *e = i < ds.n ? &ds.entries[i] : NULL;
		char **short_list = NULL;

		nl = memchr(s, '\n', end - s);
		nl = nl ? nl : end;
		if (++line == (e ? e->line : 0)) {
			i++;
			if (e->sections &&
			    !(keep && strmap_get(keep, s, nl - s, false, NULL)))
				short_list = section_globs(e->sections, fs, u);
		}
		if (short_list) {
			struct entry m = *e;

			m.sections = short_list;
			entry_format(&m, out);
			free_list(short_list);
		} else {
			sb_add(out, s, nl - s);
		}
		if (nl < end)
			sb_puts(out, "\n");
	}
out:
	diag_free(&d);
	dataset_free(&ds);
	return ret;
}
