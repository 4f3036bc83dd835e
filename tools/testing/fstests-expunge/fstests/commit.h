/* SPDX-License-Identifier: GPL-2.0 */
/* Which fstests commit a run was made with. */
#ifndef FEXP_FSTESTS_COMMIT_H
#define FEXP_FSTESTS_COMMIT_H

/*
 * What "run" leaves beside the result.xml it writes (in its state
 * folder): the commit of the fstests tree it ran, then a newline.
 */
#define FSTESTS_COMMIT_FILE	"fstests-expunge/fstests-commit"

/*
 * The commit (40 hex digits, malloc'd) that the fstests tree at dir has
 * checked out, or NULL: dir is not the top of a git work tree (a tree
 * unpacked from a tarball, an installed fstests) or has no commit.
 */
char *fstests_commit(const char *dir);

/*
 * The fstests commit of the run whose result.xml is at path, or NULL
 * when nothing says it. Asked in turn: the tree opt (--fstests, may be
 * NULL); what "run" recorded beside path; the fstests tree path lies
 * in (its results/); the tree $FSTESTS_DIR names.
 */
char *fstests_commit_of_run(const char *opt, const char *path);

#endif
