// SPDX-License-Identifier: GPL-2.0
/* JSON output: strings escaped as RFC 8259 says. */
#include "json.h"

void json_str(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s) {
		sb_puts(sb, "null");
		return;
	}
	sb_puts(sb, "\"");
	for (; *p; p++) {
		switch (*p) {
		case '"':
			sb_puts(sb, "\\\"");
			break;
		case '\\':
			sb_puts(sb, "\\\\");
			break;
		case '\n':
			sb_puts(sb, "\\n");
			break;
		case '\t':
			sb_puts(sb, "\\t");
			break;
		default:
			if (*p < 0x20)
				sb_printf(sb, "\\u%04x", *p);
			else
				sb_add(sb, (const char *)p, 1);
		}
	}
	sb_puts(sb, "\"");
}

void json_key_str(struct strbuf *sb, const char *key, const char *s)
{
	sb_printf(sb, "\"%s\": ", key);
	json_str(sb, s);
}
