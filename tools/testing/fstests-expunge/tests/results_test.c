// SPDX-License-Identifier: GPL-2.0
/* Reading result.xml: today's and older formats, broken and huge files. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "results.h"
#include "util.h"
#include "kselftest_harness.h"

#define CMP	SRCDIR "/tests/fixtures/compare"

TEST(reads_every_testcase_and_its_outcome)
{
	struct result_file rf;
	char *err = NULL;

	ASSERT_EQ(0, result_read(CMP "/fstests/example-result.xml", &rf, &err));
	EXPECT_STREQ("xfs_crc", rf.section);
	EXPECT_STREQ("6.19.0-rc7", result_prop(&rf, "KERNEL"));
	EXPECT_FALSE(rf.incomplete);
	ASSERT_EQ(7, rf.ncases);
	EXPECT_STREQ("generic/001", rf.cases[0].name);
	EXPECT_EQ(OUT_PASS, rf.cases[0].outcome);
	/* -L 2: three attempts of generic/475, fail, pass, fail */
	EXPECT_STREQ("generic/475", rf.cases[2].name);
	EXPECT_EQ(OUT_FAIL, rf.cases[2].outcome);
	EXPECT_EQ(OUT_PASS, rf.cases[3].outcome);
	EXPECT_EQ(OUT_FAIL, rf.cases[4].outcome);
	EXPECT_STREQ("+mount failed", rf.cases[2].detail);
	EXPECT_EQ(OUT_NOTRUN, rf.cases[5].outcome);
	EXPECT_STREQ("not suitable for this filesystem type: xfs", rf.cases[5].msg);
	/* the first warning of the kernel log */
	EXPECT_NE(NULL, strstr(rf.cases[6].detail, "WARNING: CPU: 3 PID: 81234"));
	EXPECT_EQ(0, strncmp(rf.cases[6].msg, "_check_dmesg: something found in dmesg (see ", 44));
	EXPECT_NE(NULL, strstr(rf.cases[6].msg, "/xfs_crc/xfs/013.dmesg)"));
	result_free(&rf);
}

TEST(an_unfinished_run_is_incomplete)
{
	struct result_file rf;
	char *err = NULL;

	ASSERT_EQ(0, result_read(CMP "/fstests/example-result-incomplete.xml", &rf, &err));
	EXPECT_TRUE(rf.incomplete);
	EXPECT_NE(NULL, strstr(rf.why_incomplete, "time=\"\""));
	EXPECT_EQ(6, rf.ncases);
	result_free(&rf);
}

TEST(reads_the_format_before_2023)
{
	struct result_file rf;
	char *err = NULL;
	size_t i, fails = 0;

	ASSERT_EQ(0, result_read(CMP "/kdevops/old/5.4.230+/xfs_crc/result.xml", &rf, &err));
	EXPECT_STREQ("xfs_crc", rf.section);
	EXPECT_EQ(NULL, result_prop(&rf, "KERNEL"));
	EXPECT_EQ(1021, rf.ncases);
	for (i = 0; i < rf.ncases; i++) {
		if (rf.cases[i].outcome != OUT_FAIL)
			continue;
		fails++;
		/* its CDATA was entity-escaped: the line is decoded */
		if (!strcmp(rf.cases[i].name, "xfs/145"))
			EXPECT_NE(NULL, strstr(rf.cases[i].detail,
					       "dqp->q_res_bcount >= be64_to_cpu"));
	}
	EXPECT_EQ(3, fails);
	result_free(&rf);
}

TEST(check_i_iterations_are_all_there)
{
	struct result_file rf;
	char *err = NULL;

	ASSERT_EQ(0, result_read(CMP "/runs/run4-xfs/xfs_crc/result.xml", &rf, &err));
	/* tests="42" in the header, two iterations in the file */
	EXPECT_EQ(84, rf.ncases);
	result_free(&rf);
}

TEST(a_file_cut_short_keeps_what_it_has)
{
	struct result_file rf;
	char *err = NULL, *p, *buf;
	unsigned long line = 1;
	size_t len, cut, i;

	ASSERT_EQ(0, read_file(CMP "/kdevops/20231218/6.6.0-rc5/xfs_crc/result.xml",
			       1 << 24, &buf, &len));
	p = strstr(buf, "name=\"generic/100\"");
	ASSERT_NE(NULL, p);
	cut = p - buf;
	for (i = 0; i < cut; i++)
		line += buf[i] == '\n';
	ASSERT_EQ(0, result_read_buf("cut.xml", buf, cut + 5, &rf, &err));
	EXPECT_TRUE(rf.incomplete);
	/* every testcase before generic/100 */
	EXPECT_STREQ("generic/099", rf.cases[rf.ncases - 1].name);
	p = NULL;
	if (asprintf(&p, "line %lu: the file ends in the middle", line) < 0)
		abort();
	EXPECT_NE(NULL, strstr(rf.why_incomplete, p));
	free(p);
	result_free(&rf);
	free(buf);
}

/* A result with one failing test whose log is size bytes of lines. */
static char *huge(size_t size, size_t *len, const char *line)
{
	static const char head[] =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuite name=\"xfstests\" failures=\"1\" tests=\"2\" time=\"9\">\n"
		"\t<testcase classname=\"xfstests.big\" name=\"generic/001\" time=\"1\">\n"
		"\t\t<failure message=\"- output mismatch\" type=\"TestFail\" />\n"
		"\t\t<system-err>\n<![CDATA[\n--- tests/generic/001.out\n"
		"+++ results/generic/001.out.bad\n@@ -1 +1 @@\n+first bad line\n";
	static const char tail[] =
		"]]>\n\t\t</system-err>\n\t</testcase>\n"
		"\t<testcase classname=\"xfstests.big\" name=\"generic/002\" time=\"1\">\n"
		"\t</testcase>\n</testsuite>\n";
	size_t l = strlen(line), n = 0;
	char *buf = malloc(sizeof(head) + size + l + sizeof(tail));

	n = stpcpy(buf, head) - buf;
	while (n < size) {
		memcpy(buf + n, line, l);
		n += l;
	}
	n = stpcpy(buf + n, tail) - buf;
	*len = n;
	return buf;
}

TEST(megabytes_of_cdata_are_skipped)
{
	size_t len;
	/* more than libxml2 takes in one CDATA section without XML_PARSE_HUGE */
	char *buf = huge(24 << 20, &len, "+some output of the test that goes on and on\n");
	struct result_file rf;
	char *err = NULL;

	ASSERT_EQ(0, result_read_buf("huge.xml", buf, len, &rf, &err));
	EXPECT_FALSE(rf.incomplete);
	ASSERT_EQ(2, rf.ncases);
	EXPECT_STREQ("+first bad line", rf.cases[0].detail);
	EXPECT_EQ(OUT_PASS, rf.cases[1].outcome);
	result_free(&rf);
	free(buf);
}

TEST(bytes_that_are_not_utf8_in_a_log_do_not_stop_reading)
{
	size_t len;
	char *buf = huge(1 << 10, &len, "\xff\xfe binary \x01 junk\n");
	struct result_file rf;
	char *err = NULL;

	ASSERT_EQ(0, result_read_buf("junk.xml", buf, len, &rf, &err));
	EXPECT_FALSE(rf.incomplete);
	EXPECT_EQ(2, rf.ncases);
	result_free(&rf);
	free(buf);
}

TEST(a_cut_inside_huge_cdata_names_the_real_line)
{
	size_t len;
	char *buf = huge(4 << 20, &len, "0123456789abcdef0123456789abcdef\n");
	struct result_file rf;
	char *err = NULL, *want = NULL, *p;
	unsigned long lines = 1;

	len = len / 2;
	for (p = buf; p < buf + len; p++)
		lines += *p == '\n';
	ASSERT_EQ(0, result_read_buf("cut.xml", buf, len, &rf, &err));
	EXPECT_TRUE(rf.incomplete);
	if (asprintf(&want, "line %lu:", lines) < 0)
		abort();
	EXPECT_NE(NULL, strstr(rf.why_incomplete, want));
	/* the failure was decided before the cut */
	EXPECT_EQ(1, rf.ncases);
	free(want);
	result_free(&rf);
	free(buf);
}

TEST(not_a_result_file_is_an_error_naming_it)
{
	static const char *const bad[][2] = {
		{ "<html><body/></html>", "not an fstests result file" },
		{ "garbage", "line 1: Document is empty" },
		{ "<?xml version=\"1.0\"?>\n<!DOCTYPE t [<!ENTITY a \"b\">]>\n<testsuite/>",
		  "line 2: a declaration (<!DOCTYPE...)" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct result_file rf;
		char *err = NULL;

		EXPECT_EQ(-1, result_read_buf("bad.xml", bad[i][0], strlen(bad[i][0]),
					      &rf, &err));
		ASSERT_NE(NULL, err);
		EXPECT_EQ(0, strncmp(err, "bad.xml: ", 9));
		EXPECT_NE(NULL, strstr(err, bad[i][1]));
		free(err);
		result_free(&rf);
	}
}

TEST(empty_or_missing_file_is_an_error)
{
	char *path = tmpfile_str("");
	struct result_file rf;
	char *err = NULL;

	EXPECT_EQ(-1, result_read(path, &rf, &err));
	EXPECT_NE(NULL, strstr(err, "empty file"));
	free(err);
	result_free(&rf);
	EXPECT_EQ(-1, result_read("/nonexistent/result.xml", &rf, &err));
	EXPECT_NE(NULL, strstr(err, "No such file"));
	free(err);
	result_free(&rf);
	unlink(path);
	free(path);
}

TEST_HARNESS_MAIN
