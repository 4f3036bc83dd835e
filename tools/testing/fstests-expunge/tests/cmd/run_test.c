// SPDX-License-Identifier: GPL-2.0
/*
 * "run" against a stand-in for fstests' check (tests/fake-fstests-check.sh):
 * retries, the merged result.xml, Ctrl-C, a crash and --resume.
 */
#include <fcntl.h>
#include <sys/file.h>

#include "run-fixture.h"

TEST_F(run, flaky_test_that_passes_on_retry_is_flaky_not_a_regression)
{
	struct proc_out r = fexp_run(self, "-- generic/001 generic/003 generic/004");
	struct result_file rf;
	size_t i;

	EXPECT_EQ(0, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_FALSE(rf.incomplete);
	EXPECT_STREQ("FP", outcomes(&rf, "generic/003"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/001"));
	EXPECT_STREQ("N", outcomes(&rf, "generic/004"));
	/* the attempts follow each other, as check -L writes them */
	for (i = 0; i + 1 < rf.ncases; i++) {
		if (!strcmp(rf.cases[i].name, "generic/003"))
			break;
	}
	ASSERT_LT(i + 1, rf.ncases);
	EXPECT_STREQ("generic/003", rf.cases[i + 1].name);
	/* fstests' message, unescaped in its file, survives the merge */
	EXPECT_NE(NULL, strstr(rf.cases[i].text->message, "output mismatch"));
	EXPECT_NE(NULL, rf.cases[i].text->err);
	EXPECT_TRUE(exists(self, "res/s1/generic/003.out.bad.rerun0"));
	EXPECT_TRUE(exists(self, "res/s1/generic/003.full.rerun1"));
	EXPECT_FALSE(exists(self, "res/s1/generic/003.out.bad.rerun1"));
	EXPECT_NE(NULL, strstr(r.out, "generic/003: 1/2 failed"));
	EXPECT_NE(NULL, strstr(r.err, "retry round 1"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, flaky_test_failing_every_attempt_is_a_regression)
{
	struct proc_out r;
	struct result_file rf;

	setenv("FAKE_FAIL", "generic/001", 1);
	r = fexp_run(self, "-- generic/001 generic/010");
	EXPECT_EQ(1, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	/* retries=2: three attempts in all */
	EXPECT_STREQ("FFF", outcomes(&rf, "generic/001"));
	EXPECT_TRUE(exists(self, "res/s1/fstests-expunge/retry-2.xml"));
	EXPECT_FALSE(exists(self, "res/s1/fstests-expunge/retry-3.xml"));
	EXPECT_TRUE(exists(self, "res/s1/generic/001.out.bad.rerun2"));
	EXPECT_NE(NULL, strstr(r.out, "Regressions (1)"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, retries_option_overrides_the_entry)
{
	struct proc_out r;
	struct result_file rf;

	setenv("FAKE_FAIL", "generic/001", 1);
	r = fexp_run(self, "--retries 1 -- generic/001");
	ASSERT_EQ(0, read_merged(self, &rf));
	/* two attempts, not the entry's three */
	EXPECT_STREQ("FF", outcomes(&rf, "generic/001"));
	EXPECT_FALSE(exists(self, "res/s1/fstests-expunge/retry-2.xml"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, unexplained_failure_is_retried_only_with_retry_failures)
{
	struct proc_out r = fexp_run(self, "-- generic/002");
	struct result_file rf;

	EXPECT_EQ(1, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("F", outcomes(&rf, "generic/002"));
	result_free(&rf);
	proc_out_free(&r);
	r = fexp_run(self, "--retry-failures --retries 1 -- generic/002");
	EXPECT_EQ(1, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("FF", outcomes(&rf, "generic/002"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, expunged_test_is_left_out_by_the_exclude_file)
{
	struct proc_out r = fexp_run(self, "-- generic/006 generic/010");
	struct result_file rf;

	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "[expunged]"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("", outcomes(&rf, "generic/006"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, group_entry_goes_to_check_as_x_group)
{
	struct proc_out r;
	struct result_file rf;
	size_t len;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"group:dangerous expunge # takes the machine down\n"
		"group:other expunge section=!s1 # not for s1\n");
	r = fexp_run(self, "-- generic/006 generic/010");
	EXPECT_EQ(0, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	/* check was told -x dangerous, not -x other */
	EXPECT_STREQ("dangerous\n",
		     get_file(str_printf("%s/state/fake-check.groups",
					 self->dir), &len));
	EXPECT_STREQ("", outcomes(&rf, "generic/006"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	EXPECT_NE(NULL, strstr(r.out, "[expunged]"));
	result_free(&rf);
	proc_out_free(&r);
}

/* The tests an exclude file leaves out: the first word of each line */
static char *excluded_tests(const char *path)
{
	size_t len, n;
	char *text = get_file(path, &len), *line, *out, *save = NULL;

	out = calloc(1, len + 1);
	if (!text || !out)
		abort();
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		n = strcspn(line, " \t#");
		if (n) {
			strncat(out, line, n);
			strcat(out, " ");
		}
	}
	return out;
}

TEST_F(run, group_entry_gives_its_tests_to_the_exclude_file)
{
	struct proc_out r;

	/* as "exclude --fstests DIR" does, from the tree run runs in */
	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"group:dangerous expunge # takes the machine down\n");
	r = fexp_run(self, "-- generic/006 generic/010");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ("generic/006 ",
		     excluded_tests(str_printf("%s/res/s1/fstests-expunge/exclude",
					       self->dir)));
	proc_out_free(&r);
	/* a check without its tests is no fstests tree */
	ASSERT_EQ(0, shell_call("rm -r %s/fstests/tests", self->dir));
	r = fexp_run(self, "-- generic/006 generic/010");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "not an fstests tree")) TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_F(run, group_of_known_failures_runs_with_run_known_failures)
{
	struct proc_out r;
	struct result_file rf;
	size_t len;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"group:dangerous fail # fails on ext4\n");
	r = fexp_run(self, "--run-known-failures -- generic/006 generic/010");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, read_merged(self, &rf));
	/* neither left out by the exclude file nor by check -x */
	EXPECT_STREQ("\n", get_file(str_printf("%s/state/fake-check.groups",
					       self->dir), &len));
	EXPECT_STREQ("P", outcomes(&rf, "generic/006"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, recheck_runs_just_the_tests_the_data_expects_to_fail)
{
	struct proc_out r;
	char *calls;
	size_t len;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/003 flaky retries=2 # fails now and then\n"
		"generic/002 fail # fails here\n"
		"generic/010 fail section=other # fails elsewhere\n"
		"generic/006 expunge # takes the machine down\n"
		"generic/006 fail # and fails\n"
		"group:dangerous fail # a group\n");
	r = fexp_run(self, "--recheck");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	calls = get_file(str_printf("%s/state/fake-check.calls", self->dir),
			 &len);
	ASSERT_NE(NULL, calls);
	/* the first call: the fail and flaky tests of section s1, no more */
	EXPECT_EQ(0, strncmp(calls, "generic/002 generic/003\n", 24))
		TH_LOG("%s", calls);
	proc_out_free(&r);

	/* it chooses the tests itself */
	r = fexp_run(self, "--recheck -- generic/001");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "--recheck chooses the tests"));
	proc_out_free(&r);

	/* nothing to recheck is said, and check does not run everything */
	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/006 expunge # takes the machine down\n");
	r = fexp_run(self, "--recheck");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "nothing to run")) TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_F_TIMEOUT(run, kill_9_of_run_ends_check_and_its_tests, HANG_TEST_TIMEOUT)
{
	pid_t pid = start_hanging(self, ""), check, pgid;
	int i;

	ASSERT_GT(pid, 0);
	check = check_pid(self);
	ASSERT_GT(check, 0);
	pgid = getpgid(check);
	ASSERT_GT(pgid, 0);
	ASSERT_TRUE(group_alive(pgid));
	kill(pid, SIGKILL);
	wait_status(pid);
	/* the kernel's signal comes at once; the group then dies */
	for (i = 0; i < 500 && group_alive(pgid); i++)
		usleep(20000);
	EXPECT_FALSE(group_alive(pgid));
	if (group_alive(pgid))	/* the old way: do not leave it behind */
		kill(-pgid, SIGKILL);
}

TEST_F_TIMEOUT(run, kill_9_of_run_then_resume_loses_no_test_and_claims_no_crash,
	       HANG_TEST_TIMEOUT)
{
	pid_t pid = start_hanging(self, ""), pgid;
	struct result_file rf;
	struct proc_out r;
	int i;

	ASSERT_GT(pid, 0);
	pgid = getpgid(check_pid(self));
	ASSERT_GT(pgid, 0);
	kill(pid, SIGKILL);
	wait_status(pid);
	for (i = 0; i < 500 && group_alive(pgid); i++)
		usleep(20000);
	unlink(str_printf("%s/state/hang", self->dir));
	r = fexp_run(self, "--resume");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.err, "went down"));
	EXPECT_NE(NULL, strstr(r.err, "generic/005 was running when run was killed"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_FALSE(rf.incomplete);
	/* what ran before the kill is not run again; 005 is */
	EXPECT_STREQ("P", outcomes(&rf, "generic/001"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/005"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	EXPECT_EQ(3, rf.ncases);
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F_TIMEOUT(run, second_run_on_the_results_or_a_device_is_refused, HANG_TEST_TIMEOUT)
{
	pid_t pid = start_hanging(self, ""), pgid;
	struct proc_out r;
	char *other, *want;
	int i;

	ASSERT_GT(pid, 0);
	pgid = getpgid(check_pid(self));
	ASSERT_GT(pgid, 0);
	want = str_printf("in use by run %d", pid);
	/* the same results directory */
	r = fexp_run(self, "-- generic/001");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, want));
	EXPECT_NE(NULL, strstr(r.err, "/res"));
	proc_out_free(&r);
	/* other results, the same TEST_DEV and SCRATCH_DEV */
	other = str_printf("run %s --results %s/res2", self->base, self->dir);
	r = fexp_call(str_printf("%s -- generic/001", other));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "test-dev is in use"));
	EXPECT_NE(NULL, strstr(r.err, want));
	EXPECT_FALSE(exists(self, "res2/s1/result.xml"));
	proc_out_free(&r);
	/* under --bisect: "cannot tell", not "bad" */
	r = fexp_call(str_printf("%s --bisect -- generic/001", other));
	EXPECT_EQ(125, r.status);
	proc_out_free(&r);
	kill(pid, SIGKILL);
	wait_status(pid);
	/* the holder gone, its check with it: the lock is free */
	for (i = 0; i < 500 && group_alive(pgid); i++)
		usleep(20000);
	unlink(str_printf("%s/state/hang", self->dir));
	r = fexp_run(self, "--resume");
	EXPECT_EQ(0, r.status);	/* generic/005 ran again, and passed */
	EXPECT_NE(NULL, strstr(r.err, "taken over"));
	proc_out_free(&r);
	free(other);
	free(want);
}

TEST_F(run, resume_refuses_while_the_old_check_is_alive)
{
	char *path = str_printf("%s/res/.fstests-expunge.lock", self->dir);
	struct proc_out r;
	int fd;

	r = fexp_run(self, "-- generic/001");
	EXPECT_EQ(0, r.status);
	proc_out_free(&r);
	/* what a check outliving its run holds: the lock, a dead pid */
	fd = open(path, O_RDWR);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, flock(fd, LOCK_EX | LOCK_NB));
	ASSERT_EQ(8, pwrite(fd, "4194304\n", 8, 0));
	r = fexp_run(self, "--resume");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "the check that run 4194304 started"));
	proc_out_free(&r);
	close(fd);
	free(path);
}

TEST_F(run, section_missing_from_the_config_runs_nothing)
{
	struct proc_out r;

	r = fexp_call(str_printf("run %s -- generic/001",
				 str_replace_section(self->base)));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "no section [s9]"));
	EXPECT_NE(NULL, strstr(r.err, "local.config"));
	EXPECT_FALSE(exists(self, "state/fake-check.calls"));
	proc_out_free(&r);
}

TEST_F_TIMEOUT(run, ctrl_c_keeps_what_ran_as_an_incomplete_run, HANG_TEST_TIMEOUT)
{
	struct result_file rf;
	struct proc_out r;
	pid_t pid = start_hanging(self, "--bisect");

	ASSERT_GT(pid, 0);
	kill(pid, SIGINT);
	/* compare under --bisect: an incomplete run cannot tell */
	EXPECT_EQ(125, wait_status(pid));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_TRUE(rf.incomplete);
	EXPECT_STREQ("P", outcomes(&rf, "generic/001"));
	EXPECT_STREQ("", outcomes(&rf, "generic/005"));
	result_free(&rf);
	/* the interrupted test was not a crash: it runs again */
	unlink(str_printf("%s/state/hang", self->dir));
	r = fexp_run(self, "--resume");
	EXPECT_EQ(0, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_FALSE(rf.incomplete);
	EXPECT_STREQ("P", outcomes(&rf, "generic/001"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/005"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F_TIMEOUT(run, crash_then_resume_records_the_running_test_as_crashed,
	       HANG_TEST_TIMEOUT)
{
	struct result_file rf;
	struct proc_out r;
	pid_t pid, pgid;

	/* a failure before the crash, whose logs the resumed check removes */
	setenv("FAKE_FAIL", "generic/001", 1);
	pid = start_hanging(self, "");
	ASSERT_GT(pid, 0);
	/* the machine goes down: run and check die at once */
	pgid = getpgid(check_pid(self));
	ASSERT_GT(pgid, 0);
	kill(-pgid, SIGKILL);
	kill(pid, SIGKILL);
	wait_status(pid);
	ASSERT_EQ(0, wait_lock_free(self));
	/* and comes up again: the run stopped in another boot */
	put_str(str_printf("%s/res/s1/fstests-expunge/running", self->dir),
		"0 generic/005 00000000-0000-0000-0000-000000000000\n");
	unlink(str_printf("%s/state/hang", self->dir));
	r = fexp_run(self, "--resume");
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.err, "generic/005 was running when the machine went down"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_FALSE(rf.incomplete);
	/* finished before the crash: not run again, but retried */
	EXPECT_STREQ("FFF", outcomes(&rf, "generic/001"));
	EXPECT_TRUE(exists(self, "res/s1/generic/001.out.bad.rerun0"));
	EXPECT_TRUE(exists(self, "res/s1/generic/001.out.bad.rerun2"));
	EXPECT_TRUE(exists(self, "res/s1/generic/001.out.bad"));
	EXPECT_STREQ("F", outcomes(&rf, "generic/005"));
	EXPECT_STREQ("P", outcomes(&rf, "generic/010"));
	result_free(&rf);
	proc_out_free(&r);
}

TEST_F(run, the_fstests_commit_is_kept_for_archive_add)
{
	char *sha, *rec;
	struct proc_out r;
	size_t len;

	ASSERT_EQ(0, shell_call("cd %s/fstests && git init -q && git add . && %s && %s > %s/head",
				self->dir, "git -c user.name=t -c user.email=t@t commit -qm t",
				"git rev-parse HEAD", self->dir));
	sha = get_file(str_printf("%s/head", self->dir), &len);
	r = fexp_run(self, "-- generic/004");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(sha, get_file(str_printf("%s/res/s1/fstests-expunge/fstests-commit",
					      self->dir), &len));
	/* the results lie outside the tree: archive add has it from there */
	unsetenv("FSTESTS_DIR");
	r = fexp_call(str_printf("archive add -a %s/a %s/res/s1/result.xml",
				 self->dir, self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	sha[strcspn(sha, "\n")] = '\0';
	rec = str_printf("fstests: %s", sha);
	EXPECT_EQ(0, shell_call("grep -qx '%s' %s/a/runs/*/run", rec, self->dir));
}

TEST_F(run, results_directory_is_made_with_its_parents)
{
	struct proc_out r;

	/* check makes RESULT_BASE with mkdir -p: so does run */
	r = fexp_call(str_printf("run %s --results %s/new/a/res -- generic/001",
				 self->base, self->dir));
	EXPECT_EQ(0, r.status);
	EXPECT_TRUE(exists(self, "new/a/res/s1/result.xml"));
	proc_out_free(&r);
	/* one that cannot be made is named */
	put_str(str_printf("%s/file", self->dir), "");
	r = fexp_call(str_printf("run %s --results %s/file/res -- generic/001",
				 self->base, self->dir));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "file/res: cannot make the results directory"));
	proc_out_free(&r);
}

TEST_F(run, bad_usage_and_a_missing_check_exit_2)
{
	struct proc_out r = fexp_call("run --fs ext4");

	EXPECT_EQ(2, r.status);
	proc_out_free(&r);
	r = fexp_run(self, "--retries -1");
	EXPECT_EQ(2, r.status);
	proc_out_free(&r);
	/* nothing to resume: not a whole new run of everything */
	r = fexp_run(self, "--resume");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "no run of section s1 to resume"));
	EXPECT_FALSE(exists(self, "state/fake-check.calls"));
	proc_out_free(&r);
	r = fexp_call("run --fs ext4 --section s1 --fstests /nonexistent");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "/nonexistent"));
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
