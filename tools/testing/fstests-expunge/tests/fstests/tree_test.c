// SPDX-License-Identifier: GPL-2.0
/* fstests/tree.c: the tests of an fstests tree and their groups. */
#include "fstests/tree.h"

#include "tmpdir-fixture.h"

static void script(const char *dir, const char *rel, const char *begin)
{
	if (shell_call("mkdir -p \"$(dirname '%s/tests/%s')\"", dir, rel))
		abort();
	put_str(str_printf("%s/tests/%s", dir, rel),
		str_printf("#!/bin/bash\n# a test\n. ./common/preamble\n%s\n",
			   begin));
}

static char *group(const struct fstests_tree *t, const char *g)
{
	struct strlist l = { 0 };
	struct strbuf sb = { 0 };
	size_t i;

	fstests_group_tests(t, g, &l);
	for (i = 0; i < l.n; i++)
		sb_printf(&sb, "%s%s", i ? " " : "", l.v[i]);
	strlist_free(&l);
	return sb.buf ? sb.buf : xstrdup("");
}

TEST_F(tmp, groups_from_each_tests_begin_line)
{
	struct fstests_tree t;
	char *err = NULL;

	script(self->dir, "generic/002", "_begin_fstest auto quick dax");
	script(self->dir, "generic/001", "_begin_fstest auto dax # why");
	script(self->dir, "xfs/191-input-validation", "_begin_fstest auto");
	script(self->dir, "generic/003", "_begin_fstestx dax");
	put_str(str_printf("%s/tests/generic/001.out", self->dir),
		"_begin_fstest dax\n");
	ASSERT_EQ(0, fstests_tree_read(self->dir, &t, &err));
	EXPECT_STREQ("generic/001 generic/002", group(&t, "dax"));
	EXPECT_STREQ("", group(&t, "why"));
	EXPECT_STREQ("generic/001 generic/002 xfs/191-input-validation",
		     group(&t, "auto"));
	EXPECT_TRUE(fstests_has_test(&t, "xfs/191-input-validation"));
	EXPECT_FALSE(fstests_has_test(&t, "generic/003"));
	EXPECT_FALSE(fstests_has_test(&t, "generic/001.out"));
	fstests_tree_free(&t);
}

TEST_F(tmp, group_list_where_make_built_it)
{
	struct fstests_tree t;
	char *err = NULL;

	script(self->dir, "ext4/001", "_begin_fstest auto");
	put_str(str_printf("%s/tests/ext4/group.list", self->dir),
		"# QA groups control file, automatically generated.\n"
		"# See _begin_fstest in each test for details.\n\n"
		"001 auto quick\n002 encrypt\n");
	ASSERT_EQ(0, fstests_tree_read(self->dir, &t, &err));
	/* group.list decides, not the scripts */
	EXPECT_STREQ("ext4/001", group(&t, "quick"));
	EXPECT_STREQ("ext4/002", group(&t, "encrypt"));
	EXPECT_EQ(2, t.n);
	fstests_tree_free(&t);
}

TEST_F(tmp, not_an_fstests_tree)
{
	struct fstests_tree t;
	char *err = NULL;

	EXPECT_EQ(-1, fstests_tree_read(str_printf("%s/none", self->dir), &t,
					&err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "/none/tests: "));
	free(err);
}

TEST(tree_from_the_environment)
{
	setenv("FSTESTS_DIR", "/env", 1);
	EXPECT_STREQ("/opt", fstests_dir("/opt"));
	EXPECT_STREQ("/env", fstests_dir(NULL));
	setenv("FSTESTS_DIR", "", 1);
	EXPECT_EQ(NULL, fstests_dir(NULL));
}

TEST_HARNESS_MAIN
