/* SPDX-License-Identifier: GPL-2.0 */
/* The record of an archived run: "key: value" lines, one a line. */
#ifndef FEXP_RUN_RECORD_H
#define FEXP_RUN_RECORD_H

#include "lib/strbuf.h"

struct record_kv {
	char *key;
	char *value;
};

struct run_record {
	struct record_kv *kv;	/* in the order set */
	size_t n, alloc;
};

/*
 * Set key to value (a copy); a control character in value becomes a
 * space, so that a value stays on its line. A NULL or empty value is
 * not set.
 */
void record_set(struct run_record *r, const char *key, const char *value);
/* The value of key, or NULL */
const char *record_get(const struct run_record *r, const char *key);
/* As "key: value" lines */
void record_write(const struct run_record *r, struct strbuf *sb);
/*
 * Parse the len bytes at buf (name: for messages). Returns 0, or -1
 * with *err naming name and line.
 */
int record_parse(const char *name, const char *buf, size_t len,
		 struct run_record *r, char **err);
void record_free(struct run_record *r);

#endif
