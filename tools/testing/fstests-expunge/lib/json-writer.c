// SPDX-License-Identifier: GPL-2.0
/*
 * A JSON writer, as bpftool's json_writer: the punctuation placed by the
 * writer, strings escaped.
 */
#include <string.h>

#include "lib/escape.h"
#include "lib/json-writer.h"

void jsonw_init(struct json_writer *w, struct strbuf *out)
{
	memset(w, 0, sizeof(*w));
	w->out = out;
}

/* Before a value or a name: its comma, and the space or break asked */
static void begin(struct json_writer *w)
{
	if (w->named) {
		w->named = false;
		return;
	}
	if (w->depth) {
		if (w->any[w->depth])
			sb_puts(w->out, ",");
		if (w->brk)
			sb_puts(w->out, w->brk);
		else if (w->any[w->depth])
			sb_puts(w->out, " ");
		w->any[w->depth] = true;
	}
	w->brk = NULL;
}

void jsonw_break(struct json_writer *w, const char *brk)
{
	w->brk = brk;
}

static void start(struct json_writer *w, const char *open)
{
	begin(w);
	sb_puts(w->out, open);
	if (w->depth < JSONW_MAX_DEPTH)
		w->depth++;
	w->any[w->depth] = false;
}

static void end(struct json_writer *w, const char *close)
{
	if (w->brk)
		sb_puts(w->out, w->brk);
	w->brk = NULL;
	sb_puts(w->out, close);
	if (w->depth)
		w->depth--;
}

void jsonw_start_object(struct json_writer *w)
{
	start(w, "{");
}

void jsonw_end_object(struct json_writer *w)
{
	end(w, "}");
}

void jsonw_start_array(struct json_writer *w)
{
	start(w, "[");
}

void jsonw_end_array(struct json_writer *w)
{
	end(w, "]");
}

void jsonw_name(struct json_writer *w, const char *name)
{
	begin(w);
	json_quote(w->out, name);
	sb_puts(w->out, ": ");
	w->named = true;
}

void json_quote(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	struct strbuf valid = { 0 };
	size_t len;

	/* plain ASCII, nothing to escape (a name, a number): as it is */
	while (*p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
		p++;
	if (!*p) {
		len = p - (const unsigned char *)s;
		sb_add(sb, "\"", 1);
		sb_add(sb, s, len);
		sb_add(sb, "\"", 1);
		return;
	}
	p = (const unsigned char *)s;
	len = strlen(s);

	/* JSON is UTF-8: other bytes are escaped, losslessly */
	if (utf8_valid_len(s, len) != len) {
		sb_add_name(&valid, s, len);
		p = (const unsigned char *)valid.buf;
	}
	sb_puts(sb, "\"");
	for (; *p; p++) {
		const unsigned char *q = p;

		/* a run of bytes that need no escape, copied at once */
		while (*q >= 0x20 && *q != '"' && *q != '\\')
			q++;
		if (q != p) {
			sb_add(sb, (const char *)p, q - p);
			p = q;
			if (!*p)
				break;
		}
		if (*p == '"' || *p == '\\')
			sb_printf(sb, "\\%c", *p);
		else if (*p == '\n')
			sb_puts(sb, "\\n");
		else if (*p == '\t')
			sb_puts(sb, "\\t");
		else if (*p < 0x20)
			sb_printf(sb, "\\u%04x", *p);
		else
			sb_add(sb, (const char *)p, 1);
	}
	sb_puts(sb, "\"");
	sb_free(&valid);
}

void jsonw_string(struct json_writer *w, const char *s)
{
	begin(w);
	if (s)
		json_quote(w->out, s);
	else
		sb_puts(w->out, "null");
}

void jsonw_int(struct json_writer *w, long long v)
{
	begin(w);
	sb_printf(w->out, "%lld", v);
}

void jsonw_uint(struct json_writer *w, unsigned long long v)
{
	char buf[24], *p = buf + sizeof(buf);

	begin(w);
	/* as "%llu" prints it, without a printf a number */
	do {
		*--p = '0' + v % 10;
		v /= 10;
	} while (v);
	sb_add(w->out, p, buf + sizeof(buf) - p);
}

void jsonw_bool(struct json_writer *w, bool v)
{
	begin(w);
	sb_puts(w->out, v ? "true" : "false");
}

void jsonw_null(struct json_writer *w)
{
	begin(w);
	sb_puts(w->out, "null");
}

void jsonw_float(struct json_writer *w, int decimals, double v)
{
	begin(w);
	sb_printf(w->out, "%.*f", decimals, v);
}

void jsonw_json(struct json_writer *w, const char *json)
{
	begin(w);
	sb_puts(w->out, json);
}

void jsonw_string_list(struct json_writer *w, char *const *list)
{
	if (!list) {
		jsonw_null(w);
		return;
	}
	jsonw_start_array(w);
	for (; *list; list++)
		jsonw_string(w, *list);
	jsonw_end_array(w);
}

void jsonw_string_field(struct json_writer *w, const char *name,
			const char *s)
{
	jsonw_name(w, name);
	jsonw_string(w, s);
}

void jsonw_int_field(struct json_writer *w, const char *name, long long v)
{
	jsonw_name(w, name);
	jsonw_int(w, v);
}

void jsonw_uint_field(struct json_writer *w, const char *name,
		      unsigned long long v)
{
	jsonw_name(w, name);
	jsonw_uint(w, v);
}

void jsonw_bool_field(struct json_writer *w, const char *name, bool v)
{
	jsonw_name(w, name);
	jsonw_bool(w, v);
}

void jsonw_null_field(struct json_writer *w, const char *name)
{
	jsonw_name(w, name);
	jsonw_null(w);
}
