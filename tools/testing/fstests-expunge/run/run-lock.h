/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run per results directory and per device: flock()ed lock files
 * that hold the pid of the run. check inherits them, so a lock is held
 * as long as run or anything check started is alive.
 */
#ifndef FEXP_RUN_LOCK_H
#define FEXP_RUN_LOCK_H

#include "lib/strbuf.h"

/* Where the device locks are: $FSTESTS_EXPUNGE_LOCK_DIR, /run/lock, /tmp */
#define LOCK_DIR_ENV	"FSTESTS_EXPUNGE_LOCK_DIR"

struct run_locks {
	int *fds;
	size_t n, alloc;
};

/*
 * Lock RESULT_BASE (base) and each device: a device by its device number
 * when it is one, else by its name. Returns 0, or -1 after saying who
 * holds which (a lock whose holder is gone is taken over).
 */
int run_locks_take(struct run_locks *l, const char *base,
		   const struct strlist *devs);
void run_locks_release(struct run_locks *l);

#endif
