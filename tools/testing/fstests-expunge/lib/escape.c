// SPDX-License-Identifier: GPL-2.0
/* Text from input made safe to show: control characters, markup. */
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
}

void sb_add_escaped(struct strbuf *sb, const char *s, size_t len)
{
	size_t i, start = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c >= 0x20 && c != 0x7f)
			continue;
		sb_add(sb, s + start, i - start);
		if (c == '\n')
			sb_puts(sb, "\\n");
		else if (c == '\t')
			sb_puts(sb, "\\t");
		else
			sb_printf(sb, "\\x%02x", c);
		start = i + 1;
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

char *quote_input(const char *s, size_t max)
{
	struct strbuf sb = { 0 };
	size_t len = strlen(s);

	sb_add_escaped(&sb, s, len < max ? len : max);
	if (len > max)
		sb_printf(&sb, "... (%zu bytes)", len);
	return sb.buf ? sb.buf : xstrdup("");
}
