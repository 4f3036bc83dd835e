/* SPDX-License-Identifier: GPL-2.0 */
/* What every file needs: exit codes, messages, memory that never fails. */
#ifndef FEXP_BASE_H
#define FEXP_BASE_H

#include <stdarg.h>
#include <stddef.h>

#include <linux/compiler.h>	/* tools/include: __printf(), __noreturn */

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
 * --bisect makes it EXIT_SKIP (cannot tell).
 */
extern int oom_exit_status;

/*
 * --bisect was given: from now on every "cannot tell" (bad usage,
 * unreadable input, a report that cannot be written, out of memory)
 * exits EXIT_SKIP, which git bisect run skips, not 1 or 2 (bad).
 */
void bisect_exit_statuses(void);
/* A command's exit status, EXIT_USAGE made EXIT_SKIP under --bisect. */
int cannot_tell_exit(int status);

/* Say that memory ran out, and exit with oom_exit_status. */
__noreturn void oom(void);

__printf(1, 2) void pr_err(const char *fmt, ...);
__printf(1, 2) void pr_warn(const char *fmt, ...);
/* What the user should know, though nothing is wrong: "note: ..." */
__printf(1, 2) void pr_note(const char *fmt, ...);

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

#endif
