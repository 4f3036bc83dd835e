// SPDX-License-Identifier: GPL-2.0
/* Runs of one side merged: repeats and runs are attempts of one test. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "compare/side.h"
#include "kselftest_harness.h"

#define CMP	SRCDIR "/tests/fixtures/compare"

static void add(struct side *sd, const char *path, const char *run)
{
	struct result_file rf;
	char *err = NULL;

	if (result_read(path, &rf, &err))
		abort();
	side_add(sd, &rf, run);
}

TEST(repeats_in_a_file_are_attempts)
{
	struct side sd = { 0 };
	const struct tally *t;

	add(&sd, CMP "/fstests/example-result.xml", "r1");
	side_finish(&sd);
	ASSERT_EQ(1, sd.n);
	EXPECT_EQ(5, sd.s[0].n);
	t = section_tally(&sd.s[0], "generic/475");
	ASSERT_NE(NULL, t);
	EXPECT_EQ(1, t->pass);
	EXPECT_EQ(2, t->fail);
	EXPECT_TRUE(str_starts(t->detail, "+mount failed\n+(see "));
	t = section_tally(&sd.s[0], "generic/679");
	EXPECT_EQ(1, t->notrun);
	EXPECT_STREQ("not suitable for this filesystem type: xfs", t->notrun_msg);
	EXPECT_STREQ("xfs", section_prop(&sd.s[0], "FSTYP"));
	side_free(&sd);
}

TEST(runs_add_up_and_sections_stay_apart)
{
	struct side sd = { 0 };
	const struct tally *t;
	struct side_section *s;

	add(&sd, CMP "/fstests/example-result.xml", "r1");
	add(&sd, CMP "/fstests/example-result-incomplete.xml", "r2");
	add(&sd, CMP "/runs/run3-loop/xfs_crc/result.xml", "r3");
	side_finish(&sd);
	EXPECT_EQ(3, sd.files);
	s = side_section(&sd, "xfs_crc");
	ASSERT_NE(NULL, s);
	/* run3's section is named xfs_crc too: one section, three runs */
	EXPECT_EQ(1, sd.n);
	EXPECT_EQ(3, s->runs.n);
	EXPECT_EQ(1, s->incomplete.n);
	EXPECT_NE(NULL, strstr(s->incomplete.v[0], "incomplete.xml: the run did not finish"));
	t = section_tally(s, "generic/475");
	EXPECT_EQ(2, t->pass);
	EXPECT_EQ(4, t->fail);
	/* xfs/013 did not finish in the incomplete run */
	t = section_tally(s, "xfs/013");
	EXPECT_EQ(1, t->fail);
	side_free(&sd);
}

TEST(shards_of_one_run_count_once)
{
	struct side sd = { 0 };

	add(&sd, CMP "/runs/run1-ext4/ext4_4k/result.xml", "base@1");
	add(&sd, CMP "/runs/run3-loop/ext4_4k/result.xml", "base@1");
	side_finish(&sd);
	EXPECT_EQ(2, sd.files);
	EXPECT_EQ(1, sd.s[0].runs.n);
	side_free(&sd);
}

TEST(testsuites_of_one_file_stay_apart)
{
	const char *xml =
		"<testsuites><testsuite name=\"a\" time=\"1\">\t"
		"<testcase classname=\"xfstests.s1\" name=\"generic/001\">\n"
		"<failure message=\"x\" type=\"TestFail\"/>\n</testcase></testsuite>\t"
		"<testsuite name=\"b\" time=\"1\">\t"
		"<testcase classname=\"xfstests.s2\" name=\"generic/001\"/>\t"
		"</testsuite></testsuites>";
	struct side sd = { 0 };
	struct result_file rf;
	const struct tally *t;
	char *err = NULL;

	ASSERT_EQ(0, result_read_buf("two.xml", xml, strlen(xml), &rf, &err));
	side_add(&sd, &rf, "r1");
	side_finish(&sd);
	ASSERT_EQ(2, sd.n);
	/* a failure in s1 and a pass in s2, not "flaky 1/2" */
	t = section_tally(side_section(&sd, "s1"), "generic/001");
	ASSERT_NE(NULL, t);
	EXPECT_EQ(1, t->fail);
	EXPECT_EQ(0, t->pass);
	t = section_tally(side_section(&sd, "s2"), "generic/001");
	ASSERT_NE(NULL, t);
	EXPECT_EQ(1, t->pass);
	EXPECT_EQ(0, t->fail);
	EXPECT_EQ(1, sd.files);
	side_free(&sd);
}

/* Each run's attempts stay known, for a column per run */
TEST(attempts_and_times_of_each_run)
{
	struct side sd = { 0 };
	struct run_count rc;
	const struct tally *t;
	unsigned int pass, fail, notrun;
	size_t i, j, in = 0;

	add(&sd, CMP "/fstests/example-result.xml", "r1");
	add(&sd, CMP "/runs/run3-loop/xfs_crc/result.xml", "r2");
	add(&sd, CMP "/fstests/example-result-incomplete.xml", "r3");
	side_finish(&sd);
	ASSERT_EQ(3, sd.nruns);
	t = section_tally(&sd.s[0], "generic/475");
	ASSERT_NE(NULL, t);
	/* three attempts in r1 and r3 each: 62 + 58 + 71 seconds */
	EXPECT_EQ(382, (int)t->time);
	ASSERT_TRUE(tally_run(t, 0, &rc));
	EXPECT_EQ(1, rc.pass);
	EXPECT_EQ(2, rc.fail);
	ASSERT_TRUE(tally_run(t, 2, &rc));
	EXPECT_EQ(1, rc.pass);
	EXPECT_EQ(2, rc.fail);
	/* every test: the runs add up to the whole */
	for (i = 0; i < sd.s[0].n; i++) {
		t = &sd.s[0].t[i];
		pass = 0;
		fail = 0;
		notrun = 0;
		for (j = 0; j < sd.nruns; j++) {
			if (!tally_run(t, j, &rc))
				continue;
			in++;
			pass += rc.pass;
			fail += rc.fail;
			notrun += rc.notrun;
		}
		EXPECT_EQ(t->pass, pass);
		EXPECT_EQ(t->fail, fail);
		EXPECT_EQ(t->notrun, notrun);
	}
	/* some tests are in one run only */
	EXPECT_GT(in, sd.s[0].n);
	EXPECT_LT(in, 3 * sd.s[0].n);
	side_free(&sd);
}

/* A run of n attempts at test with outcome o, and one at generic/002 */
static void add_made(struct side *sd, const char *run, const char *test,
		     unsigned int n, enum outcome o)
{
	struct result_file rf = { 0 };
	struct result_case *c;
	unsigned int i;

	rf.path = xasprintf("%s/result.xml", run);
	rf.section = xstrdup("s");
	rf.time = -1;
	for (i = 0; i <= n; i++) {
		c = array_push(&rf.cases, &rf.ncases, &rf.acases, sizeof(*c));
		c->name = xstrdup(i < n ? test : "generic/002");
		c->outcome = i < n ? o : OUT_PASS;
		c->time = -1;
	}
	side_add(sd, &rf, run);
}

/* Counts and runs far apart: the packed records hold any number */
TEST(many_attempts_and_runs_far_apart)
{
	struct side sd = { 0 };
	struct run_count rc;
	const struct tally *t;
	char run[16];
	size_t i;

	add_made(&sd, "r0", "generic/001", 150, OUT_PASS);
	add_made(&sd, "r0", "generic/001", 70000, OUT_FAIL);
	for (i = 1; i < 300; i++) {
		snprintf(run, sizeof(run), "r%zu", i);
		add_made(&sd, run, "generic/003", 1, OUT_PASS);
	}
	add_made(&sd, "r300", "generic/001", 1, OUT_NOTRUN);
	add_made(&sd, "r301", "generic/001", 2, OUT_PASS);
	/* a run whose files are not read one after the other */
	add_made(&sd, "r0", "generic/001", 1, OUT_NOTRUN);
	side_finish(&sd);
	ASSERT_EQ(302, sd.nruns);
	t = section_tally(&sd.s[0], "generic/001");
	ASSERT_NE(NULL, t);
	EXPECT_EQ(152, t->pass);
	EXPECT_EQ(70000, t->fail);
	EXPECT_EQ(2, t->notrun);
	ASSERT_TRUE(tally_run(t, 0, &rc));
	EXPECT_EQ(150, rc.pass);
	EXPECT_EQ(70000, rc.fail);
	EXPECT_EQ(1, rc.notrun);
	EXPECT_FALSE(tally_run(t, 1, &rc));
	EXPECT_FALSE(tally_run(t, 299, &rc));
	ASSERT_TRUE(tally_run(t, 300, &rc));
	EXPECT_EQ(0, rc.pass);
	EXPECT_EQ(1, rc.notrun);
	ASSERT_TRUE(tally_run(t, 301, &rc));
	EXPECT_EQ(2, rc.pass);
	EXPECT_EQ(0, rc.fail);
	EXPECT_EQ(301, rc.run);
	t = section_tally(&sd.s[0], "generic/002");
	ASSERT_NE(NULL, t);
	for (i = 0; i < sd.nruns; i++) {
		ASSERT_TRUE(tally_run(t, i, &rc));
		EXPECT_EQ(i ? 1 : 3, rc.pass);
	}
	side_free(&sd);
}

TEST_HARNESS_MAIN
