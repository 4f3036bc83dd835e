/* SPDX-License-Identifier: GPL-2.0 */
/* What a kernel git tree says of its checkout: commit, remote, branch. */
#ifndef FEXP_KGIT_H
#define FEXP_KGIT_H

/* Each NULL when git does not say it */
struct kgit {
	char *dir;	/* the work tree read */
	char *commit;	/* git rev-parse HEAD */
	char *url;	/* the remote origin's url */
	char *branch;	/* the branch HEAD is on (not detached) */
};

/*
 * Read the checkout of the git tree at dir, which must be the top of its
 * work tree (dir/.git exists). Returns 0, 1 when dir is not a git tree,
 * -1 with *err when git cannot tell its HEAD.
 */
int kgit_read(const char *dir, struct kgit *g, char **err);
void kgit_free(struct kgit *g);

#endif
