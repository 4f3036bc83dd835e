// SPDX-License-Identifier: GPL-2.0
/* gitfix: commits and backports found in a git tree's history, and the cache. */
#include "kernel/gitfix.h"
#include "lib/base.h"
#include "git-fixture.h"

#include "kselftest_harness.h"

#define UP1 "0123456789abcdef0123456789abcdef01234567"
#define UP2 "89abcdef0123456789abcdef0123456789abcdef"
#define UP3 "fedcba9876543210fedcba9876543210fedcba98"
#define UP4 "aaaabbbbccccddddeeeeffff0000111122223333"

TEST(backport_line_forms)
{
	const char *sha = NULL;

	EXPECT_EQ(40, gitfix_backport_line("commit " UP1 " upstream.", &sha));
	EXPECT_EQ(0, strncmp(sha, UP1, 40));
	EXPECT_EQ(40, gitfix_backport_line("[ Upstream commit " UP2 " ]", &sha));
	EXPECT_EQ(0, strncmp(sha, UP2, 40));
	EXPECT_EQ(40, gitfix_backport_line("(cherry picked from commit " UP3 ")",
					   &sha));
	EXPECT_EQ(0, strncmp(sha, UP3, 40));
	EXPECT_EQ(12, gitfix_backport_line("commit 0123456789ab upstream", &sha));
	EXPECT_EQ(7, gitfix_backport_line("[Upstream commit 0123456]", &sha));
	/* not backport lines */
	EXPECT_EQ(0, gitfix_backport_line("commit " UP1, &sha));
	EXPECT_EQ(0, gitfix_backport_line("commit 012345 upstream.", &sha));
	EXPECT_EQ(0, gitfix_backport_line("Fixes: commit " UP1 " upstream", &sha));
	EXPECT_EQ(0, gitfix_backport_line("[ Upstream commit " UP1 " and more ]",
					  &sha));
	EXPECT_EQ(0, gitfix_backport_line("(cherry picked from commit " UP1,
					  &sha));
	EXPECT_EQ(0, gitfix_backport_line("commit " UP1 "0 upstream", &sha));
}

TEST(own_commits_by_full_and_short_id)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "linux");
	char *a = git_commit(repo, "ext4: fix a thing\n\nSigned-off-by: x\n");
	char *b = git_commit(repo, "xfs: fix another\n");
	char *err = NULL, shortid[13];
	struct gitfix_hit hit;
	struct gitfix *gf;

	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_STREQ(b, gitfix_head(gf));
	ASSERT_TRUE(gitfix_find(gf, a, &hit));
	EXPECT_STREQ(a, hit.commit);
	EXPECT_FALSE(hit.backport);
	snprintf(shortid, sizeof(shortid), "%s", b);
	ASSERT_TRUE(gitfix_find(gf, shortid, &hit));
	EXPECT_STREQ(b, hit.commit);
	shortid[7] = '\0';
	EXPECT_TRUE(gitfix_find(gf, shortid, &hit));
	shortid[6] = '\0';	/* too short to be an id */
	EXPECT_FALSE(gitfix_find(gf, shortid, &hit));
	EXPECT_FALSE(gitfix_find(gf, UP1, &hit));
	EXPECT_FALSE(gitfix_find(gf, "0123456789zz", &hit));
	gitfix_free(gf);
	shell_call("rm -rf %s", dir);
}

TEST(backports_in_each_form)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "stable");
	char *b1 = git_commit(repo,
		"ext4: fix a thing\n\ncommit " UP1 " upstream.\n\nText.\n");
	char *b2 = git_commit(repo,
		"xfs: fix a thing\n\n[ Upstream commit " UP2 " ]\n\nText.\n");
	char *b3 = git_commit(repo,
		"btrfs: fix\n\nText.\n\n(cherry picked from commit " UP3 ")\n");
	char *b4 = git_commit(repo,
		"fs: fix\n\n[ Upstream commit 0123456789ab ]\n");
	char *err = NULL;
	struct gitfix_hit hit;
	struct gitfix *gf;

	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	ASSERT_TRUE(gitfix_find(gf, UP1, &hit));
	EXPECT_STREQ(b1, hit.commit);
	EXPECT_TRUE(hit.backport);
	ASSERT_TRUE(gitfix_find(gf, "89abcdef0123", &hit));
	EXPECT_STREQ(b2, hit.commit);
	ASSERT_TRUE(gitfix_find(gf, "fedcba9", &hit));
	EXPECT_STREQ(b3, hit.commit);
	/* a short id in the message: found by a longer or shorter query */
	ASSERT_TRUE(gitfix_find(gf, "0123456789abcd", &hit));
	EXPECT_STREQ(b1, hit.commit);
	ASSERT_TRUE(gitfix_find(gf, "0123456789abff", &hit));
	EXPECT_STREQ(b4, hit.commit);
	EXPECT_FALSE(gitfix_find(gf, "0123456789acff", &hit));
	EXPECT_FALSE(gitfix_find(gf, UP4, &hit));
	gitfix_free(gf);
	shell_call("rm -rf %s", dir);
}

TEST(only_the_history_of_head)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "linux");
	char *side, *err = NULL;
	struct gitfix_hit hit;
	struct gitfix *gf;

	ASSERT_EQ(0, shell_call("git -C %s checkout -q -b side", repo));
	side = git_commit(repo, "side\n\ncommit " UP1 " upstream.\n");
	ASSERT_EQ(0, shell_call("git -C %s checkout -q master", repo));
	git_commit(repo, "main line\n");
	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_FALSE(gitfix_find(gf, side, &hit));
	EXPECT_FALSE(gitfix_find(gf, UP1, &hit));
	gitfix_free(gf);
	shell_call("rm -rf %s", dir);
}

TEST(not_a_git_tree)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "outer"), *sub;
	char *err = NULL;
	struct gitfix *gf = (void *)1;

	EXPECT_EQ(1, gitfix_open(dir, &gf, &err));
	EXPECT_EQ(NULL, gf);
	/* a plain directory inside another repository is not its tree */
	ASSERT_LT(0, asprintf(&sub, "%s/linux", repo));
	ASSERT_EQ(0, mkdir(sub, 0755));
	EXPECT_EQ(1, gitfix_open(sub, &gf, &err));
	EXPECT_EQ(NULL, err);
	shell_call("rm -rf %s", dir);
}

TEST(broken_git_tree_is_an_error)
{
	char *dir = git_sandbox(), *repo;
	char *err = NULL;
	struct gitfix *gf;

	ASSERT_LT(0, asprintf(&repo, "%s/linux", dir));
	ASSERT_EQ(0, shell_call("git init -q %s", repo));	/* no commit: no HEAD */
	EXPECT_EQ(-1, gitfix_open(repo, &gf, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, repo));
	free(err);
	shell_call("rm -rf %s", dir);
}

static char *cache_file(const char *dir, const char *head)
{
	char *path;

	if (asprintf(&path, "%s/cache/fstests-expunge/git-%s", dir, head) < 0)
		abort();
	return path;
}

TEST(cache_hit_miss_and_corrupt)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "stable");
	char *b1 = git_commit(repo, "fix\n\ncommit " UP1 " upstream.\n");
	char *path, *head, *err = NULL;
	struct gitfix_hit hit;
	struct gitfix *gf;
	struct stat st;

	/* miss: walked, then written */
	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_STREQ("git log", gitfix_source(gf));
	path = cache_file(dir, b1);
	ASSERT_EQ(0, stat(path, &st));
	gitfix_free(gf);

	/* hit: the same answers from the file */
	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_STREQ(path, gitfix_source(gf));
	ASSERT_TRUE(gitfix_find(gf, UP1, &hit));
	EXPECT_STREQ(b1, hit.commit);
	EXPECT_TRUE(hit.backport);
	EXPECT_TRUE(gitfix_find(gf, b1, &hit));
	EXPECT_FALSE(hit.backport);
	gitfix_free(gf);

	/* corrupt: one byte changed, then a cut-short file: rebuilt */
	ASSERT_EQ(0, shell_call("printf 'X' | dd of=%s bs=1 seek=%ld conv=notrunc 2>/dev/null",
				path, (long)st.st_size - 30));
	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_STREQ("git log", gitfix_source(gf));
	EXPECT_TRUE(gitfix_find(gf, UP1, &hit));
	gitfix_free(gf);
	ASSERT_EQ(0, truncate(path, st.st_size / 2));
	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_STREQ("git log", gitfix_source(gf));
	gitfix_free(gf);
	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_STREQ(path, gitfix_source(gf));
	gitfix_free(gf);

	/* a new HEAD is a miss: the new commit is seen */
	head = git_commit(repo, "fix\n\n[ Upstream commit " UP2 " ]\n");
	ASSERT_EQ(0, gitfix_open(repo, &gf, &err));
	EXPECT_STREQ("git log", gitfix_source(gf));
	EXPECT_STREQ(head, gitfix_head(gf));
	ASSERT_TRUE(gitfix_find(gf, UP2, &hit));
	EXPECT_STREQ(head, hit.commit);
	gitfix_free(gf);
	shell_call("rm -rf %s", dir);
}

TEST_HARNESS_MAIN
