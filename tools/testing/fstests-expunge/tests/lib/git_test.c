// SPDX-License-Identifier: GPL-2.0
/* lib/git: git run in a directory, apart from the caller's git. */
#include "lib/base.h"
#include "lib/git.h"
#include "git-fixture.h"

#include "kselftest_harness.h"

/* What the git command line says, run in repo: its first line */
static char *git_says(const char *repo, const char *args)
{
	char *cmd = str_printf("git -C %s %s", repo, args);
	char line[256] = "";
	FILE *f = popen(cmd, "r");

	if (!f || !fgets(line, sizeof(line), f))
		abort();
	pclose(f);
	free(cmd);
	line[strcspn(line, "\n")] = '\0';
	return strdup(line);
}

TEST(head_full_and_short)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "tree");
	char *want = git_says(repo, "rev-parse HEAD");
	char *id = git_commit_id(repo, "HEAD", 0);
	char *s = git_commit_id(repo, "HEAD", 12);

	ASSERT_NE(NULL, id);
	EXPECT_STREQ(want, id);
	ASSERT_NE(NULL, s);
	EXPECT_EQ(12, strlen(s));
	EXPECT_EQ(0, strncmp(want, s, 12));
	EXPECT_EQ(NULL, git_commit_id(repo, "no-such-branch", 0));
	free(want);
	free(id);
	free(s);
	tmpdir_remove(dir);
}

TEST(top_of_its_own_tree)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "tree");
	char *sub = str_printf("%s/sub", repo);

	ASSERT_EQ(0, mkdir(sub, 0777));
	EXPECT_TRUE(git_is_top(repo));
	EXPECT_FALSE(git_is_top(sub));
	EXPECT_FALSE(git_is_top(dir));
	free(sub);
	tmpdir_remove(dir);
}

/* A GIT_DIR of the caller (a hook, "git rebase -x") names another repo */
TEST(callers_git_dir_left_out)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "tree");
	char *other = git_repo(dir, "other");
	char *theirs = git_commit(other, "another commit");
	char *mine = git_says(repo, "rev-parse HEAD");
	char *other_git = str_printf("%s/.git", other), *id;

	ASSERT_STRNE(mine, theirs);
	setenv("GIT_DIR", other_git, 1);
	setenv("GIT_WORK_TREE", other, 1);
	id = git_commit_id(repo, "HEAD", 0);
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	ASSERT_NE(NULL, id);
	EXPECT_STREQ(mine, id);
	free(id);
	free(mine);
	free(theirs);
	free(other_git);
	tmpdir_remove(dir);
}

/* A hook that would fail the commit does not run; who commits is kept */
TEST(hooks_off_author_kept)
{
	char *dir = git_sandbox(), *repo = git_repo(dir, "tree");
	char *hook = str_printf("%s/.git/hooks/pre-commit", repo);
	const char *const commit[] = {
		"commit", "-q", "--allow-empty", "-m", "hooked", NULL
	};
	const char *const author[] = { "log", "-1", "--format=%an", NULL };
	char *out, *who;
	size_t len;

	put_str(hook, "#!/bin/sh\nexit 1\n");
	ASSERT_EQ(0, chmod(hook, 0755));
	ASSERT_NE(0, shell_call("git -C %s commit -q --allow-empty -m x", repo));
	setenv("GIT_AUTHOR_NAME", "Some One", 1);
	EXPECT_EQ(0, git_capture(repo, commit, 4096, &out, &len));
	free(out);
	who = git_line(repo, author);
	setenv("GIT_AUTHOR_NAME", "A U Thor", 1);
	ASSERT_NE(NULL, who);
	EXPECT_STREQ("Some One", who);
	free(who);
	free(hook);
	tmpdir_remove(dir);
}

/* GIT_CONFIG_* and GIT_INDEX_FILE of the caller change nothing either */
TEST(callers_config_and_index_left_out)
{
	static const char *const name[] = { "config", "user.name", NULL };
	static const char *const refresh[] = {
		"update-index", "--refresh", NULL
	};
	char *dir = git_sandbox(), *repo = git_repo(dir, "tree");
	char *idx = str_printf("%s/other-index", dir), *got;

	ASSERT_EQ(0, shell_call("git -C %s config user.name mine", repo));
	setenv("GIT_INDEX_FILE", idx, 1);
	setenv("GIT_CONFIG_PARAMETERS", "'user.name'='steered'", 1);
	setenv("GIT_CONFIG_COUNT", "1", 1);
	setenv("GIT_CONFIG_KEY_0", "user.name", 1);
	setenv("GIT_CONFIG_VALUE_0", "steered", 1);
	/* the negative control: the shell's git is steered */
	EXPECT_EQ(0, shell_call("test \"$(git -C %s config user.name)\" = steered",
				repo));
	got = git_line(repo, name);
	EXPECT_EQ(0, git_run(repo, NULL, refresh));
	unsetenv("GIT_INDEX_FILE");
	unsetenv("GIT_CONFIG_PARAMETERS");
	unsetenv("GIT_CONFIG_COUNT");
	unsetenv("GIT_CONFIG_KEY_0");
	unsetenv("GIT_CONFIG_VALUE_0");
	EXPECT_STREQ("mine", got);
	EXPECT_NE(0, access(idx, F_OK));
	free(got);
	free(idx);
	tmpdir_remove(dir);
}

/*
 * Nothing the repository sets runs a program: hooks (its own and
 * core.hooksPath), core.fsmonitor, gpg for commit.gpgSign.
 */
TEST(no_program_of_the_repository_runs)
{
	static const char *const status[] = { "status", "--short", NULL };
	static const char *const commit[] = {
		"commit", "-q", "--allow-empty", "-m", "by the tool", NULL
	};
	char *dir = git_sandbox(), *repo = git_repo(dir, "tree");
	char *mark = str_printf("%s/ran", dir), *prog = str_printf("%s/prog", dir);

	/* one program for every hook and for fsmonitor: it leaves a mark */
	put_str(prog, str_printf("#!/bin/sh\necho \"$0 $*\" >> %s\n", mark));
	ASSERT_EQ(0, shell_call("set -e\n"
				"chmod +x %s\n"
				"mkdir %s/hooks\n"
				"for h in pre-commit commit-msg post-commit post-index-change reference-transaction; do\n"
				"	cp %s %s/.git/hooks/$h; cp %s %s/hooks/$h\n"
				"done\n"
				"git -C %s config core.hooksPath %s/hooks\n"
				"git -C %s config core.fsmonitor %s\n"
				"git -C %s config commit.gpgSign true\n"
				"git -C %s config gpg.program %s\n",
				prog, dir, prog, repo, prog, dir, repo, dir,
				repo, prog, repo, repo, prog));
	EXPECT_EQ(0, git_run(repo, NULL, status));
	EXPECT_EQ(0, git_run(repo, NULL, commit));
	EXPECT_NE(0, access(mark, F_OK)) {
		TH_LOG("a program of the repository ran");
	}
	EXPECT_EQ(0, shell_call("git -C %s log -1 --format=%%s | grep -qx 'by the tool'",
				repo));
	/* the negative control: git run plainly runs them */
	shell_call("git -C %s commit -q --allow-empty -m plain 2>/dev/null", repo);
	EXPECT_EQ(0, access(mark, F_OK));
	free(mark);
	free(prog);
	tmpdir_remove(dir);
}

TEST_HARNESS_MAIN
