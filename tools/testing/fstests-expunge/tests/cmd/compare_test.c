// SPDX-License-Identifier: GPL-2.0
/* "compare" as users run it: classes, formats and exit codes. */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/compiler.h>

#include "json-reader.h"
#include "test-util.h"
#include "tmpdir-fixture.h"

#define CMP		SRCDIR "/tests/fixtures/compare"
#define DATA		"--data " CMP "/data "
#define MCGROF(d)	CMP "/kdevops/" d "/6.5.0-rc3-next-20230725/xfs_reflink_4k/result.xml "
#define RUN(r)		CMP "/runs/" r "/result.xml "
#define EMPTY_DATA	"--data " CMP "/fstests "	/* no data files there */

static struct proc_out cmp(const char *args)
{
	char *full;
	struct proc_out r;

	if (asprintf(&full, "compare %s", args) < 0)
		abort();
	r = fexp_call(full);
	free(full);
	return r;
}

/* A result.xml with n testcases named generic/1NN, failing or passing. */
static char *suite(int n, bool fail)
{
	size_t size = 4096 + n * 256;
	char *buf = malloc(size), *path;
	int i, len;

	len = snprintf(buf, size,
		       "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		       "<testsuite name=\"xfstests\" failures=\"%d\" tests=\"%d\" time=\"9\">\n"
		       "\t<properties>\n"
		       "\t\t<property name=\"FSTYP\" value=\"xfs\"/>\n"
		       "\t\t<property name=\"KERNEL\" value=\"6.6.0\"/>\n"
		       "\t</properties>\n", fail ? n : 0, n);
	for (i = 0; i < n; i++) {
		len += snprintf(buf + len, size - len,
				"\t<testcase classname=\"xfstests.xfs_4k\" name=\"generic/%d\">\n",
				100 + i);
		if (fail)
			len += snprintf(buf + len, size - len, "%s",
					"\t\t<failure message=\"- mismatch\" type=\"TestFail\" />\n");
		len += snprintf(buf + len, size - len, "\t</testcase>\n");
	}
	len += snprintf(buf + len, size - len, "</testsuite>\n");
	path = tmpfile_with(buf, len);
	free(buf);
	return path;
}

static __printf(1, 2) char *args2(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		abort();
	va_end(ap);
	return s;
}

TEST(four_runs_of_one_section_are_attempts_flaky_with_counts)
{
	struct proc_out r = cmp(EMPTY_DATA MCGROF("20230731") MCGROF("20230817")
				MCGROF("20230825") MCGROF("20230829"));

	/*
	 * 537 failed in three runs of four; 388 failed in one of the two
	 * runs before it was expunged, 021 in one of three
	 */
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "xfs_reflink_4k generic/537: 3/4 failed"));
	EXPECT_NE(NULL, strstr(r.out, "xfs_reflink_4k generic/388: 1/2 failed"));
	EXPECT_NE(NULL, strstr(r.out, "xfs_reflink_4k generic/021: 1/3 failed"));
	EXPECT_NE(NULL, strstr(r.out, "Flaky (3)"));
	proc_out_free(&r);
}

TEST(failures_that_passed_in_the_baseline_are_regressions)
{
	struct proc_out r = cmp(EMPTY_DATA "--baseline " MCGROF("20230731")
				MCGROF("20230817"));

	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, "Regressions (2)"));
	EXPECT_NE(NULL, strstr(r.out, "generic/388: failed (baseline: passed)"));
	EXPECT_NE(NULL, strstr(r.out, "+umount: /media/scratch: target is busy."));
	proc_out_free(&r);
}

TEST(passes_that_failed_in_the_baseline_are_fixed)
{
	struct proc_out r = cmp(EMPTY_DATA "--baseline " MCGROF("20230817")
				MCGROF("20230731"));

	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "Fixed (2)"));
	EXPECT_NE(NULL, strstr(r.out, "generic/537: passed (baseline: failed)"));
	EXPECT_EQ(NULL, strstr(r.out, "Regressions"));
	proc_out_free(&r);
}

TEST(failing_on_both_sides_is_still_failing)
{
	struct proc_out r = cmp(EMPTY_DATA "--baseline " MCGROF("20230825")
				MCGROF("20230829"));

	/* 537 fails in both; 021 failed in the baseline, then was expunged */
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "Still failing (1)"));
	EXPECT_NE(NULL, strstr(r.out, "generic/537: failed (baseline: failed)"));
	EXPECT_NE(NULL, strstr(r.out, "Missing (in the baseline, not here) (1):\n"
			       "  xfs_reflink_4k: generic/021\n"));
	proc_out_free(&r);
}

TEST(data_explains_known_failures_and_flags_unexpected_passes)
{
	struct proc_out r = cmp(DATA MCGROF("20230829"));

	/* 537 is "fail" in the data; 001 is "fail" but passes */
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "Known failures (1)"));
	EXPECT_NE(NULL, strstr(r.out, "Unexpected passes (remove the entry?) (1)"));
	EXPECT_NE(NULL, strstr(r.out, "xfs_reflink_4k generic/001: passed"));
	EXPECT_NE(NULL, strstr(r.out, "data: fail"));
	proc_out_free(&r);
}

TEST(without_baseline_unexplained_failures_are_regressions)
{
	struct proc_out with = cmp(DATA MCGROF("20230825"));
	struct proc_out without = cmp(EMPTY_DATA MCGROF("20230829"));

	/* generic/021 is flaky with retries=0: one failed attempt counts */
	EXPECT_EQ(1, with.status);
	EXPECT_NE(NULL, strstr(with.out, "generic/021: failed; flaky, but every attempt failed"));
	/* no data: 537's failure is not explained */
	EXPECT_EQ(1, without.status);
	EXPECT_NE(NULL, strstr(without.out, "generic/537: failed; not explained by the data"));
	proc_out_free(&with);
	proc_out_free(&without);
}

TEST(flaky_failure_with_retries_left_is_not_a_regression)
{
	struct proc_out r = cmp(DATA MCGROF("20230817"));

	/* generic/388: retries=3, one attempt failed: not yet a regression */
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "generic/388: failed; every attempt failed, but fewer than"));
	proc_out_free(&r);
}

TEST(check_L_repeats_are_attempts)
{
	struct proc_out r = cmp(DATA RUN("run3-loop/ext4_4k"));

	/* generic/398 failed three times (-L 2); the data allows 2 retries */
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, "ext4_4k generic/398: 3/3 failed"));
	proc_out_free(&r);
}

TEST(check_i_iterations_are_attempts)
{
	struct proc_out r = cmp(EMPTY_DATA "--format json " RUN("run4-xfs/xfs_crc"));
	struct jval *j = json_parse(r.out);
	const struct jval *rec;

	EXPECT_EQ(1, r.status);
	ASSERT_NE(NULL, j);
	rec = json_find(json_at(j, "sections/0/results"), "test", "generic/531");
	ASSERT_NE(NULL, rec);
	EXPECT_STREQ("regression", json_str_at(rec, "class"));
	/* -i 2: both iterations failed */
	EXPECT_EQ(2, json_num_at(rec, "attempts"));
	EXPECT_EQ(2, json_num_at(rec, "failed"));
	json_free(j);
	proc_out_free(&r);
}

TEST(a_new_test_and_a_missing_test)
{
	char *a = suite(3, false), *b = suite(2, false), *args;
	struct proc_out r, bis;

	/* the baseline has generic/100..102, the run generic/100..101 */
	args = args2(EMPTY_DATA "--baseline %s %s", a, b);
	r = cmp(args);
	free(args);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "(in the baseline, not here) (1):\n  xfs_4k: generic/102\n"));
	args = args2(EMPTY_DATA "--bisect --baseline %s %s", a, b);
	bis = cmp(args);
	free(args);
	EXPECT_EQ(125, bis.status);
	proc_out_free(&r);
	proc_out_free(&bis);
	args = args2(EMPTY_DATA "--baseline %s %s", b, a);
	r = cmp(args);
	free(args);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "New (not in the baseline) (1):\n  xfs_4k: generic/102\n"));
	proc_out_free(&r);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
}

TEST(not_run_tests_are_counted_and_in_ktap_skipped)
{
	struct proc_out r = cmp(EMPTY_DATA "--format ktap " RUN("run1-ext4/ext4_4k"));

	EXPECT_EQ(1, r.status);
	EXPECT_EQ(0, strncmp(r.out, "KTAP version 1\n1..1\n", 20));
	EXPECT_NE(NULL, strstr(r.out, "    # Subtest: ext4_4k\n    1..44\n"));
	/* tests in name order: ext4/022 026 027 028 029 034 036 ... 306 */
	EXPECT_NE(NULL, strstr(r.out, "    ok 5 ext4/029 # SKIP This test requires a valid"));
	EXPECT_NE(NULL, strstr(r.out, "    not ok 12 ext4/306 # regression: - output mismatch"));
	EXPECT_NE(NULL, strstr(r.out, "\nnot ok 1 ext4_4k\n"));
	proc_out_free(&r);
}

TEST(ktap_marks_known_failures_xfail)
{
	struct proc_out r = cmp(DATA "--format ktap " MCGROF("20230829"));

	EXPECT_EQ(0, r.status);
	/* as kselftest writes it; the description says it to kunit.py too */
	EXPECT_NE(NULL, strstr(r.out, "\n    ok 502 generic/537 (known failure) # XFAIL "));
	EXPECT_NE(NULL, strstr(r.out, " (known failure) # XFAIL known failure\n"));
	EXPECT_NE(NULL, strstr(r.out, "\nok 1 xfs_reflink_4k\n"));
	proc_out_free(&r);
}

TEST(ten_failures_are_bad_and_zero_are_good_under_bisect)
{
	char *pass = suite(10, false), *fail = suite(10, true), *args;
	struct proc_out bad, good;

	args = args2(EMPTY_DATA "--bisect --baseline %s %s", pass, fail);
	bad = cmp(args);
	free(args);
	args = args2(EMPTY_DATA "--bisect --baseline %s %s", pass, pass);
	good = cmp(args);
	free(args);
	EXPECT_EQ(1, bad.status);
	EXPECT_NE(NULL, strstr(bad.out, "Result: 10 regressions"));
	EXPECT_EQ(0, good.status);
	EXPECT_NE(NULL, strstr(good.out, "Result: 0 regressions"));
	proc_out_free(&bad);
	proc_out_free(&good);
	unlink(pass);
	unlink(fail);
	free(pass);
	free(fail);
}

TEST(incomplete_run_is_bad_and_under_bisect_cannot_tell)
{
	const char *inc = CMP "/fstests/example-result-incomplete.xml";
	struct proc_out r = cmp(EMPTY_DATA "--baseline " CMP
				"/fstests/example-result-incomplete.xml " CMP
				"/fstests/example-result-incomplete.xml");
	struct proc_out b;
	char *args = args2(EMPTY_DATA "--bisect --baseline %s %s", inc, inc);

	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, "Incomplete run (a crash?) in section xfs_crc"));
	EXPECT_NE(NULL, strstr(r.out, "the run did not finish (time=\"\")"));
	b = cmp(args);
	free(args);
	EXPECT_EQ(125, b.status);
	proc_out_free(&r);
	proc_out_free(&b);
}

TEST(crash_cut_short_file_is_skipped_under_bisect)
{
	const char *full = CMP "/fstests/example-result.xml";
	struct proc_out r;
	char *buf, *cut, *args;
	FILE *f = fopen(full, "r");
	size_t n;

	ASSERT_NE(NULL, f);
	buf = calloc(1, 1 << 16);
	n = fread(buf, 1, (1 << 16) - 1, f);
	fclose(f);
	/* the file ends inside the xfs/013 testcase */
	cut = tmpfile_with(buf, strstr(buf, "name=\"xfs/013\"") - buf + 30);
	args = args2(EMPTY_DATA "--bisect --baseline %s %s", full, cut);
	r = cmp(args);
	EXPECT_EQ(125, r.status);
	EXPECT_NE(NULL, strstr(r.err, "incomplete"));
	EXPECT_NE(NULL, strstr(r.out, "the file ends in the middle"));
	/* what was there was still compared: 001, 013, 475, 679 */
	EXPECT_NE(NULL, strstr(r.out, "\nxfs_crc                  4 "));
	proc_out_free(&r);
	free(args);
	unlink(cut);
	free(cut);
	free(buf);
	(void)n;
}

TEST(unescaped_message_keeps_the_other_testcases)
{
	const char *xml =
		"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuite name=\"xfstests\" failures=\"1\" tests=\"3\" time=\"5\">\n"
		"\t<properties>\n\t\t<property name=\"FSTYP\" value=\"xfs\"/>\n\t</properties>\n"
		"\t<testcase classname=\"xfstests.s\" name=\"generic/001\" time=\"1\">\n\t</testcase>\n"
		"\t<testcase classname=\"xfstests.s\" name=\"generic/002\" time=\"1\">\n"
		"\t\t<failure message=\"a & b <c> \"d\" type=\"TestFail\" />\n"
		"\t</testcase>\n"
		"\t<testcase classname=\"xfstests.s\" name=\"generic/003\" time=\"1\">\n\t</testcase>\n"
		"</testsuite>\n";
	char *path = tmpfile_str(xml), *args = args2(EMPTY_DATA "--format json %s%s", path, "");
	struct proc_out r = cmp(args);
	struct jval *j = json_parse(r.out);
	const struct jval *rec;

	EXPECT_EQ(1, r.status);
	ASSERT_NE(NULL, j);
	rec = json_find(json_at(j, "sections/0/results"), "test", "generic/002");
	ASSERT_NE(NULL, rec);
	/* the attribute fstests did not escape, recovered as far as it goes */
	EXPECT_TRUE(str_starts(json_str_at(rec, "message") ?: "", "a & b <c> \"d"));
	EXPECT_EQ(3, json_num_at(j, "sections/0/tests"));
	EXPECT_EQ(2, json_num_at(j, "sections/0/counts/pass"));
	json_free(j);
	proc_out_free(&r);
	free(args);
	unlink(path);
	free(path);
}

TEST(different_setups_are_named_first_in_text_and_json)
{
	struct proc_out t = cmp(EMPTY_DATA "--baseline " RUN("run1-ext4/ext4_4k")
				RUN("run2-ext4-nodelalloc/ext4_4k"));
	struct proc_out j = cmp(EMPTY_DATA "--format json --baseline "
				RUN("run1-ext4/ext4_4k") RUN("run2-ext4-nodelalloc/ext4_4k"));
	const char *head = "The runs were not set up alike in section ext4_4k:\n";
	const char *diff = "  MOUNT_OPTIONS: baseline \"-o acl,user_xattr \", this run ";
	const char *to = "\"-o acl,user_xattr,nodelalloc\"\n";
	struct jval *jv = json_parse(j.out);
	const struct jval *prop;
	char *env = strstr(t.out, head), *p;

	ASSERT_NE(NULL, env);
	p = env + strlen(head);
	EXPECT_EQ(0, strncmp(p, diff, strlen(diff)));
	EXPECT_EQ(0, strncmp(p + strlen(diff), to, strlen(to)));
	/* before the summary and the lists */
	EXPECT_TRUE(env < strstr(t.out, "section  "));
	ASSERT_NE(NULL, jv);
	prop = json_find(json_at(jv, "sections/0/environment"), "property",
			 "MOUNT_OPTIONS");
	ASSERT_NE(NULL, prop);
	EXPECT_STREQ("-o acl,user_xattr ", json_str_at(prop, "baseline"));
	EXPECT_STREQ("-o acl,user_xattr,nodelalloc", json_str_at(prop, "run"));
	json_free(jv);
	/* generic/614 needs delayed allocation: not run with nodelalloc */
	EXPECT_NE(NULL, strstr(t.out, "ext4_4k: generic/614"));
	proc_out_free(&t);
	proc_out_free(&j);
}

TEST(map_compares_differently_named_sections)
{
	struct proc_out r = cmp(EMPTY_DATA "--map ext4_1k=ext4_4k --baseline "
				RUN("run1-ext4/ext4_1k") RUN("run1-ext4/ext4_4k"));

	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "compared with baseline section ext4_1k"));
	EXPECT_NE(NULL, strstr(r.out, "Still failing (2)"));
	EXPECT_EQ(NULL, strstr(r.out, "only in the baseline"));
	proc_out_free(&r);
}

/* How often needle is in hay */
static int count_of(const char *hay, const char *needle)
{
	int n = 0;

	for (; hay && (hay = strstr(hay, needle)); hay += strlen(needle))
		n++;
	return n;
}

#define RUN3		CMP "/runs/run3-loop "
#define RUN3_EXT4	RUN("run3-loop/ext4_4k")

TEST(a_section_on_one_side_only_is_one_note_in_every_format)
{
	static const char *const fmts[] = { "text", "ktap", "email", "html" };
	const char *in_base = "not run in the baseline: xfs_crc";
	const char *in_run = "not run in this run: xfs_crc";
	struct proc_out r = cmp(EMPTY_DATA "--baseline " RUN("run1-ext4/ext4_4k")
				RUN3);
	struct proc_out back = cmp(EMPTY_DATA "--format json --baseline " RUN3
				   RUN("run1-ext4/ext4_4k"));
	struct jval *j = json_parse(back.out);
	size_t i;

	/* run3's xfs_crc: 5 tests passed, none of them "new" */
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(1, count_of(r.out, in_base));
	EXPECT_EQ(NULL, strstr(r.out, "all 5 tests"));
	EXPECT_EQ(NULL, strstr(r.out, "New (not in the baseline)"));
	EXPECT_NE(NULL, strstr(r.out, "\nxfs_crc                  7     0 "));
	/* the baseline's xfs_crc: one note, no section, no missing test */
	ASSERT_NE(NULL, j);
	EXPECT_STREQ(in_run, json_str_at(j, "notes/0"));
	EXPECT_STREQ("xfs_crc", json_str_at(j, "not_in_run/0"));
	EXPECT_EQ(NULL, json_at(j, "not_in_run/1"));
	EXPECT_EQ(NULL, json_at(j, "not_in_baseline/0"));
	EXPECT_STREQ("ext4_4k", json_str_at(j, "sections/0/section"));
	EXPECT_EQ(NULL, json_at(j, "sections/1"));
	EXPECT_EQ(json_num_at(j, "sections/0/counts/missing"),
		  json_num_at(j, "totals/missing"));
	json_free(j);
	/* said once in every report that carries notes */
	for (i = 0; i < ARRAY_SIZE(fmts); i++) {
		char *a = args2(EMPTY_DATA "--format %s --baseline %s %s",
				fmts[i], RUN3, RUN("run1-ext4/ext4_4k"));
		char *b = args2(EMPTY_DATA "--format %s --baseline %s %s",
				fmts[i], RUN("run1-ext4/ext4_4k"), RUN3);
		struct proc_out x = cmp(a), y = cmp(b);

		EXPECT_EQ(1, count_of(x.out, in_run)) TH_LOG("%s", fmts[i]);
		EXPECT_EQ(1, count_of(y.out, in_base)) TH_LOG("%s", fmts[i]);
		EXPECT_EQ(0, count_of(x.out, "all 5 tests")) TH_LOG("%s", fmts[i]);
		proc_out_free(&x);
		proc_out_free(&y);
		free(a);
		free(b);
	}
	proc_out_free(&r);
	proc_out_free(&back);
}

TEST(a_section_not_in_this_run_cannot_tell_under_bisect_only)
{
	struct proc_out lost = cmp(EMPTY_DATA "--baseline " RUN3 RUN3_EXT4);
	struct proc_out lost_b = cmp(EMPTY_DATA "--bisect --baseline " RUN3
				     RUN3_EXT4);
	struct proc_out more = cmp(EMPTY_DATA "--bisect --baseline " RUN3_EXT4
				   RUN3);

	/* tests of the baseline not run here: never "good" */
	EXPECT_EQ(0, lost.status);
	EXPECT_EQ(125, lost_b.status);
	/* a section only this run has takes nothing away */
	EXPECT_EQ(0, more.status);
	proc_out_free(&lost);
	proc_out_free(&lost_b);
	proc_out_free(&more);
}

#define OLD_LAYOUT	SRCDIR "/tests/fixtures/kdevops-archive/old-unpacked "

TEST(a_failure_of_a_section_the_baseline_did_not_run_is_new_not_a_regression)
{
	const char *args = DATA "--baseline " CMP "/kdevops/20231218 " OLD_LAYOUT;
	char *json = args2("--format json %s", args);
	char *ktap = args2("--format ktap %s", args);
	struct proc_out t = cmp(args), j = cmp(json), k = cmp(ktap);
	struct jval *jv = json_parse(j.out);
	const struct jval *sec, *rec;

	EXPECT_EQ(0, t.status);
	EXPECT_EQ(0, j.status);
	ASSERT_NE(NULL, jv);
	EXPECT_EQ(0, json_num_at(jv, "totals/regression"));
	EXPECT_EQ(3, json_num_at(jv, "totals/new"));
	sec = json_find(json_at(jv, "sections"), "section", "xfs_reflink_4k");
	rec = json_find(json_at(sec, "results"), "test", "generic/095");
	ASSERT_NE(NULL, rec);
	EXPECT_STREQ("new", json_str_at(rec, "class"));
	EXPECT_EQ(1, json_num_at(rec, "failed"));
	EXPECT_STREQ("not explained by the data; the baseline did not run its section",
		     json_str_at(rec, "note"));
	/* its failure told in full; the passes of the section not listed */
	EXPECT_NE(NULL, strstr(t.out, "New (not in the baseline) (3):\n"
			       "  xfs_reflink_1024 generic/741: failed; not explained"));
	EXPECT_NE(NULL, strstr(t.out, "      +fio: first I/O failed."));
	/* KTAP: it failed, and no entry explains it */
	EXPECT_NE(NULL, strstr(k.out, "\n    not ok 94 generic/095 # new: "));
	EXPECT_NE(NULL, strstr(k.out, "\nnot ok 2 xfs_reflink_4k\n"));
	json_free(jv);
	proc_out_free(&t);
	proc_out_free(&j);
	proc_out_free(&k);
	free(json);
	free(ktap);
}

#define SHARED_NOTE \
	"xfs_reflink_1024, xfs_reflink_4k: undecided, no config of 6.9.0-rc6+: generic/002"

TEST(a_note_several_sections_share_is_said_once)
{
	struct proc_out r = cmp(DATA "--baseline " CMP "/kdevops/20231218 " OLD_LAYOUT);
	const char *note = SHARED_NOTE " fail not applied";

	EXPECT_EQ(1, count_of(r.out, note));
	EXPECT_EQ(1, count_of(r.err, note));
	EXPECT_EQ(1, count_of(r.out, ": undecided, "));
	proc_out_free(&r);
}

TEST(directories_are_searched_and_kernel_chooses_the_data)
{
	struct proc_out r = cmp(DATA "--format json " CMP "/kdevops/20240221");
	struct proc_out old = cmp(DATA CMP "/kdevops/old");
	struct jval *j;

	EXPECT_EQ(0, r.status);
	j = json_parse(r.out);
	ASSERT_NE(NULL, j);
	/* the section's data: chosen by the kernel the results name */
	EXPECT_NE(NULL, strstr(json_str_at(j, "sections/0/data") ?: "",
			       "kernel 6.8.0-rc2 (version 6.8-rc2, from the KERNEL"));
	EXPECT_EQ(0, json_num_at(j, "files/baseline"));
	EXPECT_EQ(1, json_num_at(j, "files/run"));
	json_free(j);
	/* before 2023 there was no KERNEL property */
	EXPECT_NE(NULL, strstr(old.out, "data: none: the results name no KERNEL: give --release"));
	proc_out_free(&r);
	proc_out_free(&old);
}

#define UNDECIDED_002 \
	"undecided, no config of 6.5.0-rc3-next-20230725: generic/002 fail not applied"

TEST(config_evaluates_conditions_for_the_results_kernel)
{
	struct proc_out with = cmp(DATA "--config " CMP "/data/scrub.config "
				   MCGROF("20230829"));
	struct proc_out without = cmp(DATA MCGROF("20230829"));

	/* the release still comes from the results, the config from --config */
	EXPECT_NE(NULL, strstr(with.out, "kernel 6.5.0-rc3-next-20230725 (version 6.5-rc3"));
	EXPECT_NE(NULL, strstr(with.out, "Unexpected passes (remove the entry?) (2)"));
	EXPECT_NE(NULL, strstr(with.out, "xfs_reflink_4k generic/002: passed"));
	/* no config for that kernel here: the conditional entry is undecided */
	EXPECT_NE(NULL, strstr(without.out, UNDECIDED_002));
	EXPECT_EQ(NULL, strstr(without.out, "xfs_reflink_4k generic/002: passed"));
	proc_out_free(&with);
	proc_out_free(&without);
}

TEST(output_file_is_written_and_usage_errors_exit_2)
{
	char out[] = "/tmp/fexp-cmp-out.XXXXXX";
	int fd = mkstemp(out);
	char *args = args2(EMPTY_DATA "-o %s %s", out, MCGROF("20230731"));
	struct proc_out r = cmp(args), none = cmp(""), fmt, miss, bis;
	struct stat st;

	EXPECT_EQ(0, r.status);
	EXPECT_EQ(0, strcmp(r.out, ""));
	EXPECT_EQ(0, stat(out, &st));
	EXPECT_LT(100, st.st_size);
	EXPECT_EQ(2, none.status);
	fmt = cmp("--format xml " MCGROF("20230731"));
	EXPECT_EQ(2, fmt.status);
	miss = cmp("/nonexistent/results");
	EXPECT_EQ(2, miss.status);
	EXPECT_NE(NULL, strstr(miss.err, "/nonexistent/results"));
	bis = cmp("--bisect /nonexistent/results");
	EXPECT_EQ(125, bis.status);
	proc_out_free(&r);
	proc_out_free(&none);
	proc_out_free(&fmt);
	proc_out_free(&miss);
	proc_out_free(&bis);
	free(args);
	close(fd);
	unlink(out);
}

TEST(unreadable_path_on_either_side_is_exit_2_not_a_crash)
{
	static const char *const args[] = {
		"--baseline /nonexistent " MCGROF("20230731"),
		MCGROF("20230731") "/nonexistent",
		"--baseline " MCGROF("20230731") MCGROF("20230731") "/nonexistent",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(args); i++) {
		char *bis = args2("--bisect %s", args[i]);
		struct proc_out r = cmp(args[i]), b = cmp(bis);

		EXPECT_EQ(2, r.status) TH_LOG("compare %s", args[i]);
		EXPECT_NE(NULL, strstr(r.err, "/nonexistent: "));
		/* git bisect run aborts on an exit above 127 */
		EXPECT_EQ(125, b.status) TH_LOG("compare %s", bis);
		proc_out_free(&r);
		proc_out_free(&b);
		free(bis);
	}
}

TEST(unreadable_kernel_or_data_option_cannot_tell_under_bisect)
{
	static const char *const opts[] = {
		"--data /nonexistent", "--build-dir /nonexistent",
		"--kernel /nonexistent", "--config /nonexistent",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(opts); i++) {
		char *plain = args2("%s %s", opts[i], CMP "/kdevops/20240221");
		char *bis = args2("--bisect %s", plain);
		struct proc_out r = cmp(plain), b = cmp(bis);

		/* git bisect counts 2 as bad: unreadable input is "cannot tell" */
		EXPECT_EQ(2, r.status) TH_LOG("compare %s", plain);
		EXPECT_EQ(125, b.status) TH_LOG("compare %s", bis);
		EXPECT_NE(NULL, strstr(b.err, "/nonexistent")) TH_LOG("%s", b.err);
		proc_out_free(&r);
		proc_out_free(&b);
		free(plain);
		free(bis);
	}
}

/* A config too large for 100 MB of address space */
static char *huge_config(void)
{
	char *path = strdup("/tmp/fexp-huge-config.XXXXXX");
	int fd = mkstemp(path), i;
	FILE *f = fdopen(fd, "w");

	if (!f)
		abort();
	for (i = 0; i < 1500000; i++)
		fprintf(f, "CONFIG_SYM_%d=y\n", i);
	fclose(f);
	return path;
}

/* compare args with 100 MB of address space: the shell sets the limit */
static struct proc_out cmp_limited(const char *args)
{
	const char *bin = getenv("FEXP");
	char *orig = strdup(bin ? bin : SRCDIR "/fstests-expunge"), *limited;
	struct proc_out r;

	if (asprintf(&limited, "ulimit -v 100000; %s", orig) < 0)
		abort();
	setenv("FEXP", limited, 1);
	r = cmp(args);
	setenv("FEXP", orig, 1);
	free(limited);
	free(orig);
	return r;
}

TEST(out_of_memory_is_no_usage_error_and_cannot_tell_under_bisect)
{
	char *cfg, *args, *bis;
	struct proc_out r, b;

#ifdef __SANITIZE_ADDRESS__
	SKIP(return, "ASan needs more address space than the limit");
#endif
	cfg = huge_config();
	args = args2("--data %s/tests/fixtures/data --config %s %s", SRCDIR, cfg,
		     RUN("run1-ext4/ext4_4k"));
	bis = args2("--bisect %s", args);
	r = cmp_limited(args);
	b = cmp_limited(bis);
	EXPECT_NE(NULL, strstr(r.err, "out of memory")) TH_LOG("%s", r.err);
	EXPECT_EQ(1, r.status);
	EXPECT_EQ(125, b.status);
	proc_out_free(&r);
	proc_out_free(&b);
	free(args);
	free(bis);
	unlink(cfg);
	free(cfg);
}

/* A result.xml of more <property> and <testcase> elements: a temporary file */
static char *result_xml(const char *props, const char *cases)
{
	char *text, *path;

	text = args2("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		     "<testsuite name=\"xfstests\" failures=\"0\" tests=\"1\" time=\"9\">\n"
		     "\t<properties>\n"
		     "\t\t<property name=\"FSTYP\" value=\"xfs\"/>\n"
		     "\t\t<property name=\"KERNEL\" value=\"6.6.0\"/>\n"
		     "%s\t</properties>\n"
		     "%s</testsuite>\n", props, cases);
	path = tmpfile_str(text);
	free(text);
	return path;
}

#define CASE(sec, t)	"\t<testcase classname=\"xfstests." sec "\" name=\"" t "\" time=\"1\"/>\n"
#define SKIPPED(sec, t)	"\t<testcase classname=\"xfstests." sec "\" name=\"" t "\" time=\"0\">\n" \
			"\t\t<skipped message=\"not here\"/>\n\t</testcase>\n"

/* The class jq finds for a test of a section in a JSON report */
static char *class_of(const char *json, const char *sec, const char *test)
{
	char *results = args2(".sections[] | select(.section == \"%s\") | .results[]", sec);
	char *f = args2("%s | select(.test == \"%s\") | .class", results, test);
	char *c = jsonq(json, f);

	free(results);
	free(f);
	return c;
}

TEST(a_test_absent_from_the_run_is_missing_even_if_not_run_before)
{
	char *base = result_xml("", SKIPPED("s", "generic/100") CASE("s", "generic/101"));
	char *other = result_xml("", SKIPPED("t", "generic/100"));
	char *run = result_xml("", CASE("s", "generic/101"));
	char *args = args2(EMPTY_DATA "--format json -b %s -b %s %s", base, other, run);
	char *bis = args2(EMPTY_DATA "--bisect -b %s -b %s %s", base, other, run);
	struct proc_out r = cmp(args), b = cmp(bis);
	char *c;

	/* a test not in this run: missing, not "not run" */
	c = class_of(r.out, "s", "generic/100");
	EXPECT_STREQ("missing", c);
	free(c);
	/* a whole section not in this run: one note */
	c = jsonq(r.out, ".not_in_run[]");
	EXPECT_STREQ("t", c);
	free(c);
	EXPECT_EQ(125, b.status);
	proc_out_free(&r);
	proc_out_free(&b);
	free(args);
	free(bis);
	unlink(base);
	unlink(other);
	unlink(run);
	free(base);
	free(other);
	free(run);
}

/* A result.xml of one passing test in section sec of filesystem fs */
static char *one_test(const char *fs, const char *sec)
{
	char *xml = args2("<?xml version=\"1.0\"?>\n"
			  "<testsuite name=\"xfstests\" tests=\"1\">\n"
			  "<properties>\n"
			  "<property name=\"SECTION\" value=\"%s\"/>\n"
			  "<property name=\"FSTYP\" value=\"%s\"/>\n"
			  "<property name=\"KERNEL\" value=\"6.6.0\"/>\n"
			  "</properties>\n"
			  "<testcase classname=\"xfstests.%s\" name=\"generic/001\"/>\n"
			  "</testsuite>\n", sec, fs, sec);
	char *path = tmpfile_str(xml);

	free(xml);
	return path;
}

/*
 * xfstests-bld calls a section 4k, kdevops ext4_4k: compare keeps them
 * apart, and says that --map would compare them, in either direction
 */
TEST(a_section_with_the_fs_prefix_added_or_taken_is_hinted)
{
	char *bld = one_test("ext4", "4k"), *kd = one_test("ext4", "ext4_4k");
	char *a = args2(EMPTY_DATA "--format json --baseline %s %s", bld, kd);
	char *b = args2(EMPTY_DATA "--format json --baseline %s %s", kd, bld);
	struct proc_out r = cmp(a), s = cmp(b);
	struct jval *j = json_parse(r.out), *k = json_parse(s.out);

	ASSERT_NE(NULL, j);
	ASSERT_NE(NULL, k);
	EXPECT_NE(NULL, strstr(json_str_at(j, "notes/0") ?: "",
			       "--map 4k=ext4_4k"));
	EXPECT_NE(NULL, strstr(json_str_at(k, "notes/0") ?: "",
			       "--map ext4_4k=4k"));
	json_free(j);
	json_free(k);
	proc_out_free(&r);
	proc_out_free(&s);
	unlink(bld);
	unlink(kd);
	free(bld);
	free(kd);
	free(a);
	free(b);
}

TEST(map_to_a_section_that_is_not_there_is_a_usage_error)
{
	struct proc_out r = cmp(EMPTY_DATA "--map ext4_9k=ext4_4k --baseline "
				RUN("run1-ext4/ext4_1k") RUN("run1-ext4/ext4_4k"));
	struct proc_out s = cmp(EMPTY_DATA "--map ext4_1k=ext4_9k --baseline "
				RUN("run1-ext4/ext4_1k") RUN("run1-ext4/ext4_4k"));

	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "ext4_9k")) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "baseline")) TH_LOG("%s", r.err);
	EXPECT_EQ(2, s.status);
	EXPECT_NE(NULL, strstr(s.err, "ext4_9k")) TH_LOG("%s", s.err);
	proc_out_free(&r);
	proc_out_free(&s);
}

TEST(runs_set_up_differently_on_one_side_are_noted)
{
	char *a = result_xml("\t\t<property name=\"MKFS_OPTIONS\" value=\"-b size=1k\"/>\n",
			     CASE("s", "generic/101"));
	char *b = result_xml("\t\t<property name=\"MKFS_OPTIONS\" value=\"\"/>\n",
			     CASE("s", "generic/101"));
	char *args = args2(EMPTY_DATA "--format json --baseline %s %s %s", a, a, b);
	char *bargs = args2(EMPTY_DATA "--format json --baseline %s --baseline %s %s",
			    a, b, a);
	struct proc_out r = cmp(args), rb = cmp(bargs);
	char *n = jsonq(r.out, ".notes[] | select(test(\"MKFS_OPTIONS\"))");
	char *nb = jsonq(rb.out, ".notes[] | select(test(\"MKFS_OPTIONS\"))");

	ASSERT_NE(NULL, n);
	EXPECT_NE(NULL, strstr(n, "s: runs set up differently")) TH_LOG("%s", n);
	ASSERT_NE(NULL, nb);
	EXPECT_NE(NULL, strstr(nb, "baseline")) TH_LOG("%s", nb);
	free(n);
	free(nb);
	proc_out_free(&r);
	proc_out_free(&rb);
	free(args);
	free(bargs);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
}

TEST(an_incomplete_baseline_is_in_the_report_and_the_json)
{
	const char *inc = CMP "/fstests/example-result-incomplete.xml";
	const char *full = CMP "/fstests/example-result.xml";
	char *args = args2(EMPTY_DATA "--baseline %s %s", inc, full);
	char *jargs = args2(EMPTY_DATA "--format json --baseline %s %s", inc, full);
	struct proc_out t = cmp(args), j = cmp(jargs);
	char *v = jsonq(j.out, ".sections[0].baseline_incomplete[0]");

	EXPECT_NE(NULL, strstr(t.out, "Incomplete baseline run in section xfs_crc: "))
		TH_LOG("%s", t.out);
	ASSERT_NE(NULL, v);
	EXPECT_NE(NULL, strstr(v, "example-result-incomplete.xml: the run did not finish"))
		TH_LOG("%s", v);
	free(v);
	proc_out_free(&t);
	proc_out_free(&j);
	free(args);
	free(jargs);
}

TEST(failure_detail_is_the_changed_lines_and_the_out_bad_beside_the_file)
{
	char dir[] = "/tmp/fexp-outbad.XXXXXX", *cmd, *args, *v, *want;
	struct proc_out r, t;

	ASSERT_NE(NULL, mkdtemp(dir));
	want = args2("%s/ext4_4k/ext4/306.out.bad", dir);
	cmd = args2("mkdir -p %s/ext4_4k/ext4 && cp %s %s/ext4_4k/ && echo x > %s",
		    dir, RUN("run1-ext4/ext4_4k"), dir, want);
	ASSERT_EQ(0, system(cmd));
	free(cmd);
	args = args2(EMPTY_DATA "--format json %s", dir);
	r = cmp(args);
	free(args);
	v = jsonq(r.out, ".sections[0].results[] | select(.test == \"ext4/306\") | .detail");
	ASSERT_NE(NULL, v) TH_LOG("%s", r.out);
	/* the changed lines of the diff, never its ---/+++ header */
	EXPECT_STREQ("-append 2m to testfile1\n-wrote 2097152/2097152 bytes at offset 1048576\n"
		     "-XXX Bytes, X ops; XX:XX:XX.X (XXX YYY/sec and XXX ops/sec)", v);
	free(v);
	v = jsonq(r.out, ".sections[0].results[] | select(.test == \"ext4/306\") | .out_bad");
	EXPECT_STREQ(want, v);
	free(v);
	/* generic/398 failed too, but its .out.bad is not there */
	v = jsonq(r.out, ".sections[0].results[] | select(.test == \"generic/398\") | .out_bad");
	EXPECT_STREQ("null", v);
	free(v);
	args = args2(EMPTY_DATA "%s", dir);
	t = cmp(args);
	free(args);
	v = args2("\n      see %s\n", want);
	EXPECT_NE(NULL, strstr(t.out, v)) TH_LOG("%s", t.out);
	EXPECT_NE(NULL, strstr(t.out, "\n      -append 2m to testfile1\n      -wrote 2097152/"));
	free(v);
	free(want);
	proc_out_free(&r);
	proc_out_free(&t);
	cmd = args2("rm -rf %s", dir);
	ASSERT_EQ(0, system(cmd));
	free(cmd);
}

/* A filter of the JSON report: member of test's result */
#define OF_TEST(test, member) \
	".sections[0].results[] | select(.test == \"" test "\") | ." member

static const char *const log_kinds[] = { "out_bad", "dmesg", "full" };
static const char *const log_exts[] = { "out.bad", "dmesg", "full" };

/* Each log of ext4/306 in json is at prefix + kind's extension */
static void logs_at(struct __test_metadata *_metadata, const char *json,
		    const char *prefix)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(log_kinds); i++) {
		const char *kind = log_kinds[i];
		char *want = str_printf("%s%s", prefix, log_exts[i]);
		char *got = jsonq(json, str_printf(OF_TEST("ext4/306", "logs.%s"),
						   kind));

		EXPECT_STREQ(want, got) TH_LOG("%s: %s", kind, json);
		free(want);
		free(got);
	}
}

TEST_F(tmp, the_logs_beside_the_result_or_kept_by_archive_add_are_named)
{
	char *res = str_printf("%s/res/ext4_4k", self->dir), *run, *ls, *want;
	struct proc_out r;
	size_t i, len;

	ASSERT_EQ(0, shell_call("mkdir -p %s/ext4 %s/generic && cp %s %s/ && echo s >%s/secret &&\n"
				"ln -s %s/secret %s/generic/398.dmesg", res, res,
				RUN("run1-ext4/ext4_4k"), res, self->dir, self->dir, res));
	for (i = 0; i < ARRAY_SIZE(log_exts); i++)
		put_in_dir(res, str_printf("ext4/306.%s", log_exts[i]), "a log\n");
	/* beside result.xml, as fstests leaves them */
	r = cmp(str_printf(EMPTY_DATA "--format json %s/res", self->dir));
	logs_at(_metadata, r.out, str_printf("%s/ext4/306.", res));
	/* a link is no log: generic/398 failed, and has none */
	EXPECT_STREQ("{\"out_bad\":null,\"dmesg\":null,\"full\":null}",
		     jsonq(r.out, OF_TEST("generic/398", "logs") " | tojson"));
	/* the text report names them all */
	proc_out_free(&r);
	r = cmp(str_printf(EMPTY_DATA "%s/res", self->dir));
	want = str_printf("      see %s/ext4/306.out.bad, %s/ext4/306.dmesg, %s/ext4/306.full\n",
			  res, res, res);
	EXPECT_NE(NULL, strstr(r.out, want)) TH_LOG("%s", r.out);
	proc_out_free(&r);

	/* kept by archive add: the run's result decompressed beside them */
	r = fexp_call(str_printf("archive add --archive %s/a %s/res", self->dir,
				 self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	proc_out_free(&r);
	ASSERT_EQ(0, shell_call("rm -r %s && ls %s/a/runs >%s/ls", res,
				self->dir, self->dir));
	ls = get_file(str_printf("%s/ls", self->dir), &len);
	run = str_printf("%s/a/runs/%.16s", self->dir, ls);
	ASSERT_EQ(0, shell_call("zstd -qd %s/result.xml.zst", run));
	r = cmp(str_printf(EMPTY_DATA "--format json %s/result.xml", run));
	/* two failures the empty data does not explain */
	EXPECT_EQ(1, r.status) TH_LOG("%s", r.err);
	logs_at(_metadata, r.out, str_printf("%s/logs/ext4+306.", run));
	proc_out_free(&r);
}

#define XFS_537_REASON	"fails with exit status 1 in these runs"

/* A jq filter: the values named, joined by | */
#define FIELDS(list)	"[" list "] | map(tostring) | join(\"|\")"

TEST(json_gives_the_explaining_entry_as_fields_and_a_version)
{
	struct proc_out r = cmp(DATA "--format json " MCGROF("20230829"));
	char *v;

	EXPECT_EQ(0, r.status);
	v = jsonq(r.out, ".version");
	EXPECT_STREQ("4", v);
	free(v);
	v = jsonq(r.out, ".sections[0].results[] | select(.test == \"generic/537\") | .entry | "
	       FIELDS(".file, .line, .kind, .retries, .since, .fixed, .bug, .reason"));
	EXPECT_STREQ("xfs.expunge|3|fail|null|null|null|null|" XFS_537_REASON, v);
	free(v);
	proc_out_free(&r);
}

TEST(json_entry_versions_retries_and_bug)
{
	char *data = strdup("/tmp/fexp-jdata.XXXXXX"), *file, *xml, *args, *v;
	struct proc_out r;
	FILE *f;

	ASSERT_NE(NULL, mkdtemp(data));
	file = args2("%s/xfs.expunge", data);
	f = fopen(file, "w");
	ASSERT_NE(NULL, f);
	fputs("generic/101 flaky retries=5 since=6.1.50,6.5 fixed=6.6.30,6.9 ", f);
	fputs("bug=https://bugzilla.kernel.org/show_bug.cgi?id=218000#c3 # races\n", f);
	fclose(f);
	xml = result_xml("",
			 "\t<testcase classname=\"xfstests.s\" name=\"generic/101\">\n"
			 "\t\t<failure message=\"- output mismatch\" type=\"TestFail\"/>\n"
			 "\t</testcase>\n" CASE("s", "generic/101"));
	args = args2("--data %s --format json %s", data, xml);
	r = cmp(args);
	v = jsonq(r.out, ".sections[0].results[0].entry | "
	       FIELDS(".kind, .retries, (.since | join(\",\")), (.fixed | join(\",\")), .bug"));
	EXPECT_STREQ("flaky|5|6.1.50,6.5|6.6.30,6.9|https://bugzilla.kernel.org/show_bug.cgi?id=218000#c3",
		     v);
	free(v);
	proc_out_free(&r);
	free(args);
	unlink(xml);
	free(xml);
	unlink(file);
	free(file);
	rmdir(data);
	free(data);
}

TEST(json_lists_each_run_with_its_files_and_durations)
{
	struct proc_out r = cmp(EMPTY_DATA "--format json --baseline " MCGROF("20230731")
				MCGROF("20230817") MCGROF("20230825"));
	char *v;

	v = jsonq(r.out, "[.runs.baseline[], .runs.run[]] | map(.files | length) | join(\",\")");
	EXPECT_STREQ("1,1,1", v);
	free(v);
	/* the duration is the time= fstests wrote on the testsuite */
	v = jsonq(r.out, ".runs.run[0].files[0] | "
	       FIELDS("(.path | test(\"20230817\")), .section, .duration"));
	ASSERT_NE(NULL, v) TH_LOG("%s", r.out);
	EXPECT_EQ(0, strncmp(v, "true|xfs_reflink_4k|", 20)) TH_LOG("%s", v);
	EXPECT_STRNE("null", strrchr(v, '|') + 1);
	free(v);
	v = jsonq(r.out, ".runs.run[0].duration == .runs.run[0].files[0].duration");
	EXPECT_STREQ("true", v);
	free(v);
	proc_out_free(&r);
}

TEST(json_with_all_lists_the_passes_too)
{
	struct proc_out r = cmp(EMPTY_DATA "--format json " MCGROF("20230731"));
	struct proc_out a = cmp(EMPTY_DATA "--format json --all " MCGROF("20230731"));
	char *n = jsonq(r.out, "[.sections[0].results[] | select(.class == \"pass\")] | length");
	char *na = jsonq(a.out, "[.sections[0].results[] | select(.class == \"pass\")] | length");
	char *c = jsonq(a.out, ".sections[0].counts.pass");

	struct proc_out t = cmp(EMPTY_DATA "--all " MCGROF("20230731"));

	EXPECT_EQ(0, a.status);
	/* in the text too, after the other lists */
	EXPECT_NE(NULL, strstr(t.out, "\nPassed (")) TH_LOG("%s", t.out);
	proc_out_free(&t);
	EXPECT_STREQ("0", n);
	EXPECT_STREQ(c, na);
	EXPECT_STRNE("0", na);
	free(n);
	free(na);
	free(c);
	proc_out_free(&r);
	proc_out_free(&a);
}

TEST(help_describes_the_exit_codes)
{
	struct proc_out r = cmp("--help");

	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "--baseline PATH"));
	EXPECT_NE(NULL, strstr(r.out, "125 cannot tell"));
	proc_out_free(&r);
}

/* KCIDB needs the origin it knows the submitter by, spelt as it allows */
TEST(kcidb_origin_is_required_and_checked)
{
	static const struct {
		const char *args, *err;
	} bad[] = {
		{ "--format kcidb ", "needs --origin NAME" },
		{ "--format kcidb --origin My-CI ", "only a-z, 0-9 and _" },
		{ "--format kcidb --origin '' ", "only a-z, 0-9 and _" },
		{ "--format json --origin myci ", "--origin is for --format kcidb" },
	};
	struct proc_out r;
	size_t i;
	char *a;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		a = args2("%s%s", bad[i].args, DATA CMP "/runs/run4-xfs");
		r = cmp(a);
		EXPECT_EQ(2, r.status);
		EXPECT_NE(NULL, strstr(r.err, bad[i].err)) TH_LOG("%s", r.err);
		EXPECT_EQ(NULL, strstr(r.out, "{")) TH_LOG("%s", r.out);
		proc_out_free(&r);
		free(a);
	}
	r = cmp("--format kcidb --origin my_ci_2 " DATA CMP "/runs/run4-xfs");
	EXPECT_NE(NULL, strstr(r.out, "\"origin\": \"my_ci_2\""));
	proc_out_free(&r);
}

/* A run's result.xml that began at start (none: NULL) with cases */
static char *started_run(const char *start, const char *cases)
{
	char *text, *path;

	text = args2("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		     "<testsuite name=\"xfstests\" failures=\"0\" tests=\"1\" time=\"9\"%s%s%s>\n"
		     "\t<properties>\n"
		     "\t\t<property name=\"FSTYP\" value=\"xfs\"/>\n"
		     "\t\t<property name=\"KERNEL\" value=\"6.6.0\"/>\n"
		     "\t\t<property name=\"SECTION\" value=\"xfs_crc\"/>\n"
		     "\t</properties>\n%s</testsuite>\n",
		     start ? " start_timestamp=\"" : "", start ? start : "",
		     start ? "\"" : "", cases);
	path = tmpfile_str(text);
	free(text);
	return path;
}

/* The KCIDB id of the first test compare gives for the run at path */
static char *kcidb_test_id(const char *path)
{
	char *a = args2("--format kcidb --origin t " EMPTY_DATA "%s", path);
	struct proc_out r = cmp(a);
	struct jval *j = json_parse(r.out);
	char *id = xstrdup(j && json_str_at(j, "tests/0/id") ?
			   json_str_at(j, "tests/0/id") : "");

	json_free(j);
	proc_out_free(&r);
	free(a);
	unlink(path);
	free((char *)path);
	return id;
}

/*
 * A run sent again after it went on (resumed, retried) updates what was
 * sent: the ids come from when it began; another run gets others.
 */
TEST(kcidb_ids_follow_the_run)
{
	static const char *const s1 = "2026-12-03T07:55:27+00:00";
	static const char *const s2 = "2026-12-04T01:00:00+00:00";
	char *first = kcidb_test_id(started_run(s1, CASE("xfs_crc", "generic/001")));
	char *more = kcidb_test_id(started_run(s1, CASE("xfs_crc", "generic/001")
					     CASE("xfs_crc", "generic/002")));
	char *other = kcidb_test_id(started_run(s2, CASE("xfs_crc", "generic/001")));
	char *bare = kcidb_test_id(started_run(NULL, CASE("xfs_crc", "generic/001")));
	char *bare2 = kcidb_test_id(started_run(NULL, CASE("xfs_crc", "generic/001")));
	char *bare3 = kcidb_test_id(started_run(NULL, SKIPPED("xfs_crc", "generic/001")));

	EXPECT_NE(0, strlen(first));
	EXPECT_STREQ(first, more);
	EXPECT_STRNE(first, other);
	/* without a start, the results themselves tell runs apart */
	EXPECT_STREQ(bare, bare2);
	EXPECT_STRNE(bare, bare3);
	free(first);
	free(more);
	free(other);
	free(bare);
	free(bare2);
	free(bare3);
}

TEST_HARNESS_MAIN
