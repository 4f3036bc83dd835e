// SPDX-License-Identifier: GPL-2.0
/*
 * --release alone, no config anywhere: the entries whose "if" needs the
 * config are undecided, said on stderr and in compare's notes; an
 * undecided expunge entry applies, an undecided fail or flaky does not.
 */
#include <fcntl.h>

#include "test-util.h"

#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

/* a release no machine has a config of (/boot, /lib/modules) */
#define REL	"--release 9.9.9-fexp-noconfig"

static const char data[] =
	"generic/470 expunge if FS_DAX # takes a DAX machine down\n"
	"generic/042 fail if !FS_DAX # fails without DAX\n"
	"generic/475 flaky if FS_DAX # flaky with DAX\n"
	"generic/001 expunge # hangs everywhere\n"
	"generic/002 fail section=s2 if FS_DAX # not for s1\n";

/* What exclude says on stderr: why, how many for s1, each named */
static const char *const exclude_says[] = {
	"ext4 section s1: no kernel config found for 9.9.9-fexp-noconfig: 3 entries' 'if' conditions undecided (an expunge entry applies then, a fail or flaky one does not): generic/470 expunge applied (ext4.expunge:1: if FS_DAX); generic/042 fail not applied (ext4.expunge:2: if !FS_DAX); generic/475 flaky not applied (ext4.expunge:3: if FS_DAX)\n",
	"\n#   generic/470 expunge applied (ext4.expunge:1: if FS_DAX)\n",
};

/* What --explain says of an undecided expunge entry, and of a fail one */
static const char *const explain_says[] = {
	"if FS_DAX: undecided (no config); an expunge entry applies then",
	"if !FS_DAX: undecided (no config); only an expunge entry applies then",
	"# not applied: generic/413 expunge (ext4.expunge:1): section 4k is not *dax*; if !FS_DAX: undecided (no config), not counted\n",
};

static void put_data(const char *dir)
{
	put_str(str_printf("%s/ext4.expunge", dir), data);
	put_str(str_printf("%s/global.expunge", dir), "");
}

TEST_F(tmp, exclude_applies_undecided_expunge_entries_and_says_so)
{
	struct proc_out r;
	size_t len;
	char *out;

	put_data(self->dir);
	r = fexp_call(str_printf("exclude --fs ext4 --section s1 --data %s %s -o %s/x",
				 self->dir, REL, self->dir));
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	out = get_file(str_printf("%s/x", self->dir), &len);
	/* the test that may crash is not run; the known failure runs */
	EXPECT_NE(NULL, strstr(out, "\ngeneric/470 ")) TH_LOG("%s", out);
	EXPECT_NE(NULL, strstr(out, "\ngeneric/001 "));
	EXPECT_EQ(NULL, strstr(out, "\ngeneric/042 "));
	/* every undecided entry for s1 named, on stderr and in the file; */
	EXPECT_NE(NULL, strstr(r.err, exclude_says[0])) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(out, "\n#   3 entries undecided\n"));
	EXPECT_NE(NULL, strstr(out, exclude_says[1]));
	/* said once: s2's entry is not s1's business, nor counted */
	EXPECT_EQ(NULL, strstr(r.err, "generic/002"));
	EXPECT_EQ(NULL, strstr(strstr(r.err, "undecided") + 1, "undecided"));
	free(out);
	proc_out_free(&r);
	/* --explain says why */
	r = fexp_call(str_printf("exclude --fs ext4 --section s1 --data %s %s --explain",
				 self->dir, REL));
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, explain_says[0])) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, explain_says[1]));
	proc_out_free(&r);
}

/*
 * The entries of other sections are undecided too, but cannot apply:
 * neither counted nor said for s1; --explain names each
 */
TEST_F(tmp, undecided_entries_of_other_sections_are_not_counted)
{
	struct proc_out r;

	put_str(str_printf("%s/ext4.expunge", self->dir),
		"generic/413 expunge section=*dax* if !FS_DAX # DAX only\n"
		"generic/001 expunge # hangs everywhere\n");
	put_str(str_printf("%s/global.expunge", self->dir), "");
	r = fexp_call(str_printf("exclude --fs ext4 --section 4k --data %s %s",
				 self->dir, REL));
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.err, "undecided")) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.out, "undecided")) TH_LOG("%s", r.out);
	proc_out_free(&r);
	r = fexp_call(str_printf("exclude --fs ext4 --section 4k --data %s %s --explain",
				 self->dir, REL));
	EXPECT_NE(NULL, strstr(r.out, explain_says[2])) TH_LOG("%s", r.out);
	proc_out_free(&r);
	/* in the dax section it applies, and is named */
	r = fexp_call(str_printf("exclude --fs ext4 --section dax --data %s %s",
				 self->dir, REL));
	EXPECT_NE(NULL, strstr(r.err, ": 1 entry's 'if' condition undecided ("))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "generic/413 expunge applied (ext4.expunge:1: if !FS_DAX)"));
	proc_out_free(&r);
}

TEST_F(tmp, a_named_config_that_cannot_be_read_is_still_an_error)
{
	struct proc_out r;

	put_data(self->dir);
	r = fexp_call(str_printf("exclude --fs ext4 --data %s %s --config %s/none",
				 self->dir, REL, self->dir));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "/none: not found")) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.err, "undecided"));
	proc_out_free(&r);
}

#define CASE(t, f) \
	"<testcase classname=\"xfstests.s1\" name=\"" t "\" time=\"1\">" f \
	"</testcase>\n"
#define FAIL		"<failure message=\"- output mismatch\" type=\"TestFail\"/>"

/* compare's note for s1: its undecided entries, applied or not */
static const char *const compare_notes[] = {
	"s1: undecided, no config of 9.9.9-fexp-noconfig: generic/470 expunge applied (ext4.expunge:1: if FS_DAX); generic/042 fail not applied",
};

TEST_F(tmp, compare_explains_no_failure_on_a_guess_and_notes_it)
{
	char *res = str_printf("%s/result.xml", self->dir);
	struct proc_out r;
	char *notes, *regr;

	put_data(self->dir);
	put_str(res, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<testsuite name=\"xfstests\" failures=\"2\" tests=\"3\" time=\"3\">\n"
		"<properties><property name=\"FSTYP\" value=\"ext4\"/>\n"
		"<property name=\"SECTION\" value=\"s1\"/></properties>\n"
		CASE("generic/042", FAIL) CASE("generic/475", FAIL)
		CASE("generic/010", "")
		"</testsuite>\n");
	r = fexp_call(str_printf("compare -f json --data %s %s %s", self->dir,
				 REL, res));
	/* two failures no decided entry explains: regressions, exit 1 */
	EXPECT_EQ(1, r.status) TH_LOG("%s", r.err);
	regr = jsonq(r.out,
		     "[.sections[0].results[] | select(.class == \"regression\") | .test] | join(\" \")");
	EXPECT_STREQ("generic/042 generic/475", regr ? regr : "(no JSON)");
	notes = jsonq(r.out, ".notes | join(\"|\")");
	ASSERT_NE(NULL, notes);
	EXPECT_NE(NULL, strstr(notes, compare_notes[0])) TH_LOG("%s", notes);
	EXPECT_NE(NULL, strstr(r.err, "s1: undecided, no config of 9.9.9-fexp-noconfig"));
	free(notes);
	free(regr);
	proc_out_free(&r);
	/* the text report shows the note too */
	r = fexp_call(str_printf("compare --data %s %s %s", self->dir, REL, res));
	EXPECT_NE(NULL, strstr(r.out, "undecided, no config of 9.9.9-fexp-noconfig"))
		TH_LOG("%s", r.out);
	proc_out_free(&r);
	free(res);
}

TEST_HARNESS_MAIN
