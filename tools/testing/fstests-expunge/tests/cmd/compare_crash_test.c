// SPDX-License-Identifier: GPL-2.0
/*
 * A test that took the machine or check down is a class of its own,
 * "crash", in every format of compare: each report is read back with a
 * parser of its format (jq, the kernel's kunit.py, xmllint, the lines of
 * the text and the mail).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test-util.h"
#include "kselftest_harness.h"

#define CASE(t, body) \
	"\t<testcase classname=\"xfstests.s1\" name=\"" t "\" time=\"1\">\n" body "\t</testcase>\n"

#define CRASHED \
	"\t\t<failure message=\"crashed: the machine went down while it ran\" type=\"crashed\" />\n"

/* run's crash record, and an <error> as xfstests-bld writes one */
static const char crashed_run[] =
	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	"<testsuite name=\"xfstests\" failures=\"2\" skipped=\"0\" tests=\"3\" time=\"3\">\n"
	"\t<properties>\n"
	"\t\t<property name=\"FSTYP\" value=\"ext4\"/>\n"
	"\t\t<property name=\"KERNEL\" value=\"6.12.9\"/>\n"
	"\t\t<property name=\"SECTION\" value=\"s1\"/>\n"
	"\t</properties>\n"
	CASE("generic/001", "")
	CASE("generic/005", CRASHED)
	CASE("generic/010", "\t\t<error message=\"the VM went down\" />\n")
	"</testsuite>\n";

/* jq filters: the tests of class crash, the totals and the version */
#define JSON_CRASHES \
	"[.sections[0].results[] | select(.class == \"crash\" and .crashed == 1) | .test] | join(\" \")"
#define JSON_TOTALS \
	"\"\\(.totals.crash) \\(.totals.known_failure) \\(.version)\""
#define KCIDB_CRASHES \
	"[.tests[] | select(.misc.class == \"crash\" and .misc.crashed == 1) | .path + \":\" + .status] | join(\" \")"

FIXTURE(crash) {
	char *dir;
};

FIXTURE_SETUP(crash)
{
	self->dir = tmpdir_new();
	ASSERT_EQ(0, shell_call("mkdir -p %s/s1 %s/data", self->dir, self->dir));
	put_in_dir(self->dir, "s1/result.xml", crashed_run);
	/* what the data says of a failure does not explain a crash */
	put_in_dir(self->dir, "data/ext4.expunge",
		   "generic/010 fail # fails on this kernel\n");
	put_in_dir(self->dir, "data/global.expunge", "");
}

FIXTURE_TEARDOWN(crash)
{
	tmpdir_remove(self->dir);
}

static struct proc_out report(struct _test_data_crash *self,
			      const char *format)
{
	return fexp_call(str_printf("compare --release 6.12.9 --data %s/data %s %s %s/%s",
				    self->dir, "--format", format, self->dir,
				    "s1/result.xml"));
}

/*
 * The tests listed under the heading of a text or mail report: lines
 * "  SECTION TEST: ...", up to the next blank line; joined by spaces.
 */
static char *listed(const char *out, const char *heading)
{
	const char *p = strstr(out, heading);
	char *list = strdup(""), sec[64], test[64];

	if (!p)
		return list;
	for (p = strchr(p, '\n'); p && p[1] && p[1] != '\n';
	     p = strchr(p + 1, '\n')) {
		if (p[1] != ' ' || p[3] == ' ' ||
		    sscanf(p + 1, " %63s %63[^:]:", sec, test) != 2)
			continue;
		list = str_printf("%s%s%s", list, *list ? " " : "", test);
	}
	return list;
}

TEST_F(crash, text_lists_crashes_under_their_own_heading)
{
	struct proc_out r = report(self, "text");

	EXPECT_EQ(1, r.status);
	EXPECT_STREQ("generic/005 generic/010",
		     listed(r.out, "\nCrashes (the machine or check went down) (2):"));
	EXPECT_NE(NULL, strstr(r.out, "Result: 0 regressions, 2 crashes (exit 1)"));
	EXPECT_STREQ("", listed(r.out, "\nKnown failures"));
	proc_out_free(&r);
}

TEST_F(crash, json_class_and_totals_say_crash)
{
	struct proc_out r = report(self, "json");

	EXPECT_EQ(1, r.status);
	EXPECT_STREQ("generic/005 generic/010", jsonq(r.out, JSON_CRASHES));
	EXPECT_STREQ("2 0 4", jsonq(r.out, JSON_TOTALS));
	proc_out_free(&r);
}

TEST_F(crash, kcidb_tests_fail_with_class_crash)
{
	struct proc_out r = report(self, "kcidb --origin t");

	EXPECT_EQ(1, r.status);
	EXPECT_STREQ("fstests.s1.generic.005:FAIL fstests.s1.generic.010:FAIL",
		     jsonq(r.out, KCIDB_CRASHES));
	proc_out_free(&r);
}

TEST_F(crash, ktap_crashes_are_failures_to_kunit_parser)
{
	struct proc_out r = report(self, "ktap");
	char *ktap = str_printf("%s/out.ktap", self->dir);
	char *json = str_printf("%s/out.json", self->dir), *v;
	size_t len;

	EXPECT_EQ(1, r.status);
	put_str(ktap, r.out);
	/* kunit.py exits non-zero when a test failed: its JSON tells */
	shell_call("python3 %s/tools/testing/kunit/kunit.py parse --json=%s %s >/dev/null 2>&1",
		   KSRC, json, ktap);
	v = jsonq(get_file(json, &len),
		  "[.sub_groups[0].test_cases[] | .status + \":\" + (.name | split(\" \")[0])] | join(\" \")");
	EXPECT_STREQ("PASS:generic/001 FAIL:generic/005 FAIL:generic/010",
		     v ? v : "(no JSON)");
	EXPECT_NE(NULL, strstr(r.out, "not ok 2 generic/005 # crash"));
	proc_out_free(&r);
}

TEST_F(crash, email_subject_and_list_name_the_crashes)
{
	struct proc_out r = report(self, "email");
	char subject[256] = "";
	int n;

	EXPECT_EQ(1, r.status);
	/* the header: its first line */
	n = sscanf(r.out, "Subject: %255[^\n]", subject);
	EXPECT_EQ(1, n);
	EXPECT_STREQ("[fstests] 6.12.9: 0 regressions, 2 crashes", subject);
	EXPECT_STREQ("generic/005 generic/010",
		     listed(r.out, "\nCrashes (the machine or check went down) (2):"));
	proc_out_free(&r);
}

TEST_F(crash, html_cells_and_count_are_crash)
{
	struct proc_out r = report(self, "html");
	char *page = str_printf("%s/out.html", self->dir);
	char *out = str_printf("%s/xpath", self->dir);
	size_t len;

	EXPECT_EQ(1, r.status);
	put_str(page, r.out);
	ASSERT_EQ(0, shell_call("xmllint --html --xpath '%s' %s >%s 2>/dev/null",
				"concat(count(//td[@data-class=\"crash\"]), \" \", //strong[@id=\"crashes\"])",
				page, out));
	EXPECT_STREQ("2 2\n", get_file(out, &len));
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
