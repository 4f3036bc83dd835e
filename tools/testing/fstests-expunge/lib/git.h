/* SPDX-License-Identifier: GPL-2.0 */
/* Git run as a child in a directory, apart from the caller's git. */
#ifndef FEXP_GIT_H
#define FEXP_GIT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * Each runs "git ARGS..." in dir (args: git's arguments, NULL-ended)
 * with hooks off (core.hooksPath=/dev/null) and without the caller's
 * GIT_* variables: a GIT_DIR or GIT_INDEX_FILE that a hook or "git
 * rebase -x" set would point git at another repository. Only the
 * author's and committer's name, email and date are kept: they say
 * who, not where.
 */

/* Its standard output, at most max bytes: 0, or -1 when git fails. */
int git_capture(const char *dir, const char *const args[], size_t max,
		char **out, size_t *len);
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
