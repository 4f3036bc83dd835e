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
	struct run_result r, by_hand;

	data_with(self, "generic/002 fail fixed=6.10,6.9.5 # fixed there\n");
	/* 6.9.5 has the fix: generic/002 runs, and its failure is new */
	r = fexp_run(self, "--version 6.9.5 -- generic/002 generic/010");
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, "Regressions (1)"));
	EXPECT_NE(NULL, strstr(r.out, "generic/002"));
	/* the same as compare by hand with the same options */
	by_hand = run_fexp(str_printf("compare %s --config %s --data %s/data %s %s",
				      "--release 6.12.9",
				      FIXTURE_PATH("config-dax"), self->dir,
				      "--version 6.9.5",
				      str_printf("%s/res/s1/result.xml", self->dir)));
	EXPECT_EQ(1, by_hand.status);
	EXPECT_NE(NULL, strstr(by_hand.out, "Regressions (1)"));
	run_free(&by_hand);
	run_free(&r);
}

TEST_F(run, known_failure_runs_only_with_run_known_failures)
{
	struct run_result r;
	struct result_file rf;

	data_with(self, "generic/002 fail # a known bug\n");
	r = fexp_run(self, "-- generic/002 generic/010");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "[expunged]"));
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("", outcomes(&rf, "generic/002"));
	result_free(&rf);
	run_free(&r);
	r = fexp_run(self, "--run-known-failures -- generic/002 generic/010");
	EXPECT_EQ(0, r.status);
	ASSERT_EQ(0, read_merged(self, &rf));
	EXPECT_STREQ("F", outcomes(&rf, "generic/002"));
	EXPECT_NE(NULL, strstr(r.out, "Known failures (1)"));
	result_free(&rf);
	run_free(&r);
}

TEST_HARNESS_MAIN
