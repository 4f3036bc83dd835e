// SPDX-License-Identifier: GPL-2.0
/* fstests/hints.c: the kernel fixes a test names, per filesystem, and in a tree. */
#include "fstests/hints.h"
#include "git-fixture.h"

#include "kselftest_harness.h"

#define FIX1 "0123456789ab"
#define FIX2 "89abcdef0123"
#define FIX3 "fedcba987654"

/* Write DIR/tests/<test> */
static void write_test(const char *dir, const char *test, const char *text)
{
	char *path;
	FILE *f;

	if (shell_call("mkdir -p %s/tests/%.*s", dir, (int)strcspn(test, "/"), test) ||
	    asprintf(&path, "%s/tests/%s", dir, test) < 0)
		abort();
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		abort();
	free(path);
}

/* "sha@line" of each hint, space-separated */
static char *summary(const char *dir, const char *test, const char *fs)
{
	struct fstests_hints hs;
	struct strbuf sb = { 0 };
	char *err = NULL;
	size_t i;

	if (fstests_hints_read(dir, test, fs, &hs, &err))
		return err;
	for (i = 0; i < hs.n; i++)
		sb_printf(&sb, "%s%s@%u%s", i ? " " : "", hs.h[i].sha,
			  hs.h[i].line, hs.h[i].wants ? "(wants)" : "");
	fstests_hints_free(&hs);
	return sb.buf ? sb.buf : strdup("");
}

static const char guarded[] =
	"#! /bin/bash\n"					/* 1 */
	"# _fixed_by_kernel_commit " FIX3 " \"a comment\"\n"
	". ./common/preamble\n"
	"_fixed_by_kernel_commit " FIX1 " \\\n"
	"\t\"fs: a fix for everyone\"\n"			/* 5 */
	"[ \"$FSTYP\" = \"xfs\" ] && _fixed_by_kernel_commit " FIX2 " \\\n"
	"\t\"xfs: only xfs\"\n"
	"[[ \"$FSTYP\" =~ ext[0-9]+ ]] && _fixed_by_kernel_commit " FIX3 " \\\n"
	"\t\"ext4: only the ext family\"\n"
	"[ $FSTYP == \"btrfs\" ] &&\n"				/* 10 */
	"\t_fixed_by_git_commit kernel " FIX2 " \"btrfs: fix\"\n"
	"_fixed_by_kernel_commit xxxxxxxxxxxx \"not upstream yet\"\n"
	"_fixed_by_git_commit xfsprogs " FIX3 " \"not a kernel fix\"\n"
	"_wants_kernel_commit " FIX3 " \"a feature\"\n";

TEST(inline_guards_select_by_filesystem)
{
	char *dir = git_sandbox(), *s;

	write_test(dir, "generic/001", guarded);
	s = summary(dir, "generic/001", "xfs");
	EXPECT_STREQ(FIX1 "@4 " FIX2 "@6 " FIX3 "@14(wants)", s);
	free(s);
	s = summary(dir, "generic/001", "ext4");
	EXPECT_STREQ(FIX1 "@4 " FIX3 "@8 " FIX3 "@14(wants)", s);
	free(s);
	s = summary(dir, "generic/001", "btrfs");
	EXPECT_STREQ(FIX1 "@4 " FIX2 "@10 " FIX3 "@14(wants)", s);
	free(s);
	/* no filesystem given: every kernel hint */
	s = summary(dir, "generic/001", NULL);
	EXPECT_STREQ(FIX1 "@4 " FIX2 "@6 " FIX3 "@8 " FIX2 "@10 " FIX3 "@14(wants)", s);
	free(s);
	shell_call("rm -rf %s", dir);
}

static const char blocks[] =
	"if [ \"$FSTYP\" = \"xfs\" ]; then\n"			/* 1 */
	"\t_fixed_by_kernel_commit " FIX1 " \"xfs: one\"\n"
	"elif [ \"$FSTYP\" = \"ext4\" ]; then\n"
	"\t_fixed_by_kernel_commit " FIX2 " \"ext4: two\"\n"
	"else\n"						/* 5 */
	"\t_fixed_by_kernel_commit " FIX3 " \"others: three\"\n"
	"fi\n"
	"case \"$FSTYP\" in\n"
	"btrfs|\"f2fs\")\n"
	"\t_fixed_by_kernel_commit " FIX1 " \"btrfs or f2fs\"\n"	/* 10 */
	"\t;;\n"
	"ext*) _fixed_by_kernel_commit " FIX2 " \"the ext family\" ;;\n"
	"esac\n"
	"if [ -n \"$SOMETHING\" ]; then\n"
	"\t_fixed_by_kernel_commit " FIX3 " \"cannot tell: kept\"\n"	/* 15 */
	"fi\n";

TEST(if_and_case_blocks_on_fstyp)
{
	char *dir = git_sandbox(), *s;

	write_test(dir, "generic/002", blocks);
	s = summary(dir, "generic/002", "xfs");
	EXPECT_STREQ(FIX1 "@2 " FIX3 "@15", s);
	free(s);
	s = summary(dir, "generic/002", "ext4");
	EXPECT_STREQ(FIX2 "@4 " FIX2 "@12 " FIX3 "@15", s);
	free(s);
	s = summary(dir, "generic/002", "f2fs");
	EXPECT_STREQ(FIX3 "@6 " FIX1 "@10 " FIX3 "@15", s);
	free(s);
	shell_call("rm -rf %s", dir);
}

TEST(subjects_and_bad_input)
{
	char *dir = git_sandbox(), *err = NULL;
	struct fstests_hints hs;

	write_test(dir, "xfs/003", guarded);
	ASSERT_EQ(0, fstests_hints_read(dir, "xfs/003", "xfs", &hs, &err));
	ASSERT_EQ(3, hs.n);
	EXPECT_STREQ("fs: a fix for everyone", hs.h[0].subject);
	EXPECT_STREQ("xfs: only xfs", hs.h[1].subject);
	fstests_hints_free(&hs);
	/* no such test; not a test name */
	EXPECT_EQ(-1, fstests_hints_read(dir, "xfs/999", "xfs", &hs, &err));
	EXPECT_NE(NULL, strstr(err, "tests/xfs/999: No such file"));
	free(err);
	EXPECT_EQ(-1, fstests_hints_read(dir, "../../etc/passwd", NULL, &hs,
					 &err));
	free(err);
	fstests_hints_free(&hs);
	shell_call("rm -rf %s", dir);
}

TEST(describe_says_which_fixes_the_tree_lacks)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "linux");
	char *bp = git_commit(repo, "xfs: fix\n\n[ Upstream commit "
			      FIX2 "0000000000000000000000000000 ]\n");
	char *err = NULL, *want;
	struct strbuf out = { 0 };
	struct gitfix *git;

	write_test(dir, "generic/001", guarded);
	ASSERT_EQ(0, gitfix_open(repo, &git, &err));
	/* FIX1 missing, FIX2 backported; the wanted feature missing too */
	EXPECT_EQ(2, fstests_hints_describe(dir, "generic/001", "xfs", git,
					    "  ", &out, &err));
	ASSERT_LT(0, asprintf(&want, "%s%.12s%s%s%.12s\n%s%.12s\n",
			      "  fix " FIX1 " (\"fs: a fix for everyone\") is not in HEAD ",
			      bp, ": a missing backport?\n",
			      "  fix " FIX2 " (\"xfs: only xfs\") is in HEAD as backport ",
			      bp, "  wants " FIX3 " (\"a feature\") is not in HEAD ",
			      bp));
	EXPECT_STREQ(want, out.buf);
	free(want);
	sb_free(&out);
	/* without a git tree: listed, not looked up */
	EXPECT_EQ(3, fstests_hints_describe(dir, "generic/001", "xfs", NULL,
					    "", &out, &err));
	EXPECT_NE(NULL, strstr(out.buf, "fix " FIX1
			       " (\"fs: a fix for everyone\") (no git tree to look it up)\n"));
	sb_free(&out);
	gitfix_free(git);
	shell_call("rm -rf %s", dir);
}

TEST_HARNESS_MAIN
