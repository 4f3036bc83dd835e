// SPDX-License-Identifier: GPL-2.0
/* fixed-by=: entries stop applying once the --srctree git tree has the fix. */
#include "lib/base.h"
#include "git-fixture.h"
#include "test-util.h"

#include "kselftest_harness.h"

#define UP1 "0123456789abcdef0123456789abcdef01234567"
#define UP2 "89abcdef0123456789abcdef0123456789abcdef"

struct world {
	char *dir, *repo, *data, *own, *backport;
};

/*
 * A stable-style tree: one commit of its own (own) and a backport of UP1;
 * UP2 is nowhere. The data names them in fixed-by=.
 */
static struct world make_world(void)
{
	struct world w;
	char *text;

	w.dir = git_sandbox();
	w.repo = git_repo(w.dir, "linux");
	w.own = git_commit(w.repo, "ext4: a fix of this tree\n");
	w.backport = git_commit(w.repo, "ext4: a fix\n\ncommit " UP1
				" upstream.\n\nSigned-off-by: x\n");
	if (asprintf(&w.data, "%s/data", w.dir) < 0 || mkdir(w.data, 0755) ||
	    asprintf(&text,
		     "ext4/001  fail  fixed-by=0123456789ab  # backported\n"
		     "ext4/002  fail  fixed-by=%.12s  # a commit of the tree\n"
		     "ext4/003  fail  fixed-by=%s,89abcdef0123  # one fix of two\n"
		     "ext4/004  fail  fixed=6.6.30 fixed-by=89abcdef0123  # versions\n"
		     "ext4/005  fail  # nothing fixes it\n",
		     w.own, UP1) < 0 ||
	    shell_call("printf '%%s' '%s' > %s/ext4.expunge", text, w.data))
		abort();
	free(text);
	return w;
}

/* Is test in the exclude list proper (at column 0)? */
static bool excluded(const char *out, const char *test)
{
	const char *p;

	for (p = out; (p = strstr(p, test)); p++) {
		if (p == out || p[-1] == '\n')
			return true;
	}
	return false;
}

/* The --explain line for test */
static char *explain_line(const char *out, const char *test)
{
	char *key, *p, *line;

	if (asprintf(&key, ": %s fail", test) < 0)
		abort();
	p = strstr(out, key);
	free(key);
	if (!p)
		return strdup("");
	while (p > out && p[-1] != '\n')
		p--;
	line = strndup(p, strcspn(p, "\n"));
	return line;
}

static struct proc_out run_exclude(const struct world *w, const char *srctree,
				   const char *release)
{
	char *args;
	struct proc_out r;

	if (asprintf(&args, "exclude --fs ext4 --release %s --data %s --explain%s%s",
		     release, w->data, srctree ? " --srctree " : "",
		     srctree ? srctree : "") < 0)
		abort();
	r = fexp_call(args);
	free(args);
	return r;
}

TEST(backport_and_own_commit_stop_an_entry)
{
	struct world w = make_world();
	struct proc_out r = run_exclude(&w, w.repo, "6.6.29");
	char *line, *want;

	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_FALSE(excluded(r.out, "ext4/001"));
	EXPECT_FALSE(excluded(r.out, "ext4/002"));
	EXPECT_TRUE(excluded(r.out, "ext4/003"));
	EXPECT_TRUE(excluded(r.out, "ext4/005"));
	/* the explanation names the backport and HEAD */
	line = explain_line(r.out, "ext4/001");
	ASSERT_LT(0, asprintf(&want, "%s as backport %.12s in HEAD %.12s",
			      "# not applied: ext4/001 fail (ext4.expunge:1): fixed by 0123456789ab",
			      w.backport, w.backport));
	EXPECT_STREQ(want, line) TH_LOG("%s", r.out);
	free(line);
	free(want);
	line = explain_line(r.out, "ext4/002");
	ASSERT_LT(0, asprintf(&want, "fixed by %.12s in HEAD %.12s", w.own,
			      w.backport));
	EXPECT_NE(NULL, strstr(line, want)) TH_LOG("%s", line);
	free(line);
	free(want);
	/* all of the fixes are needed: the missing one is named */
	line = explain_line(r.out, "ext4/003");
	ASSERT_LT(0, asprintf(&want, "%s; fixed-by=89abcdef0123 not in HEAD %.12s",
			      "# left out: ext4/003 fail (ext4.expunge:3): applies to 6.6.29",
			      w.backport));
	EXPECT_STREQ(want, line);
	free(line);
	free(want);
	proc_out_free(&r);
	shell_call("rm -rf %s", w.dir);
}

TEST(version_lists_still_decide_with_a_git_tree)
{
	struct world w = make_world();
	struct proc_out r = run_exclude(&w, w.repo, "6.6.30");

	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	/* 89abcdef0123 is not in the tree, but fixed=6.6.30 is reached */
	EXPECT_FALSE(excluded(r.out, "ext4/004"));
	EXPECT_TRUE(excluded(r.out, "ext4/003"));
	proc_out_free(&r);
	shell_call("rm -rf %s", w.dir);
}

TEST(without_a_git_tree_the_versions_decide)
{
	struct world w = make_world();
	struct proc_out r = run_exclude(&w, NULL, "6.6.29");
	char *line, *plain;

	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_TRUE(excluded(r.out, "ext4/001"));
	EXPECT_TRUE(excluded(r.out, "ext4/002"));
	line = explain_line(r.out, "ext4/001");
	EXPECT_NE(NULL, strstr(line, "fixed-by=0123456789ab not checked (no git tree)"));
	free(line);
	proc_out_free(&r);

	/* a tree that is not a git tree: the same */
	ASSERT_LT(0, asprintf(&plain, "%s/plain", w.dir));
	ASSERT_EQ(0, mkdir(plain, 0755));
	r = run_exclude(&w, plain, "6.6.29");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_TRUE(excluded(r.out, "ext4/001"));
	proc_out_free(&r);
	shell_call("rm -rf %s", w.dir);
}

static char *real_git(void)
{
	static char buf[4096];
	FILE *f = popen("command -v git", "r");

	if (!f || !fgets(buf, sizeof(buf), f))
		abort();
	pclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return buf;
}

TEST(second_run_reads_the_cache)
{
	struct world w = make_world();
	struct proc_out r = run_exclude(&w, w.repo, "6.6.29");
	char *cache, *log, *path, *bin;
	FILE *f;

	ASSERT_EQ(0, r.status);
	proc_out_free(&r);
	ASSERT_LT(0, asprintf(&cache, "%s/cache/fstests-expunge/git-%s", w.dir,
			      w.backport));
	EXPECT_EQ(0, access(cache, R_OK));
	/* a git that notes what it is asked: no "git log" the second time */
	ASSERT_LT(0, asprintf(&bin, "%s/bin", w.dir));
	ASSERT_LT(0, asprintf(&log, "%s/git.log", w.dir));
	ASSERT_EQ(0, mkdir(bin, 0755));
	ASSERT_LT(0, asprintf(&path, "%s/git", bin));
	f = fopen(path, "w");
	ASSERT_NE(NULL, f);
	fprintf(f, "#!/bin/sh\necho \"$*\" >> %s\nexec %s \"$@\"\n", log,
		real_git());
	ASSERT_EQ(0, fclose(f));
	ASSERT_EQ(0, chmod(path, 0755));
	free(path);
	ASSERT_LT(0, asprintf(&path, "%s:%s", bin, getenv("PATH")));
	setenv("PATH", path, 1);
	r = run_exclude(&w, w.repo, "6.6.29");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_FALSE(excluded(r.out, "ext4/001"));
	EXPECT_EQ(0, shell_call("grep -q rev-parse %s", log));
	/* the "log" command, not "-c log.showSignature=false" */
	EXPECT_NE(0, shell_call("grep -Eq '(^| )log( |$)' %s", log));
	proc_out_free(&r);
	shell_call("rm -rf %s", w.dir);
}

TEST(a_revert_of_the_backport_undoes_the_fix)
{
	struct world w = make_world();
	struct proc_out r;
	char *revert, *msg, *line;

	if (asprintf(&msg, "Revert \"ext4: a fix\"\n\nThis reverts commit %s.\n",
		     w.backport) < 0)
		abort();
	revert = git_commit(w.repo, msg);
	free(msg);
	r = run_exclude(&w, w.repo, "6.6.29");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	/* the backport is gone again: ext4/001 fails again */
	EXPECT_TRUE(excluded(r.out, "ext4/001")) TH_LOG("%s", r.out);
	line = explain_line(r.out, "ext4/001");
	if (asprintf(&msg, "fixed-by=0123456789ab reverted by %.12s", revert) < 0)
		abort();
	EXPECT_NE(NULL, strstr(line, msg)) TH_LOG("%s", line);
	free(msg);
	free(line);
	proc_out_free(&r);
	/* and a revert of the revert brings it back */
	if (asprintf(&msg, "Revert \"Revert \\\"ext4: a fix\\\"\"\n\nThis reverts commit %s.\n",
		     revert) < 0)
		abort();
	free(git_commit(w.repo, msg));
	free(msg);
	r = run_exclude(&w, w.repo, "6.6.29");
	EXPECT_FALSE(excluded(r.out, "ext4/001")) TH_LOG("%s", r.out);
	proc_out_free(&r);
	free(revert);
	shell_call("rm -rf %s", w.dir);
}

TEST(a_release_of_another_commit_than_head_is_said_or_used)
{
	struct world w = make_world();
	struct proc_out r;
	char *release;

	/* the build names the commit before the backport: judge that one */
	if (asprintf(&release, "6.6.29-00001-g%.12s", w.own) < 0)
		abort();
	r = run_exclude(&w, w.repo, release);
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_TRUE(excluded(r.out, "ext4/001")) TH_LOG("%s", r.out);
	EXPECT_FALSE(excluded(r.out, "ext4/002"));
	proc_out_free(&r);
	free(release);
	/* a tree whose Makefile says another version than the kernel judged */
	shell_call("printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 3\n' > %s/Makefile", w.repo);
	r = run_exclude(&w, w.repo, "6.6.29");
	EXPECT_NE(NULL, strstr(r.err, "6.12.3")) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "HEAD")) TH_LOG("%s", r.err);
	proc_out_free(&r);
	shell_call("rm -rf %s", w.dir);
}

TEST_HARNESS_MAIN
