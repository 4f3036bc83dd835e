/* SPDX-License-Identifier: GPL-2.0 */
/* The archive is a plain git repository: a run goes in whole or not at all. */
#ifndef FEXP_ARCHIVE_GIT_H
#define FEXP_ARCHIVE_GIT_H

#include <stdbool.h>

/*
 * An archive open for adding. Its directory is flock()ed from
 * archive_git_open() to archive_git_close(), so adds take turns; git
 * runs only through lib/git.h (no hook, no GIT_* of the caller), and
 * only commands that never read the work tree (no clean filter runs).
 *
 * How a run goes in (archive_git_stage(), then archive_git_put()): its
 * files are written to runs/.adding/run, hashed into git's objects, and
 * its commit is made with an index of its own, all unseen; then the
 * folder is renamed to runs/ID, the repository's index is told of it,
 * and the branch is moved to the commit, if it has not moved meanwhile:
 * that is the commit point. A failure before it undoes the rest. An add
 * killed half way leaves runs/.adding (removed by the next add), or at
 * worst runs/ID whole but not committed (the next add of the run
 * commits it); never a run folder without its record. The lock's
 * descriptor is inherited by the git children, so a git still running
 * for an add that was killed holds it until it is done.
 */
struct archive_git {
	char *dir;		/* the archive, its real path */
	int lock;		/* its directory, locked; -1 when not open */
	bool identity;		/* the user has one: else the tool's own */
};

/*
 * Open dir for adding and lock it: an existing git work tree is used as
 * it is (its top must be dir itself); a new or empty directory gets
 * "git init". Anything else is refused. Returns 0, or -1 with *err.
 */
int archive_git_open(const char *dir, struct archive_git *g, char **err);
void archive_git_close(struct archive_git *g);

/* Is path (relative to the archive) in its last commit? */
bool archive_git_has(const struct archive_git *g, const char *path);

/*
 * A new, empty runs/.adding/run to write a run's files in (malloc'd),
 * or NULL with *err: runs/ must be a folder, not a link to one.
 */
char *archive_git_stage(const struct archive_git *g, char **err);

/*
 * Commit the folder archive_git_stage() gave as runs/id, with msg, and
 * move it there (whatever uncommitted runs/id held goes). 0, or -1 with
 * *err and nothing of the run left.
 */
int archive_git_put(const struct archive_git *g, const char *id,
		    const char *msg, char **err);

/* The short hash of dir's HEAD commit (malloc'd), or NULL */
char *archive_git_head(const char *dir);

#endif
