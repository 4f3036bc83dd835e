// SPDX-License-Identifier: GPL-2.0
/* JSON output: strings escaped as RFC 8259 says, lists. */
#include "lib/json.h"

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

void json_list(struct strbuf *sb, char *const *list)
{
	size_t i;

	if (!list) {
		sb_puts(sb, "null");
		return;
	}
	sb_puts(sb, "[");
	for (i = 0; list[i]; i++) {
		sb_puts(sb, i ? ", " : "");
		json_str(sb, list[i]);
	}
	sb_puts(sb, "]");
}
