// SPDX-License-Identifier: GPL-2.0
/*
 * "run" against a stand-in for fstests' check: what an earlier run left
 * in the results directory is not this run's, and a Ctrl-C in a retry
 * round loses nothing that finished.
 */
#include "run-fixture.h"

/* check's calls: the main run, round 1 (stopped), round 2, round 3 */
#define CALLS \
	"generic/001 generic/005 generic/010\ngeneric/001 generic/005\ngeneric/001 generic/005\ngeneric/005\n"

/* The contents of a file of the fixture, or "" if there is none. */
static char *contents(struct _test_data_run *self, const char *name)
{
	char *path = str_printf("%s/%s", self->dir, name);
	size_t len;
	char *s = access(path, F_OK) ? "" : get_file(path, &len);

	free(path);
	return s;
}

/* Wait until check runs test in retry round 1; false if it never does. */
static bool wait_retry(struct _test_data_run *self, const char *test)
{
	char *want = str_printf("1 %s ", test);
	int i;

	for (i = 0; i < 500; i++) {
		if (str_starts(contents(self, "res/s1/fstests-expunge/running"),
			       want))
			return true;
		usleep(20000);
	}
	return false;
}

TEST_F(run, logs_an_earlier_run_left_are_not_this_runs)
{
	struct proc_out r;
	struct result_file rf;

	/* an earlier run of the section, an hour ago */
	ASSERT_EQ(0, shell_call("mkdir -p %s/res/s1/generic && cd %s/res/s1/generic && %s && %s",
				self->dir, self->dir,
				"for f in 002.full.rerun1 002.dmesg 001.out.bad.rerun0; do echo stale >$f; done",
				"touch -d '1 hour ago' 002.full.rerun1 002.dmesg *.rerun0"));
	r = fexp_run(self, "--retry-failures --retries 1 -- generic/001 generic/002");
	EXPECT_EQ(1, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("FF", outcomes(&rf, "generic/002"));
	/* the retry's own log, not the one left there */
	EXPECT_STREQ("generic/002 ran\n",
		     contents(self, "res/s1/generic/002.full.rerun1"));
	/* this run wrote no .dmesg: none is kept as its own */
	EXPECT_FALSE(exists(self, "res/s1/generic/002.dmesg.rerun0"));
	EXPECT_FALSE(exists(self, "res/s1/generic/002.dmesg.rerun1"));
	/* 001 passed: it has no kept logs */
	EXPECT_FALSE(exists(self, "res/s1/generic/001.out.bad.rerun0"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, sigterm_in_a_retry_round_then_resume_loses_nothing)
{
	struct result_file rf;
	struct proc_out r;
	pid_t pid;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/001 flaky retries=2 # fails in this test\n"
		"generic/005 flaky retries=2 # fails in this test\n");
	setenv("FAKE_FAIL", "generic/001 generic/005", 1);
	/* 005 hangs in the first retry round, after 001's retry ran */
	put_str(str_printf("%s/state/hang-call", self->dir), "2\n");
	pid = start_hanging(self, "");
	ASSERT_GT(pid, 0);
	ASSERT_TRUE(wait_retry(self, "generic/005"));
	kill(pid, SIGTERM);
	EXPECT_EQ(1, wait_status(pid));	/* an incomplete run */
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_TRUE(rf.incomplete);
	EXPECT_STREQ("FF", outcomes(&rf, "generic/001"));
	EXPECT_STREQ("F", outcomes(&rf, "generic/005"));
	result_free(&rf);
	/* 005 did not run in round 1: no log is kept as its attempt */
	EXPECT_FALSE(exists(self, "res/s1/generic/005.out.bad.rerun1"));
	EXPECT_TRUE(exists(self, "res/s1/generic/001.out.bad.rerun1"));

	unlink(str_printf("%s/state/hang", self->dir));
	r = fexp_run(self, "--resume");
	EXPECT_EQ(1, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_FALSE(rf.incomplete);
	/* three attempts each: none lost, none run twice */
	EXPECT_STREQ("FFF", outcomes(&rf, "generic/001"));
	EXPECT_STREQ("FFF", outcomes(&rf, "generic/005"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	EXPECT_STREQ(CALLS, contents(self, "state/fake-check.calls"));
	result_free(&rf);
	proc_out_free(&r);
}

/* --resume over junk is an error, not a run of nothing that passed */
TEST_F(run, resume_over_a_damaged_state_is_an_error)
{
	static const char *const junk[][2] = {
		{ "main-1.xml", "no xml at all\n" },
		{ "running", "\x01garbage\n" },
		{ "crashed", "junk junk\n" },
	};
	char *st = str_printf("%s/res/s1/fstests-expunge", self->dir);
	struct proc_out r;
	size_t i;

	setenv("FAKE_FAIL", "generic/001", 1);
	r = fexp_run(self, "-- generic/001 generic/005");
	ASSERT_EQ(1, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, shell_call("cp -a %s %s.good", st, st));
	for (i = 0; i < ARRAY_SIZE(junk); i++) {
		ASSERT_EQ(0, shell_call("rm -rf %s && cp -a %s.good %s", st, st, st));
		put_str(str_printf("%s/%s", st, junk[i][0]), junk[i][1]);
		r = fexp_run(self, "--resume");
		EXPECT_EQ(2, r.status) TH_LOG("%s: %s", junk[i][0], r.err);
		EXPECT_NE(NULL, strstr(r.err, junk[i][0])) TH_LOG("%s", r.err);
		EXPECT_NE(NULL, strstr(r.err, "cannot be resumed")) TH_LOG("%s", r.err);
		proc_out_free(&r);
	}
	/* an empty piece is what a crash leaves: resumed */
	ASSERT_EQ(0, shell_call("rm -rf %s && cp -a %s.good %s && : > %s/main-1.xml",
				st, st, st, st));
	r = fexp_run(self, "--resume");
	EXPECT_GE(1, r.status) TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
