/* SPDX-License-Identifier: GPL-2.0 */
/* Which commits a kernel git tree contains, backports included. */
#ifndef FEXP_GITFIX_H
#define FEXP_GITFIX_H

#include <stdbool.h>
#include <stddef.h>

/*
 * One walk of HEAD's history collects every commit id and every upstream
 * commit that a commit message says it carries:
 *
 *   commit <sha> upstream.            (stable, at the start of a line)
 *   [ Upstream commit <sha> ]         (stable)
 *   (cherry picked from commit <sha>) (git cherry-pick -x)
 *
 * and every commit a revert names ("This reverts commit <sha>.").
 *
 * The result is cached per HEAD commit in $XDG_CACHE_HOME (or
 * ~/.cache)/fstests-expunge/, so a second run costs one file read.
 */
struct gitfix;

/* Where a commit was found */
struct gitfix_hit {
	char commit[41];	/* the commit of HEAD's history that has it */
	bool backport;		/* commit names it in its message */
	bool reverted;		/* ... but a later commit reverts it: */
	char revert[41];	/* this one ("This reverts commit X.") */
};

/*
 * Open the history of the git tree at srctree, which must be the top of
 * its work tree (a tree without .git inside another repository is not a
 * git tree). Returns 0 with *gf set, 1 when srctree is not a git tree
 * (or a SHA-256 one, warned of: its ids are not the kernel's), -1 with
 * *err when git fails.
 */
int gitfix_open(const char *srctree, struct gitfix **gf, char **err);
/* The same for the history of rev (a commit id) instead of HEAD. */
int gitfix_open_at(const char *srctree, const char *rev, struct gitfix **gf,
		   char **err);
void gitfix_free(struct gitfix *gf);

/* HEAD's full commit id */
const char *gitfix_head(const struct gitfix *gf);
/* How the history was read: "git log" or the cache file's path */
const char *gitfix_source(const struct gitfix *gf);

/*
 * Does HEAD contain sha (7 to 40 hex digits: a prefix) or a backport of
 * it, not reverted since? The commit itself wins over a backport.
 * Returns true with *hit set; false, with hit->reverted and hit->revert
 * set when a revert ("This reverts commit X.", of the commit or of the
 * backport, itself not reverted) undid it.
 */
bool gitfix_find(const struct gitfix *gf, const char *sha,
		 struct gitfix_hit *hit);

/*
 * The upstream commit a message line names ("commit <sha> upstream.",
 * "[ Upstream commit <sha> ]", "(cherry picked from commit <sha>)"):
 * its length in hex digits with *sha pointing at it, or 0.
 */
size_t gitfix_backport_line(const char *line, const char **sha);

#endif
