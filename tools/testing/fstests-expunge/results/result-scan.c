// SPDX-License-Identifier: GPL-2.0
/*
 * fstests' result.xml at byte-scan speed. libxml2 spends most of its
 * time on what fstests never writes (entities, encodings, namespaces);
 * this reads the simple form fstests does write, handing the reader the
 * events libxml2 would, and gives up on anything else.
 */
#include <string.h>

#include <libxml/parser.h>

#include "lib/base.h"
#include "lib/strbuf.h"
#include "results/result-scan.h"

#define SCAN_DEPTH	32		/* nesting: fstests writes 4 */
#define SCAN_NAME	64		/* an element or attribute name */
#define SCAN_ATTRS	24		/* attributes of one element */
#define SCAN_CHUNK	(64 << 10)	/* bytes asked of the filter at once */
#define SCAN_TOKEN_MAX	(1024 << 10)	/* the longest tag or CDATA section */

struct scan {
	struct xml_filter *xf;
	const xmlSAXHandler *sax;
	void *ctx;
	const bool *stop;
	const char *b;		/* the filtered bytes at hand */
	size_t a;		/* how many */
	int depth;
	bool root_done;
	char stack[SCAN_DEPTH][SCAN_NAME];
	char names[SCAN_ATTRS][SCAN_NAME];
	const unsigned char *attrs[SCAN_ATTRS * 5];	/* xmlChar */
	size_t voff[SCAN_ATTRS];	/* a value copied into vals, or -1 */
	size_t vlen[SCAN_ATTRS];
	struct strbuf vals;	/* values with references or line ends */
};

/* At least n bytes at hand (fewer at the end); false on a filter error. */
static bool more(struct scan *sc, size_t consumed, size_t n)
{
	xf_consume(sc->xf, consumed);
	sc->b = xf_peek(sc->xf, n, &sc->a);
	return sc->b;
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

static bool name_char(char c, bool first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
		return true;
	return !first && ((c >= '0' && c <= '9') || c == '-' || c == '.');
}

/* A name without a prefix into dst; the bytes read, 0 if none fits. */
static size_t get_name(const char *p, const char *e, char *dst)
{
	size_t n = 0;

	while (p + n < e && name_char(p[n], !n)) {
		if (n == SCAN_NAME - 1)
			return 0;
		dst[n] = p[n];
		n++;
	}
	dst[n] = '\0';
	return n;
}

/*
 * An attribute value in [p, e): as libxml2 gives it, the named
 * references decoded ("&amp;" as "&#38;"), tabs and newlines as spaces.
 * Returns false for anything else.
 */
static bool get_value(struct scan *sc, int i, const char *p, const char *e)
{
	static const char *const ref[][2] = {
		{ "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" },
		{ "&apos;", "'" }, { "&amp;", "&#38;" },
	};
	const char *q;
	size_t j;

	sc->voff[i] = (size_t)-1;
	for (q = p; q < e; q++) {
		unsigned char c = *q;

		if (c < 0x20 || c >= 0x80 || c == '<' || c == '&')
			break;
	}
	if (q == e)
		return true;
	sc->voff[i] = sc->vals.len;
	sb_add(&sc->vals, p, q - p);
	for (p = q; p < e; p++) {
		unsigned char c = *p;

		if (c == '\t' || c == '\n') {
			sb_add(&sc->vals, " ", 1);
		} else if (c == '&') {
			for (j = 0; j < ARRAY_SIZE(ref); j++) {
				size_t l = strlen(ref[j][0]);

				if ((size_t)(e - p) >= l &&
				    !memcmp(p, ref[j][0], l))
					break;
			}
			if (j == ARRAY_SIZE(ref))
				return false;
			sb_puts(&sc->vals, ref[j][1]);
			p += strlen(ref[j][0]) - 1;
		} else if (c >= 0x20 && c < 0x80 && c != '<') {
			sb_add(&sc->vals, p, 1);
		} else {
			return false;
		}
	}
	sc->vlen[i] = sc->vals.len - sc->voff[i];
	return true;
}

/*
 * One attribute at p (after the whitespace before it), up to e: filled
 * into slot i. Returns past its closing quote, or NULL.
 */
static const char *get_attr(struct scan *sc, int i, const char *p,
			    const char *e)
{
	const xmlChar **a = &sc->attrs[i * 5];
	char *name = sc->names[i];
	const char *v, *q;
	size_t n = get_name(p, e, name);

	if (!n)
		return NULL;
	p += n;
	/* xmlns:xsi and xsi:schemaLocation, as fstests writes them */
	a[1] = NULL;
	if (p < e && *p == ':') {
		if (strcmp(name, "xmlns") && strcmp(name, "xsi"))
			return NULL;
		a[1] = BAD_CAST(name[0] == 'x' && name[1] == 'm' ? "xmlns" :
				"xsi");
		n = get_name(++p, e, name);
		if (!n)
			return NULL;
		p += n;
	} else if (name[0] == 'x' && !strcmp(name, "xmlns")) {
		return NULL;
	}
	if (e - p < 2 || p[0] != '=' || p[1] != '"')
		return NULL;
	v = p + 2;
	q = memchr(v, '"', e - v);
	if (!q || !get_value(sc, i, v, q))
		return NULL;
	a[0] = BAD_CAST name;
	a[2] = NULL;
	a[3] = BAD_CAST v;
	a[4] = BAD_CAST q;
	return q + 1;
}

/*
 * The namespace declarations out of the attributes: only xmlns:xsi, and
 * xsi: only where it is declared. Returns the attributes left, or -1.
 */
static int take_ns(struct scan *sc, int n)
{
	bool xsi = false, used = false;
	int i, j, k = 0;

	for (i = 0; i < n; i++) {
		const xmlChar **a = &sc->attrs[i * 5];

		/* every name once, as XML wants */
		for (j = 0; j < i; j++) {
			if (sc->names[i][0] == sc->names[j][0] &&
			    !strcmp(sc->names[i], sc->names[j]) &&
			    sc->attrs[i * 5 + 1] == sc->attrs[j * 5 + 1])
				return -1;
		}
		if (a[1] && a[1][1] == 'm') {
			if (strcmp(sc->names[i], "xsi") || a[3] == a[4])
				return -1;
			xsi = true;
			continue;
		}
		if (a[1])
			used = true;
		if (k != i) {
			memcpy(&sc->attrs[k * 5], a, 5 * sizeof(*a));
			sc->voff[k] = sc->voff[i];
			sc->vlen[k] = sc->vlen[i];
		}
		k++;
	}
	return used && !xsi ? -1 : k;
}

/* The copied values, now that vals holds them all. */
static void point_values(struct scan *sc, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		const xmlChar **a = &sc->attrs[i * 5];

		if (sc->voff[i] == (size_t)-1)
			continue;
		a[3] = BAD_CAST(sc->vals.buf + sc->voff[i]);
		a[4] = a[3] + sc->vlen[i];
	}
}

static bool stopped(const struct scan *sc)
{
	return sc->stop && *sc->stop;
}

/*
 * A start tag in [p, e), e at its '>': the events of the element, or
 * false to give up.
 */
static bool start_tag(struct scan *sc, const char *p, const char *e)
{
	const xmlSAXHandler *sax = sc->sax;
	char *name = sc->stack[sc->depth];
	bool empty = e[-1] == '/' && e - p > 2;
	size_t n;
	int na = 0;

	if (sc->depth == SCAN_DEPTH - 1 || sc->root_done)
		return false;
	n = get_name(++p, e, name);
	if (!n)
		return false;
	if (empty)
		e--;
	sc->vals.len = 0;
	for (p += n; p < e; ) {
		const char *q = p;

		while (q < e && is_space(*q))
			q++;
		if (q == e)
			break;
		if (q == p || na == SCAN_ATTRS)
			return false;
		p = get_attr(sc, na++, q, e);
		if (!p)
			return false;
	}
	na = take_ns(sc, na);
	if (na < 0)
		return false;
	point_values(sc, na);
	if (sax->startElementNs)
		sax->startElementNs(sc->ctx, BAD_CAST name, NULL, NULL, 0, NULL,
				    na, 0, sc->attrs);
	if (empty && sax->endElementNs)
		sax->endElementNs(sc->ctx, BAD_CAST name, NULL, NULL);
	if (!empty)
		sc->depth++;
	else if (!sc->depth)
		sc->root_done = true;
	return !stopped(sc);
}

/* An end tag in [p, e), e at its '>'. */
static bool end_tag(struct scan *sc, const char *p, const char *e)
{
	char name[SCAN_NAME];
	size_t n;

	if (!sc->depth)
		return false;
	n = get_name(p + 2, e, name);
	if (!n || strcmp(name, sc->stack[sc->depth - 1]))
		return false;
	for (p += 2 + n; p < e && is_space(*p); p++)
		;
	if (p != e)
		return false;
	if (sc->sax->endElementNs)
		sc->sax->endElementNs(sc->ctx, BAD_CAST name, NULL, NULL);
	if (!--sc->depth)
		sc->root_done = true;
	return !stopped(sc);
}

/* Text up to the next markup: whitespace only, as fstests writes it. */
static bool text(struct scan *sc, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!is_space(p[i]))
			return false;
	}
	/* libxml2 hands on no text outside the root element */
	if (sc->depth && sc->sax->characters)
		sc->sax->characters(sc->ctx, BAD_CAST p, n);
	return !stopped(sc);
}

static bool cdata(struct scan *sc, const char *p, size_t n)
{
	/* line ends libxml2 might change; none in fstests' logs */
	if (!sc->depth || memchr(p, '\r', n))
		return false;
	if (sc->sax->cdataBlock)
		sc->sax->cdataBlock(sc->ctx, BAD_CAST p, n);
	return !stopped(sc);
}

/*
 * The markup at *pos: a tag or a CDATA section, with more bytes asked
 * of the filter until its end is at hand.
 */
static bool token(struct scan *sc, size_t *pos)
{
	const char *p = sc->b + *pos, *end;
	size_t left = sc->a - *pos;
	bool cd;

	for (;;) {
		cd = left >= 9 && !memcmp(p, "<![CDATA[", 9);
		if (cd)
			end = memmem(p + 9, left - 9, "]]>", 3);
		else if (left < 9 && (left < 2 || p[1] == '!'))
			end = NULL;	/* perhaps a CDATA section */
		else
			end = memchr(p, '>', left);
		if (end)
			break;
		if (left >= SCAN_TOKEN_MAX || !more(sc, *pos, left + SCAN_CHUNK))
			return false;
		*pos = 0;
		p = sc->b;
		if (sc->a == left)	/* the input ends inside */
			return false;
		left = sc->a;
	}
	if (cd) {
		*pos += end + 3 - p;
		return cdata(sc, p + 9, end - (p + 9));
	}
	*pos += end + 1 - p;
	if (p[1] == '/')
		return end_tag(sc, p, end);
	if (p[1] == '!' || p[1] == '?')
		return false;
	return start_tag(sc, p, end);
}

/* The XML declaration: only the ones that say UTF-8. */
static bool prolog(struct scan *sc, size_t *pos)
{
	static const char *const decl[] = {
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
		"<?xml version=\"1.0\"?>",
	};
	size_t i;

	if (sc->a < 2 || memcmp(sc->b, "<?", 2))
		return true;
	for (i = 0; i < ARRAY_SIZE(decl); i++) {
		size_t l = strlen(decl[i]);

		if (sc->a >= l && !memcmp(sc->b, decl[i], l)) {
			*pos = l;
			return true;
		}
	}
	return false;
}

enum scan_ret result_scan(struct xml_filter *xf, const xmlSAXHandler *sax,
			  void *ctx, const bool *stop)
{
	struct scan *sc = xcalloc(1, sizeof(*sc));
	size_t pos = 0;
	bool ok, at_end;

	sc->xf = xf;
	sc->sax = sax;
	sc->ctx = ctx;
	sc->stop = stop;
	ok = more(sc, 0, SCAN_CHUNK) && prolog(sc, &pos);
	at_end = sc->a < SCAN_CHUNK;
	while (ok) {
		const char *p = sc->b + pos, *lt;
		size_t left = sc->a - pos;

		if (left < 16 && !at_end) {
			ok = more(sc, pos, SCAN_CHUNK);
			pos = 0;
			/* the filter gives less than asked only at the end */
			at_end = sc->a < SCAN_CHUNK;
			continue;
		}
		if (!left)
			break;
		if (*p == '<') {
			ok = token(sc, &pos);
			continue;
		}
		lt = memchr(p, '<', left);
		ok = text(sc, p, lt ? (size_t)(lt - p) : left);
		pos += lt ? (size_t)(lt - p) : left;
	}
	ok = ok && sc->root_done;
	sb_free(&sc->vals);
	free(sc);
	return ok ? SCAN_DONE : SCAN_GIVE_UP;
}
