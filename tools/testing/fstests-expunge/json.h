/* SPDX-License-Identifier: GPL-2.0 */
/* JSON output: strings escaped as RFC 8259 says. */
#ifndef FEXP_JSON_H
#define FEXP_JSON_H

#include "util.h"

/* s as a JSON string, or null when s is NULL. */
void json_str(struct strbuf *sb, const char *s);

/* "key": s, as json_str() writes s */
void json_key_str(struct strbuf *sb, const char *key, const char *s);

#endif
