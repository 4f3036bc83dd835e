/* SPDX-License-Identifier: GPL-2.0 */
/* Strings: growable buffers, lists, pools, and small string helpers. */
#ifndef FEXP_STRBUF_H
#define FEXP_STRBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "lib/base.h"

/* A NULL-terminated list of strings it owns. */
struct strlist {
	char **v;
	size_t n;
	size_t alloc;
};

/* Append s (taking it over); v stays NULL-terminated. */
void strlist_add(struct strlist *l, char *s);
void strlist_free(struct strlist *l);
/* Is s one of the strings of l? */
bool strlist_has(const struct strlist *l, const char *s);

/* A growable string. */
struct strbuf {
	char *buf;
	size_t len;
	size_t alloc;
};

void sb_add(struct strbuf *sb, const char *s, size_t len);
void sb_puts(struct strbuf *sb, const char *s);
__printf(2, 3) void sb_printf(struct strbuf *sb, const char *fmt, ...);
void sb_free(struct strbuf *sb);

/*
 * Many small strings freed at once: copies that share blocks of 16 KiB
 * (a long one has its own), none freed on its own; a malloc() and a
 * free() for each string would cost more than reading it.
 */
struct strpool {
	struct strpool_block *blocks;
	char *next;		/* free room in the first block */
	size_t left;
};

/* A NUL-terminated copy of the n bytes at s, for as long as the pool */
char *strpool_ndup(struct strpool *sp, const char *s, size_t n);
void strpool_free(struct strpool *sp);

/* Split s at commas into a NULL-terminated array of strings. */
char **split_list(const char *s, size_t *n);
void free_list(char **list);

char *trim(char *s);
bool str_starts(const char *s, const char *prefix);
/* Both NULL, or the same string. */
bool str_same(const char *a, const char *b);

/* The value of a hexadecimal digit, or -1. */
int hexval(int c);

/* The 64-bit FNV-1a hash of buf: for hash tables and checksums. */
uint64_t fnv1a(const void *buf, size_t len);

#endif
