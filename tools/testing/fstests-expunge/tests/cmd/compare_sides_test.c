// SPDX-License-Identifier: GPL-2.0
/*
 * compare's reports, every format, name each side's kernels and runs;
 * a regression whose test has entries that do not apply here names
 * them with file:line; the email names every test it counts, in words,
 * with the logs where a reader of the list can ask for them and no
 * token split; the HTML carries the data's reason and file:line.
 */
#include "test-util.h"

#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

#define HASH	"0123456789abcdef0123456789abcdef01234567"
#define LOCAL	"/home/tester/results"
#define T044	".tests[] | select(.path == \"fstests.ext4_4k.generic.044\")"
#define ELSEWHERE	"ext4.expunge:1: fail, not here: section ext4_4k is not *1k*"
#define REASON	"data: fail: known everywhere; see " HASH " (ext4.expunge:2)"

static const char data[] =
	"generic/044 fail section=*1k* # truncate vs delalloc\n"
	"generic/045 fail # known everywhere; see " HASH "\n";

#define CASE(t, f) \
	"<testcase classname=\"xfstests.ext4_4k\" name=\"" t "\" time=\"1\">" \
	f "</testcase>\n"
#define FAIL(t) \
	"<failure message=\"- output mismatch (see " LOCAL "/ext4_4k/" t \
	".out.bad)\" type=\"TestFail\"/>"

/* dir/ext4_4k/result.xml: a run of kernel k, generic/044 failing or not */
static void put_run(const char *dir, const char *k, bool fail044)
{
	char *d = str_printf("%s/ext4_4k", dir), *xml;

	if (shell_call("mkdir -p '%s'", d))
		abort();
	xml = str_printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuite name=\"xfstests\" failures=\"2\" tests=\"4\" time=\"4\">\n"
		"<properties><property name=\"FSTYP\" value=\"ext4\"/>\n"
		"<property name=\"SECTION\" value=\"ext4_4k\"/>\n"
		"<property name=\"KERNEL\" value=\"%s\"/></properties>\n"
		"%s" CASE("generic/045", FAIL("generic/045"))
		CASE("generic/046", "")
		CASE("generic/047", "<skipped message=\"no reflink\"/>")
		"</testsuite>\n", k,
		fail044 ? CASE("generic/044", FAIL("generic/044")) :
		CASE("generic/044", ""));

	put_str(str_printf("%s/result.xml", d), xml);
	free(xml);
	free(d);
}

FIXTURE(sides) {
	char *dir;
};

FIXTURE_SETUP(sides)
{
	self->dir = tmpdir_new();
	put_str(str_printf("%s/ext4.expunge", self->dir), data);
	put_str(str_printf("%s/global.expunge", self->dir), "");
	put_run(str_printf("%s/base", self->dir), "6.18.40-test", false);
	put_run(str_printf("%s/run", self->dir), "6.18.44-test", true);
}

FIXTURE_TEARDOWN(sides)
{
	tmpdir_remove(self->dir);
}

static char *report(const char *dir, const char *fmt)
{
	const char *origin = strcmp(fmt, "kcidb") ? "" : "--origin t";
	struct proc_out r;
	char *out;

	r = fexp_call(str_printf("compare --data %s %s -f %s --baseline %s/base %s/run",
				 dir, origin, fmt, dir, dir));
	out = strdup(r.out);

	proc_out_free(&r);
	return out;
}

/* Every format says which kernels and runs each side is */
TEST_F(sides, every_format_names_each_sides_kernels_and_runs)
{
	static const char *const fmts[] = {
		"text", "json", "ktap", "kcidb", "email", "html",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fmts); i++) {
		char *out = report(self->dir, fmts[i]);

		EXPECT_NE(NULL, strstr(out, "6.18.40-test")) TH_LOG("%s", fmts[i]);
		EXPECT_NE(NULL, strstr(out, "6.18.44-test")) TH_LOG("%s", fmts[i]);
		EXPECT_NE(NULL, strstr(out, "base/ext4_4k/result.xml"))
			TH_LOG("%s: %s", fmts[i], out);
		EXPECT_NE(NULL, strstr(out, "run/ext4_4k/result.xml"))
			TH_LOG("%s", fmts[i]);
		free(out);
	}
}

TEST_F(sides, json_and_kcidb_by_a_parser)
{
	char *j = report(self->dir, "json"), *k = report(self->dir, "kcidb");
	char *v;

	v = jsonq(j, ".kernels.baseline[0] + \" \" + .kernels.run[0]");
	EXPECT_STREQ("6.18.40-test 6.18.44-test", v ? v : "(no JSON)");
	free(v);
	v = jsonq(j, ".sections[0].results[] | select(.test == \"generic/044\") | .elsewhere[0]");
	EXPECT_STREQ(ELSEWHERE, v ? v : "(no JSON)");
	free(v);
	v = jsonq(k, T044 " | .misc.baseline");
	EXPECT_NE(NULL, v ? strstr(v, "kernel 6.18.40-test; 1 run: ") : NULL)
		TH_LOG("%s", v);
	free(v);
	/* the section's run as a whole says it too */
	v = jsonq(k, ".tests[] | select(.path == \"fstests.ext4_4k\") | .misc.baseline");
	EXPECT_NE(NULL, v ? strstr(v, "kernel 6.18.40-test; 1 run: ") : NULL)
		TH_LOG("%s", v);
	free(v);
	v = jsonq(k, T044 " | .misc.elsewhere[0]");
	EXPECT_NE(NULL, v ? strstr(v, "ext4.expunge:1: ") : NULL) TH_LOG("%s", v);
	free(v);
	free(j);
	free(k);
}

/* generic/044 fails in 4k; its entry is for *1k*: said, file:line */
TEST_F(sides, a_regression_names_the_entries_that_do_not_apply)
{
	static const char *const fmts[] = { "text", "ktap", "email", "html" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fmts); i++) {
		char *out = report(self->dir, fmts[i]);

		EXPECT_NE(NULL, strstr(out, ELSEWHERE))
			TH_LOG("%s: %s", fmts[i], out);
		free(out);
	}
}

TEST_F(sides, the_email_names_what_it_counts_for_a_list_reader)
{
	char *out = report(self->dir, "email");

	/* counts in words, and each test counted named */
	EXPECT_NE(NULL, strstr(out, "regression 1, known failure 1, not run 1"))
		TH_LOG("%s", out);
	EXPECT_EQ(NULL, strstr(out, "known_failure"));
	EXPECT_NE(NULL, strstr(out, "\nKnown failures (1):\n  ext4_4k generic/045: "));
	EXPECT_NE(NULL, strstr(out, "\nNot run (1):\n  ext4_4k: generic/047\n"));
	/* with the data's reason, the commit id whole on its line */
	EXPECT_NE(NULL, strstr(out, "\n        " HASH " (ext4.expunge:2)\n"));
	/* the logs: where in the results, not the tester's own path */
	EXPECT_EQ(NULL, strstr(out, LOCAL));
	EXPECT_NE(NULL, strstr(out, "(see ext4_4k/generic/044.out.bad)"));
	EXPECT_NE(NULL, strstr(out, "\nLogs: "));
	EXPECT_NE(NULL, strstr(out, "tester's fstests results directory"));
	free(out);
}

TEST_F(sides, the_html_carries_the_data_reason_and_place)
{
	char *out = report(self->dir, "html");

	EXPECT_NE(NULL, strstr(out, "<p class=\"data\">" REASON "</p>"))
		TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, REASON "\">known_failure"));
	free(out);
}

TEST_HARNESS_MAIN
