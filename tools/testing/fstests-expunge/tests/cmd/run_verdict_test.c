// SPDX-License-Identifier: GPL-2.0
/*
 * What "run" concludes: its compare step judges with run's own options,
 * known failures run on request, and a run that ran nothing or not all
 * of what was asked is never good.
 */
#include "run-fixture.h"

/* The data of the fixture with one more line. */
static void data_with(struct _test_data_run *self, const char *line)
{
	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		str_printf("%s%s", data_text, line));
}

TEST_F(run, version_option_reaches_the_compare_step)
{
	struct proc_out r, by_hand;

	data_with(self, "generic/002 fail fixed=6.10,6.9.5 # fixed there\n");
	/* 6.9.5 has the fix: generic/002 runs, and its failure is new */
	r = fexp_run(self, "--version 6.9.5 -- generic/002 generic/010");
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, "Regressions (1)"));
	EXPECT_NE(NULL, strstr(r.out, "generic/002"));
	/* the same as compare by hand with the same options */
	by_hand = fexp_call(str_printf("compare %s --config %s --data %s/data %s %s",
				       "--release 6.12.9",
				       FIXTURE_PATH("config-dax"), self->dir,
				       "--version 6.9.5",
				       str_printf("%s/res/s1/result.xml", self->dir)));
	EXPECT_EQ(1, by_hand.status);
	EXPECT_NE(NULL, strstr(by_hand.out, "Regressions (1)"));
	proc_out_free(&by_hand);
	proc_out_free(&r);
}

TEST_F(run, known_failure_runs_only_with_run_known_failures)
{
	struct proc_out r;
	struct result_file rf;

	data_with(self, "generic/002 fail # a known bug\n");
	r = fexp_run(self, "-- generic/002 generic/010");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "[expunged]"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("", outcomes(&rf, "generic/002"));
	result_free(&rf);
	proc_out_free(&r);
	r = fexp_run(self, "--run-known-failures -- generic/002 generic/010");
	EXPECT_EQ(0, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("F", outcomes(&rf, "generic/002"));
	EXPECT_NE(NULL, strstr(r.out, "Known failures (1)"));
	result_free(&rf);
	proc_out_free(&r);
}

/* Make the stand-in go wrong (tests/fake-fstests-check.sh). */
static void fake_mode(struct _test_data_run *self, const char *mode,
		      const char *text)
{
	put_str(str_printf("%s/state/%s", self->dir, mode), text);
}

/* run, and run --bisect: both "could not be made" (2 and 125). */
static void expect_no_run(struct _test_data_run *self,
			  struct __test_metadata *_metadata,
			  const char *args, const char *why)
{
	struct proc_out r = fexp_run(self, args);

	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, why)) {
		TH_LOG("stderr: %s", r.err);
	}
	/* what to look at: the section and the config */
	EXPECT_NE(NULL, strstr(r.err, "section [s1]"));
	EXPECT_NE(NULL, strstr(r.err, "local.config"));
	proc_out_free(&r);
	r = fexp_run(self, str_printf("--bisect %s", args));
	EXPECT_EQ(125, r.status);
	proc_out_free(&r);
}

TEST_F(run, result_outside_the_results_directory_is_nothing_ran)
{
	fake_mode(self, "unknown-section", "");
	expect_no_run(self, _metadata, "-- generic/001",
		      str_printf("it wrote %s/res/result.xml instead",
				 self->dir));
}

TEST_F(run, no_result_file_is_nothing_ran)
{
	fake_mode(self, "no-report", "");
	expect_no_run(self, _metadata, "-- generic/001", "check wrote no");
}

TEST_F(run, unreadable_result_file_is_an_error)
{
	fake_mode(self, "garbage", "");
	expect_no_run(self, _metadata, "-- generic/001", "is unreadable");
}

TEST_F(run, zero_testcases_is_nothing_ran)
{
	/* the only test asked for is expunged: nothing is tested */
	expect_no_run(self, _metadata, "-- generic/006", "ran no test");
}

TEST_F(run, every_requested_test_missing_is_nothing_ran)
{
	/* generic/001 is excluded by the data: it does not count */
	data_with(self, "generic/010 expunge # not here\n");
	expect_no_run(self, _metadata, "-- generic/998 generic/999 generic/010",
		      "none of the 2 test(s) asked for ran");
}

/* Each format of compare reports the merged result.xml incomplete. */
static void expect_incomplete_everywhere(struct _test_data_run *self,
					 struct __test_metadata *_metadata)
{
	static const char *const formats[][2] = {
		{ "json", "jq" },
		{ "kcidb --origin t", "jq" },
		{ "text", "Incomplete run" },
		{ "ktap", "# incomplete run: " },
		{ "email", "Incomplete runs" },
		{ "html", "incomplete section" },
	};
	char *path = str_printf("%s/res/s1/result.xml", self->dir);
	struct proc_out r;
	char *v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		r = fexp_call(str_printf("compare --format %s %s %s --data %s/data %s",
					 formats[i][0], "--release 6.12.9",
					 "--config " FIXTURE_PATH("config-dax"),
					 self->dir, path));
		EXPECT_EQ(1, r.status);
		if (!strcmp(formats[i][1], "jq")) {
			v = jsonq(r.out, i ? "[.tests[] | select(.status == \"ERROR\")] | length"
					   : ".sections[0].incomplete | length");
			EXPECT_STREQ("1", v ? v : "(not JSON)");
			free(v);
		} else {
			EXPECT_NE(NULL, strstr(r.out, formats[i][1])) {
				TH_LOG("%s: %s", formats[i][0], r.out);
			}
		}
		proc_out_free(&r);
	}
	free(path);
}

TEST_F(run, check_that_stops_early_is_an_incomplete_run)
{
	struct result_file rf;
	struct proc_out r;

	/* it cannot mount the test device after one test */
	fake_mode(self, "stop-after", "1\n");
	r = fexp_run(self, "-- generic/001 generic/010 generic/100");
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.err, "check stopped early"));
	EXPECT_NE(NULL, strstr(r.err, "section [s1]"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_TRUE(rf.incomplete);
	EXPECT_STREQ("P", outcomes(&rf, "generic/001"));
	result_free(&rf);
	proc_out_free(&r);
	expect_incomplete_everywhere(self, _metadata);
	r = fexp_run(self, "--bisect -- generic/001 generic/010 generic/100");
	EXPECT_EQ(125, r.status);
	proc_out_free(&r);
}

TEST_F(run, requested_test_that_did_not_run_makes_the_run_incomplete)
{
	struct result_file rf;
	struct proc_out r;

	r = fexp_run(self, "-- generic/001 generic/999");
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.err, "1 of the 2 test(s) asked for did not run"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_TRUE(rf.incomplete);
	result_free(&rf);
	proc_out_free(&r);
	expect_incomplete_everywhere(self, _metadata);
}

TEST_F(run, retry_round_that_runs_nothing_stops)
{
	struct proc_out r;
	size_t len;
	char *calls;

	setenv("FAKE_FAIL", "generic/001", 1);
	fake_mode(self, "no-retry", "");
	r = fexp_run(self, "-- generic/001");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "retry round 1: check ran none"));
	/* the main run and one retry, not a loop */
	calls = get_file(str_printf("%s/state/fake-check.calls", self->dir),
			 &len);
	EXPECT_STREQ("generic/001\ngeneric/001\n", calls);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
