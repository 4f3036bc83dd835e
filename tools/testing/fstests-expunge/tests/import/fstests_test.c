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

/* A --srctree that does not exist is a typo: an error, not "no git" */
TEST(a_srctree_that_is_not_there_is_an_error)
{
	char *dir = git_sandbox();
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
	char *args = str_printf("import --from fstests %s --fs xfs --srctree %s/linx",
				fst, dir);
	struct proc_out r = fexp_call(args);

	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "--srctree")) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "No such file or directory"));
	EXPECT_EQ(NULL, strstr(r.err, "nothing imported"));
	proc_out_free(&r);
	shell_call("rm -rf %s", dir);
}

/* A subject of escapes, CR and stray bytes gives data lines of text */
TEST(a_hostile_subject_becomes_text)
{
	char *dir = git_sandbox(), *tree = git_repo(dir, "linux");
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "fedcba987654");
	char *test = str_printf("%s/tests/xfs/100", fst);
	struct dataset ds = { 0 };
	struct proc_out r;

	put_str(test, "#! /bin/bash\n"
		"_fixed_by_kernel_commit 0123456789ab \"xfs: \x1b[31mred\r\xff\x9b\x32J end\"\n");
	r = fexp_call(str_printf("import --from fstests %s --fs xfs --srctree %s",
				 fst, tree));
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	parse(r.out, &ds);	/* aborts on a control byte or one not UTF-8 */
	EXPECT_NE(NULL, strstr(r.out, "xfs: ?[31mred?\\xff\\x9b2J end")) TH_LOG("%s", r.out);
	dataset_free(&ds);
	proc_out_free(&r);
	/* and --write writes them (xfs/100 alone), checked clean */
	ASSERT_EQ(0, shell_call("set -e\n"
				"cd %s\n"
				"mkdir -p data one/tests/generic one/tests/xfs\n"
				"touch data/global.expunge\n"
				"cp %s one/tests/xfs/\n", dir, test));
	r = fexp_call(str_printf("import --from fstests %s/one --fs xfs --srctree %s %s %s/data",
				 dir, tree, "--write --data", dir));
	EXPECT_EQ(0, r.status) TH_LOG("%s%s", r.out, r.err);
	proc_out_free(&r);
	r = fexp_call(str_printf("check --data %s/data", dir));
	EXPECT_EQ(0, r.status) TH_LOG("%s%s", r.out, r.err);
	proc_out_free(&r);
	shell_call("rm -rf %s", dir);
}

/* A folder of tests that cannot be read is named, and the import fails */
TEST(an_unreadable_tests_folder_is_not_silent)
{
	char *dir = git_sandbox(), *tree = git_repo(dir, "linux");
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "fedcba987654");
	struct proc_out r;

	/* root reads anything: without CAP_DAC_* it reads as others do */
	ASSERT_EQ(0, shell_call("chmod 000 %s/tests/xfs", fst));
	r.status = shell_call("%s $FEXP import --from fstests %s --fs xfs --srctree %s %s",
			      "setpriv --bounding-set=-dac_override,-dac_read_search --",
			      fst, tree, str_printf(">%s/out 2>%s/err", dir, dir));
	r.err = get_file(str_printf("%s/err", dir), &(size_t){ 0 });
	EXPECT_EQ(2, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "tests/xfs: not imported: cannot read"))
		TH_LOG("%s", r.err);
	shell_call("chmod 755 %s/tests/xfs; rm -rf %s", fst, dir);
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
