/* SPDX-License-Identifier: GPL-2.0 */
/* The guard of check's process group: check lives no longer than run. */
#ifndef FEXP_CHECK_GUARD_H
#define FEXP_CHECK_GUARD_H

#include <sys/types.h>

/*
 * In run's child, the leader of the new process group, before exec:
 * fork. The child returns 0 and goes on to exec check; this process
 * stays as the guard and does not return: when run dies, however it
 * dies (SIGKILL too: PR_SET_PDEATHSIG), the guard kills check and every
 * process it started, those that left the group or lost their parent
 * too (the guard is their subreaper). A SIGTERM to the guard goes to check;
 * SIGINT (sent to the group) is check's business. The guard exits as
 * check exits, with its status. Returns -1 if it could not be set up.
 */
int check_guard(pid_t run);

#endif
