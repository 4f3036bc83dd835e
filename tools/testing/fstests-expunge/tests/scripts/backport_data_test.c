// SPDX-License-Identifier: GPL-2.0
/* scripts/fstests-expunge-backport-data: the data change a backport needs. */
#include <fcntl.h>

#include "lib/base.h"
#include "git-fixture.h"
#include "test-util.h"

#include "kselftest_harness.h"

#define SCRIPT SRCDIR "/../../../scripts/fstests-expunge-backport-data"
#define DATA "tools/testing/fstests-expunge/data"
/* "\x2d" is "-": checkpatch would take the tag for this file's own */
#define SPDX "# SPDX\x2dLicense-Identifier: GPL-2.0\n"

static void write_in(const char *repo, const char *path, const char *text)
{
	char *full;
	FILE *f;

	if (shell_call("mkdir -p $(dirname %s/%s)", repo, path) ||
	    asprintf(&full, "%s/%s", repo, path) < 0)
		abort();
	f = fopen(full, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		abort();
	free(full);
	if (shell_call("git -C %s add -A", repo))
		abort();
}

static char *slurp(const char *path)
{
	int fd = open(path, O_RDONLY);

	return fd < 0 ? strdup("") : slurp_fd(fd);
}

struct trees {
	char *dir, *mainline, *stable, *fix1, *fix2, *fix3, *other;
};

/*
 * Mainline: fix1 (code only; a later commit marks ext4/001 and ext4/002
 * fixed by it), fix2 (deletes the ext4/003 entry itself), fix3 (no data).
 * ext4/002 also needs another fix that is not backported. Stable: 6.6.30
 * with its own version of those entries.
 */
static struct trees make_trees(void)
{
	struct trees t;
	char *text;

	t.dir = git_sandbox();
	t.mainline = git_repo(t.dir, "linux");
	write_in(t.mainline, DATA "/ext4.expunge",
		 SPDX
		 "ext4/001  fail  # a bug\n"
		 "ext4/002  fail  section=ext4_1k  # another bug\n"
		 "ext4/003  flaky  # flaky\n"
		 "generic/004  fail  # unrelated\n");
	git_commit(t.mainline, "fstests-expunge: ext4 data\n");
	write_in(t.mainline, "fs/ext4/a.c", "fix one\n");
	t.fix1 = git_commit(t.mainline, "ext4: fix bug one\n");
	write_in(t.mainline, "fs/ext4/b.c", "another fix\n");
	t.other = git_commit(t.mainline, "ext4: fix bug two\n");
	if (asprintf(&text,
		     SPDX
		     "ext4/001  fail  fixed=6.10 fixed-by=%.12s  # a bug\n"
		     "ext4/002  fail  section=ext4_1k fixed-by=%.12s,%.12s  # another bug\n"
		     "ext4/003  flaky  # flaky\n"
		     "generic/004  fail  # unrelated\n",
		     t.fix1, t.fix1, t.other) < 0)
		abort();
	write_in(t.mainline, DATA "/ext4.expunge", text);
	free(text);
	git_commit(t.mainline, "fstests-expunge: ext4: bug one is fixed\n");
	write_in(t.mainline, "fs/ext4/c.c", "flaky fix\n");
	write_in(t.mainline, DATA "/ext4.expunge", "");
	if (asprintf(&text,
		     SPDX
		     "ext4/001  fail  fixed=6.10 fixed-by=%.12s  # a bug\n"
		     "ext4/002  fail  section=ext4_1k fixed-by=%.12s,%.12s  # another bug\n"
		     "generic/004  fail  # unrelated\n",
		     t.fix1, t.fix1, t.other) < 0)
		abort();
	write_in(t.mainline, DATA "/ext4.expunge", text);
	free(text);
	t.fix2 = git_commit(t.mainline, "ext4: fix the flaky one\n");
	write_in(t.mainline, "fs/xfs/d.c", "xfs\n");
	t.fix3 = git_commit(t.mainline, "xfs: fix something else\n");

	t.stable = git_repo(t.dir, "stable");
	write_in(t.stable, "Makefile",
		 SPDX "VERSION = 6\nPATCHLEVEL = 6\nSUBLEVEL = 30\n");
	/* series= (since= and until=) is kept when fixed= is added */
	write_in(t.stable, DATA "/ext4.expunge",
		 SPDX
		 "ext4/001  fail  series=6.6.1  # a bug\n"
		 "ext4/002  fail  section=ext4_1k  # another bug\n"
		 "ext4/003  flaky  # flaky\n");
	git_commit(t.stable, "Linux 6.6.30\n");
	return t;
}

/* Run the script in the stable tree; stdout to DIR/out, stderr to DIR/err */
static int run_script(const struct trees *t, const char *args)
{
	const char *bin = getenv("FEXP");

	/* it reads the data with the tool under test */
	return shell_call("cd %s && FSTESTS_EXPUNGE_TOOL=%s %s --mainline %s %s >%s/out 2>%s/err",
		  t->stable, bin ? bin : SRCDIR "/fstests-expunge", SCRIPT,
		  t->mainline, args, t->dir, t->dir);
}

static char *out_of(const struct trees *t, const char *name)
{
	char *path, *s;

	if (asprintf(&path, "%s/%s", t->dir, name) < 0)
		abort();
	s = slurp(path);
	free(path);
	return s;
}

TEST(patch_for_fixes_with_data)
{
	struct trees t = make_trees();
	char *args, *patch, *data, *want, *path;
	struct proc_out r;

	ASSERT_LT(0, asprintf(&args, "%s %s -o %s/data.patch", t.fix1, t.fix2,
			      t.dir));
	ASSERT_EQ(1, run_script(&t, args)) TH_LOG("%s", out_of(&t, "err"));
	ASSERT_LT(0, asprintf(&path, "%s/data.patch", t.dir));
	patch = slurp(path);
	EXPECT_NE(NULL, strstr(patch, "] fstests-expunge: data for 2 backported commits\n"));
	EXPECT_NE(NULL, strstr(patch, "(\"ext4: fix bug one\")"));
	/* ext4/002 also needs a fix that is not backported */
	EXPECT_NE(NULL, strstr(patch, "Note: ext4/002: fixed= left alone"));
	/* signed off by who git config names */
	EXPECT_NE(NULL, strstr(patch, "\n\nSigned-off-by: "));
	/* the patch applies to the stable branch */
	ASSERT_EQ(0, shell_call("git -C %s am -q %s", t.stable, path)) TH_LOG("%s", patch);
	free(path);
	ASSERT_LT(0, asprintf(&path, "%s/" DATA "/ext4.expunge", t.stable));
	data = slurp(path);
	ASSERT_LT(0, asprintf(&want,
			      SPDX
			      "ext4/001  fail  series=6.6.1 fixed=6.10,6.6.31 fixed-by=%.12s  # a bug\n"
			      "ext4/002  fail  section=ext4_1k fixed-by=%.12s,%.12s  # another bug\n",
			      t.fix1, t.fix1, t.other));
	EXPECT_STREQ(want, data);
	/* and is data the tool reads without complaint */
	free(args);
	ASSERT_LT(0, asprintf(&args, "check %s", path));
	r = fexp_call(args);
	EXPECT_EQ(0, r.status) TH_LOG("%s%s", r.out, r.err);
	proc_out_free(&r);

	/* done once: nothing more is needed */
	free(args);
	ASSERT_LT(0, asprintf(&args, "%s %s", t.fix1, t.fix2));
	EXPECT_EQ(0, run_script(&t, args));
	EXPECT_NE(NULL, strstr(out_of(&t, "err"), "no data change is needed"));
	EXPECT_STREQ("", out_of(&t, "out"));
	shell_call("rm -rf %s", t.dir);
}

TEST(a_range_and_a_release_given)
{
	struct trees t = make_trees();
	char *args, *patch;

	/* fix1^..fix2: fix1, the data commit, the other fix and fix2 */
	ASSERT_LT(0, asprintf(&args, "--fixed-version 6.6.32 %.12s^..%.12s",
			      t.fix1, t.fix2));
	ASSERT_EQ(1, run_script(&t, args)) TH_LOG("%s", out_of(&t, "err"));
	patch = out_of(&t, "out");
	/* the commits the data names, not every commit of the range */
	EXPECT_NE(NULL, strstr(patch, "data for 3 backported commits\n"));
	EXPECT_EQ(NULL, strstr(patch, "bug one is fixed"));
	EXPECT_NE(NULL, strstr(patch, "fixed=6.10,6.6.32 fixed-by="));
	/* every fix of ext4/002 is in the range: its fixed= is set too */
	EXPECT_NE(NULL, strstr(patch, "section=ext4_1k fixed=6.6.32 fixed-by="))
		TH_LOG("%s", patch);
	EXPECT_NE(NULL, strstr(patch, "\n-ext4/003  flaky  # flaky\n"));
	shell_call("rm -rf %s", t.dir);
}

TEST(no_data_for_the_commit)
{
	struct trees t = make_trees();

	EXPECT_EQ(0, run_script(&t, t.fix3));
	EXPECT_STREQ("", out_of(&t, "out"));
	EXPECT_NE(NULL, strstr(out_of(&t, "err"), "no data change is needed"));
	shell_call("rm -rf %s", t.dir);
}

TEST(a_branch_without_the_data_file)
{
	struct trees t = make_trees();

	ASSERT_EQ(0, shell_call("git -C %s rm -q %s && git -C %s commit -q -m x",
				t.stable, DATA "/ext4.expunge", t.stable));
	EXPECT_EQ(0, run_script(&t, t.fix1));
	EXPECT_STREQ("", out_of(&t, "out"));
	EXPECT_NE(NULL, strstr(out_of(&t, "err"), "ext4.expunge: not on this branch"));
	shell_call("rm -rf %s", t.dir);
}

TEST(bad_usage_and_unknown_commits)
{
	struct trees t = make_trees();

	EXPECT_EQ(2, run_script(&t, "0123456789abcdef"));
	EXPECT_NE(NULL, strstr(out_of(&t, "err"), "no commit 0123456789abcdef"));
	EXPECT_EQ(2, run_script(&t, ""));
	EXPECT_EQ(2, shell_call("%s %s >/dev/null 2>&1", SCRIPT, t.fix1));
	EXPECT_EQ(0, shell_call("%s --help >/dev/null", SCRIPT));
	shell_call("rm -rf %s", t.dir);
}

TEST(a_bug_url_with_a_fragment_is_kept_whole)
{
	struct trees t = make_trees();
	char *data, *args;

	/* the branch's entry names its bug report at a comment: #c3 */
	write_in(t.stable, DATA "/ext4.expunge",
		 SPDX
		 "ext4/001  fail  bug=https://bugzilla.kernel.org/show_bug.cgi?id=218000#c3  # a bug\n");
	ASSERT_EQ(0, shell_call("git -C %s commit -q -m data", t.stable));
	ASSERT_LT(0, asprintf(&args, "--fixed-version 6.6.31 %s", t.fix1));
	ASSERT_EQ(1, run_script(&t, args)) TH_LOG("%s", out_of(&t, "err"));
	data = out_of(&t, "out");
	EXPECT_NE(NULL, strstr(data, "\n+ext4/001  fail  fixed=6.10,6.6.31 fixed-by="));
	EXPECT_NE(NULL, strstr(data, " bug=https://bugzilla.kernel.org/show_bug.cgi?id=218000#c3  # a bug\n"))
		TH_LOG("%s", data);
	free(data);
	free(args);
	shell_call("rm -rf %s", t.dir);
}

TEST(an_entry_of_another_kind_or_section_is_named_not_ignored)
{
	struct trees t = make_trees();
	char *err;

	/* the branch has ext4/001 as flaky, mainline as fail */
	write_in(t.stable, DATA "/ext4.expunge", SPDX "ext4/001  flaky  # a bug\n");
	ASSERT_EQ(0, shell_call("git -C %s commit -q -m data", t.stable));
	EXPECT_EQ(3, run_script(&t, t.fix1));
	err = out_of(&t, "err");
	EXPECT_NE(NULL, strstr(err, "ext4.expunge:2: ext4/001 flaky differs from mainline's fail"))
		TH_LOG("%s", err);
	EXPECT_EQ(NULL, strstr(err, "no data change is needed"));
	free(err);
	shell_call("rm -rf %s", t.dir);
}

TEST(a_stable_range_names_the_upstream_commits)
{
	struct trees t = make_trees();
	char *msg, *patch;

	ASSERT_LT(0, asprintf(&msg, "ext4: fix bug one\n\ncommit %s upstream.\n", t.fix1));
	free(git_commit(t.stable, msg));
	free(msg);
	ASSERT_EQ(1, run_script(&t, "--fixed-version 6.6.31 --stable-range HEAD~1..HEAD"))
		TH_LOG("%s", out_of(&t, "err"));
	patch = out_of(&t, "out");
	EXPECT_NE(NULL, strstr(patch, "data for the backport of "));
	EXPECT_NE(NULL, strstr(patch, "(\"ext4: fix bug one\")"));
	free(patch);
	shell_call("rm -rf %s", t.dir);
}

/* A fix that changes the data itself cannot name its own commit there */
TEST(a_fix_with_its_own_data_hunk)
{
	struct trees t = make_trees();
	char *fix, *args, *data, *want, *path;

	write_in(t.mainline, "fs/ext4/e.c", "fix\n");
	ASSERT_LT(0, asprintf(&data,
			      SPDX
			      "ext4/001  fail  fixed=6.10 fixed-by=%.12s  # a bug\n"
			      "ext4/002  fail  section=ext4_1k fixed-by=%.12s,%.12s  # another bug\n"
			      "ext4/003  flaky  fixed=6.10  # flaky\n"
			      "generic/004  fail  # unrelated\n",
			      t.fix1, t.fix1, t.other));
	write_in(t.mainline, DATA "/ext4.expunge", data);
	free(data);
	fix = git_commit(t.mainline, "ext4: fix it, with its data\n");
	ASSERT_LT(0, asprintf(&args, "%s -o %s/data.patch", fix, t.dir));
	ASSERT_EQ(1, run_script(&t, args)) TH_LOG("%s", out_of(&t, "err"));
	ASSERT_LT(0, asprintf(&path, "%s/data.patch", t.dir));
	ASSERT_EQ(0, shell_call("git -C %s am -q %s", t.stable, path));
	free(path);
	ASSERT_LT(0, asprintf(&path, "%s/" DATA "/ext4.expunge", t.stable));
	data = slurp(path);
	ASSERT_LT(0, asprintf(&want,
			      SPDX
			      "ext4/001  fail  series=6.6.1  # a bug\n"
			      "ext4/002  fail  section=ext4_1k  # another bug\n"
			      "ext4/003  flaky  fixed=6.10,6.6.31 fixed-by=%.12s  # flaky\n",
			      fix));
	EXPECT_STREQ(want, data);
	shell_call("rm -rf %s", t.dir);
}

TEST_HARNESS_MAIN
