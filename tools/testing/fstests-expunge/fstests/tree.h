/* SPDX-License-Identifier: GPL-2.0 */
/* The tests of an fstests tree and the groups each belongs to. */
#ifndef FEXP_FSTESTS_TREE_H
#define FEXP_FSTESTS_TREE_H

#include <stdbool.h>

#include "lib/strbuf.h"

struct fstests_test {
	char *name;	/* "generic/388" */
	char **groups;	/* NULL-terminated */
};

struct fstests_tree {
	char *dir;
	struct fstests_test *t;	/* sorted by name */
	size_t n, alloc;
};

/*
 * Read every test under dir/tests/ with its groups: from a directory's
 * group.list where fstests' make built it, else from each test's
 * "_begin_fstest GROUP..." line. Returns 0, or -1 with *err when dir
 * is not an fstests tree.
 */
int fstests_tree_read(const char *dir, struct fstests_tree *t, char **err);

/* The tests of group, in name order, appended to out; how many. */
size_t fstests_group_tests(const struct fstests_tree *t, const char *group,
			   struct strlist *out);
bool fstests_has_test(const struct fstests_tree *t, const char *test);

/* The tree named by --fstests, or FSTESTS_DIR, or NULL */
const char *fstests_dir(const char *opt);

void fstests_tree_free(struct fstests_tree *t);

/* Is the name a test id fstests knows: "dir/name"? */
bool valid_test_name(const char *s);

#endif
