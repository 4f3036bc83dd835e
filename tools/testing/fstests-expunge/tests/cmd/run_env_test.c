// SPDX-License-Identifier: GPL-2.0
/*
 * "run" decides the large-disk switch from the scratch device: a sparse
 * file as SCRATCH_DEV of 10 GiB or more turns it on, a smaller one or
 * none keeps it off, --env states it either way; each decision is said
 * on stderr and in the exclude file, and the tests it leaves out with it.
 */
#include "run-fixture.h"

/* generic/010 is a large-disk test; generic/001 an ordinary one */
static const char env_data[] =
	"generic/010 expunge env=!large-disk cause=env # needs 10 GiB\n"
	"generic/001 flaky retries=2 # now and then\n";

#define GIB	(1024ULL * 1024 * 1024)

/* What is said, whole: a grep finds it as the user sees it */
static const char *const notes[] = {
	"leaves out 1 test: generic/010; to run them: --env large-disk",
	"# ext4 section s1: env switch large-disk is off (scratch device",
	"scratch-dev: No such file or directory, size unknown; the default",
};

/* The section's scratch device: a sparse file of size bytes (0: made) */
static int scratch_of(struct _test_data_run *self, unsigned long long size)
{
	put_str(str_printf("%s/data/ext4.expunge", self->dir), env_data);
	return sparse_file(str_printf("%s/scratch-dev", self->dir), size);
}

static char *exclude_file(struct _test_data_run *self)
{
	size_t len;

	return get_file(str_printf("%s/res/s1/fstests-expunge/exclude",
				   self->dir), &len);
}

TEST_F(run, scratch_device_of_10_gib_runs_the_large_disk_tests)
{
	struct proc_out r;
	struct result_file rf;

	ASSERT_EQ(0, scratch_of(self, 10 * GIB));
	r = fexp_run(self, "-- generic/001 generic/010");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "run: env switch large-disk on (scratch device "))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "scratch-dev: 10.0 GiB, at least the 10 GiB"));
	EXPECT_NE(NULL, strstr(r.err, "--env '!large-disk' keeps its tests out"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	result_free(&rf);
	/* on, it leaves nothing out: the file names no switch */
	EXPECT_EQ(NULL, strstr(exclude_file(self), "env switch"));
	EXPECT_EQ(NULL, strstr(exclude_file(self), "generic/010"));
	proc_out_free(&r);
}

TEST_F(run, scratch_device_a_byte_under_10_gib_leaves_them_out_and_says_so)
{
	struct proc_out r;
	struct result_file rf;
	char *x;

	ASSERT_EQ(0, scratch_of(self, 10 * GIB - 1));
	r = fexp_run(self, "-- generic/001 generic/010");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "run: env switch large-disk off (scratch device "))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, ": 9.9 GiB, under the 10 GiB"));
	EXPECT_NE(NULL, strstr(r.err, notes[0]));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("", outcomes(&rf, "generic/010"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/001"));
	result_free(&rf);
	x = exclude_file(self);
	EXPECT_NE(NULL, strstr(x, "\ngeneric/010 # ")) TH_LOG("%s", x);
	EXPECT_NE(NULL, strstr(x, notes[1])) TH_LOG("%s", x);
	proc_out_free(&r);
}

TEST_F(run, env_states_large_disk_whatever_the_scratch_device)
{
	struct proc_out r;
	struct result_file rf;

	/* a large device, stated off: kdevops' default kept */
	ASSERT_EQ(0, scratch_of(self, 20 * GIB));
	r = fexp_run(self, "--env !large-disk -- generic/001 generic/010");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "as --env states it: the scratch device is not measured"));
	EXPECT_NE(NULL, strstr(r.err, "leaves out 1 test: generic/010"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("", outcomes(&rf, "generic/010"));
	result_free(&rf);
	proc_out_free(&r);
	/* a small one, stated on */
	ASSERT_EQ(0, scratch_of(self, GIB));
	r = fexp_run(self, "--env large-disk -- generic/001 generic/010");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	result_free(&rf);
	proc_out_free(&r);
	/* both at once is no state */
	r = fexp_run(self, "--env large-disk --env !large-disk -- generic/001 generic/010");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "--env large-disk: stated both on and off"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_F(run, scratch_device_unknown_or_missing_keeps_the_default)
{
	struct proc_out r;

	ASSERT_EQ(0, scratch_of(self, 20 * GIB));
	ASSERT_EQ(0, shell_call("rm %s/scratch-dev", self->dir));
	r = fexp_run(self, "-- generic/001 generic/010");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, notes[2])) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "env switch large-disk off"));
	proc_out_free(&r);
	/* a directory is no device */
	ASSERT_EQ(0, shell_call("mkdir %s/scratch-dev", self->dir));
	r = fexp_run(self, "-- generic/001 generic/010");
	EXPECT_NE(NULL, strstr(r.err, "neither a file nor a block device"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	/* a section without SCRATCH_DEV (s2 has only TEST_DEV) */
	put_str(str_printf("%s/fstests/local.config", self->dir),
		str_printf("[s1]\nTEST_DEV=%s/test-dev\n", self->dir));
	r = fexp_run(self, "-- generic/001 generic/010");
	EXPECT_NE(NULL, strstr(r.err, "section s1 has no SCRATCH_DEV; the default"))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(exclude_file(self), "\ngeneric/010 # "));
	proc_out_free(&r);
}

TEST_F(run, relative_scratch_device_is_the_fstests_trees)
{
	struct proc_out r;

	ASSERT_EQ(0, scratch_of(self, GIB));
	ASSERT_EQ(0, sparse_file(str_printf("%s/fstests/big", self->dir), 12 * GIB));
	put_str(str_printf("%s/fstests/local.config", self->dir),
		"[s1]\nexport SCRATCH_DEV=big\n");
	r = fexp_run(self, "-- generic/001 generic/010");
	EXPECT_NE(NULL, strstr(r.err, "on (scratch device big: 12.0 GiB"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
