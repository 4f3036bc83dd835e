/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which fixes of the tests an fstests tree has: test-fixed-by= from its
 * git history, test-fixed= from its release tag.
 */
#ifndef FEXP_FSTESTS_REV_H
#define FEXP_FSTESTS_REV_H

#include <stdbool.h>

#include "lib/strbuf.h"

struct gitfix;

struct fstests_rev {
	char *dir;
	struct gitfix *git;	/* its history, or NULL: not a git tree */
	char *release;		/* "v2026.01.27" (git describe), or NULL */
};

/*
 * Read what the fstests tree at dir says of its version: its history
 * and release tag when it is a git tree. Returns 0, or -1 with *err
 * (dir is not a directory, git fails).
 */
int fstests_rev_open(const char *dir, struct fstests_rev *r, char **err);
void fstests_rev_free(struct fstests_rev *r);

/*
 * Has the tree the fix of a test (fixed_by, the commits of test-fixed-by=,
 * in its history, or else fixed, test-fixed=, at or before its release)?
 * Either may be NULL. r may be NULL: no tree.
 * When why is not NULL, what decided is appended to it; when the entry
 * goes on applying, "; ..." says what was not found or not checked.
 */
/* Is s an fstests release tag: vYYYY.MM.DD? */
bool valid_fstests_release(const char *s);

bool fstests_rev_has_fix(const struct fstests_rev *r, char *const *fixed_by,
			 const char *fixed, struct strbuf *why);

/*
 * What became of a test the tree no longer has, from its git history:
 * the commit that took tests/TEST away, the name it moved to (NULL when
 * removed) and the first release tag with that commit (NULL when none).
 */
struct fstests_gone {
	char *commit;
	char *renamed;
	char *release;
};

/*
 * Had the tree's history (HEAD) test? Returns true and fills *g (free
 * it with fstests_gone_free()); false when r is not a git tree or its
 * history never had the test.
 */
bool fstests_rev_gone(const struct fstests_rev *r, const char *test,
		      struct fstests_gone *g);
void fstests_gone_free(struct fstests_gone *g);

#endif
