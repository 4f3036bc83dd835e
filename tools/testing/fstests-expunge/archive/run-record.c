// SPDX-License-Identifier: GPL-2.0
/* The record of an archived run: "key: value" lines, one a line. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "archive/run-record.h"

static bool key_ok(const char *k, size_t len)
{
	size_t i;

	if (!len)
		return false;
	for (i = 0; i < len; i++)
		if (!islower((unsigned char)k[i]) &&
		    !isdigit((unsigned char)k[i]) && k[i] != '-')
			return false;
	return true;
}

void record_set(struct run_record *r, const char *key, const char *value)
{
	struct record_kv *kv = NULL;
	char *p;
	size_t i;

	if (!value || !*value)
		return;
	for (i = 0; i < r->n && !kv; i++)
		if (!strcmp(r->kv[i].key, key))
			kv = &r->kv[i];
	if (!kv) {
		kv = array_push(&r->kv, &r->n, &r->alloc, sizeof(*kv));
		kv->key = xstrdup(key);
	}
	free(kv->value);
	kv->value = xstrdup(value);
	for (p = kv->value; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = ' ';
}

const char *record_get(const struct run_record *r, const char *key)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->kv[i].key, key))
			return r->kv[i].value;
	return NULL;
}

void record_write(const struct run_record *r, struct strbuf *sb)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		sb_printf(sb, "%s: %s\n", r->kv[i].key, r->kv[i].value);
}

int record_parse(const char *name, const char *buf, size_t len,
		 struct run_record *r, char **err)
{
	const char *p = buf, *end = buf + len, *nl, *colon;
	unsigned int line = 0;
	char *key, *value;

	for (; p < end; p = nl + 1) {
		line++;
		nl = memchr(p, '\n', end - p);
		if (!nl) {
			*err = xasprintf("%s:%u: the last line has no newline (cut short?)",
					 name, line);
			return -1;
		}
		colon = memchr(p, ':', nl - p);
		if (!colon || !key_ok(p, colon - p) || colon + 1 >= nl ||
		    colon[1] != ' ' || memchr(p, '\0', nl - p)) {
			*err = xasprintf("%s:%u: not a \"key: value\" line",
					 name, line);
			return -1;
		}
		key = xstrndup(p, colon - p);
		value = xstrndup(colon + 2, nl - colon - 2);
		record_set(r, key, value);
		free(key);
		free(value);
	}
	return 0;
}

void record_free(struct run_record *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		free(r->kv[i].key);
		free(r->kv[i].value);
	}
	free(r->kv);
	memset(r, 0, sizeof(*r));
}
