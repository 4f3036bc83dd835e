// SPDX-License-Identifier: GPL-2.0
/* Strings: growable buffers, lists, pools, and small string helpers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/strbuf.h"

void strlist_add(struct strlist *l, char *s)
{
	if (l->n + 2 > l->alloc) {
		l->alloc = l->alloc ? l->alloc * 2 : 16;
		l->v = xrealloc(l->v, l->alloc * sizeof(*l->v));
	}
	l->v[l->n++] = s;
	l->v[l->n] = NULL;
}

void strlist_free(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

bool strlist_has(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (!strcmp(l->v[i], s))
			return true;
	}
	return false;
}

/* Room for len more bytes and a NUL */
static void sb_grow(struct strbuf *sb, size_t len)
{
	if (sb->len + len + 1 > sb->alloc) {
		sb->alloc = (sb->len + len + 1) * 2;
		sb->buf = xrealloc(sb->buf, sb->alloc);
	}
}

void sb_add(struct strbuf *sb, const char *s, size_t len)
{
	sb_grow(sb, len);
	memcpy(sb->buf + sb->len, s, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

/* Formatted right into the buffer: no copy made and freed a call */
void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	size_t room;
	int n;

	sb_grow(sb, 64);
	room = sb->alloc - sb->len;
	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->len, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom();
	if ((size_t)n >= room) {
		sb_grow(sb, n);
		va_start(ap, fmt);
		n = vsnprintf(sb->buf + sb->len, n + 1, fmt, ap);
		va_end(ap);
		if (n < 0)
			oom();
	}
	sb->len += n;
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	memset(sb, 0, sizeof(*sb));
}

#define STRPOOL_BLOCK	(16 << 10)

struct strpool_block {
	struct strpool_block *next;
	char buf[];
};

char *strpool_ndup(struct strpool *sp, const char *s, size_t n)
{
	struct strpool_block *b;
	char *p;

	if (n >= sp->left) {
		/* a long string has a block of its own: the room left stays */
		bool own = n >= STRPOOL_BLOCK / 4;
		size_t size = own ? n + 1 : STRPOOL_BLOCK;

		b = xmalloc(sizeof(*b) + size);
		b->next = sp->blocks;
		sp->blocks = b;
		if (own) {
			memcpy(b->buf, s, n);
			b->buf[n] = '\0';
			return b->buf;
		}
		sp->next = b->buf;
		sp->left = size;
	}
	p = sp->next;
	memcpy(p, s, n);
	p[n] = '\0';
	sp->next += n + 1;
	sp->left -= n + 1;
	return p;
}

void strpool_free(struct strpool *sp)
{
	while (sp->blocks) {
		struct strpool_block *b = sp->blocks;

		sp->blocks = b->next;
		free(b);
	}
	memset(sp, 0, sizeof(*sp));
}

char **split_list(const char *s, size_t *n)
{
	struct strlist list = { 0 };
	const char *comma;

	for (;;) {
		comma = strchr(s, ',');
		strlist_add(&list, comma ? xstrndup(s, comma - s) : xstrdup(s));
		if (!comma)
			break;
		s = comma + 1;
	}
	*n = list.n;
	return list.v;
}

void free_list(char **list)
{
	char **p;

	for (p = list; p && *p; p++)
		free(*p);
	free(list);
}

char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

uint64_t fnv1a(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	uint64_t h = 0xcbf29ce484222325ULL;

	while (len--) {
		h ^= *p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

bool str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

bool str_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}
