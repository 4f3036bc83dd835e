/* SPDX-License-Identifier: GPL-2.0 */
/* Ending every process a process started, those that left its group too. */
#ifndef FEXP_DESCENDANTS_H
#define FEXP_DESCENDANTS_H

/*
 * Make this process the one that orphans below it are handed to
 * (PR_SET_CHILD_SUBREAPER), so that a process whose parent died, or
 * that left the process group (setsid), can still be found and ended.
 * Returns 0, or -1.
 */
int descendants_adopt(void);

/*
 * Kill (SIGKILL) every descendant of this process, round after round as
 * orphans come back to it, and reap them all: on return it has no child.
 */
void descendants_end(void);

#endif
