// SPDX-License-Identifier: GPL-2.0
/*
 * check --fstests: a test the tree no longer has is an error, unless its
 * git history had it (renamed or removed) and the line stops applying
 * to that tree (test-fixed-by=, test-fixed=): users of older fstests
 * still run it under that name; in a tree without git history the line's
 * own record of it is taken. A git fixture built here stands for
 * fstests: shared/298 moved to generic/746, xfs/539 removed.
 */
#include "test-util.h"
#include "tmpdir-fixture.h"

#define EXPECT_HAS(text, part) EXPECT_NE(NULL, strstr(text, part))
#define GIT	"git -c user.name=t -c user.email=t@t -c init.defaultBranch=m"

/* A commit of the tree at dir with message msg: its id */
static char *commit(const char *dir, const char *msg)
{
	char *head = str_printf("%s.head", dir), *sha;
	size_t len;

	if (shell_call("cd %s && " GIT " add -A && " GIT " commit -qm '%s'",
		       dir, msg) ||
	    shell_call("git -C %s rev-parse HEAD > %s", dir, head))
		abort();
	sha = get_file(head, &len);
	sha[strcspn(sha, "\n")] = '\0';
	return sha;
}

/* The test file dir/tests/name */
static void add_test(const char *dir, const char *name)
{
	if (shell_call("mkdir -p %s/tests/%s && rmdir %s/tests/%s", dir, name,
		       dir, name))
		abort();
	put_str(str_printf("%s/tests/%s", dir, name), "_begin_fstest auto\n");
}

/*
 * The fstests-like tree dir/fst: shared/298 and xfs/539 at release
 * v2024.01.01; shared/298 moved to generic/746; v2024.05.12; xfs/539
 * removed, untagged. *moved and *removed: the two commits.
 */
static void fstests_history(const char *dir, char **moved, char **removed)
{
	char *fst = str_printf("%s/fst", dir);

	if (shell_call("mkdir -p %s && cd %s && " GIT " init -q", fst, fst))
		abort();
	add_test(fst, "shared/298");
	add_test(fst, "xfs/539");
	add_test(fst, "generic/001");
	free(commit(fst, "tests"));
	if (shell_call("cd %s && git tag v2024.01.01 && git mv tests/shared/298 tests/generic/746",
		       fst))
		abort();
	*moved = commit(fst, "move shared/298 to generic");
	if (shell_call("cd %s && git tag v2024.05.12 && git rm -q tests/xfs/539", fst))
		abort();
	*removed = commit(fst, "xfs/539: remove");
	free(fst);
}

TEST_F(tmp, renamed_and_removed_tests_are_judged_from_the_history)
{
	char *dir = self->dir, *moved, *removed;
	struct proc_out r;

	fstests_history(dir, &moved, &removed);
	put_in_dir(dir, "xfs.expunge",
		   str_printf("%s%s%s%s%s%s%s%s",
			      "shared/298   fail  section=s1  # 1: ungated, an error\n",
			      str_printf("shared/298   fail  section=s2 test-fixed-by=%.12s  # 2\n",
					 moved),
			      "shared/298   fail  section=s3 test-fixed=v2024.05.12  # 3\n",
			      "shared/298   fail  section=s4 test-fixed=v2024.06.01  # 4: too late\n",
			      "generic/746  fail  section=s5  # 5: the new name\n",
			      "xfs/539      fail  section=s6  # 6: removed, ungated\n",
			      str_printf("xfs/539      fail  section=s7 test-fixed-by=%s  # 7\n",
					 removed),
			      str_printf("xfs/999      fail  section=s8 test-fixed-by=%.12s  # 8\n",
					 moved)));
	r = fexp_call(str_printf("check --data %s --fstests %s/fst", dir, dir));
	EXPECT_EQ(1, r.status);
	EXPECT_HAS(r.out, str_printf("xfs.expunge:1: error: shared/298: %s %.12s: %s%.12s %s%s\n",
				     "renamed to generic/746 by fstests", moved,
				     "add test-fixed-by=", moved,
				     "test-fixed=v2024.05.12 (the name stops applying there),",
				     " and a line for generic/746"));
	EXPECT_HAS(r.out, "xfs.expunge:4: error: shared/298: renamed to generic/746");
	EXPECT_HAS(r.out, str_printf("xfs.expunge:6: error: xfs/539: %s %.12s: %s%.12s %s\n",
				     "removed by fstests", removed,
				     "add test-fixed-by=", removed,
				     "(the name stops applying there)"));
	EXPECT_HAS(r.out, "xfs.expunge:8: error: xfs/999: no such test in ");
	EXPECT_HAS(r.out, "/fst nor in its git history\n");
	EXPECT_HAS(r.out, ": 4 errors, 0 warnings\n");
	proc_out_free(&r);
}

/*
 * A tree without git history (a release tarball) cannot say what became
 * of a test: a line that records the rename or removal (test-fixed-by=,
 * test-fixed=) is taken, with a note; any other missing test is an error.
 */
TEST_F(tmp, without_git_history_the_recorded_rename_is_taken)
{
	char *dir = self->dir, *moved, *removed;
	struct proc_out r;

	fstests_history(dir, &moved, &removed);
	ASSERT_EQ(0, shell_call("rm -rf %s/fst/.git", dir));
	put_in_dir(dir, "xfs.expunge",
		   str_printf("%s%.12s%s%s%s%s",
			      "shared/298   fail  test-fixed-by=", moved,
			      " test-fixed=v2024.05.12  # x\n",
			      "generic/746  fail  # y\n",
			      "xfs/539      fail  test-fixed=v2024.06.01  # z\n",
			      "xfs/999      fail  # no such test\n"));
	r = fexp_call(str_printf("check --data %s --fstests %s/fst", dir, dir));
	EXPECT_EQ(1, r.status);
	EXPECT_HAS(r.out, str_printf("%s%s/fst, %s%s%.12s), %s\n",
				     "xfs.expunge:1: note: shared/298: not in ",
				     dir, "which has no git history to say: ",
				     "the line records it renamed or removed (test-fixed-by=",
				     moved, "taken as such"));
	EXPECT_HAS(r.out, "xfs.expunge:3: note: xfs/539: not in ");
	EXPECT_HAS(r.out, "(test-fixed=v2024.06.01), taken as such\n");
	EXPECT_HAS(r.out, "xfs.expunge:4: error: xfs/999: no such test in ");
	EXPECT_HAS(r.out, "(renamed or removed? it has no git history to say)\n");
	EXPECT_HAS(r.out, ": 1 errors, 0 warnings\n");
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
