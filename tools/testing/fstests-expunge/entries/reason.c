// SPDX-License-Identifier: GPL-2.0
/*
 * Two reasons as one, clause by clause (see reason.h): what compaction
 * writes when it makes two lines one, so that the line says one reason,
 * not two joined.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "entries/reason.h"
#include "lib/strbuf.h"

enum clause_kind { PLAIN, RATE, SEE };

struct clause {
	char *text;		/* without its separator and "(on ...)" */
	char *on;		/* the " (on ...)" it ends with, or NULL */
	const char *sep;	/* "", ", " or "; ": what comes before it */
	bool gone;
};

struct clauses {
	struct clause *v;
	size_t n, alloc;
};

#define RATE_WORDS	"failure rate "
#define SEE_WORDS	"see "

/* What the importers say when they know no cause */
static const char *const stock[] = {
	"un-triaged: kdevops lists it with no cause",
	"un-triaged: failed in two or more sections of kdevops' baseline",
	"un-triaged: fails in several sections",
	"fails now and then",
	"cause not investigated yet",
};

static enum clause_kind kind(const char *text)
{
	if (str_starts(text, RATE_WORDS))
		return RATE;
	if (str_starts(text, SEE_WORDS))
		return SEE;
	return PLAIN;
}

static bool is_stock(const struct clause *c)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(stock); i++)
		if (!strcmp(c->text, stock[i]))
			return true;
	return false;
}

/* The length of the clause at s: up to ", " or "; " outside () and "" */
static size_t clause_len(const char *s)
{
	bool quoted = false;
	int depth = 0;
	size_t i;

	for (i = 0; s[i]; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		else if (quoted)
			continue;
		else if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && depth)
			depth--;
		else if (!depth && (s[i] == ',' || s[i] == ';') &&
			 s[i + 1] == ' ')
			break;
	}
	return i;
}

/* Where the clause (s, len) ends with " (on ...)", or len */
static size_t on_at(const char *s, size_t len)
{
	int depth = 0;
	size_t i;

	if (!len || s[len - 1] != ')')
		return len;
	for (i = len; i > 0; i--) {
		if (s[i - 1] == ')')
			depth++;
		else if (s[i - 1] == '(' && !--depth)
			break;
	}
	/* s[i - 1]: the "(" that the last ")" closes */
	if (i < 2 || s[i - 2] != ' ' || strncmp(s + i - 1, "(on ", 4))
		return len;
	return i - 2;
}

static void parse(const char *s, struct clauses *out)
{
	const char *sep = "";
	struct clause *c;
	size_t len, on;

	while (s && *s) {
		len = clause_len(s);
		on = on_at(s, len);
		c = array_push(&out->v, &out->n, &out->alloc, sizeof(*c));
		c->text = xstrndup(s, on);
		c->on = on < len ? xstrndup(s + on, len - on) : NULL;
		c->sep = sep;
		if (!s[len])
			break;
		sep = s[len] == ',' ? ", " : "; ";
		s += len + 2;
	}
}

static void clauses_free(struct clauses *cs)
{
	size_t i;

	for (i = 0; i < cs->n; i++) {
		free(cs->v[i].text);
		free(cs->v[i].on);
	}
	free(cs->v);
}

/* Is word (w, n) one of the space-separated words of list? */
static bool has_word(const char *list, const char *w, size_t n)
{
	size_t m;

	for (list += strspn(list, " "); *list; list += strspn(list, " ")) {
		m = strcspn(list, " ");
		if (m == n && !strncmp(list, w, n))
			return true;
		list += m;
	}
	return false;
}

/* The words of from (after skip bytes) that into lacks, added to it */
static void add_words(struct clause *into, const char *from, size_t skip)
{
	struct strbuf sb = { 0 };
	const char *w;
	size_t n;

	sb_puts(&sb, into->text);
	for (w = from + skip; *w; w += n + strspn(w + n, " ")) {
		n = strcspn(w, " ");
		if (n && !has_word(sb.buf + skip, w, n))
			sb_printf(&sb, " %.*s", (int)n, w);
	}
	free(into->text);
	into->text = sb.buf;
}

/* How many sections a "(on ...)" names: all.txt above any count */
static long on_weight(const char *on)
{
	const char *p;

	if (!on)
		return -1;
	if (strstr(on, "all.txt"))
		return LONG_MAX;
	p = strstr(on, ": ");
	if (p && isdigit((unsigned char)p[2]))
		return strtol(p + 2, NULL, 10);
	return 0;
}

/* into keeps the "(on ...)" naming more sections, its own on a tie */
static void take_on(struct clause *into, struct clause *from)
{
	if (on_weight(from->on) > on_weight(into->on)) {
		free(into->on);
		into->on = from->on;
		from->on = NULL;
	}
}

/* The clause of cs that says what c says (or holds its list), or n */
static size_t find(const struct clauses *cs, const struct clause *c)
{
	enum clause_kind k = kind(c->text);
	size_t i;

	for (i = 0; i < cs->n; i++)
		if (k == PLAIN ? !strcmp(cs->v[i].text, c->text) :
		    kind(cs->v[i].text) == k)
			break;
	return i;
}

static void fold(struct clause *into, struct clause *c)
{
	switch (kind(c->text)) {
	case RATE:
		add_words(into, c->text, strlen(RATE_WORDS));
		break;
	case SEE:
		add_words(into, c->text, strlen(SEE_WORDS));
		break;
	default:
		take_on(into, c);
	}
}

/* c (taken over) into cs at index at */
static void insert(struct clauses *cs, size_t at, const struct clause *c)
{
	array_push(&cs->v, &cs->n, &cs->alloc, sizeof(*c));
	memmove(&cs->v[at + 1], &cs->v[at], (cs->n - 1 - at) * sizeof(*c));
	cs->v[at] = *c;
}

/* Where what cs says ends and its links and fixes begin */
static size_t tail_at(const struct clauses *cs)
{
	size_t i;

	for (i = 0; i < cs->n; i++)
		if (kind(cs->v[i].text) == SEE ||
		    str_starts(cs->v[i].text, "fix: ") ||
		    str_starts(cs->v[i].text, "http"))
			break;
	return i;
}

/*
 * The clauses of s added to out: each new one after the clause the one
 * before it matched, the first before out's links and fixes.
 */
static void add_reason(struct clauses *out, const char *s)
{
	struct clauses in = { 0 };
	size_t i, m, at = tail_at(out);

	parse(s, &in);
	for (i = 0; i < in.n; i++) {
		m = find(out, &in.v[i]);
		if (m < out->n) {
			fold(&out->v[m], &in.v[i]);
			at = m + 1;
			continue;
		}
		if (!i && at)
			in.v[i].sep = "; ";
		else if (!i && out->n)
			out->v[0].sep = "; ";
		insert(out, at++, &in.v[i]);
		in.v[i].text = NULL;
		in.v[i].on = NULL;
	}
	clauses_free(&in);
}

/*
 * Of the stock clauses, the first stays. A cause does not make one go:
 * the lines merged may be of other sections or kernels than the line
 * that gave the cause, and for them nobody said it.
 */
static void drop_stock(struct clauses *cs)
{
	struct clause *keep = NULL;
	size_t i;

	for (i = 0; i < cs->n; i++) {
		if (!is_stock(&cs->v[i]))
			continue;
		if (!keep) {
			keep = &cs->v[i];
			continue;
		}
		take_on(keep, &cs->v[i]);
		cs->v[i].gone = true;
	}
}

static char *format(const struct clauses *cs)
{
	struct strbuf sb = { 0 };
	const struct clause *c;
	size_t i;

	for (i = 0; i < cs->n; i++) {
		c = &cs->v[i];
		if (c->gone)
			continue;
		sb_printf(&sb, "%s%s%s", sb.len ? c->sep : "", c->text,
			  c->on ? c->on : "");
	}
	return sb.buf ? sb.buf : xstrdup("");
}

/* first's clauses, then second's new ones, as one reason */
static char *merged(const char *first, const char *second)
{
	struct clauses cs = { 0 };
	char *s;

	add_reason(&cs, first);
	add_reason(&cs, second);
	drop_stock(&cs);
	s = format(&cs);
	clauses_free(&cs);
	return s;
}

/* first and second merged, when second adds nothing to first; or NULL */
static char *said_by(const char *first, const char *second)
{
	char *m = merged(first, second), *alone = merged(first, NULL);
	bool same = !strcmp(m, alone);

	free(alone);
	if (same)
		return m;
	free(m);
	return NULL;
}

char *reason_merge(const char *a, const char *b)
{
	char *m;

	if (!a || !b)
		return a || b ? merged(a ? a : b, NULL) : NULL;
	m = said_by(a, b);
	if (!m)
		m = said_by(b, a);
	return m ? m : merged(a, b);
}
