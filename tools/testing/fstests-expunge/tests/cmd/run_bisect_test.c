// SPDX-License-Identifier: GPL-2.0
/*
 * "run --bisect" against a stand-in for fstests' check: bad only when
 * the failure bisected comes back on every attempt, good only when
 * every attempt passes, 125 for anything else.
 */
#include "run-fixture.h"

/* What the report says */
#define FAILED_002 \
	"bisect: generic/002: 3 of 3 attempts failed: it failed every time"
#define BAD_3 \
	"bisect: bad (exit 1) after 3 attempts each; confidence 87.5%"
#define GOOD_2 \
	"bisect: good (exit 0) after 2 attempts each; confidence 75.0%"
#define GOOD_1 \
	"bisect: good (exit 0) after 1 attempt each; confidence 50.0%"
#define CRASH_005 \
	"generic/005: 1 of 2 attempts failed (1 crashed): a mixed result"

/* check's calls, one line of tests each */
static char *check_calls(struct _test_data_run *self)
{
	char *path = str_printf("%s/state/fake-check.calls", self->dir);
	size_t len;

	return access(path, F_OK) ? "" : get_file(path, &len);
}

TEST_F(run, bisect_bad_only_when_every_attempt_fails)
{
	struct proc_out r = fexp_run(self, "--bisect --test generic/002");
	struct result_file rf;

	EXPECT_EQ(1, r.status);
	/* --test is what check runs: three attempts, one call each */
	EXPECT_STREQ("generic/002\ngeneric/002\ngeneric/002\n", check_calls(self));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("FFF", outcomes(&rf, "generic/002"));
	EXPECT_NE(NULL, strstr(r.out, FAILED_002));
	EXPECT_NE(NULL, strstr(r.out, BAD_3));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, bisect_good_only_when_every_attempt_passes)
{
	struct proc_out r = fexp_run(self, "--bisect --test generic/010 --attempts 2");

	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("generic/010\ngeneric/010\n", check_calls(self));
	EXPECT_NE(NULL, strstr(r.out, GOOD_2));
	proc_out_free(&r);
}

TEST_F(run, bisect_mixed_result_is_skip)
{
	/* 003 fails once, then passes: it stops after the second attempt */
	struct proc_out r = fexp_run(self, "--bisect --test generic/003");

	EXPECT_EQ(125, r.status);
	EXPECT_STREQ("generic/003\ngeneric/003\n", check_calls(self));
	EXPECT_NE(NULL, strstr(r.out, "generic/003: 1 of 2 attempts failed: a mixed result"));
	proc_out_free(&r);
}

TEST_F(run, bisect_another_tests_failure_is_skip)
{
	struct proc_out r = fexp_run(self, "--bisect --test generic/010 -- generic/002");

	EXPECT_EQ(125, r.status);
	EXPECT_NE(NULL, strstr(r.out, "generic/002: 1 of 1 attempt failed: another test failed"));
	EXPECT_NE(NULL, strstr(r.out, "generic/010: 0 of 3 attempts failed: it passed every time"));
	proc_out_free(&r);
}

TEST_F(run, bisect_known_flaky_test_never_decides_from_one_attempt)
{
	struct proc_out r;

	/* 003 passes from now on; the data says it is flaky (retries=2) */
	put_str(str_printf("%s/state/fake-003", self->dir), "1\n");
	r = fexp_run(self, "--bisect --attempts 1 --test generic/003");
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("generic/003\ngeneric/003\ngeneric/003\n", check_calls(self));
	EXPECT_NE(NULL, strstr(r.out, "after 3 attempts each"));
	proc_out_free(&r);
}

TEST_F(run, bisect_without_test_retries_every_unexplained_failure)
{
	struct proc_out r = fexp_run(self, "--bisect -- generic/001 generic/002");

	EXPECT_EQ(1, r.status);
	EXPECT_STREQ("generic/001 generic/002\ngeneric/002\ngeneric/002\n",
		     check_calls(self));
	EXPECT_NE(NULL, strstr(r.out, "generic/002: 3 of 3 attempts failed"));
	proc_out_free(&r);
	/* nothing failed: good, from the one attempt each had */
	unlink(str_printf("%s/state/fake-check.calls", self->dir));
	r = fexp_run(self, "--bisect -- generic/001 generic/010");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, GOOD_1));
	proc_out_free(&r);
}

TEST_F(run, bisect_crash_then_pass_of_the_target_is_skip)
{
	struct proc_out r;
	pid_t pid = start_hanging(self, "--bisect --test generic/005"), pgid;

	ASSERT_GT(pid, 0);
	/* the machine goes down while 005 runs, and comes up again */
	pgid = getpgid(check_pid(self));
	ASSERT_GT(pgid, 0);
	kill(-pgid, SIGKILL);
	kill(pid, SIGKILL);
	wait_status(pid);
	ASSERT_EQ(0, wait_lock_free(self));
	put_str(str_printf("%s/res/s1/fstests-expunge/running", self->dir),
		"0 generic/005 00000000-0000-0000-0000-000000000000\n");
	unlink(str_printf("%s/state/hang", self->dir));
	r = fexp_run(self, "--resume --bisect --test generic/005");
	/* the target crashed once, then passed: no signature holds */
	EXPECT_EQ(125, r.status);
	EXPECT_NE(NULL, strstr(r.out, CRASH_005)) {
		TH_LOG("run said: %s%s", r.out, r.err);
	}
	proc_out_free(&r);
}

TEST_F(run, bisect_options_are_checked)
{
	/* a usage error is 2, and under --bisect "cannot tell" */
	static const char *const bad[][3] = {
		{ "--test generic/001", "are for --bisect", "2" },
		{ "--attempts 2", "are for --bisect", "2" },
		{ "--bisect --attempts 0", "not a number from 1 to", "125" },
		{ "--bisect --test 'foo bar'", "not a test name", "125" },
	};
	struct proc_out r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		r = fexp_run(self, bad[i][0]);
		EXPECT_EQ(atoi(bad[i][2]), r.status);
		EXPECT_NE(NULL, strstr(r.err, bad[i][1])) {
			TH_LOG("%s: %s", bad[i][0], r.err);
		}
		proc_out_free(&r);
	}
	EXPECT_STREQ("", check_calls(self));
}

TEST_HARNESS_MAIN
