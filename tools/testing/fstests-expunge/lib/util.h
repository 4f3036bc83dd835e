/* SPDX-License-Identifier: GPL-2.0 */
/* Small helpers shared by every part of fstests-expunge. */
#ifndef FEXP_UTIL_H
#define FEXP_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/stat.h>
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
/*
 * The exit status when memory runs out: not a usage error, a problem;
 * compare --bisect makes it EXIT_SKIP (cannot tell).
 */
extern int oom_exit_status;

__printf(1, 2) void pr_err(const char *fmt, ...);
__printf(1, 2) void pr_warn(const char *fmt, ...);

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
__printf(1, 2) char *xasprintf(const char *fmt, ...);
__printf(1, 0) char *xvasprintf(const char *fmt, va_list ap);

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

/* Does s hold a control character (newline, escape, ...)? */
bool has_control(const char *s);
/* The same for n bytes */
bool has_control_n(const char *s, size_t n);
/* Append s with control characters written as C escapes (\\n, \\x1b). */
void sb_add_escaped(struct strbuf *sb, const char *s, size_t len);
/*
 * Append s as XML or HTML text or attribute value: the markup characters
 * as entities, newline, CR and tab as character references, and any
 * other control character (none is XML) as '?'.
 */
void sb_add_markup(struct strbuf *sb, const char *s);
/* Input for a message: escaped, at most max bytes of it (malloc'd). */
char *quote_input(const char *s, size_t max);
#define QUOTE_MAX	200

/* errno for a path that is not a regular file (a FIFO, a device) */
#define ENOTREG		EMEDIUMTYPE
/* strerror(), and "not a regular file" for ENOTREG */
const char *errstr(int err);

/*
 * Open a regular file for reading, without blocking on a FIFO or a
 * device: anything else fails with ENOTREG (EISDIR for a directory).
 */
int open_regular(const char *path);
/* The same, with the file's status */
int open_regular_stat(const char *path, struct stat *st);

/*
 * Read a whole regular file (open_regular()), at most max bytes (a larger file is an error).
 * Returns 0, or -1 with errno set (EFBIG when over max).
 */
int read_file(const char *path, size_t max, char **buf, size_t *len);

/*
 * Write a file atomically: a temporary file beside it, then rename(). A
 * symbolic link is followed (the link stays); a device or FIFO is written
 * through (never waiting for a reader); anything else is refused
 * (EISDIR, ENOTREG).
 */
int write_file_atomic(const char *path, const char *buf, size_t len);
/*
 * The same for n files at once: all are written aside before any is
 * renamed, so a failure leaves every old file as it was.
 */
int write_files_atomic(char *const *paths, const struct strbuf *bufs,
		       size_t n);

/*
 * A command's output: to path (write_file_atomic()), or to standard
 * output when path is NULL (a write error there is reported as the
 * command ends). Returns 0, or -1 after saying what failed.
 */
int write_output(const char *path, const struct strbuf *sb);
/* n outputs to n paths, all or none (write_files_atomic()), or stdout. */
int write_outputs(char *const *paths, const struct strbuf *sbs, size_t n);

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
