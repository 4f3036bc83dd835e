/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers shared by every part of fstests-expunge. */
#ifndef FEXP_UTIL_H
#define FEXP_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include <linux/compiler.h>	/* tools/include: __printf() */

#ifndef ARRAY_SIZE	/* kselftest.h has one too */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* Exit codes of the contract: see the fstests-expunge(1) man page. */
#define EXIT_OK		0
#define EXIT_PROBLEM	1
#define EXIT_USAGE	2
#define EXIT_SKIP	125

extern const char *progname;

__printf(1, 2) void pr_err(const char *fmt, ...);
__printf(1, 2) void pr_warn(const char *fmt, ...);

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
__printf(1, 2) char *xasprintf(const char *fmt, ...);

/*
 * Append a zeroed element of size elem to the array whose pointer is at
 * arrp, holding *n elements with room for *alloc; returns the new one.
 */
void *array_push(void *arrp, size_t *n, size_t *alloc, size_t elem);

/* A NULL-terminated list of strings it owns. */
struct strlist {
	char **v;
	size_t n;
	size_t alloc;
};

/* Append s (taking it over); v stays NULL-terminated. */
void strlist_add(struct strlist *l, char *s);
void strlist_free(struct strlist *l);

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
 * Read a whole file, at most max bytes (a larger file is an error).
 * Returns 0, or -1 with errno set (EFBIG when over max).
 */
int read_file(const char *path, size_t max, char **buf, size_t *len);

/* Write a file atomically: a temporary file beside it, then rename(). */
int write_file_atomic(const char *path, const char *buf, size_t len);

/*
 * A command's output: to path (atomically), or to standard output when
 * path is NULL. Returns 0, or -1 after saying what failed.
 */
int write_output(const char *path, const struct strbuf *sb);

/* Split s at commas into a NULL-terminated array of strings. */
char **split_list(const char *s, size_t *n);
void free_list(char **list);

char *trim(char *s);
bool str_starts(const char *s, const char *prefix);

/* The value of a hexadecimal digit, or -1. */
int hexval(int c);

/* The 64-bit FNV-1a hash of buf: for hash tables and checksums. */
uint64_t fnv1a(const void *buf, size_t len);

/*
 * Run argv in dir (NULL: here) with its standard output on a pipe whose
 * read end is *fd. Returns the pid, or -1.
 */
pid_t spawn_reader(const char *const argv[], const char *dir, int *fd);
/* The same, with setup(arg) run in the child before exec (0: go on). */
pid_t spawn_reader_setup(const char *const argv[], const char *dir, int *fd,
			 int (*setup)(void *arg), void *arg);

/* Run argv and collect its standard output (at most max bytes). */
int run_capture(const char *const argv[], const char *dir, size_t max,
		char **out, size_t *outlen);

#endif
