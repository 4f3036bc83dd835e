// SPDX-License-Identifier: GPL-2.0
/*
 * Imported data lines merged into a data file's text, as a maintainer
 * would: the existing lines stay, an entry already there is not added
 * again but gets the imported evidence (from=, seen=), a line written by
 * hand for the same test, section and switch is never weakened: the
 * imported line's origin is merged into it instead of the line being
 * added. A new entry goes after the entries of its test, or in the
 * sorted block of its source ("# Imported from SOURCE ..."), which is
 * started at the end of the file when there is none. The lines of a
 * user's own lists ("# Imported from user:PATH") and the harnesses' stay
 * apart: neither goes among or into the other's.
 */
#include <stdlib.h>
#include <string.h>

#include "entries/entry-keys.h"
#include "entries/entry.h"
#include "import/import.h"
#include "lib/strmap.h"

#define BLOCK		"# Imported from "
#define USER_BLOCK	BLOCK "user:"

struct mline {
	const char *s;		/* the line in the old text */
	size_t len;		/* without its newline */
	char *test;		/* the entry's test, NULL for others */
	char *scope;		/* its section= and env= words */
	char *key;		/* its entry without evidence words */
	bool hand;		/* from=hand, or no from= at all */
	bool user;		/* in the block of a user's own lists */
	char *edited;		/* the line with evidence merged, or NULL */
	struct strlist after;	/* new lines to write after this one */
};

struct merge {
	struct mline *l;
	size_t n, alloc;
	struct strmap keys;	/* entries there, or already added */
	size_t hdr;		/* the source's block header, or n */
	struct strlist tail;	/* a new block at the end */
	bool user;		/* the source is a user's own lists */
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

/*
 * Words that record evidence, not what the entry selects, and the gate
 * on the fstests side (test-fixed-by=, test-fixed=: a test fstests fixed
 * or renamed) that no harness's list says: a line so gated is the
 * imported entry, never weakened by a second, ungated copy of it.
 */
static bool evidence_word(const char *w, size_t n)
{
	static const char *const keys[] = {
		"from=", "seen=", "passed=", "test-fixed-by=", "test-fixed=",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		if (n > strlen(keys[i]) && !strncmp(w, keys[i], strlen(keys[i])))
			return true;
	return false;
}

/* The value of key= among the words of key (a data_line_key), or NULL */
static char *word_value(const char *key, const char *name)
{
	const char *p = key;
	size_t n = strlen(name);

	while (*p) {
		size_t len = strcspn(p, " ");

		if (!strncmp(p, "if", len) && len == 2)
			return NULL;
		if (len > n && !strncmp(p, name, n))
			return xstrndup(p + n, len - n);
		p += len + (p[len] == ' ');
	}
	return NULL;
}

/* The entry's words less the evidence: two lines that select alike */
static char *bare_key(const char *key)
{
	struct strbuf sb = { 0 };
	const char *p = key;
	bool cond = false;

	while (*p) {
		size_t len = strcspn(p, " ");

		cond |= len == 2 && !strncmp(p, "if", 2);
		if (cond || !evidence_word(p, len))
			sb_printf(&sb, "%s%.*s", sb.len ? " " : "", (int)len, p);
		p += len + (p[len] == ' ');
	}
	return sb.buf ? sb.buf : xstrdup("");
}

/*
 * "section=... env=... if COND": which runs a line is for, beside its
 * test. A hand line for the kernels without XFS quota says nothing of
 * a failure seen with it.
 */
static char *scope_of(const char *key)
{
	char *sec = word_value(key, "section="), *env = word_value(key, "env=");
	const char *cond = strstr(key, " if ");
	char *s = xasprintf("%s %s%s", sec ? sec : "", env ? env : "",
			    cond ? cond : "");

	free(sec);
	free(env);
	return s;
}

static bool hand_written(const char *key)
{
	char *from = word_value(key, "from=");
	bool hand = !from || !strcmp(from, "hand") ||
		str_starts(from, "hand,") || strstr(from, ",hand");

	free(from);
	return hand;
}

/* The values of list in key= of line added to its list, or the key added */
static char *merge_values(const char *line, const char *name,
			  const char *list)
{
	char *c = xstrdup(line), *cm = strchr(c, '#'), *out;
	bool from = !strcmp(name, "from=");	/* origins compared in full */
	char *at, *vals, *p, *v, *save = NULL;
	char *copy = from ? origins_full(list) : xstrdup(list);
	struct strbuf sb = { 0 };
	size_t n = strlen(name);

	if (cm)
		*cm = '\0';
	for (at = c; (at = strstr(at, name)); at++)
		if (at == c || at[-1] == ' ')
			break;
	vals = at ? xstrndup(at + n, strcspn(at + n, " ")) : xstrdup("");
	if (from) {
		char *full = origins_full(vals);

		sb_puts(&sb, full);
		free(full);
	} else {
		sb_puts(&sb, vals);
	}
	for (v = strtok_r(copy, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
		bool have = false;

		for (p = strstr(sb.buf ? sb.buf : "", v); p && !have;
		     p = strstr(p + 1, v))
			have = (p == sb.buf || p[-1] == ',') &&
				(!p[strlen(v)] || p[strlen(v)] == ',');
		if (!have)
			sb_printf(&sb, "%s%s", sb.len ? "," : "", v);
	}
	if (from && sb.buf) {
		char *joined = origins_rejoin(sb.buf);

		sb_free(&sb);
		sb_puts(&sb, joined);
		free(joined);
	}
	if (at) {
		out = xasprintf("%.*s%s%s%s", (int)(at - c + n), c, sb.buf,
				at + n + strlen(vals), cm ? line + (cm - c) : "");
	} else {
		/* before "if" (the rest up to '#' is its expression) or '#' */
		char *cond = strstr(c, " if ");
		char *end = cond ? cond : c + strlen(c);

		while (end > c && end[-1] == ' ')
			end--;
		out = xasprintf("%.*s %s%s%s%s", (int)(end - c), c, name,
				sb.buf, end + strspn(end, " ") == c + strlen(c) ?
				(cm ? "  " : "") : end,
				cm ? line + (cm - c) : "");
	}
	sb_free(&sb);
	free(vals);
	free(copy);
	free(c);
	return out;
}

/* The imported line's from= and seen= merged into existing line l */
static void merge_evidence(struct mline *l, const char *imported)
{
	char *ikey = data_line_key(imported);
	char *from = ikey ? word_value(ikey, "from=") : NULL;
	char *seen = ikey ? word_value(ikey, "seen=") : NULL;
	char *cur = l->edited ? l->edited : xstrndup(l->s, l->len), *next;
	char *key = data_line_key(cur);
	char *old = key ? word_value(key, "from=") : NULL;
	bool had_from = old;

	free(old);
	free(key);
	if (from) {
		char *f = had_from ? xstrdup(from) : xasprintf("hand,%s", from);

		next = merge_values(cur, "from=", f);
		free(cur);
		cur = next;
		free(f);
	}
	if (seen) {
		next = merge_values(cur, "seen=", seen);
		free(cur);
		cur = next;
	}
	l->edited = cur;	/* the old edit was cur, or freed with it */
	free(from);
	free(seen);
	free(ikey);
}

static void split_lines(struct merge *m, const char *buf, size_t len,
			const char *marker)
{
	const char *s = buf, *end = buf + len;
	bool in_user = false;

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
			l->key = bare_key(key);
			l->scope = scope_of(key);
			l->hand = hand_written(key);
			l->user = in_user;
			strmap_get(&m->keys, l->key, strlen(l->key), true, NULL);
		} else {
			if (m->hdr == (size_t)-1 && str_starts(line, marker))
				m->hdr = m->n - 1;
			/* a block runs from its header to a blank line */
			if (!l->len)
				in_user = false;
			else if (str_starts(line, BLOCK))
				in_user = str_starts(line, USER_BLOCK);
		}
		free(key);
		free(line);
		s += l->len + (nl ? 1 : 0);
	}
}

/* Is l a line of the other kind of source: not to go among or into? */
static bool apart(const struct merge *m, const struct mline *l)
{
	return !l->hand && l->user != m->user;
}

/*
 * Where a new entry for test goes: after which line, or n for the tail.
 * A user's entry goes only into its own block.
 */
static size_t place(const struct merge *m, const char *test)
{
	size_t i, at = m->n;

	for (i = 0; !m->user && i < m->n; i++) {
		if (m->l[i].test && !m->l[i].user &&
		    !strcmp(m->l[i].test, test))
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

/*
 * The line of the file the imported line (bare key, test, scope) is to
 * go into: the same entry, or a hand-written line for the same test and
 * runs; NULL for a new entry.
 */
static struct mline *merge_target(struct merge *m, const char *bare,
				  const char *test, const char *scope)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (m->l[i].key && !strcmp(m->l[i].key, bare))
			return &m->l[i];
	for (i = 0; i < m->n; i++)
		if (m->l[i].hand && m->l[i].test && !strcmp(m->l[i].test, test) &&
		    !strcmp(m->l[i].scope, scope))
			return &m->l[i];
	return NULL;
}

static void add_lines(struct merge *m, struct import_line **lines, size_t n,
		      struct import_merge_stats *st)
{
	size_t i;

	qsort(lines, n, sizeof(*lines), cmp_lines);
	for (i = 0; i < n; i++) {
		char *full = data_line_key(lines[i]->text), *test, *key, *scope;
		struct mline *into;
		bool added = false;
		size_t at;

		key = full ? bare_key(full) : NULL;
		scope = full ? scope_of(full) : NULL;
		test = full ? first_word(full) : NULL;
		into = key ? merge_target(m, key, test, scope) : NULL;
		if (into && apart(m, into))
			strlist_add(&st->apart, xasprintf("%s (line %zu)", test,
							  into - m->l + 1));
		else if (into)
			merge_evidence(into, lines[i]->text);
		else if (key)
			strmap_get(&m->keys, key, strlen(key), true, &added);
		free(full);
		free(scope);
		free(test);
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
		if (m->l[i].edited)
			sb_puts(out, m->l[i].edited);
		else
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
	struct merge m = { .hdr = (size_t)-1,
			   .user = str_starts(source, "user:") };
	char *marker = xasprintf(BLOCK "%s", source);
	size_t i;

	split_lines(&m, buf, len, marker);
	add_lines(&m, lines, n, st);
	emit(&m, fs, marker, out);
	for (i = 0; i < m.n; i++) {
		free(m.l[i].test);
		free(m.l[i].key);
		free(m.l[i].scope);
		free(m.l[i].edited);
		strlist_free(&m.l[i].after);
	}
	free(m.l);
	strlist_free(&m.tail);
	strmap_free(&m.keys);
	free(marker);
}
