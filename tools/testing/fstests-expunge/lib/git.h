/* SPDX-License-Identifier: GPL-2.0 */
/* Git run as a child in a directory, apart from the caller's git. */
#ifndef FEXP_GIT_H
#define FEXP_GIT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Each runs "git ARGS..." in dir (args: git's arguments, NULL-ended)
 * without the caller's GIT_* variables: a GIT_DIR or GIT_INDEX_FILE that
 * a hook or "git rebase -x" set would point git at another repository,
 * GIT_CONFIG_* would change its settings. Only the author's and
 * committer's name, email and date are kept: they say who, not where.
 * The repository is someone else's (a kernel or fstests tree, a shared
 * archive): nothing it sets makes git run a program (hooks, fsmonitor,
 * gpg, gc and maintenance are off), nor go to the network.
 */

/* Its standard output, at most max bytes: 0, or -1 when git fails. */
int git_capture(const char *dir, const char *const args[], size_t max,
		char **out, size_t *len);
/* The same with index as the index file (GIT_INDEX_FILE), not the repo's */
int git_capture_index(const char *dir, const char *index,
		      const char *const args[], size_t max, char **out,
		      size_t *len);
/* Run it, its output thrown away (index as above, or NULL): 0, or -1. */
int git_run(const char *dir, const char *index, const char *const args[]);
/* Its standard output on a pipe, *fd: the pid, or -1. */
pid_t git_reader(const char *dir, const char *const args[], int *fd);
/* The first line of its output; NULL when git fails or prints none. */
char *git_line(const char *dir, const char *const args[]);

/* Is dir the top of a git work tree of its own (dir/.git exists)? */
bool git_is_top(const char *dir);
/*
 * The commit rev names in dir ("HEAD", or any revision), as git
 * rev-parse prints it: the full id, or with abbrev > 0 an id of at
 * least that many digits. NULL when git cannot name one.
 */
char *git_commit_id(const char *dir, const char *rev, int abbrev);

#endif
