/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel fixes an fstests test names, and whether a kernel tree has them. */
#ifndef FEXP_FSTESTS_HINTS_H
#define FEXP_FSTESTS_HINTS_H

#include <stdbool.h>

#include "kernel/gitfix.h"
#include "lib/strbuf.h"

/*
 * fstests tests name the kernel commits that fix what they catch:
 *
 *   _fixed_by_kernel_commit 0123456789ab "subject"
 *   _fixed_by_git_commit kernel 0123456789ab "subject"
 *   _wants_kernel_commit 0123456789ab "subject"    (a feature it needs)
 *
 * often only for one filesystem ([ "$FSTYP" = "xfs" ] && ..., or inside
 * an if or case on $FSTYP). fstests prints them only when the test
 * fails, and never into result.xml: we read them from the test's source.
 */
struct fstests_hint {
	char *sha;		/* as written: 7 to 40 hex digits */
	char *subject;		/* the commit's subject, or NULL */
	unsigned int line;	/* where its statement starts */
	bool wants;		/* _wants_*: needed, not a fix */
	/* set by fstests_hints_check() */
	bool in_tree;
	struct gitfix_hit hit;
};

struct fstests_hints {
	char *file;		/* the test's source: DIR/tests/<test> */
	struct fstests_hint *h;
	size_t n, alloc;
};

/*
 * Read the hints of test ("generic/388") from the fstests tree dir, for
 * filesystem fs (FSTYP; NULL keeps every hint). Hints for another
 * filesystem are left out; a condition we cannot read keeps the hint.
 * Placeholders ("xxxxxxxxxxxx") are skipped. Returns 0, or -1 with *err
 * (no such test, unreadable file).
 */
int fstests_hints_read(const char *dir, const char *test, const char *fs,
		       struct fstests_hints *hs, char **err);

/* The same from the text of a test's source; name is used in messages. */
int fstests_hints_parse(const char *name, const char *buf, size_t len,
			const char *fs, struct fstests_hints *hs, char **err);

/* Look each hint up in the kernel tree's history: in_tree, hit. */
void fstests_hints_check(struct fstests_hints *hs, const struct gitfix *git);

void fstests_hints_free(struct fstests_hints *hs);

/*
 * For "compare": what a failing test's hints say about the kernel tree,
 * one line per hint, each starting with indent, appended to out:
 *
 *   fix 0123456789ab ("xfs: subject") is not in HEAD 1a2b3c4d5e6f: a missing backport?
 *   fix 0123456789ab ("xfs: subject") is in HEAD as backport e5f6a7b8c9d0
 *
 * git may be NULL (no git tree): the fixes are listed, not looked up.
 * Returns the number of hints whose commit the tree lacks (all of them
 * without git), or -1 with *err as fstests_hints_read().
 */
int fstests_hints_describe(const char *dir, const char *test, const char *fs,
			   const struct gitfix *git, const char *indent,
			   struct strbuf *out, char **err);

#endif
