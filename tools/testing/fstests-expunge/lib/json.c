// SPDX-License-Identifier: GPL-2.0
/* JSON output: strings escaped as RFC 8259 says, lists, data entries. */
#include "entries/entry.h"
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

static void versions(struct strbuf *sb, const char *key, bool has,
		     const struct kver_list *l)
{
	char buf[48];
	size_t i;

	sb_printf(sb, ", \"%s\": ", key);
	if (!has) {
		sb_puts(sb, "null");
		return;
	}
	sb_puts(sb, "[");
	for (i = 0; i < l->n; i++)
		sb_printf(sb, "%s\"%s\"", i ? ", " : "", kver_str(&l->v[i], buf));
	sb_puts(sb, "]");
}

void json_entry(struct strbuf *sb, const struct entry *e)
{
	sb_puts(sb, "{");
	json_key_str(sb, "file", entry_file(e));
	sb_printf(sb, ", \"line\": %u, ", e->line);
	json_key_str(sb, "test", e->test);
	sb_puts(sb, ", ");
	json_key_str(sb, "kind", kind_name(e->kind));
	if (e->kind == KIND_FLAKY)
		sb_printf(sb, ", \"retries\": %d", entry_retries(e));
	else
		sb_puts(sb, ", \"retries\": null");
	sb_puts(sb, ", \"sections\": ");
	json_list(sb, e->sections);
	versions(sb, "since", e->has_since, &e->since);
	versions(sb, "fixed", e->has_fixed, &e->fixed);
	sb_puts(sb, ", \"fixed_by\": ");
	json_list(sb, e->fixed_by);
	sb_puts(sb, ", ");
	json_key_str(sb, "if", e->cond);
	sb_puts(sb, ", ");
	json_key_str(sb, "bug", e->bug);
	sb_puts(sb, ", ");
	json_key_str(sb, "reason", e->comment);
	sb_puts(sb, "}");
}
