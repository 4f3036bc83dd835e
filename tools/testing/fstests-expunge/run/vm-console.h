/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The guest's serial console, line by line: which test runs, the
 * guest's own marks (up, check's exit status, an error of its set-up),
 * and a kernel crash with its signature.
 */
#ifndef FEXP_VM_CONSOLE_H
#define FEXP_VM_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strbuf.h"

/* What the guest script prints before its marks (and a nonce after) */
#define VM_MARK		"fstests-expunge-guest:"
/* Lines of a crash kept for its result (the console log has them all) */
#define VM_OOPS_LINES	40

enum console_state {
	CON_BOOTING,		/* until the guest says it is up */
	CON_UP,			/* check runs */
	CON_EXITED,		/* check exited: exit_status */
	CON_FAILED,		/* the guest's set-up failed: error */
	CON_CRASHED,		/* a panic, oops or BUG: signature */
};

struct console {
	const char *nonce;	/* this boot's, in every mark */
	enum console_state state;
	char *test;		/* the test running (malloc'd), or NULL */
	bool test_changed;	/* a test started with the last line */
	bool kmsg_tests;	/* fstests marks its tests in the kernel log */
	int exit_status;
	char *error;		/* CON_FAILED: what the guest said */
	char *signature;	/* CON_CRASHED: first line; RIP function */
	struct strbuf oops;	/* its first lines */
	unsigned int oops_lines;
	bool crash_over;	/* the crash's end-of-trace line came */
	unsigned int hung;	/* hung-task and stall warnings seen */
	char *hung_first;	/* the first of them */
};

/*
 * Take one line of the console (without its '\n'; a '\r' before it is
 * ignored). Kernel messages are told by their "[ seconds] " stamp, so
 * that a test's output that prints "BUG:" is not taken for a crash.
 */
void console_line(struct console *c, const char *line, size_t len);

/*
 * The kernel message in line (after its timestamp; the last one, when
 * other output came first on the line), or NULL if it has none.
 */
const char *console_kmsg(const char *line, size_t len, size_t *msglen);

void console_free(struct console *c);

#endif
