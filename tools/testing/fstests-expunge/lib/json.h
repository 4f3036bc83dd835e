/* SPDX-License-Identifier: GPL-2.0 */
/* JSON output: strings escaped as RFC 8259 says, lists. */
#ifndef FEXP_JSON_H
#define FEXP_JSON_H

#include "lib/strbuf.h"

/* s as a JSON string, or null when s is NULL. */
void json_str(struct strbuf *sb, const char *s);

/* "key": s, as json_str() writes s */
void json_key_str(struct strbuf *sb, const char *key, const char *s);

/* A NULL-terminated list of strings, or null for NULL: [ "a", "b" ] */
void json_list(struct strbuf *sb, char *const *list);

#endif
