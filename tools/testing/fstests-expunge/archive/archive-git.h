/* SPDX-License-Identifier: GPL-2.0 */
/* The archive is a plain git repository: git is run as a child. */
#ifndef FEXP_ARCHIVE_GIT_H
#define FEXP_ARCHIVE_GIT_H

/*
 * Ready dir as an archive: an existing git work tree is used as it is;
 * a new or empty directory gets "git init". Anything else is refused.
 * Returns 0, or -1 with *err.
 */
int archive_git_open(const char *dir, char **err);

/* Commit path (relative to dir) alone, with msg. 0, or -1 with *err. */
int archive_git_commit(const char *dir, const char *path, const char *msg,
		       char **err);

/* The short hash of dir's HEAD commit (malloc'd), or NULL */
char *archive_git_head(const char *dir);

#endif
