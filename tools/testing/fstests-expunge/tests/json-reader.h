/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A strict JSON reader for the tests (RFC 8259), so that what the tool
 * writes is checked by parsing it, field by field, not by substrings.
 */
#ifndef FEXP_TEST_JSON_READER_H
#define FEXP_TEST_JSON_READER_H

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"

enum jtype { J_NULL, J_FALSE, J_TRUE, J_NUM, J_STR, J_ARR, J_OBJ };

struct jval {
	enum jtype type;
	double num;
	char *str;		/* J_STR, decoded (\u escapes as UTF-8) */
	struct jval *items;	/* J_ARR elements, J_OBJ values */
	char **keys;		/* J_OBJ */
	size_t n;
};

static struct jval *jparse_value(const char **p, int depth);

static inline void jskip(const char **p)
{
	while (**p == ' ' || **p == '\t' || **p == '\n' || **p == '\r')
		(*p)++;
}

static inline void jput_utf8(char **o, unsigned int c)
{
	if (c < 0x80) {
		*(*o)++ = c;
	} else if (c < 0x800) {
		*(*o)++ = 0xc0 | c >> 6;
		*(*o)++ = 0x80 | (c & 0x3f);
	} else if (c < 0x10000) {
		*(*o)++ = 0xe0 | c >> 12;
		*(*o)++ = 0x80 | (c >> 6 & 0x3f);
		*(*o)++ = 0x80 | (c & 0x3f);
	} else {
		*(*o)++ = 0xf0 | c >> 18;
		*(*o)++ = 0x80 | (c >> 12 & 0x3f);
		*(*o)++ = 0x80 | (c >> 6 & 0x3f);
		*(*o)++ = 0x80 | (c & 0x3f);
	}
}

/* Four hex digits at s, or -1 */
static inline long jhex4(const char *s)
{
	long c = 0;
	int i, d;

	for (i = 0; i < 4; i++) {
		d = hexval((unsigned char)s[i]);	/* stops at the end too */
		if (d < 0)
			return -1;
		c = c * 16 + d;
	}
	return c;
}

/* The escape after a backslash at *p into *o; false if it is none */
static inline bool jescape(const char **p, char **o)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *e = strchr(from, **p);
	long c, lo;

	if (**p && e) {
		*(*o)++ = to[e - from];
		(*p)++;
		return true;
	}
	c = **p == 'u' ? jhex4(*p + 1) : -1;
	if (c < 0)
		return false;
	*p += 5;
	if (c >= 0xd800 && c < 0xdc00) {	/* a surrogate pair */
		lo = (*p)[0] == '\\' && (*p)[1] == 'u' ? jhex4(*p + 2) : -1;
		if (lo < 0xdc00 || lo > 0xdfff)
			return false;
		*p += 6;
		c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
	}
	jput_utf8(o, c);
	return true;
}

/* A string at *p (on its opening quote): malloc'd, or NULL */
static inline char *jparse_string(const char **p)
{
	char *out = malloc(strlen(*p) + 1), *o = out;

	for ((*p)++; **p != '"'; ) {
		if ((unsigned char)**p < 0x20)
			goto bad;	/* also the end of the text */
		if (**p != '\\') {
			*o++ = *(*p)++;
			continue;
		}
		(*p)++;
		if (!jescape(p, &o))
			goto bad;
	}
	(*p)++;
	*o = '\0';
	return out;
bad:
	free(out);
	return NULL;
}

/* The grammar of a number, then strtod() for its value */
static inline bool jparse_number(const char **p, struct jval *v)
{
	const char *s = *p;

	if (*s == '-')
		s++;
	if (!isdigit((unsigned char)*s))
		return false;
	if (*s == '0')
		s++;		/* no digit may follow a leading 0 */
	else
		while (isdigit((unsigned char)*s))
			s++;
	if (*s == '.') {
		if (!isdigit((unsigned char)*++s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s += s[1] == '+' || s[1] == '-' ? 2 : 1;
		if (!isdigit((unsigned char)*s))
			return false;
		while (isdigit((unsigned char)*s))
			s++;
	}
	v->type = J_NUM;
	v->num = strtod(*p, NULL);
	*p = s;
	return true;
}

static inline void json_free_val(struct jval *v)
{
	size_t i;

	for (i = 0; i < v->n; i++) {
		json_free_val(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
}

static inline void json_free(struct jval *v)
{
	if (v)
		json_free_val(v);
	free(v);
}

/* The members of an array or object at *p (on '[' or '{') into v */
static inline bool jparse_list(const char **p, struct jval *v, int depth)
{
	bool obj = **p == '{';
	char close = obj ? '}' : ']';

	v->type = obj ? J_OBJ : J_ARR;
	(*p)++;
	jskip(p);
	if (**p == close) {
		(*p)++;
		return true;
	}
	for (;;) {
		struct jval *item;
		char *key = NULL;

		jskip(p);
		if (obj) {
			key = **p == '"' ? jparse_string(p) : NULL;
			if (!key)
				return false;
			jskip(p);
			if (*(*p)++ != ':') {
				free(key);
				return false;
			}
		}
		item = jparse_value(p, depth + 1);
		if (!item) {
			free(key);
			return false;
		}
		v->items = realloc(v->items, (v->n + 1) * sizeof(*v->items));
		v->items[v->n] = *item;
		free(item);
		if (obj) {
			v->keys = realloc(v->keys, (v->n + 1) * sizeof(*v->keys));
			v->keys[v->n] = key;
		}
		v->n++;
		jskip(p);
		if (**p == close) {
			(*p)++;
			return true;
		}
		if (*(*p)++ != ',')
			return false;
	}
}

static struct jval *jparse_value(const char **p, int depth)
{
	static const char *const words[] = { "null", "false", "true" };
	struct jval *v = calloc(1, sizeof(*v));
	bool ok = false;
	size_t i;

	jskip(p);
	for (i = 0; i < 3; i++) {
		if (!strncmp(*p, words[i], strlen(words[i]))) {
			v->type = (enum jtype)i;	/* J_NULL, J_FALSE, J_TRUE */
			*p += strlen(words[i]);
			return v;
		}
	}
	if (**p == '"') {
		v->type = J_STR;
		v->str = jparse_string(p);
		ok = v->str;
	} else if ((**p == '[' || **p == '{') && depth < 64) {
		ok = jparse_list(p, v, depth);
	} else {
		ok = jparse_number(p, v);
	}
	if (!ok) {
		json_free(v);
		return NULL;
	}
	return v;
}

/* All of text as one JSON value (white space around it), or NULL */
static inline struct jval *json_parse(const char *text)
{
	const char *p = text;
	struct jval *v = jparse_value(&p, 0);

	jskip(&p);
	if (v && *p) {
		json_free(v);
		return NULL;
	}
	return v;
}

/*
 * The value at path: object keys and array indexes separated by '/'
 * ("sections/0/results"); NULL when there is none.
 */
static inline
const struct jval *json_at(const struct jval *v,
			   const char *path)
{
	while (v && *path) {
		size_t len = strcspn(path, "/"), i;
		const struct jval *next = NULL;

		for (i = 0; i < v->n; i++) {
			if (v->type == J_OBJ ? strlen(v->keys[i]) == len &&
			    !strncmp(v->keys[i], path, len) :
			    v->type == J_ARR && (size_t)atoi(path) == i &&
			    isdigit((unsigned char)*path)) {
				next = &v->items[i];
				break;
			}
		}
		v = next;
		path += len + !!path[len];
	}
	return v;
}

/* The string at path, or NULL (also when it is not a string) */
static inline
const char *json_str_at(const struct jval *v, const char *path)
{
	v = json_at(v, path);
	return v && v->type == J_STR ? v->str : NULL;
}

/* The number at path, or -1 when there is none */
static inline double json_num_at(const struct jval *v, const char *path)
{
	v = json_at(v, path);
	return v && v->type == J_NUM ? v->num : -1;
}

/* The element of array arr whose member key is the string val, or NULL */
static inline
const struct jval *json_find(const struct jval *arr,
			     const char *key, const char *val)
{
	size_t i;

	for (i = 0; arr && arr->type == J_ARR && i < arr->n; i++) {
		const char *s = json_str_at(&arr->items[i], key);

		if (s && !strcmp(s, val))
			return &arr->items[i];
	}
	return NULL;
}

#endif
