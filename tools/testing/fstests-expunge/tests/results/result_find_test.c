// SPDX-License-Identifier: GPL-2.0
/* Which result.xml files a path stands for: layouts and shards. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "test-util.h"
#include "results/result-find.h"
#include "kselftest_harness.h"

static void touch(const char *root, const char *rel)
{
	char *cmd;

	if (asprintf(&cmd, "mkdir -p \"$(dirname '%s/%s')\" && echo x > '%s/%s'",
		     root, rel, root, rel) < 0 || system(cmd))
		abort();
	free(cmd);
}

static char *tree(void)
{
	char *dir = strdup("/tmp/fexp-find.XXXXXX");

	if (!mkdtemp(dir))
		abort();
	return dir;
}

static void rmtree(char *dir)
{
	char *cmd;

	if (asprintf(&cmd, "rm -rf '%s'", dir) < 0 || system(cmd))
		abort();
	free(cmd);
	free(dir);
}

TEST(kdevops_and_fstests_layouts_are_searched_in_order)
{
	char *dir = tree();
	struct found_list l = { 0 };
	char *err = NULL;

	touch(dir, "host/6.6.0/xfs_crc/result.xml");
	touch(dir, "host/6.6.0/xfs_crc/check.log");
	touch(dir, "host/6.6.0/xfs_nocrc/result.xml");
	touch(dir, "results/ext4_4k/result.xml");
	ASSERT_EQ(0, results_find(dir, &l, &err));
	ASSERT_EQ(3, l.n);
	EXPECT_NE(NULL, strstr(l.f[0].path, "/host/6.6.0/xfs_crc/result.xml"));
	EXPECT_NE(NULL, strstr(l.f[2].path, "/results/ext4_4k/result.xml"));
	/* each file its own run */
	EXPECT_STREQ(l.f[0].path, l.f[0].run);
	found_free(&l);
	rmtree(dir);
}

TEST(check_parallel_shards_of_the_newest_run_are_one_run)
{
	char *dir = tree();
	struct found_list l = { 0 };
	char *err = NULL;

	touch(dir, "runner-1/results-2024-11-20-10:00:00/result.xml");
	touch(dir, "runner-1/results-2024-12-01-08:00:00/result.xml");
	touch(dir, "runner-2/results-2024-12-01-08:00:00/result.xml");
	ASSERT_EQ(0, results_find(dir, &l, &err));
	ASSERT_EQ(2, l.n);
	EXPECT_STREQ(l.f[0].run, l.f[1].run);
	EXPECT_NE(NULL, strstr(l.f[0].run, "@2024-12-01-08:00:00"));
	ASSERT_EQ(1, l.notes.n);
	EXPECT_NE(NULL, strstr(l.notes.v[0], "results-2024-11-20-10:00:00/result.xml: left out"));
	found_free(&l);
	rmtree(dir);
}

TEST(each_shard_set_has_its_own_newest_run)
{
	char *dir = tree();
	struct found_list l = { 0 };
	char *err = NULL;
	size_t i;

	/* many shards of two runs in each of two places, given in one walk */
	for (i = 0; i < 64; i++) {
		char *rel;

		ASSERT_LT(0, asprintf(&rel, "a/runner-%zu/results-2024-11-20/result.xml", i));
		touch(dir, rel);
		rel[0] = 'b';
		touch(dir, rel);
		free(rel);
		ASSERT_LT(0, asprintf(&rel, "a/runner-%zu/results-2024-12-01/result.xml", i));
		touch(dir, rel);
		free(rel);
	}
	ASSERT_EQ(0, results_find(dir, &l, &err));
	/* a: the newer run; b: its only run */
	ASSERT_EQ(128, l.n);
	EXPECT_EQ(64, l.notes.n);
	for (i = 0; i < l.n; i++) {
		bool in_a = strstr(l.f[i].path, "/a/runner-");

		EXPECT_NE(NULL, strstr(l.f[i].run, in_a ? "@2024-12-01" : "@2024-11-20"));
	}
	EXPECT_EQ(0, l.skipped);
	found_free(&l);
	rmtree(dir);
}

TEST(what_the_walk_leaves_out_is_said_and_counted)
{
	char *dir = tree(), *cmd;
	struct found_list l = { 0 };
	char *err = NULL;

	touch(dir, "r/s1/result.xml");
	touch(dir, "r/1/2/3/4/5/6/7/8/9/result.xml");
	ASSERT_LT(0, asprintf(&cmd, "ln -s ../s1/result.xml %s/r/s2/result.xml", dir));
	touch(dir, "r/s2/check.log");
	ASSERT_EQ(0, system(cmd));
	free(cmd);
	ASSERT_EQ(0, results_find(dir, &l, &err));
	ASSERT_EQ(1, l.n);
	EXPECT_EQ(2, l.skipped);
	ASSERT_EQ(2, l.notes.n);
	EXPECT_NE(NULL, strstr(l.notes.v[0], "deeper than 8 levels"));
	EXPECT_NE(NULL, strstr(l.notes.v[1], "r/s2/result.xml: left out: a symbolic link"));
	found_free(&l);
	rmtree(dir);
}

/* A section folder that is a link (to a failing run, say) is named */
TEST(a_linked_section_folder_is_said_and_counted)
{
	char *dir = tree(), *cmd;
	struct found_list l = { 0 };
	char *err = NULL;

	touch(dir, "r/s1/result.xml");
	touch(dir, "elsewhere/s2/result.xml");
	touch(dir, "r/notes.txt");
	ASSERT_LT(0, asprintf(&cmd, "ln -s ../elsewhere/s2 %s/r/s2 && ln -s notes.txt %s/r/n",
			      dir, dir));
	ASSERT_EQ(0, system(cmd));
	free(cmd);
	ASSERT_LT(0, asprintf(&cmd, "%s/r", dir));
	ASSERT_EQ(0, results_find(cmd, &l, &err));
	free(cmd);
	ASSERT_EQ(1, l.n);
	EXPECT_EQ(1, l.skipped);
	ASSERT_EQ(1, l.notes.n);
	EXPECT_NE(NULL, strstr(l.notes.v[0],
			       "r/s2: left out: a symbolic link to a folder, not followed"));
	found_free(&l);
	rmtree(dir);
}

TEST(a_directory_without_results_is_an_error)
{
	char *dir = tree();
	struct found_list l = { 0 };
	char *err = NULL;

	EXPECT_EQ(-1, results_find(dir, &l, &err));
	EXPECT_NE(NULL, strstr(err, "no result.xml in this directory"));
	free(err);
	err = NULL;
	EXPECT_EQ(-1, results_find("/nonexistent", &l, &err));
	EXPECT_NE(NULL, strstr(err, "/nonexistent: No such file"));
	free(err);
	found_free(&l);
	rmtree(dir);
}

TEST_HARNESS_MAIN
