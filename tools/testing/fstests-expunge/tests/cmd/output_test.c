// SPDX-License-Identifier: GPL-2.0
/*
 * Where output goes: -o over devices, FIFOs, links and directories,
 * --outdir all or nothing, and write errors on standard output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "test-util.h"
#include "kselftest_harness.h"

#define FIX		SRCDIR "/tests/fixtures"
#define EXCLUDE		"exclude --data " FIX "/data --fs ext4 --release 6.6.0 --config " \
			FIX "/config-dax "
#define COMPARE		"compare --data " FIX "/compare/data " FIX "/compare/runs/run1-ext4 "

FIXTURE(out) {
	char *dir;
};

FIXTURE_SETUP(out)
{
	self->dir = strdup("/tmp/fexp-output.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
}

FIXTURE_TEARDOWN(out)
{
	shell_call("rm -rf %s", self->dir);
	free(self->dir);
}

static struct proc_out runf(const char *fmt, const char *dir, const char *name)
{
	struct proc_out r;
	char *args;

	if (asprintf(&args, "%s%s/%s", fmt, dir, name) < 0)
		abort();
	r = fexp_call(args);
	free(args);
	return r;
}

static char *path_in(const char *dir, const char *name)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, name) < 0)
		abort();
	return p;
}

/* A copy of /dev/null, made here: the real one is not ours to risk. */
TEST_F(out, o_writes_through_a_device_and_keeps_it)
{
	char *null = path_in(self->dir, "null");
	struct proc_out r;
	struct stat st;

	if (mknod(null, S_IFCHR | 0666, makedev(1, 3)))
		SKIP(free(null); return, "mknod: not allowed here");
	r = runf(EXCLUDE "-o ", self->dir, "null");
	EXPECT_EQ(0, r.status);
	ASSERT_EQ(0, lstat(null, &st));
	EXPECT_TRUE(S_ISCHR(st.st_mode));
	proc_out_free(&r);
	r = runf(COMPARE "-o ", self->dir, "null");
	EXPECT_GE(1, r.status);
	ASSERT_EQ(0, lstat(null, &st));
	EXPECT_TRUE(S_ISCHR(st.st_mode));
	proc_out_free(&r);
	free(null);
}

TEST_F(out, o_replaces_what_a_link_points_at_and_keeps_the_link)
{
	char *link = path_in(self->dir, "link"), *target = path_in(self->dir, "target");
	struct proc_out r;
	struct stat st;
	char *text;
	FILE *f;

	ASSERT_EQ(0, shell_call("echo old > %s && ln -s target %s", target, link));
	r = runf(EXCLUDE "-o ", self->dir, "link");
	EXPECT_EQ(0, r.status);
	ASSERT_EQ(0, lstat(link, &st));
	EXPECT_TRUE(S_ISLNK(st.st_mode));
	f = fopen(target, "r");
	ASSERT_NE(NULL, f);
	text = slurp_fd(fileno(f));
	EXPECT_NE(NULL, strstr(text, "generic/"));
	EXPECT_EQ(NULL, strstr(text, "old"));
	free(text);
	proc_out_free(&r);
	free(link);
	free(target);
}

TEST_F(out, o_refuses_a_directory)
{
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir %s/d", self->dir));
	r = runf(EXCLUDE "-o ", self->dir, "d");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "Is a directory"));
	proc_out_free(&r);
	r = runf(COMPARE "-o ", self->dir, "d");
	EXPECT_EQ(2, r.status);
	proc_out_free(&r);
}

TEST_F(out, a_failed_outdir_write_leaves_the_old_files)
{
	struct proc_out r;
	char *a = path_in(self->dir, "o/a.exclude"), *text;
	FILE *f;

	/* b.exclude cannot be replaced: a must not be either */
	ASSERT_EQ(0, shell_call("mkdir -p %s/o/b.exclude && echo old > %s", self->dir, a));
	r = runf(EXCLUDE "-s a -s b --outdir ", self->dir, "o");
	EXPECT_EQ(2, r.status);
	f = fopen(a, "r");
	ASSERT_NE(NULL, f);
	text = slurp_fd(fileno(f));
	EXPECT_STREQ("old\n", text);
	free(text);
	EXPECT_EQ(0, shell_call("test -z \"$(ls %s/o | grep tmp)\"", self->dir));
	proc_out_free(&r);
	free(a);
}

TEST(write_errors_on_stdout_end_every_command_with_2)
{
	static const char *const cmds[] = {
		EXCLUDE, COMPARE, COMPARE "--format json", COMPARE "--format ktap",
		"check --data " FIX "/data", "kernel --release 6.6.0", "--help",
		"flaky --data " FIX "/data --fs ext4 --release 6.6.0 --config " FIX "/config-dax",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		char errp[] = "/tmp/fexp-err.XXXXXX", *cmd, *err;
		int fd = mkstemp(errp), st;

		ASSERT_LE(0, fd);
		ASSERT_LT(0, asprintf(&cmd, "%s %s >/dev/full 2>%s", getenv("FEXP"),
				      cmds[i], errp));
		st = system(cmd);
		EXPECT_EQ(2, WEXITSTATUS(st)) {
			TH_LOG("%s", cmds[i]);
		}
		err = slurp_fd(fd);
		EXPECT_NE(NULL, strstr(err, "standard output"));
		unlink(errp);
		free(err);
		free(cmd);
	}
}

TEST_HARNESS_MAIN
