// SPDX-License-Identifier: GPL-2.0
/* Repairs fstests result.xml bytes on their way to the XML parser. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/types.h>

#include "results/xmlfilter.h"

#define WINDOW		(256 << 10)

enum { XS_TEXT, XS_CDATA, XS_COMMENT, XS_DONE };

void xf_init_fd(struct xml_filter *f, int fd)
{
	memset(f, 0, sizeof(*f));
	f->fd = fd;
	f->size = WINDOW;
	f->in = xmalloc(f->size);
	f->own_in = true;
}

void xf_init_buf(struct xml_filter *f, const char *buf, size_t len)
{
	memset(f, 0, sizeof(*f));
	f->fd = -1;
	f->in = (char *)buf;
	f->len = len;
	f->size = len;
	f->eof = true;
}

void xf_free(struct xml_filter *f)
{
	if (f->own_in)
		free(f->in);
	sb_free(&f->out);
	sb_free(&f->keep);
	free(f->skips);
	free(f->error);
	memset(f, 0, sizeof(*f));
	f->fd = -1;
}

static unsigned long in_line(const struct xml_filter *f)
{
	return 1 + f->out_lines + f->skipped_total;
}

/*
 * The newlines in n bytes, eight at a time: logs have a line every few
 * dozen bytes, too many for a memchr() call each.
 */
static unsigned long count_nl(const char *s, size_t n)
{
	const u64 ones7 = 0x7f7f7f7f7f7f7f7fULL, nl = 0x0a0a0a0a0a0a0a0aULL;
	unsigned long lines = 0;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		u64 w, t;

		memcpy(&w, s + i, 8);
		w ^= nl;	/* a newline is now a zero byte */
		/* the top bit of each byte that is not zero */
		t = ((w & ones7) + ones7) | w;
		/* a 1 in each byte that was a newline, summed in the top one */
		lines += (((~t & ~ones7) >> 7) * 0x0101010101010101ULL) >> 56;
	}
	for (; i < n; i++)
		lines += s[i] == '\n';
	return lines;
}

/* The "]]>" or "-->" that ends a section, by its rarer last byte. */
static const char *find_mark(const char *s, size_t n, const char *mark)
{
	const char *end = s + n, *p = s + 2;

	while (p < end && (p = memchr(p, '>', end - p))) {
		if (p[-1] == mark[1] && p[-2] == mark[0])
			return p - 2;
		p++;
	}
	return NULL;
}

static void emit(struct xml_filter *f, const char *s, size_t n)
{
	sb_add(&f->out, s, n);
	if (!f->no_lines)
		f->out_lines += count_nl(s, n);
}

/* Make at least need bytes available, unless the input ends first. */
static int fill(struct xml_filter *f, size_t need)
{
	if (f->fd < 0 || f->eof || f->len - f->pos >= need)
		return 0;
	if (f->pos) {
		memmove(f->in, f->in + f->pos, f->len - f->pos);
		f->len -= f->pos;
		f->pos = 0;
	}
	while (f->len < need && f->len < f->size) {
		ssize_t n = read(f->fd, f->in + f->len, f->size - f->len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			f->error = xasprintf("line %lu: read error: %s",
					     in_line(f), strerror(errno));
			return -1;
		}
		if (!n) {
			f->eof = true;
			break;
		}
		f->len += n;
	}
	return 0;
}

/* Length of the UTF-8 XML character at s (n bytes left), or 0. */
static size_t utf8_char(const unsigned char *s, size_t n)
{
	unsigned char c = s[0], lo = 0x80, hi = 0xbf;
	size_t len, i;

	if (c < 0x80)
		return c >= 0x20 || c == '\t' || c == '\n' || c == '\r';
	if (c >= 0xc2 && c <= 0xdf)
		len = 2;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4;
	else
		return 0;
	if (len > n)
		return 0;
	if (c == 0xe0)
		lo = 0xa0;
	else if (c == 0xed)
		hi = 0x9f;	/* no surrogates */
	else if (c == 0xf0)
		lo = 0x90;
	else if (c == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < len; i++) {
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	}
	/* U+FFFE and U+FFFF are not XML characters */
	if (c == 0xef && s[1] == 0xbf && s[2] >= 0xbe)
		return 0;
	return len;
}

void xf_sanitize(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, start = 0;

	while (i < len) {
		size_t n = utf8_char(p + i, len - i);

		if (n) {
			i += n;
			continue;
		}
		sb_add(sb, s + start, i - start);
		sb_add(sb, "?", 1);
		start = ++i;
	}
	sb_add(sb, s + start, i - start);
}

/* Does s start with a reference XML accepts: "&lt;", "&#38;", ...? */
static bool is_ref(const char *s, size_t n, size_t *reflen)
{
	static const char *const named[] = {
		"&lt;", "&gt;", "&amp;", "&quot;", "&apos;",
	};
	unsigned long v = 0;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(named); i++) {
		size_t l = strlen(named[i]);

		if (n >= l && !memcmp(s, named[i], l)) {
			*reflen = l;
			return true;
		}
	}
	if (n < 4 || s[1] != '#')
		return false;
	i = s[2] == 'x' ? 3 : 2;
	for (j = i; i < n && i - j < 8; i++) {
		int d = hexval((unsigned char)s[i]);

		if (d < 0 || (j == 2 && d > 9))
			break;
		v = v * (j == 3 ? 16 : 10) + d;
	}
	if (i == j || i >= n || s[i] != ';')
		return false;
	/* only references to characters XML allows */
	if (!(v == 0x9 || v == 0xa || v == 0xd || (v >= 0x20 && v <= 0xd7ff) ||
	      (v >= 0xe000 && v <= 0xfffd) || (v >= 0x10000 && v <= 0x10ffff)))
		return false;
	*reflen = i + 1;
	return true;
}

bool xf_escape_attr(struct strbuf *sb, const char *s, size_t len)
{
	struct strbuf raw = { 0 };
	bool changed = false;
	size_t i = 0, start = 0, reflen;
	const char *rep;

	while (i < len) {
		switch (s[i]) {
		case '&':
			if (is_ref(s + i, len - i, &reflen)) {
				i += reflen;
				continue;
			}
			rep = "&amp;";
			break;
		case '<':
			rep = "&lt;";
			break;
		case '>':
			rep = "&gt;";
			break;
		case '"':
			rep = "&quot;";
			break;
		default:
			i++;
			continue;
		}
		sb_add(&raw, s + start, i - start);
		sb_puts(&raw, rep);
		changed = true;
		start = ++i;
	}
	sb_add(&raw, s + start, i - start);
	i = sb->len;
	xf_sanitize(sb, raw.buf ? raw.buf : "", raw.len);
	if (sb->len - i != raw.len || memcmp(sb->buf + i, raw.buf, raw.len))
		changed = true;
	sb_free(&raw);
	return changed;
}

/* The tags fstests writes on one line with an unescaped attribute. */
static const struct {
	const char *tag;	/* "<name " */
	const char *attr;	/* 'attr="' */
	bool typed;		/* a type= attribute follows the value */
} repair_tags[] = {
	{ "<failure ", "message=\"", true },
	{ "<error ", "message=\"", true },
	{ "<skipped ", "message=\"", false },
	{ "<property ", "value=\"", false },
};

/*
 * If the quote at p ends the value, the tag's tail follows: ' type="..."'
 * when typed, then "/>" or ">". Returns the end of the tag, or NULL.
 */
static const char *tail_end(const char *p, const char *end, bool typed)
{
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	if (typed) {
		if (end - p < 6 || memcmp(p, "type=\"", 6))
			return NULL;
		for (p += 6; p < end && *p != '"'; p++) {
			if (*p == '<' || *p == '>' || *p == '\n')
				return NULL;
		}
		for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
			;
	}
	if (end - p >= 2 && !memcmp(p, "/>", 2))
		return p + 2;
	return p < end && *p == '>' ? p + 1 : NULL;
}

/*
 * What follows the tag a quote would end: the line's end, or one of the
 * elements fstests writes (compact XML has several on a line).
 */
static bool next_is_markup(const char *p, const char *end)
{
	static const char *const next[] = {
		"</testcase>", "<testcase ", "<system-out", "<system-err",
		"<kernel-log", "</testsuite>", "<property ", "</properties>",
		"<failure ", "<skipped", "<error ", "</failure>", "</skipped>",
		"</error>",
	};
	size_t i;

	for (; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	if (p == end || *p == '\n' || *p == '\r')
		return true;
	for (i = 0; i < ARRAY_SIZE(next); i++) {
		size_t l = strlen(next[i]);

		if ((size_t)(end - p) >= l && !memcmp(p, next[i], l))
			return true;
	}
	return false;
}

/*
 * The quote that ends a value starting at v: the first one followed by
 * the tag's tail and then the line's end or more markup; else the last
 * one on its line followed by the tail; else the first such one after
 * the line (a value of several lines).
 */
static const char *value_end(const char *v, const char *nl, const char *end,
			     bool typed)
{
	const char *q, *t, *vend = NULL;

	for (q = v; q < nl; q++) {
		if (*q != '"')
			continue;
		t = tail_end(q, end, typed);
		if (t && next_is_markup(t, end))
			return q;
		if (t)
			vend = q;
	}
	for (q = nl; !vend && q < end; q++) {
		if (*q == '"' && tail_end(q, end, typed))
			vend = q;
	}
	return vend;
}

static bool plain(char c)
{
	return c >= 0x20 && c < 0x7f && c != '&' && c != '<' && c != '>' &&
	       c != '"';
}

/*
 * The window starts with one of repair_tags: escape the attribute value,
 * which ends where value_end() says.
 * Returns the bytes consumed, 0 to pass the tag on unchanged.
 */
static size_t repair_tag(struct xml_filter *f, size_t t, const char *w,
			 size_t wlen)
{
	const char *end = w + wlen, *nl, *a, *v, *q, *vend = NULL;
	struct strbuf sb = { 0 };

	nl = memchr(w, '\n', wlen);
	if (!nl)
		nl = end;
	a = memmem(w, nl - w, repair_tags[t].attr, strlen(repair_tags[t].attr));
	if (!a)
		return 0;
	v = a + strlen(repair_tags[t].attr);
	/* fstests always writes type=; without it, the tag's end will do */
	if (repair_tags[t].typed)
		vend = value_end(v, nl, end, true);
	if (!vend)
		vend = value_end(v, nl, end, false);
	if (!vend)
		return 0;
	/* most values need nothing: printable ASCII without markup */
	for (q = v; q < vend && plain(*q); q++)
		;
	if (q == vend) {
		emit(f, w, vend - w);
		return vend - w;
	}
	emit(f, w, v - w);
	if (xf_escape_attr(&sb, v, vend - v))
		f->repaired++;
	emit(f, sb.buf ? sb.buf : "", sb.len);
	sb_free(&sb);
	return vend - w;
}

/* At "<!": a CDATA section, a comment, or a declaration we refuse. */
static int step_bang(struct xml_filter *f, const char *s, size_t a)
{
	size_t n;

	if (a >= 9 && !memcmp(s, "<![CDATA[", 9)) {
		emit(f, s, 9);
		f->pos += 9;
		f->state = XS_CDATA;
		return 0;
	}
	if (a >= 4 && !memcmp(s, "<!--", 4)) {
		emit(f, s, 4);
		f->pos += 4;
		f->state = XS_COMMENT;
		return 0;
	}
	for (n = 0; n < 16 && n + 2 < a; n++) {
		if (strchr(" \t\n[>", s[n + 2]))
			break;
	}
	f->error = xasprintf("line %lu: a declaration (<!%.*s...) %s",
			     in_line(f), (int)n, s + 2,
			     "has no place in a result file");
	return -1;
}

static int step_text(struct xml_filter *f)
{
	const char *s, *p;
	size_t a, t, n;

	if (fill(f, 1))
		return -1;
	s = f->in + f->pos;
	a = f->len - f->pos;
	if (!a) {
		f->state = XS_DONE;
		return 0;
	}
	p = memchr(s, '<', a);
	if (p != s) {
		n = p ? (size_t)(p - s) : a;
		emit(f, s, n);
		f->pos += n;
		return 0;
	}
	if (fill(f, 16))
		return -1;
	s = f->in + f->pos;
	a = f->len - f->pos;
	if (a >= 2 && s[1] == '!')
		return step_bang(f, s, a);
	for (t = 0; t < ARRAY_SIZE(repair_tags); t++) {
		const char *tag = repair_tags[t].tag;

		/* the second byte first: most tags are none of these */
		if (a < 2 || s[1] != tag[1] || a < strlen(tag) ||
		    memcmp(s, tag, strlen(tag)))
			continue;
		if (fill(f, XF_TAG_MAX))
			return -1;
		s = f->in + f->pos;
		a = f->len - f->pos;
		n = repair_tag(f, t, s, a < XF_TAG_MAX ? a : XF_TAG_MAX);
		if (n) {
			f->pos += n;
			return 0;
		}
		break;
	}
	/* markup to pass on: up to the next '<' (not yet in the window) */
	p = memchr(s + 1, '<', a - 1);
	n = p ? (size_t)(p - s) : a;
	emit(f, s, n);
	f->pos += n;
	return 0;
}

/* Keep the start of a CDATA section, count the lines of what is dropped. */
static void cdata_take(struct xml_filter *f, const char *s, size_t n)
{
	size_t room = XF_CDATA_KEEP - f->keep.len;

	if (!f->dropped && room) {
		size_t k = n < room ? n : room;

		sb_add(&f->keep, s, k);
		s += k;
		n -= k;
	}
	if (n) {
		f->dropped += n;
		if (!f->no_lines)
			f->drop_lines += count_nl(s, n);
	}
}

static void cdata_flush(struct xml_filter *f)
{
	struct strbuf sb = { 0 };
	size_t len = f->keep.len;

	if (f->dropped) {
		/* end what is kept at a line end, not inside a character */
		const char *nl = memrchr(f->keep.buf, '\n', len);

		if (nl) {
			f->dropped += len - (nl + 1 - f->keep.buf);
			len = nl + 1 - f->keep.buf;
		}
	}
	xf_sanitize(&sb, f->keep.buf ? f->keep.buf : "", len);
	emit(f, sb.buf ? sb.buf : "", sb.len);
	sb_free(&sb);
	if (f->drop_lines) {
		struct xf_skip *sk = array_push(&f->skips, &f->nskips,
						&f->askips, sizeof(*sk));

		f->skipped_total += f->drop_lines;
		sk->out_line = f->out_lines + 1;
		sk->skipped = f->skipped_total;
	}
	f->cdata_dropped += f->dropped;
	f->keep.len = 0;
	f->dropped = 0;
	f->drop_lines = 0;
}

/* Inside CDATA or a comment: up to its end marker. */
static int step_section(struct xml_filter *f)
{
	bool cdata = f->state == XS_CDATA;
	const char *mark = cdata ? "]]>" : "-->";
	const char *s, *q;
	size_t a, n;

	if (fill(f, 3))
		return -1;
	s = f->in + f->pos;
	a = f->len - f->pos;
	q = find_mark(s, a, mark);
	n = q ? (size_t)(q - s) : (f->eof ? a : a - 2);
	if (cdata)
		cdata_take(f, s, n);
	else
		emit(f, s, n);
	f->pos += n;
	if (q) {
		if (cdata)
			cdata_flush(f);
		emit(f, mark, 3);
		f->pos += 3;
		f->state = XS_TEXT;
	} else if (f->eof) {
		if (cdata)
			cdata_flush(f);
		f->state = XS_DONE;
	}
	return 0;
}

int xf_read(struct xml_filter *f, char *buf, int len)
{
	size_t n;

	while (f->out.len - f->out_pos < (size_t)len && f->state != XS_DONE &&
	       !f->error) {
		int ret = f->state == XS_TEXT ? step_text(f) : step_section(f);

		if (ret)
			break;
	}
	n = f->out.len - f->out_pos;
	if (n > (size_t)len)
		n = len;
	if (!n)
		return f->error ? -1 : 0;
	memcpy(buf, f->out.buf + f->out_pos, n);
	f->out_pos += n;
	if (f->out_pos == f->out.len) {
		f->out.len = 0;
		f->out_pos = 0;
	}
	return n;
}

const char *xf_peek(struct xml_filter *f, size_t want, size_t *avail)
{
	size_t left = f->out.len - f->out_pos;

	if (f->out_pos && left < want) {
		memmove(f->out.buf, f->out.buf + f->out_pos, left);
		f->out.len = left;
		f->out_pos = 0;
	}
	while (f->out.len - f->out_pos < want && f->state != XS_DONE &&
	       !f->error) {
		if (f->state == XS_TEXT ? step_text(f) : step_section(f))
			break;
	}
	*avail = f->out.len - f->out_pos;
	if (f->error)
		return NULL;
	return *avail ? f->out.buf + f->out_pos : "";
}

void xf_consume(struct xml_filter *f, size_t n)
{
	f->out_pos += n;
	if (f->out_pos == f->out.len) {
		f->out.len = 0;
		f->out_pos = 0;
	}
}

void xf_no_lines(struct xml_filter *f)
{
	f->no_lines = true;
}

unsigned long xf_lines(const struct xml_filter *f)
{
	return in_line(f);
}

unsigned long xf_line(const struct xml_filter *f, unsigned long out_line)
{
	size_t lo = 0, hi = f->nskips;

	/* the last skip that starts at or before out_line */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (f->skips[mid].out_line <= out_line)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo ? out_line + f->skips[lo - 1].skipped : out_line;
}
