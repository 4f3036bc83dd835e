// SPDX-License-Identifier: GPL-2.0
/*
 * import --from fstests (the fixes tests name, judged against a kernel
 * git tree) and --from list (a user's own exclude file), parsed back.
 */
#include "git-fixture.h"
#include "test-util.h"
#include "entries/entry.h"
#include "kselftest_harness.h"

/* An fstests tree whose generic/531 names two fixes; returns its path. */
static char *fstests_tree(const char *dir, const char *have, const char *lack)
{
	char *path, *test;
	FILE *f;

	if (asprintf(&path, "%s/fstests", dir) < 0 ||
	    asprintf(&test, "%s/tests/generic/531", path) < 0 ||
	    shell_call("mkdir -p %s/tests/generic %s/tests/xfs", path, path))
		abort();
	f = fopen(test, "w");
	if (!f)
		abort();
	fprintf(f, "#! /bin/bash\n. ./common/preamble\n"
		"_fixed_by_kernel_commit %.12s \\\n\t\"fs: the fix we have\"\n"
		"[ \"$FSTYP\" = \"btrfs\" ] && _fixed_by_kernel_commit 0123456789ab \"btrfs: not ours\"\n"
		"_fixed_by_kernel_commit %s \"xfs: the fix we lack\"\n",
		have, lack);
	fclose(f);
	free(test);
	return path;
}

/* The output's data lines, parsed: 0 errors or abort */
static void parse(const char *out, struct dataset *ds)
{
	struct diag d = { 0 };

	if (data_parse(ds, "out", out, strlen(out), &d)) {
		diag_print(&d);
		abort();
	}
	diag_free(&d);
}

TEST(fixes_the_tree_lacks_become_known_failures)
{
	char *dir = git_sandbox(), *tree = git_repo(dir, "linux");
	char *have = git_commit(tree, "fs: the fix we have\n");
	char *fst = fstests_tree(dir, have, "fedcba987654");
	struct dataset ds = { 0 };
	struct proc_out r;
	char *args;

	ASSERT_LE(0, asprintf(&args, "import --from fstests %s --fs xfs --srctree %s",
			      fst, tree));
	r = fexp_call(args);
	EXPECT_EQ(0, r.status);
	parse(r.out, &ds);
	/* one line: the fix the tree lacks; not the one it has, not btrfs' */
	ASSERT_EQ(1, ds.n);
	EXPECT_STREQ("generic/531", ds.entries[0].test);
	EXPECT_EQ(KIND_FAIL, ds.entries[0].kind);
	ASSERT_TRUE(!!ds.entries[0].fixed_by);
	EXPECT_STREQ("fedcba987654", ds.entries[0].fixed_by[0]);
	ASSERT_TRUE(!!ds.entries[0].from);
	EXPECT_STREQ("fstests:generic/531", ds.entries[0].from[0]);
	EXPECT_NE(NULL, strstr(ds.entries[0].comment, "xfs: the fix we lack"));
	dataset_free(&ds);
	proc_out_free(&r);
	free(args);

	/* a backport of the missing fix in the tree: nothing left */
	free(git_commit(tree, "xfs: the fix we lack\n\n"
			"commit fedcba9876543210fedcba9876543210fedcba98 upstream.\n"));
	ASSERT_LE(0, asprintf(&args, "import --from fstests %s --fs xfs --srctree %s",
			      fst, tree));
	r = fexp_call(args);
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "generic/531"));
	proc_out_free(&r);
	free(args);
	free(have);
	shell_call("rm -rf %s", dir);
}

TEST(without_git_history_nothing_is_excluded)
{
	char *dir = git_sandbox();
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
	struct proc_out r;
	char *args;

	/* no --srctree, and a tree that is no git tree */
	ASSERT_LE(0, asprintf(&args, "import --from fstests %s --fs xfs", fst));
	r = fexp_call(args);
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "generic/531"));
	EXPECT_NE(NULL, strstr(r.err, "nothing imported"));
	proc_out_free(&r);
	free(args);
	ASSERT_LE(0, asprintf(&args, "import --from fstests %s --fs xfs --srctree %s",
			      fst, dir));
	r = fexp_call(args);
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "generic/531"));
	proc_out_free(&r);
	free(args);
	shell_call("rm -rf %s", dir);
}

TEST(a_users_list_keeps_their_comments_and_file)
{
	char *dir = git_sandbox(), *list, *args;
	struct dataset ds = { 0 };
	struct proc_out r;
	FILE *f;

	ASSERT_LE(0, asprintf(&list, "%s/my.exclude", dir));
	f = fopen(list, "w");
	ASSERT_NE(NULL, f);
	fputs("# slow on my laptop\ngeneric/001\ngeneric/002 # hangs here\n"
	      "\nxfs/001\nnot a test\n", f);
	fclose(f);
	ASSERT_LE(0, asprintf(&args, "import --from list %s --fs xfs", list));
	r = fexp_call(args);
	EXPECT_EQ(0, r.status);
	parse(r.out, &ds);
	ASSERT_EQ(3, ds.n);
	EXPECT_STREQ("slow on my laptop", ds.entries[0].comment);
	EXPECT_STREQ("hangs here", ds.entries[1].comment);
	ASSERT_TRUE(!!ds.entries[2].from);
	EXPECT_TRUE(str_starts(ds.entries[2].from[0], "user:"));
	EXPECT_NE(NULL, strstr(ds.entries[2].from[0], "my.exclude"));
	/* a line that is no test is named with file and line */
	EXPECT_NE(NULL, strstr(r.err, "my.exclude:6: not imported"));
	dataset_free(&ds);
	proc_out_free(&r);
	free(args);
	free(list);
	shell_call("rm -rf %s", dir);
}

TEST_HARNESS_MAIN
