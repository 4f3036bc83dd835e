// SPDX-License-Identifier: GPL-2.0
/* What every file needs: exit codes, messages, memory that never fails. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"

const char *progname = "fstests-expunge";

/* Longest message: one that quotes bad input is cut short. */
#define REPORT_MAX	4096

static void vreport(const char *what, const char *fmt, va_list ap)
{
	char *msg;
	int n = vasprintf(&msg, fmt, ap);

	if (n < 0) {
		fprintf(stderr, "%s: %sout of memory\n", progname, what);
		return;
	}
	if (n > REPORT_MAX)
		fprintf(stderr, "%s: %s%.*s... (%d bytes)\n", progname, what,
			REPORT_MAX, msg, n);
	else
		fprintf(stderr, "%s: %s%s\n", progname, what, msg);
	free(msg);
}

void pr_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
}

void pr_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

void pr_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("note: ", fmt, ap);
	va_end(ap);
}

int oom_exit_status = EXIT_PROBLEM;
static bool bisecting;

void bisect_exit_statuses(void)
{
	bisecting = true;
	oom_exit_status = EXIT_SKIP;
}

int cannot_tell_exit(int status)
{
	return bisecting && status == EXIT_USAGE ? EXIT_SKIP : status;
}

void oom(void)
{
	fprintf(stderr, "%s: out of memory\n", progname);
	exit(oom_exit_status);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	char *p;

	if (vasprintf(&p, fmt, ap) < 0)
		oom();
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void *array_push(void *arrp, size_t *n, size_t *alloc, size_t elem)
{
	char **array = arrp;
	char *slot;

	if (*n >= *alloc) {
		*alloc = *alloc ? *alloc * 2 : 16;
		if (*alloc > SIZE_MAX / elem)
			oom();
		*array = xrealloc(*array, *alloc * elem);
	}
	slot = *array + *n * elem;
	memset(slot, 0, elem);
	(*n)++;
	return slot;
}
