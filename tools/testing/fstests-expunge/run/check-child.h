/* SPDX-License-Identifier: GPL-2.0 */
/* One call of fstests' check: its output streamed, Ctrl-C passed on. */
#ifndef FEXP_CHECK_CHILD_H
#define FEXP_CHECK_CHILD_H

#include <stdbool.h>
#include <stddef.h>

/*
 * What follows check's output as it streams (run --vm: the guest's
 * console): each whole line (without '\n'), and a tick every 200 ms;
 * either returning true ends check (its process group) at once.
 */
struct check_watch {
	bool (*line)(void *data, const char *line, size_t len);
	bool (*tick)(void *data);
	void *data;
};

struct check_call {
	const char *fstests;	/* the fstests tree: check runs there */
	const char *result_base;	/* RESULT_BASE for check */
	const char *const *argv;	/* "./check" and its arguments, NULL-ended */
	/*
	 * Where to keep the test now running, as "ROUND TEST BOOT_ID", rewritten
	 * (and synced) as check starts each test: what a crash leaves.
	 */
	const char *running;
	unsigned int round;
	int sigfd;		/* from check_signals_catch() */
	const struct check_watch *watch;	/* or NULL */
	bool stderr_too;	/* its standard error on the same pipe */
};

/*
 * From now on SIGINT and SIGTERM wait on a file (returned, or -1), so
 * that a Ctrl-C between two check calls stops the run as cleanly as one
 * during a call.
 */
int check_signals_catch(void);
/* Did one come (since the last call)? */
bool check_signals_pending(int sigfd);
/* Back to how signals were before. */
void check_signals_release(int sigfd);

/*
 * Run check in its own process group, copying its output to ours. The
 * group ends when we do, however we end (run/check-guard.h); whatever
 * check started and left running is ended when check ends. A
 * SIGINT or SIGTERM to us is passed on to check; *interrupted says
 * whether one came. Returns check's exit status (128 + signal if it was
 * killed), or -1 if it could not be started.
 */
int check_run(const struct check_call *cc, bool *interrupted);

/* The test id a console line of check starts with, or NULL (malloc'd). */
char *check_line_test(const char *line, size_t len);

#endif
