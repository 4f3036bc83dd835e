// SPDX-License-Identifier: GPL-2.0
/* Reading result.xml: today's and older formats, broken and huge files. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "results/results.h"
#include "lib/base.h"
#include "lib/escape.h"
#include "lib/fileio.h"
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
	/* the changed lines of the diff, not its --- and +++ header */
	EXPECT_STREQ("+mount failed\n"
		     "+(see /var/lib/xfstests/results//xfs_crc/generic/475.full for details)",
		     rf.cases[2].detail);
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
	/* the first three changed lines */
	EXPECT_STREQ("+first bad line\n"
		     "+some output of the test that goes on and on\n"
		     "+some output of the test that goes on and on", rf.cases[0].detail);
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

/* xmllint --noblanks output: the whole file on one line */
TEST(compact_xml_keeps_every_testcase)
{
	const char *xml =
		"<?xml version=\"1.0\"?><testsuite name=\"xfstests\" time=\"9\">\t"
		"<testcase classname=\"xfstests.ext4_4k\" name=\"generic/001\" time=\"1\">\t"
		"<failure message=\"- output mismatch (see \"a\" & b)\" type=\"TestFail\"/>\t"
		"<system-err><![CDATA[--- a\n+++ b\n+bad\n]]></system-err></testcase>\t"
		"<testcase classname=\"xfstests.ext4_4k\" name=\"generic/002\" time=\"1\">\t"
		"<failure message=\"- output mismatch\" type=\"TestFail\"/></testcase>\t"
		"<testcase classname=\"xfstests.ext4_4k\" name=\"generic/003\" time=\"1\">\t"
		"<skipped message=\"not \"run\"\"/></testcase>\t"
		"<testcase classname=\"xfstests.ext4_4k\" name=\"generic/004\" time=\"1\"/>\t"
		"</testsuite>";
	struct result_file rf;
	char *err = NULL;

	ASSERT_EQ(0, result_read_buf("compact.xml", xml, strlen(xml), &rf, &err));
	EXPECT_FALSE(rf.incomplete);
	ASSERT_EQ(4, rf.ncases);
	EXPECT_STREQ("generic/001", rf.cases[0].name);
	EXPECT_STREQ("- output mismatch (see \"a\" & b)", rf.cases[0].msg);
	EXPECT_STREQ("generic/002", rf.cases[1].name);
	EXPECT_EQ(OUT_FAIL, rf.cases[1].outcome);
	EXPECT_STREQ("not \"run\"", rf.cases[2].msg);
	EXPECT_EQ(OUT_NOTRUN, rf.cases[2].outcome);
	EXPECT_EQ(OUT_PASS, rf.cases[3].outcome);
	result_free(&rf);
}

/*
 * time= is read as strtod() reads it, whichever way: the short digits
 * and point of fstests (read without it), and the rest (read with it)
 */
TEST(testcase_time_is_what_strtod_reads)
{
	static const char *const times[] = {
		"12", "0.25", "0.1", "3.14159", "0.000001", "007",
		"123456789012345", "12345678901234.5",	/* 15 digits */
		"1234567890123456", "0.30000000000000004",	/* more */
		"1e3", "1.", ".5", "abc", "-1", "1.2.3", "",
	};
	struct strbuf xml = { 0 };
	struct result_file rf;
	char *err = NULL, *end;
	double want;
	size_t i;

	sb_puts(&xml, "<testsuite name=\"xfstests\" time=\"9\">\n");
	for (i = 0; i < ARRAY_SIZE(times); i++)
		sb_printf(&xml, "<testcase classname=\"xfstests.s\" %s",
			  str_printf("name=\"generic/%03zu\" time=\"%s\"/>\n",
				     i, times[i]));
	sb_puts(&xml, "</testsuite>\n");
	ASSERT_EQ(0, result_read_buf("t.xml", xml.buf, xml.len, &rf, &err));
	ASSERT_EQ(ARRAY_SIZE(times), rf.ncases);
	for (i = 0; i < ARRAY_SIZE(times); i++) {
		want = strtod(times[i], &end);
		if (!*times[i] || *end || want < 0)
			want = -1;
		EXPECT_TRUE(want == rf.cases[i].time)
			TH_LOG("time=\"%s\": %.17g, strtod() %.17g", times[i],
			       rf.cases[i].time, want);
	}
	result_free(&rf);
	sb_free(&xml);
}

/* Two sections in one <testsuites> file */
static const char two_suites[] =
	"<?xml version=\"1.0\"?>\n<testsuites>\n"
	"<testsuite name=\"xfstests\" time=\"5\">\n"
	"<properties><property name=\"SECTION\" value=\"ext4_1k\"/></properties>\n"
	"<testcase classname=\"xfstests.ext4_1k\" name=\"generic/001\" time=\"1\">\n"
	"<failure message=\"- output mismatch\" type=\"TestFail\" />\n"
	"</testcase>\n</testsuite>\n"
	"<testsuite name=\"xfstests\" time=\"\">\n"
	"<properties><property name=\"SECTION\" value=\"ext4_4k\"/></properties>\n"
	"<testcase name=\"generic/001\" time=\"1\"/>\n"
	"<testcase name=\"generic/002\" time=\"1\"/>\n"
	"</testsuite>\n</testsuites>\n";

TEST(each_testsuite_of_a_file_is_a_section_of_its_own)
{
	struct result_file rf;
	char *err = NULL;

	ASSERT_EQ(0, result_read_buf("two.xml", two_suites,
				     strlen(two_suites), &rf, &err));
	EXPECT_STREQ("ext4_1k", rf.section);
	ASSERT_EQ(1, rf.ncases);
	EXPECT_EQ(OUT_FAIL, rf.cases[0].outcome);
	EXPECT_FALSE(rf.incomplete);
	ASSERT_EQ(1, rf.nmore);
	EXPECT_STREQ("ext4_4k", rf.more[0].section);
	EXPECT_STREQ("ext4_4k", result_prop(&rf.more[0], "SECTION"));
	ASSERT_EQ(2, rf.more[0].ncases);
	EXPECT_EQ(OUT_PASS, rf.more[0].cases[0].outcome);
	/* time="" in the second: only it is unfinished */
	EXPECT_TRUE(rf.more[0].incomplete);
	result_free(&rf);
}

TEST(a_control_character_in_a_testcase_name_is_refused)
{
	const char *xml = "<testsuite name=\"x\" time=\"1\">\n"
			  "<testcase classname=\"xfstests.s\" name=\"generic/001\"/>\n"
			  "<testcase classname=\"xfstests.s\" name=\"x&#10;ok 1 forged\"/>\n"
			  "</testsuite>\n";
	struct result_file rf;
	char *err = NULL;

	EXPECT_EQ(-1, result_read_buf("n.xml", xml, strlen(xml), &rf, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "n.xml: testcase 'x\\nok 1 forged': a control character"));
	EXPECT_FALSE(has_control(err));
	free(err);
	result_free(&rf);
}

/* A SECTION property that would be the section: no forged line either */
TEST(a_control_character_in_a_section_property_is_refused)
{
	const char *xml = "<testsuites><testsuite name=\"x\" time=\"1\">\n"
			  "<properties><property name=\"SECTION\" value=\"s1\"/></properties>\n"
			  "<testcase name=\"generic/001\"/>\n"
			  "</testsuite><testsuite name=\"x\" time=\"1\">\n"
			  "<properties><property name=\"SECTION\" value=\"s2&#10;ok 99 forged\"/></properties>\n"
			  "<testcase name=\"generic/001\"/>\n"
			  "</testsuite></testsuites>\n";
	struct result_file rf;
	char *err = NULL;

	EXPECT_EQ(-1, result_read_buf("s.xml", xml, strlen(xml), &rf, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "s.xml: section 's2\\nok 99 forged' (its SECTION"));
	EXPECT_FALSE(has_control(err));
	free(err);
	result_free(&rf);
}

/* Names, times and classnames as both readers give them */
TEST(names_times_and_classnames_of_each_testcase)
{
	const char *xml = "<testsuite name=\"x\" time=\"1\">\n"
			  "<testcase classname=\"xfstests.s\" name=\"generic/a&amp;b\" time=\"1.5\"/>\n"
			  "<testcase classname=\"xfstests.t\" name=\"generic/002\" time=\"x\"/>\n"
			  "<testcase classname=\"xfstests.s\" name=\"generic/003\" time=\"0000000000000000000000000000000000000000000000000000000000000000007\"/>\n"
			  "<testcase classname=\"xfstests.s\" name=\"generic/004\"/>\n"
			  "<testcase classname=\"a&#9;b\" name=\"generic/005\"/>\n"
			  "</testsuite>\n";
	int (*readers[])(const char *, const char *, size_t,
			 struct result_file *, char **) = {
		result_read_buf, result_read_buf_xml,
	};
	const char *last = strstr(xml, "<testcase classname=\"a");
	struct result_file rf;
	char *err = NULL, *cut;
	size_t i;

	/* without the last testcase */
	cut = xasprintf("%.*s</testsuite>\n", (int)(last - xml), xml);
	for (i = 0; i < ARRAY_SIZE(readers); i++) {
		ASSERT_EQ(0, readers[i]("t.xml", cut, strlen(cut), &rf, &err));
		/* the first classname is the section */
		EXPECT_STREQ("s", rf.section);
		ASSERT_EQ(4, rf.ncases);
		EXPECT_STREQ("generic/a&b", rf.cases[0].name);
		EXPECT_EQ(1.5, rf.cases[0].time);
		EXPECT_STREQ("generic/002", rf.cases[1].name);
		EXPECT_EQ(-1, rf.cases[1].time);
		/* a number, however long it is written */
		EXPECT_EQ(7, rf.cases[2].time);
		EXPECT_EQ(-1, rf.cases[3].time);
		result_free(&rf);
		/* a control character in a later classname */
		EXPECT_EQ(-1, readers[i]("t.xml", xml, strlen(xml), &rf, &err));
		ASSERT_NE(NULL, err);
		EXPECT_NE(NULL, strstr(err, "testcase 'a\\tb': a control character"));
		free(err);
		err = NULL;
		result_free(&rf);
	}
	free(cut);
}

#define SUITE_HEAD "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
	"<testsuite name=\"xfstests\" failures=\"1\" tests=\"2\" time=\"5\">\n"
#define CASE(name) "<testcase classname=\"xfstests.s1\" " name " time=\"1\">"

/* Both readers: the byte scanner, and libxml2 alone */
static int read_both(const char *xml, size_t len, struct result_file rf[2],
		     char *err[2])
{
	int a = result_read_buf("t.xml", xml, len, &rf[0], &err[0]);
	int b = result_read_buf_xml("t.xml", xml, len, &rf[1], &err[1]);

	return a == b ? a : -2;
}

/* A skip and a failure in one testcase: the failure, in either order */
TEST(a_failure_wins_over_a_skip_in_either_order)
{
	static const char *const xml[] = {
		SUITE_HEAD CASE("name=\"generic/001\"")
		"<skipped message=\"nope\"/><failure message=\"bad\" type=\"TestFail\"/>\n"
		"</testcase>\n</testsuite>\n",
		SUITE_HEAD CASE("name=\"generic/001\"")
		"<failure message=\"bad\" type=\"TestFail\"/><skipped message=\"nope\"/>\n"
		"</testcase>\n</testsuite>\n",
	};
	struct result_file rf[2];
	char *err[2] = { NULL, NULL };
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(xml); i++) {
		ASSERT_EQ(0, read_both(xml[i], strlen(xml[i]), rf, err));
		for (j = 0; j < 2; j++) {
			ASSERT_EQ(1, rf[j].ncases);
			EXPECT_EQ(OUT_FAIL, rf[j].cases[0].outcome);
			EXPECT_STREQ("bad", rf[j].cases[0].msg);
			result_free(&rf[j]);
		}
	}
}

/* A failing testcase without a name must not vanish: the file is refused */
TEST(a_testcase_without_a_name_is_an_error_with_its_line)
{
	static const char *const xml[] = {
		SUITE_HEAD "<testcase name=\"generic/002\" classname=\"xfstests.s1\"/>\n"
		CASE("") "<failure message=\"bad\"/></testcase>\n</testsuite>\n",
		SUITE_HEAD "<testcase name=\"generic/002\" classname=\"xfstests.s1\"/>\n"
		CASE("name=\"\"") "<failure message=\"bad\"/></testcase>\n</testsuite>\n",
	};
	struct result_file rf[2];
	char *err[2] = { NULL, NULL };
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(xml); i++) {
		ASSERT_EQ(-1, read_both(xml[i], strlen(xml[i]), rf, err));
		for (j = 0; j < 2; j++) {
			EXPECT_STREQ("t.xml: line 4: a testcase without a name",
				     err[j]);
			free(err[j]);
			result_free(&rf[j]);
		}
	}
}

/* An 11 MB message is read, and so is every testcase after it */
TEST(a_message_of_megabytes_loses_nothing_after_it)
{
	size_t big = 11 << 20, len = 0;
	char *xml = malloc(big + 4096);
	struct result_file rf[2];
	char *err[2] = { NULL, NULL };
	int j;

	ASSERT_NE(NULL, xml);
	len += sprintf(xml, "%s", SUITE_HEAD CASE("name=\"generic/001\"")
		       "<failure message=\"");
	memset(xml + len, 'x', big);
	len += big;
	len += sprintf(xml + len, "%s", "\"/></testcase>\n"
		       CASE("name=\"generic/002\"") "<failure message=\"late\"/>\n"
		       "</testcase>\n</testsuite>\n");
	ASSERT_EQ(0, read_both(xml, len, rf, err));
	for (j = 0; j < 2; j++) {
		EXPECT_FALSE(rf[j].incomplete);
		ASSERT_EQ(2, rf[j].ncases);
		EXPECT_EQ(OUT_FAIL, rf[j].cases[0].outcome);
		EXPECT_STREQ("late", rf[j].cases[1].msg);
		result_free(&rf[j]);
	}
	free(xml);
}

/* A compressed result.xml is named as one, not as "Document is empty" */
TEST(a_compressed_file_is_named_so)
{
	static const char *const how[][2] = {
		{ "gzip", "gzip -c" }, { "xz", "xz -c" }, { "zstd", "zstd -qc" },
	};
	struct result_file rf;
	char *path, *err, *buf;
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(how); i++) {
		path = tmpfile_str("");
		ASSERT_EQ(0, shell_call("%s %s/runs/run1-ext4/ext4_4k/result.xml > %s",
					how[i][1], CMP, path));
		err = NULL;
		EXPECT_EQ(-1, result_read(path, &rf, &err));
		ASSERT_NE(NULL, err);
		EXPECT_NE(NULL, strstr(err, str_printf("%s-compressed, not XML", how[i][0])))
			TH_LOG("%s", err);
		free(err);
		/* and from memory, as archive add reads it */
		ASSERT_EQ(0, read_file(path, 1 << 20, &buf, &len));
		err = NULL;
		EXPECT_EQ(-1, result_read_buf(path, buf, len, &rf, &err));
		ASSERT_NE(NULL, err);
		EXPECT_NE(NULL, strstr(err, "-compressed, not XML")) TH_LOG("%s", err);
		free(err);
		free(buf);
		unlink(path);
		free(path);
	}
}

TEST_HARNESS_MAIN
