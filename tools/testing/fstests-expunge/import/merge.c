// SPDX-License-Identifier: GPL-2.0
/*
 * Imported data lines merged into a data file's text, as a maintainer
 * would: the existing lines stay byte for byte, an entry already there is
 * not added again, a new entry goes after the entries of its test, or in
 * the sorted block of its source ("# Imported from SOURCE ..."), which is
 * started at the end of the file when there is none.
 */
#include <stdlib.h>
#include <string.h>

#include "entries/entry.h"
#include "import/import.h"
#include "lib/strmap.h"

struct mline {
	const char *s;		/* the line in the old text */
	size_t len;		/* without its newline */
	char *test;		/* the entry's test, NULL for others */
	struct strlist after;	/* new lines to write after this one */
};

struct merge {
	struct mline *l;
	size_t n, alloc;
	struct strmap keys;	/* entries there, or already added */
	size_t hdr;		/* the source's block header, or n */
	struct strlist tail;	/* a new block at the end */
};

/* "generic/79" before "generic/100": the numbers as numbers. */
int import_test_cmp(const char *a, const char *b)
{
	size_t da = strcspn(a, "/"), db = strcspn(b, "/");
	int c = strncmp(a, b, da < db ? da : db);

	if (c || da != db)
		return c ? c : (da < db ? -1 : 1);
	a += da;
	b += db;
	if (*a && *b && strspn(a + 1, "0123456789") == strlen(a + 1) &&
	    strspn(b + 1, "0123456789") == strlen(b + 1) &&
	    strlen(a) != strlen(b))
		return strlen(a) < strlen(b) ? -1 : 1;
	return strcmp(a, b);
}

static char *first_word(const char *key)
{
	return xstrndup(key, strcspn(key, " "));
}

static void split_lines(struct merge *m, const char *buf, size_t len,
			const char *marker)
{
	const char *s = buf, *end = buf + len;

	while (s < end) {
		const char *nl = memchr(s, '\n', end - s);
		struct mline *l = array_push(&m->l, &m->n, &m->alloc,
					     sizeof(*l));
		char *line, *key;

		memset(l, 0, sizeof(*l));
		l->s = s;
		l->len = (nl ? nl : end) - s;
		line = xstrndup(s, l->len);
		key = data_line_key(line);
		if (key) {
			l->test = first_word(key);
			strmap_get(&m->keys, key, strlen(key), true, NULL);
		} else if (m->hdr == (size_t)-1 && str_starts(line, marker)) {
			m->hdr = m->n - 1;
		}
		free(key);
		free(line);
		s += l->len + (nl ? 1 : 0);
	}
}

/* Where a new entry for test goes: after which line, or n for the tail. */
static size_t place(const struct merge *m, const char *test)
{
	size_t i, at = m->n;

	for (i = 0; i < m->n; i++) {
		if (m->l[i].test && !strcmp(m->l[i].test, test))
			at = i;
	}
	if (at < m->n || m->hdr == (size_t)-1)
		return at;
	at = m->hdr;
	for (i = m->hdr + 1; i < m->n && m->l[i].len; i++) {
		if (m->l[i].test && import_test_cmp(m->l[i].test, test) <= 0)
			at = i;
	}
	return at;
}

static int cmp_lines(const void *a, const void *b)
{
	const struct import_line *const *x = a, *const *y = b;
	char *ka = data_line_key((*x)->text), *kb = data_line_key((*y)->text);
	int c = import_test_cmp(ka ? ka : "", kb ? kb : "");

	free(ka);
	free(kb);
	return c ? c : (*x < *y ? -1 : *x > *y);
}

static void add_lines(struct merge *m, struct import_line **lines, size_t n,
		      struct import_merge_stats *st)
{
	size_t i;

	qsort(lines, n, sizeof(*lines), cmp_lines);
	for (i = 0; i < n; i++) {
		char *key = data_line_key(lines[i]->text), *test;
		bool added = false;
		size_t at;

		if (key)
			strmap_get(&m->keys, key, strlen(key), true, &added);
		if (!added) {
			st->present++;
			free(key);
			continue;
		}
		test = first_word(key);
		at = place(m, test);
		strlist_add(at < m->n ? &m->l[at].after : &m->tail,
			    xstrdup(lines[i]->text));
		st->added++;
		free(test);
		free(key);
	}
}

static void emit(struct merge *m, const char *fs, const char *marker,
		 struct strbuf *out)
{
	size_t i, j;

	if (!m->n && m->tail.n)
		sb_printf(out, "# SPDX-%s: GPL-2.0\n#\n"
			  "# fstests entries for %s (FSTYP=%s).\n"
			  "# Format: Documentation/filesystems/testing/data-format.rst.\n",
			  "License-Identifier", fs, fs);
	for (i = 0; i < m->n; i++) {
		sb_add(out, m->l[i].s, m->l[i].len);
		sb_puts(out, "\n");
		for (j = 0; j < m->l[i].after.n; j++)
			sb_printf(out, "%s\n", m->l[i].after.v[j]);
	}
	if (!m->tail.n)
		return;
	sb_printf(out, "\n%s (fstests-expunge import).\n", marker);
	for (j = 0; j < m->tail.n; j++)
		sb_printf(out, "%s\n", m->tail.v[j]);
}

void import_merge(const char *buf, size_t len, const char *fs,
		  const char *source, struct import_line **lines, size_t n,
		  struct strbuf *out, struct import_merge_stats *st)
{
	struct merge m = { .hdr = (size_t)-1 };
	char *marker = xasprintf("# Imported from %s", source);
	size_t i;

	split_lines(&m, buf, len, marker);
	add_lines(&m, lines, n, st);
	emit(&m, fs, marker, out);
	for (i = 0; i < m.n; i++) {
		free(m.l[i].test);
		strlist_free(&m.l[i].after);
	}
	free(m.l);
	strlist_free(&m.tail);
	strmap_free(&m.keys);
	free(marker);
}
