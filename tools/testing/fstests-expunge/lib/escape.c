// SPDX-License-Identifier: GPL-2.0
/* Text from input made safe to show: control characters, markup. */
#include <stdint.h>
#include <string.h>

#include "lib/escape.h"
#include "lib/base.h"

bool has_control_n(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return true;
	}
	return false;
}

bool has_control(const char *s)
{
	return has_control_n(s, strlen(s));
}

void sb_add_markup(struct strbuf *sb, const char *s)
{
	struct strbuf valid = { 0 };
	size_t len = s ? strlen(s) : 0;

	/* a page is UTF-8: other bytes are escaped, losslessly */
	if (utf8_valid_len(s, len) != len) {
		sb_add_name(&valid, s, len);
		s = valid.buf;
	}
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			sb_puts(sb, "&amp;");
			break;
		case '<':
			sb_puts(sb, "&lt;");
			break;
		case '>':
			sb_puts(sb, "&gt;");
			break;
		case '"':
			sb_puts(sb, "&quot;");
			break;
		case '\n':
		case '\r':
		case '\t':
			sb_printf(sb, "&#%d;", *s);
			break;
		default:
			sb_add(sb, (unsigned char)*s < 0x20 ? "?" : s, 1);
		}
	}
	sb_free(&valid);
}

/* The length of the UTF-8 character at s (n bytes left), 0 if it is none */
static size_t utf8_char(const unsigned char *s, size_t n)
{
	size_t len, i;
	unsigned int cp;

	if (s[0] < 0x80)
		return 1;
	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;	/* a continuation, an overlong start, past U+10FFFF */
	len = s[0] < 0xe0 ? 2 : s[0] < 0xf0 ? 3 : 4;
	if (n < len)
		return 0;
	cp = s[0] & (0x7f >> len);
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, past U+10FFFF */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

void sb_add_escaped(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, start = 0, n;

	while (i < len) {
		/* text, UTF-8 included, but no C1 control (0xc2 0x80-0x9f) */
		n = u[i] >= 0x20 && u[i] != 0x7f ? utf8_char(u + i, len - i) : 0;
		if (n && !(n == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0)) {
			i += n;
			continue;
		}
		n = n ? n : 1;
		sb_add(sb, s + start, i - start);
		for (; n; n--, i++) {
			if (u[i] == '\n')
				sb_puts(sb, "\\n");
			else if (u[i] == '\t')
				sb_puts(sb, "\\t");
			else
				sb_printf(sb, "\\x%02x", u[i]);
		}
		start = i;
	}
	sb_add(sb, s + start, i - start);
}

size_t utf8_cut(const char *s, size_t len, size_t max)
{
	size_t n = max;

	if (len <= max)
		return len;
	/* back over continuation bytes, at most a character's three */
	while (n && max - n < 3 && ((unsigned char)s[n] & 0xc0) == 0x80)
		n--;
	return ((unsigned char)s[n] & 0xc0) == 0x80 ? max : n;
}

void sb_wrap(struct strbuf *out, const char *first, const char *indent,
	     const char *text, size_t width)
{
	const char *lead = first;

	while (*text == ' ')
		text++;
	while (*text) {
		size_t room = width > strlen(lead) ? width - strlen(lead) : 0;
		size_t n = strlen(text);

		if (n > room) {
			/* the last space in the room, else the word whole */
			for (n = room; n && text[n] != ' '; n--)
				;
			if (!n)
				n = strcspn(text, " ");
			while (n && text[n - 1] == ' ')
				n--;
		}
		sb_printf(out, "%s%.*s\n", lead, (int)n, text);
		text += n;
		while (*text == ' ')
			text++;
		lead = indent;
	}
}

char *quote_input(const char *s, size_t max)
{
	struct strbuf sb = { 0 };
	size_t len = strlen(s);

	sb_add_escaped(&sb, s, utf8_cut(s, len, max));
	if (len > max)
		sb_printf(&sb, "... (%zu bytes)", len);
	return sb.buf ? sb.buf : xstrdup("");
}

size_t utf8_valid_len(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, len;
	uint64_t w;

	for (;;) {
		/* ASCII eight bytes at a time: pages and JSON are mostly it */
		while (i + 8 <= n) {
			memcpy(&w, u + i, 8);
			if (w & 0x8080808080808080ULL)
				break;
			i += 8;
		}
		if (i >= n)
			return i;
		len = utf8_char(u + i, n - i);
		if (!len)
			return i;
		i += len;
	}
}

/* s with each byte that is no part of a UTF-8 character as \xNN */
static void add_utf8(struct strbuf *sb, const char *s, size_t len,
		     bool backslash)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k;

	while (i < len) {
		k = utf8_char(u + i, len - i);
		if (!k)
			sb_printf(sb, "\\x%02x", u[i]);
		else if (backslash && u[i] == '\\')
			sb_puts(sb, "\\\\");
		else
			sb_add(sb, s + i, k);
		i += k ? k : 1;
	}
}

void sb_add_name(struct strbuf *sb, const char *s, size_t len)
{
	if (utf8_valid_len(s, len) == len)
		sb_add(sb, s, len);
	else
		add_utf8(sb, s, len, true);
}

void sb_add_utf8(struct strbuf *sb, const char *s, size_t len)
{
	if (utf8_valid_len(s, len) == len)
		sb_add(sb, s, len);
	else
		add_utf8(sb, s, len, false);
}

char *text_line(const char *s)
{
	struct strbuf sb = { 0 };
	char *p;

	sb_add_utf8(&sb, s, strlen(s));
	sb_puts(&sb, "");
	for (p = sb.buf; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	return sb.buf;
}
