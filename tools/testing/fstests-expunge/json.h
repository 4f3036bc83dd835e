/* SPDX-License-Identifier: GPL-2.0 */
/* JSON output: strings, and the data's entries as objects. */
#ifndef FEXP_JSON_H
#define FEXP_JSON_H

#include "data.h"

/* A JSON string (null for NULL), escaped. */
void json_str(struct strbuf *sb, const char *s);
/* "key": "val" */
void json_key(struct strbuf *sb, const char *key, const char *val);
/* A list of strings, or null for NULL: [ "a", "b" ] */
void json_list(struct strbuf *sb, char *const *list);

/*
 * An entry of the data as an object: { "file", "line", "test", "kind",
 * "retries", "sections", "since", "fixed", "fixed_by", "if", "bug",
 * "reason" }; absent values are null, retries only for flaky entries.
 */
void json_entry(struct strbuf *sb, const struct entry *e);

#endif
