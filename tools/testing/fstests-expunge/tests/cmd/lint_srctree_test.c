// SPDX-License-Identifier: GPL-2.0
/* check --srctree: every config symbol of the data exists in the tree. */
#include <sys/stat.h>

#include "lib/base.h"
#include "test-util.h"

#include "kselftest_harness.h"

/* A tree of one Kconfig file: nested menus, if blocks, a symbol twice */
static const char kconfig[] =
	"mainmenu \"test\"\n"
	"config MODULES\n\tbool \"modules\"\n\tmodules\n"
	"config EXT4_FS\n\ttristate \"ext4\"\n"
	"config EXT4_FS_SECURITY\n\tbool \"security\"\n\tdepends on EXT4_FS\n"
	"menu \"sub\"\n"
	"config FS_DAX\n\tbool \"dax\"\n"
	"if FS_DAX\nconfig FS_DAX_PMD\n\tdef_bool y\nendif\n"
	"endmenu\n"
	"config FS_DAX\n\tbool\n";

static char *make_tree(const char *text)
{
	char *dir = strdup("/tmp/fexp-tree.XXXXXX"), *path;
	FILE *f;

	if (!mkdtemp(dir) || asprintf(&path, "%s/Kconfig", dir) < 0)
		abort();
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		abort();
	free(path);
	return dir;
}

static void remove_tree(char *dir)
{
	char *cmd;

	if (asprintf(&cmd, "rm -rf %s", dir) < 0 || system(cmd))
		abort();
	free(cmd);
	free(dir);
}

static struct proc_out run_check(const char *tree, const char *data)
{
	char *file = tmpfile_str(data), *args;
	struct proc_out r;

	if (asprintf(&args, "check --srctree %s %s", tree, file) < 0)
		abort();
	r = fexp_call(args);
	unlink(file);
	free(file);
	free(args);
	return r;
}

TEST(known_symbols_pass)
{
	char *tree = make_tree(kconfig);
	struct proc_out r = run_check(tree,
		"generic/470  expunge  if FS_DAX && !EXT4_FS_SECURITY  # a\n"
		"generic/471  expunge  if FS_DAX_PMD || EXT4_FS=m  # b\n");

	EXPECT_EQ(0, r.status) TH_LOG("%s%s", r.out, r.err);
	EXPECT_NE(NULL, strstr(r.out, "0 errors, 0 warnings"));
	proc_out_free(&r);
	remove_tree(tree);
}

TEST(unknown_symbols_with_line_and_hint)
{
	char *tree = make_tree(kconfig), *want;
	struct proc_out r = run_check(tree,
		"generic/470  expunge  if FS_DAX && !EXT4_FS_SECURTY  # a\n"
		"generic/471  expunge  if FOO_BAR_BAZ  # b\n"
		"generic/472  expunge  if ext4_fs  # c\n");

	EXPECT_EQ(1, r.status) TH_LOG("%s%s", r.out, r.err);
	ASSERT_LT(0, asprintf(&want, "%s%s (did you mean EXT4_FS_SECURITY?)\n",
			      ":1: error: EXT4_FS_SECURTY: no such config symbol in ",
			      tree));
	EXPECT_NE(NULL, strstr(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	ASSERT_LT(0, asprintf(&want, "%s%s\n",
			      ":2: error: FOO_BAR_BAZ: no such config symbol in ",
			      tree));
	EXPECT_NE(NULL, strstr(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	EXPECT_NE(NULL, strstr(r.out, ":3: error: ext4_fs: no such config symbol"));
	EXPECT_NE(NULL, strstr(r.out, "(did you mean EXT4_FS?)"));
	EXPECT_NE(NULL, strstr(r.out, "3 errors"));
	proc_out_free(&r);
	remove_tree(tree);
}

TEST(broken_kconfig_is_unreadable_input)
{
	char *tree = make_tree("mainmenu \"test\"\nconfig\n");
	struct proc_out r;

	r = run_check(tree, "generic/470 expunge if FS_DAX # a\n");

	EXPECT_EQ(2, r.status) TH_LOG("%s%s", r.out, r.err);
	EXPECT_NE(NULL, strstr(r.err, "cannot read its Kconfig")) TH_LOG("%s", r.err);
	proc_out_free(&r);
	remove_tree(tree);
}

/* "--srctree ." as the docs write it: relative to the current directory */
TEST(relative_srctree)
{
	char *tree = make_tree("mainmenu \"test\"\nsource \"fs/Kconfig\"\n");
	char *data, *args;
	struct proc_out r, x;
	FILE *f;

	ASSERT_EQ(0, chdir(tree));
	ASSERT_EQ(0, mkdir("fs", 0755));
	f = fopen("fs/Kconfig", "w");
	ASSERT_NE(NULL, f);
	fputs(kconfig + strlen("mainmenu \"test\"\n"), f);
	fclose(f);
	data = tmpfile_str("generic/470  expunge  if FS_DAX && !EXT4_FS_SECURITY  # a\n");
	if (asprintf(&args, "check --srctree . %s", data) < 0)
		abort();
	r = fexp_call(args);
	EXPECT_EQ(0, r.status) TH_LOG("%s%s", r.out, r.err);
	EXPECT_NE(NULL, strstr(r.out, "0 errors, 0 warnings")) TH_LOG("%s", r.out);
	free(args);
	/* exclude evaluates the condition with the tree's Kconfig */
	if (asprintf(&args, "%s --config %s --data %s --srctree .",
		     "exclude --fs ext4 -s dax --release 6.8",
		     SRCDIR "/tests/fixtures/config-dax", SRCDIR "/tests/fixtures/data") < 0)
		abort();
	x = fexp_call(args);
	EXPECT_EQ(0, x.status) TH_LOG("%s", x.err);
	EXPECT_NE(NULL, strstr(x.out, "\ngeneric/470 # expunge")) TH_LOG("%s", x.out);
	free(args);
	ASSERT_EQ(0, chdir("/"));
	proc_out_free(&r);
	proc_out_free(&x);
	unlink(data);
	free(data);
	remove_tree(tree);
}

TEST_HARNESS_MAIN
