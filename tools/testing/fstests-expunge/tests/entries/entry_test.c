// SPDX-License-Identifier: GPL-2.0
/* Tests of entries/entry.c: the data format, and its errors with file and line. */
#include "kselftest_harness.h"

#include "entries/entry.h"
#include "fstests/tree.h"
#include "test-util.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "lib/escape.h"

struct parsed {
	struct dataset ds;
	struct diag d;
	size_t errors;
};

static void parse(struct parsed *p, const char *text)
{
	memset(p, 0, sizeof(*p));
	p->errors = data_parse(&p->ds, "t.expunge", text, strlen(text), &p->d);
}

static void parsed_free(struct parsed *p)
{
	dataset_free(&p->ds);
	diag_free(&p->d);
}

/* Is there a message that starts with prefix and contains what? */
static bool has_msg(const struct parsed *p, const char *prefix,
		    const char *what)
{
	size_t i;

	for (i = 0; i < p->d.msgs.n; i++) {
		if (str_starts(p->d.msgs.v[i], prefix) &&
		    strstr(p->d.msgs.v[i], what))
			return true;
	}
	return false;
}

static void dump(const struct parsed *p)
{
	size_t i;

	for (i = 0; i < p->d.msgs.n; i++)
		fprintf(stderr, "#   %s\n", p->d.msgs.v[i]);
}

/* One bad line, after a good one: the error names line 2 and says what */
static bool one_error(const char *line, const char *what)
{
	struct parsed p;
	char *text;
	bool ok;

	if (asprintf(&text, "generic/001 fail # fine\n%s\n", line) < 0)
		abort();
	parse(&p, text);
	ok = p.errors == 1 && p.d.errors == 1 && p.ds.n == 1 &&
	     has_msg(&p, "t.expunge:2: error: ", what);
	if (!ok) {
		fprintf(stderr, "# line: %s\n# wanted: %s\n", line, what);
		dump(&p);
	}
	parsed_free(&p);
	free(text);
	return ok;
}

TEST(group_entries)
{
	struct parsed p;

	parse(&p, "group:dax expunge section=!dax # pmem only\n"
		  "group:copy_range fail # x\n");
	ASSERT_EQ(0, p.errors);
	ASSERT_EQ(2, p.ds.n);
	EXPECT_STREQ("dax", entry_group(&p.ds.entries[0]));
	EXPECT_STREQ("!dax", p.ds.entries[0].sections[0]);
	EXPECT_STREQ("copy_range", entry_group(&p.ds.entries[1]));
	parsed_free(&p);
	parse(&p, "generic/001 expunge # x\n");
	EXPECT_EQ(NULL, entry_group(&p.ds.entries[0]));
	parsed_free(&p);
	/* a group is never flaky: a run cannot retry a whole group */
	EXPECT_TRUE(one_error("group:dax flaky # x", "a group cannot be flaky"));
	EXPECT_TRUE(one_error("group: expunge # x", "not a group name"));
	EXPECT_TRUE(one_error("group:Dax expunge # x", "not a group name"));
	EXPECT_TRUE(one_error("group:a/b expunge # x", "not a group name"));
	EXPECT_TRUE(one_error("dax expunge # x", "or group:NAME"));
}

TEST(tests_each_filesystem_runs)
{
	EXPECT_TRUE(test_runs_on("generic/001", "xfs"));
	EXPECT_TRUE(test_runs_on("shared/001", "xfs"));
	EXPECT_TRUE(test_runs_on("xfs/191-input-validation", "xfs"));
	EXPECT_FALSE(test_runs_on("xfs/001", "ext4"));
	EXPECT_FALSE(test_runs_on("ext4/001", "ext"));
	EXPECT_TRUE(test_runs_on("ext4/001", "ext2"));
	EXPECT_TRUE(test_runs_on("ext4/001", "ext3"));
	EXPECT_FALSE(test_runs_on("ext4/001", "xfs"));
}

TEST(negative_section_globs)
{
	struct parsed p;

	parse(&p, "generic/001 expunge section=!dax,!*_1k,4k # x\n");
	EXPECT_EQ(0, p.errors);
	parsed_free(&p);
	EXPECT_TRUE(one_error("generic/001 expunge section=! # x",
			      "empty section glob"));
	EXPECT_TRUE(one_error("generic/001 expunge section=!a!b # x",
			      "not allowed"));
}

TEST(design_examples)
{
	struct parsed p;
	const struct entry *e;
	char buf[48];

	parse(&p,
	      "# the examples of the data format\n"
	      "generic/079  expunge                          # hangs on chattr +i of a device node\n"
	      "generic/388  flaky   section=*1k*,ext4_4k     # log recovery races with shutdown\n"
	      "ext4/032     fail    fixed=6.9,6.6.30,6.1.90  fixed-by=0123456789ab\n"
	      "generic/470  expunge section=*dax* if FS_DAX && !EXT4_FS_SECURITY\n"
	      "generic/743  fail    since=6.6.12,6.7 fixed=6.6.30,6.9  bug=https://bugzilla.kernel.org/show_bug.cgi?id=1\n");
	EXPECT_EQ(0, p.errors);
	/* generic/470 gives no reason */
	EXPECT_EQ(1, p.d.warnings);
	EXPECT_TRUE(has_msg(&p, "t.expunge:5: warning: ", "no reason"));
	ASSERT_EQ(5, p.ds.n);

	e = &p.ds.entries[0];
	EXPECT_STREQ("generic/079", e->test);
	EXPECT_EQ(KIND_EXPUNGE, e->kind);
	EXPECT_STREQ("hangs on chattr +i of a device node", e->comment);
	EXPECT_EQ(2, e->line);
	EXPECT_STREQ("t.expunge", e->file);
	EXPECT_EQ(NULL, e->sections);
	EXPECT_FALSE(e->has_since);
	EXPECT_FALSE(e->has_fixed);

	e = &p.ds.entries[1];
	EXPECT_EQ(KIND_FLAKY, e->kind);
	ASSERT_NE(NULL, e->sections);
	EXPECT_STREQ("*1k*", e->sections[0]);
	EXPECT_STREQ("ext4_4k", e->sections[1]);
	EXPECT_EQ(NULL, e->sections[2]);
	EXPECT_EQ(-1, e->retries);
	EXPECT_EQ(DEFAULT_RETRIES, entry_retries(e));

	e = &p.ds.entries[2];
	EXPECT_EQ(KIND_FAIL, e->kind);
	ASSERT_TRUE(e->has_fixed);
	ASSERT_EQ(3, e->fixed.n);
	EXPECT_STREQ("6.9", kver_str(&e->fixed.v[0], buf));
	EXPECT_STREQ("6.6.30", kver_str(&e->fixed.v[1], buf));
	EXPECT_STREQ("6.1.90", kver_str(&e->fixed.v[2], buf));
	ASSERT_NE(NULL, e->fixed_by);
	EXPECT_STREQ("0123456789ab", e->fixed_by[0]);
	EXPECT_EQ(NULL, e->fixed_by[1]);
	EXPECT_EQ(NULL, e->comment);

	e = &p.ds.entries[3];
	EXPECT_STREQ("FS_DAX && !EXT4_FS_SECURITY", e->cond);
	EXPECT_STREQ("*dax*", e->sections[0]);

	e = &p.ds.entries[4];
	EXPECT_TRUE(e->has_since);
	EXPECT_EQ(2, e->since.n);
	EXPECT_EQ(2, e->fixed.n);
	EXPECT_STREQ("https://bugzilla.kernel.org/show_bug.cgi?id=1", e->bug);
	parsed_free(&p);
}

TEST(unknown_kind)
{
	EXPECT_TRUE(one_error("generic/002 broken # x", "unknown kind 'broken'"));
	EXPECT_TRUE(one_error("generic/002 Fail # x", "unknown kind 'Fail'"));
	EXPECT_TRUE(one_error("generic/002", "no kind"));
	EXPECT_TRUE(one_error("generic/002 # x", "no kind"));
}

TEST(unknown_key)
{
	EXPECT_TRUE(one_error("generic/002 fail foo=bar # x",
			      "unknown key 'foo'"));
	EXPECT_TRUE(one_error("generic/002 fail Section=x # x",
			      "unknown key 'Section'"));
	EXPECT_TRUE(one_error("generic/002 fail =x # x", "unknown key ''"));
	EXPECT_TRUE(one_error("generic/002 fail sections # x",
			      "not KEY=VALUE"));
	EXPECT_TRUE(one_error("generic/002 fail section= # x",
			      "section= needs a value"));
}

TEST(key_twice)
{
	EXPECT_TRUE(one_error("generic/002 fail section=a section=b # x",
			      "section= given twice"));
	EXPECT_TRUE(one_error("generic/002 fail since=6.1 since=6.2 # x",
			      "since= given twice"));
	EXPECT_TRUE(one_error("generic/002 fail fixed=6.1 fixed=6.2 # x",
			      "fixed= given twice"));
	EXPECT_TRUE(one_error("generic/002 fail fixed-by=abcdef1 fixed-by=abcdef2",
			      "fixed-by= given twice"));
	EXPECT_TRUE(one_error("generic/002 flaky retries=1 retries=2 # x",
			      "retries= given twice"));
	EXPECT_TRUE(one_error("generic/002 fail bug=https://a bug=https://b",
			      "bug= given twice"));
}

/* series=V is since=V until=X.(Y+1)-rc1: one series, from V on */
TEST(series_is_since_and_until_of_one_series)
{
	static const char *const cases[][3] = {
		{ "6.6-rc5", "6.6-rc5", "6.7-rc1" },
		{ "6.1", "6.1", "6.2-rc1" },
		{ "6.6.30", "6.6.30", "6.7-rc1" },
		{ "4.19.17", "4.19.17", "4.20-rc1" },
		{ "4.20.1", "4.20.1", "4.21-rc1" },
		{ "6.6.0", "6.6", "6.7-rc1" },
	};
	struct parsed p;
	char *text, buf[48];
	const struct entry *e;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (asprintf(&text, "generic/1 fail series=%s fixed=6.6.50 # x\n",
			     cases[i][0]) < 0)
			abort();
		parse(&p, text);
		ASSERT_EQ(0, p.errors);
		ASSERT_EQ(1, p.ds.n);
		e = &p.ds.entries[0];
		ASSERT_TRUE(e->has_since && e->has_until && e->has_fixed);
		ASSERT_EQ(1, e->since.n);
		ASSERT_EQ(1, e->until.n);
		EXPECT_STREQ(cases[i][1], kver_str(&e->since.v[0], buf));
		EXPECT_STREQ(cases[i][2], kver_str(&e->until.v[0], buf));
		EXPECT_TRUE(entry_series(e));
		parsed_free(&p);
		free(text);
	}
}

/* Only the exact since=V until=<V's end> is a series */
TEST(entry_series_only_in_the_exact_case)
{
	static const struct {
		const char *keys;
		bool series;
	} cases[] = {
		{ "since=6.1-rc4 until=6.2-rc1", true },
		{ "since=4.20.1 until=4.21-rc1", true },
		{ "since=6.1-rc4 fixed=6.1.192 until=6.2-rc1", true },
		{ "since=6.1-rc4 until=6.2", false },
		{ "since=6.1-rc4 until=6.3-rc1", false },
		{ "since=6.1-rc4 until=6.1.42,6.2-rc1", false },
		{ "since=5.10.141,6.1-rc6 until=6.2-rc1", false },
		{ "since=4.20 until=5.0-rc1", false },
		{ "since=6.1-rc4", false },
		{ "until=6.2-rc1", false },
	};
	struct parsed p;
	char *text;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (asprintf(&text, "generic/1 fail %s # x\n", cases[i].keys) < 0)
			abort();
		parse(&p, text);
		ASSERT_EQ(1, p.ds.n);
		EXPECT_EQ(cases[i].series, entry_series(&p.ds.entries[0]))
			TH_LOG("%s", cases[i].keys);
		parsed_free(&p);
		free(text);
	}
}

/* series= with since= or until=, in either order: an error at its line */
TEST(series_with_since_or_until_is_an_error)
{
	static const char what[] = "series=6.1 with since= or until=";

	EXPECT_TRUE(one_error("generic/002 fail series=6.1 since=6.1 # x", what));
	EXPECT_TRUE(one_error("generic/002 fail since=6.1 series=6.1 # x", what));
	EXPECT_TRUE(one_error("generic/002 fail series=6.1 until=6.2-rc1 # x",
			      what));
	EXPECT_TRUE(one_error("generic/002 fail until=6.2-rc1 series=6.1 # x",
			      what));
	EXPECT_TRUE(one_error("generic/002 fail series=6.1,6.6 # x",
			      "series=6.1,6.6: not one kernel version"));
	EXPECT_TRUE(one_error("generic/002 fail series=v6.1 # x",
			      "series=v6.1: not one kernel version"));
	EXPECT_TRUE(one_error("generic/002 fail series=6.1 series=6.6 # x",
			      "series= given twice"));
}

/* A series= line does not make since= of the next line an error */
TEST(series_is_of_its_own_line)
{
	struct parsed p;

	parse(&p, "generic/002 fail series=6.1 # x\n"
		  "generic/003 fail since=6.1 until=6.2-rc1 # x\n"
		  "generic/004 fail series=6.1 since=6.1 # x\n"
		  "generic/005 fail since=6.1 # x\n");
	EXPECT_EQ(1, p.errors);
	EXPECT_EQ(3, p.ds.n);
	EXPECT_TRUE(has_msg(&p, "t.expunge:3: error: generic/004: ",
			    "series=6.1 with since= or until="));
	parsed_free(&p);
}

TEST(bad_version)
{
	EXPECT_TRUE(one_error("generic/002 fail fixed=6.x # x", "'6.x'"));
	EXPECT_TRUE(one_error("generic/002 fail fixed=6.9,6 # x",
			      "'6' is not a kernel version"));
	EXPECT_TRUE(one_error("generic/002 fail since=6.9-rc0 # x",
			      "since=: '6.9-rc0'"));
	EXPECT_TRUE(one_error("generic/002 fail fixed=6.9,,6.6.30 # x",
			      "'' is not a kernel version"));
	EXPECT_TRUE(one_error("generic/002 fail fixed=v6.9 # x", "'v6.9'"));
	EXPECT_TRUE(one_error("generic/002 fail fixed=99999999999.1 # x",
			      "'99999999999.1'"));
}

TEST(bad_glob)
{
	EXPECT_TRUE(one_error("generic/002 fail section=[abc # x",
			      "'[' without ']'"));
	EXPECT_TRUE(one_error("generic/002 fail section=abc] # x",
			      "']' without '['"));
	EXPECT_TRUE(one_error("generic/002 fail section=a/b # x",
			      "not allowed in a section name"));
	EXPECT_TRUE(one_error("generic/002 fail section=a,,b # x",
			      "empty section glob"));
	EXPECT_TRUE(one_error("generic/002 fail section=$(x) # x",
			      "not allowed"));
}

TEST(good_globs)
{
	struct parsed p;

	parse(&p, "generic/002 fail section=ext4_[14]k,*dax*,x?y,[!a]b,[]]c # x\n");
	EXPECT_EQ(0, p.errors);
	EXPECT_EQ(1, p.ds.n);
	parsed_free(&p);
}

TEST(bad_test_name)
{
	static const char *const names[] = {
		"Generic/002", "generic", "/002", "generic/", "generic/0$2",
		"generic//002", "gen eric/002", "-/002x?",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		char *line;

		ASSERT_NE(-1, asprintf(&line, "%s fail # x", names[i]));
		EXPECT_TRUE(one_error(line, "not a test name"));
		free(line);
	}
}

TEST(good_test_names)
{
	struct parsed p;

	parse(&p, "xfs/191-input-validation expunge # x\n"
	      "btrfs/001 fail # x\nshared/298 fail # x\nnfs/001 fail # x\n");
	EXPECT_EQ(0, p.errors);
	EXPECT_EQ(4, p.ds.n);
	parsed_free(&p);
}

TEST(bad_sha)
{
	EXPECT_TRUE(one_error("generic/002 fail fixed-by=xyz1234 # x",
			      "'xyz1234' is not a commit id"));
	EXPECT_TRUE(one_error("generic/002 fail fixed-by=ABCDEF1 # x",
			      "'ABCDEF1'"));
	EXPECT_TRUE(one_error("generic/002 fail fixed-by=abcdef # x",
			      "'abcdef'"));
	EXPECT_TRUE(one_error("generic/002 fail fixed-by=0123456789012345678901234567890123456789a",
			      "not a commit id"));
	EXPECT_TRUE(one_error("generic/002 fail fixed-by=abcdef1,nothex1 # x",
			      "'nothex1'"));
}

TEST(retries)
{
	struct parsed p;

	EXPECT_TRUE(one_error("generic/002 fail retries=2 # x",
			      "retries= is only for flaky entries"));
	EXPECT_TRUE(one_error("generic/002 expunge retries=2 # x",
			      "retries= is only for flaky entries"));
	EXPECT_TRUE(one_error("generic/002 flaky retries=-1 # x",
			      "not a number"));
	EXPECT_TRUE(one_error("generic/002 flaky retries=101 # x",
			      "not a number from 0 to 100"));
	EXPECT_TRUE(one_error("generic/002 flaky retries=+3 # x",
			      "not a number"));
	EXPECT_TRUE(one_error("generic/002 flaky retries=3x # x",
			      "not a number"));
	EXPECT_TRUE(one_error("generic/002 flaky retries=99999999999999999999 # x",
			      "not a number"));

	parse(&p, "generic/002 flaky retries=0 # x\ngeneric/003 flaky retries=100 # x\n");
	EXPECT_EQ(0, p.errors);
	ASSERT_EQ(2, p.ds.n);
	EXPECT_EQ(0, entry_retries(&p.ds.entries[0]));
	EXPECT_EQ(100, entry_retries(&p.ds.entries[1]));
	parsed_free(&p);
}

TEST(bad_bug_url)
{
	EXPECT_TRUE(one_error("generic/002 fail bug=bugzilla/1 # x",
			      "not a URL"));
	EXPECT_TRUE(one_error("generic/002 fail bug=ftp://x # x",
			      "not a URL"));
}

TEST(if_without_expression)
{
	EXPECT_TRUE(one_error("generic/002 fail if", "'if' without a condition"));
	EXPECT_TRUE(one_error("generic/002 fail if   # comment",
			      "'if' without a condition"));
	EXPECT_TRUE(one_error("generic/002 fail if\t", "'if' without"));
}

TEST(if_expression_checked)
{
	EXPECT_TRUE(one_error("generic/002 fail if $(shell,touch /tmp/x) # x",
			      "not allowed"));
	EXPECT_TRUE(one_error("generic/002 fail if CONFIG_EXT4_FS # x",
			      "without CONFIG_"));
	EXPECT_TRUE(one_error("generic/002 fail if (EXT4_FS # x",
			      "'(' without ')'"));
	EXPECT_TRUE(one_error("generic/002 fail if A \\ # x", "'\\'"));
}

TEST(if_takes_the_rest_of_the_line)
{
	struct parsed p;

	parse(&p, "generic/002 fail if A && section=x   # why\n");
	EXPECT_EQ(1, p.errors);	/* '=' is fine, but "section" is a keyword */
	parsed_free(&p);
	parse(&p, "generic/002 fail section=x if A || (B && !C)   # why\n");
	EXPECT_EQ(0, p.errors);
	ASSERT_EQ(1, p.ds.n);
	EXPECT_STREQ("A || (B && !C)", p.ds.entries[0].cond);
	EXPECT_STREQ("why", p.ds.entries[0].comment);
	EXPECT_STREQ("x", p.ds.entries[0].sections[0]);
	parsed_free(&p);
}

TEST(hash_in_url_is_not_a_comment)
{
	struct parsed p;

	parse(&p, "generic/002 fail bug=https://x.org/a#c12 # the reason\n"
	      "generic/003 fail #no space needed\n"
	      "generic/004 fail bug=https://x.org/b#frag\n");
	EXPECT_EQ(0, p.errors);
	EXPECT_EQ(0, p.d.warnings);
	ASSERT_EQ(3, p.ds.n);
	EXPECT_STREQ("https://x.org/a#c12", p.ds.entries[0].bug);
	EXPECT_STREQ("the reason", p.ds.entries[0].comment);
	EXPECT_STREQ("no space needed", p.ds.entries[1].comment);
	EXPECT_STREQ("https://x.org/b#frag", p.ds.entries[2].bug);
	EXPECT_EQ(NULL, p.ds.entries[2].comment);
	parsed_free(&p);
}

TEST(crlf_line_ends)
{
	struct parsed p;

	parse(&p, "# header\r\n"
	      "generic/002 expunge\r\n"
	      "generic/003 flaky retries=2\r\n"
	      "generic/004 fail section=a,b # why\r\n"
	      "generic/005 fail if A && B\r\n"
	      "\r\n");
	/* an error, said once (a rewritten line would mix the ends) */
	EXPECT_EQ(1, p.errors) {
		dump(&p);
	}
	EXPECT_TRUE(has_msg(&p, "t.expunge:1: error: ", "a CRLF line end"));
	/* and each line read without its CR */
	ASSERT_EQ(4, p.ds.n);
	EXPECT_EQ(KIND_EXPUNGE, p.ds.entries[0].kind);
	EXPECT_EQ(2, p.ds.entries[1].retries);
	EXPECT_STREQ("b", p.ds.entries[2].sections[1]);
	EXPECT_STREQ("why", p.ds.entries[2].comment);
	EXPECT_STREQ("A && B", p.ds.entries[3].cond);
	EXPECT_EQ(5, p.ds.entries[3].line);
	parsed_free(&p);
}

TEST(nul_bytes)
{
	static const char text[] = "generic/002 fail # x\n\0generic/003 fail\n";
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	EXPECT_EQ(1, data_parse(&ds, "bin.expunge", text, sizeof(text) - 1,
				&d));
	EXPECT_EQ(0, ds.n);
	ASSERT_EQ(1, d.msgs.n);
	EXPECT_TRUE(str_starts(d.msgs.v[0], "bin.expunge: error: "));
	dataset_free(&ds);
	diag_free(&d);
}

TEST(blank_and_comment_lines)
{
	struct parsed p;
	char *text;

	/* white space alone on lines 2 and 3 */
	ASSERT_NE(-1, asprintf(&text, "\n%s\n%s\n%s", "   ", "\t",
			       "# comment\n   # indented comment\n#\n"
			       "\tgeneric/002   fail\t\t# tabs and spaces\n"
			       "generic/003 nope\n"
			       "generic/004 fail # no newline at the end"));
	parse(&p, text);
	free(text);
	EXPECT_EQ(1, p.errors);
	EXPECT_TRUE(has_msg(&p, "t.expunge:8: error: ", "'nope'"));
	ASSERT_EQ(2, p.ds.n);
	EXPECT_STREQ("generic/002", p.ds.entries[0].test);
	EXPECT_EQ(7, p.ds.entries[0].line);
	EXPECT_STREQ("tabs and spaces", p.ds.entries[0].comment);
	EXPECT_EQ(9, p.ds.entries[1].line);
	EXPECT_STREQ("no newline at the end", p.ds.entries[1].comment);
	parsed_free(&p);

	parse(&p, "");
	EXPECT_EQ(0, p.errors);
	EXPECT_EQ(0, p.ds.n);
	EXPECT_EQ(0, p.d.msgs.n);
	parsed_free(&p);
}

TEST(missing_reason_warning)
{
	struct parsed p;

	parse(&p, "generic/002 fail\n"
	      "generic/003 fail #\n"
	      "generic/004 fail bug=https://x\n"
	      "generic/005 fail fixed-by=abcdef1\n"
	      "generic/006 fail # why\n");
	EXPECT_EQ(0, p.errors);
	EXPECT_EQ(2, p.d.warnings);
	EXPECT_TRUE(has_msg(&p, "t.expunge:1: warning: ", "generic/002: no reason"));
	EXPECT_TRUE(has_msg(&p, "t.expunge:2: warning: ", "generic/003: no reason"));
	/* a warning keeps the entry */
	EXPECT_EQ(5, p.ds.n);
	parsed_free(&p);
}

TEST(every_error_counted)
{
	struct parsed p;

	parse(&p, "a b\ngeneric/001 x\ngeneric/002 fail y=1\ngeneric/003 fail # ok\n");
	EXPECT_EQ(3, p.errors);
	EXPECT_EQ(3, p.d.errors);
	EXPECT_TRUE(has_msg(&p, "t.expunge:1: error: ", ""));
	EXPECT_TRUE(has_msg(&p, "t.expunge:2: error: ", ""));
	EXPECT_TRUE(has_msg(&p, "t.expunge:3: error: ", ""));
	EXPECT_EQ(1, p.ds.n);
	parsed_free(&p);
}

TEST(cr_only_line_ends_are_an_error)
{
	struct parsed p;

	parse(&p, "generic/001 expunge\rgeneric/002 expunge\r");
	EXPECT_EQ(1, p.errors);
	EXPECT_TRUE(has_msg(&p, "t.expunge:1: error: ", "carriage return"));
	EXPECT_EQ(0, p.ds.n);
	parsed_free(&p);
	/* CRLF: one error for the file, its lines read */
	parse(&p, "generic/001 expunge\r\ngeneric/002 expunge\r\n");
	EXPECT_EQ(1, p.errors);
	EXPECT_EQ(2, p.ds.n);
	parsed_free(&p);
}

TEST(messages_quote_a_few_hundred_bytes_escaped)
{
	size_t big = 1 << 20, i, len;
	char *line = malloc(big + 64);
	int odd;
	struct parsed p;

	snprintf(line, 64, "generic/001 fail \x1b[2J");
	memset(line + strlen(line), 'x', big);
	line[big + 20] = '\0';
	parse(&p, line);
	ASSERT_EQ(1, p.d.msgs.n);
	EXPECT_GT(600, strlen(p.d.msgs.v[0]));
	EXPECT_FALSE(has_control(p.d.msgs.v[0]));
	parsed_free(&p);
	/* cut between characters, never inside one (both parities) */
	for (odd = 0; odd < 2; odd++) {
		snprintf(line, 64, "generic/001 fail x%s", odd ? "x" : "");
		for (i = strlen(line); i + 2 < big; i += 2)
			memcpy(line + i, "\xc3\xa9", 2);
		line[i] = '\0';
		parse(&p, line);
		ASSERT_EQ(1, p.d.msgs.n);
		len = strlen(p.d.msgs.v[0]);
		EXPECT_GT(600, len);
		EXPECT_EQ(len, utf8_valid_len(p.d.msgs.v[0], len));
		parsed_free(&p);
	}
	free(line);
}

/* A long condition is cut in the message, its reason is kept */
TEST(long_condition_errors_keep_their_reason)
{
	struct strbuf sb = { 0 };
	int i;

	sb_puts(&sb, "generic/002 fail if ");
	for (i = 0; i < 100; i++)
		sb_puts(&sb, "EXT4_FS && ");
	sb_puts(&sb, "(XFS_FS # x");
	EXPECT_TRUE(one_error(sb.buf, "'(' without ')'"));
	sb_free(&sb);
}

/*
 * Control characters and bytes that are not UTF-8 would reach exclude
 * files, reports and JSON: refused where they are written, file:line.
 */
TEST(control_characters_and_bad_utf8_are_errors)
{
	EXPECT_TRUE(one_error("generic/002 fail # a \x1b[2J clear",
			      "control character"));
	EXPECT_TRUE(one_error("generic/002 fail # bell\x07", "control character"));
	EXPECT_TRUE(one_error("# a note \x1b]0;title\x07", "control character"));
	EXPECT_TRUE(one_error("generic/002 fail # caf\xe9", "not UTF-8"));
	EXPECT_TRUE(one_error("generic/002 fail # \xc3", "not UTF-8"));
	EXPECT_TRUE(one_error("generic/002 fail # \xed\xa0\x80 surrogate",
			      "not UTF-8"));
	EXPECT_TRUE(one_error("generic/002 fail # \xc0\xaf overlong",
			      "not UTF-8"));
}

/* Tabs, and UTF-8 of every length, are text */
TEST(tabs_and_utf8_are_text)
{
	struct parsed p;

	parse(&p, "generic/002 fail\t# caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x90\xa7\tok\n");
	EXPECT_EQ(0, p.errors);
	ASSERT_EQ(1, p.ds.n);
	EXPECT_STREQ("caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x90\xa7\tok",
		     p.ds.entries[0].comment);
	parsed_free(&p);
}

TEST(load_missing_file)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	EXPECT_EQ(-1, data_load_file(&ds, "/nonexistent/x.expunge", &d));
	ASSERT_EQ(1, d.msgs.n);
	EXPECT_TRUE(str_starts(d.msgs.v[0], "/nonexistent/x.expunge: error: "));
	EXPECT_NE(NULL, strstr(d.msgs.v[0], "No such file"));
	dataset_free(&ds);
	diag_free(&d);
}

TEST(load_names_the_path)
{
	char *path = tmpfile_str("generic/002 fail # x\ngeneric/003 bad\n");
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	char *where;

	EXPECT_EQ(0, data_load_file(&ds, path, &d));
	ASSERT_EQ(1, d.msgs.n);
	ASSERT_NE(-1, asprintf(&where, "%s:2: error: ", path));
	EXPECT_TRUE(str_starts(d.msgs.v[0], where));
	EXPECT_STREQ(path, ds.entries[0].file);
	free(where);
	dataset_free(&ds);
	diag_free(&d);
	unlink(path);
	free(path);
}

/* Mutated data files: entries or errors with file:line, never a crash */
TEST(mutated_data_never_crashes)
{
	static const char seed_text[] =
		"# a header\n"
		"generic/079  expunge  # hangs\n"
		"generic/388  flaky   section=*1k*,ext4_[4]k retries=5 # races\n"
		"ext4/032     fail    fixed=6.9,6.6.30,6.1.90  fixed-by=0123456789ab\n"
		"generic/470  expunge section=*dax* if FS_DAX && !(X = \"s\") # y\n"
		"generic/743  fail    since=6.6.12,6.7 bug=https://b.org/#1\n";
	static const char alphabet[] = " \t\n\r#=,.*?[]!&|()\"'$\\/-_09aZ\001\377";
	size_t base = strlen(seed_text), round;
	unsigned int seed = 4242, good = 0, bad = 0;

	for (round = 0; round < 5000; round++) {
		char *buf = malloc(base + 64);
		size_t len = base, k, i, lines = 1;
		size_t edits = 1 + rand_r(&seed) % 8;
		struct dataset ds = { 0 };
		struct diag d = { 0 };
		size_t errors;

		ASSERT_NE(NULL, buf);
		memcpy(buf, seed_text, base);
		for (k = 0; k < edits; k++) {
			size_t at = rand_r(&seed) % (len + 1);
			int op = rand_r(&seed) % 3;
			char c = alphabet[rand_r(&seed) % (sizeof(alphabet) - 1)];

			if (op == 0 && at < len) {
				buf[at] = c;
			} else if (op == 1 && len < base + 60) {
				memmove(buf + at + 1, buf + at, len - at);
				buf[at] = c;
				len++;
			} else if (at < len) {
				memmove(buf + at, buf + at + 1, len - at - 1);
				len--;
			}
		}
		for (i = 0; i < len; i++)
			lines += buf[i] == '\n';
		errors = data_parse(&ds, "fuzz.expunge", buf, len, &d);
		EXPECT_EQ(errors, d.errors);
		for (i = 0; i < d.msgs.n; i++) {
			const char *m = d.msgs.v[i];
			unsigned long line = 0;

			ASSERT_TRUE(str_starts(m, "fuzz.expunge")) {
				TH_LOG("%s", m);
			}
			if (m[12] == ':' && m[13] >= '1' && m[13] <= '9') {
				line = strtoul(m + 13, NULL, 10);
				EXPECT_LE(line, lines);
			}
			EXPECT_TRUE(strstr(m, ": error: ") ||
				    strstr(m, ": warning: "));
		}
		for (i = 0; i < ds.n; i++) {
			EXPECT_TRUE(valid_test_name(ds.entries[i].test));
			EXPECT_GE(ds.entries[i].line, 1);
			EXPECT_LE(ds.entries[i].line, lines);
		}
		if (errors)
			bad++;
		else
			good++;
		dataset_free(&ds);
		diag_free(&d);
		free(buf);
	}
	EXPECT_GT(good, 200);
	EXPECT_GT(bad, 200);
}

TEST_HARNESS_MAIN
