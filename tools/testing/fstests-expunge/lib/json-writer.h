/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A JSON writer, as bpftool's json_writer: objects, arrays, names and
 * values in order, the punctuation (commas, colons, brackets, quotes)
 * placed by the writer; strings escaped as RFC 8259 says (", \ and the
 * control characters; other bytes as they are).
 */
#ifndef FEXP_JSON_WRITER_H
#define FEXP_JSON_WRITER_H

#include <stdbool.h>

#include "lib/strbuf.h"

#define JSONW_MAX_DEPTH	32

struct json_writer {
	struct strbuf *out;
	unsigned int depth;
	const char *brk;		/* the layout jsonw_break() asked */
	bool named;			/* a name waits for its value */
	bool any[JSONW_MAX_DEPTH + 1];	/* the container has a member */
};

/*
 * A writer appending to out, all on one line ({"a": 1, "b": [2, 3]})
 * but where jsonw_break() says. The caller ends the text (a newline).
 */
void jsonw_init(struct json_writer *w, struct strbuf *out);

void jsonw_start_object(struct json_writer *w);
void jsonw_end_object(struct json_writer *w);
void jsonw_start_array(struct json_writer *w);
void jsonw_end_array(struct json_writer *w);

/*
 * The layout before what comes next: before the next member or element,
 * brk (say "\n  ") after its comma instead of the space; before the end
 * of the container, brk before its bracket. brk is the caller's until
 * then.
 */
void jsonw_break(struct json_writer *w, const char *brk);

/* The name of the next member of an object; its value follows. */
void jsonw_name(struct json_writer *w, const char *name);

/* s as a string, or null when s is NULL */
void jsonw_string(struct json_writer *w, const char *s);
void jsonw_int(struct json_writer *w, long long v);
void jsonw_uint(struct json_writer *w, unsigned long long v);
void jsonw_bool(struct json_writer *w, bool v);
void jsonw_null(struct json_writer *w);
/* A number with that many decimals */
void jsonw_float(struct json_writer *w, int decimals, double v);
/* A value another writer made (a complete JSON text), as it is */
void jsonw_json(struct json_writer *w, const char *json);
/* A NULL-terminated list of strings as an array, or null for NULL */
void jsonw_string_list(struct json_writer *w, char *const *list);

/* A name and its value */
void jsonw_string_field(struct json_writer *w, const char *name,
			const char *s);
void jsonw_int_field(struct json_writer *w, const char *name, long long v);
void jsonw_uint_field(struct json_writer *w, const char *name,
		      unsigned long long v);
void jsonw_bool_field(struct json_writer *w, const char *name, bool v);
void jsonw_null_field(struct json_writer *w, const char *name);

/* s as a JSON string (as jsonw_string() writes it) appended to sb */
void json_quote(struct strbuf *sb, const char *s);

#endif
