// SPDX-License-Identifier: GPL-2.0
/*
 * Names given on the command line: a filesystem in any case is the
 * same; one fstests does not run and with no data is an error (exit 2)
 * naming what is known; one fstests runs without data a note; a
 * section no entry and no harness configuration names one note naming
 * what is known (exit 0: a site's own section names are its business).
 */
#include "test-util.h"

#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

#define REL	"--release 6.1.150 --config /dev/null"

static void put_data(const char *dir)
{
	put_str(str_printf("%s/ext4.expunge", dir),
		"generic/001 expunge section=*1k* # 1k only\n"
		"generic/002 fail section=mine # a site's section\n");
	put_str(str_printf("%s/xfs.expunge", dir), "xfs/001 fail # x\n");
	put_str(str_printf("%s/global.expunge", dir),
		"generic/003 expunge # everywhere\n");
}

/* "exclude" with the data of dir and args */
static struct proc_out excl(const char *dir, const char *args)
{
	return fexp_call(str_printf("exclude --data %s " REL " %s", dir, args));
}

TEST_F(tmp, filesystem_names_in_any_case_are_the_same)
{
	struct proc_out lower, upper;

	put_data(self->dir);
	lower = excl(self->dir, "--fs ext4 --section 1k");
	upper = excl(self->dir, "--fs EXT4 --section 1k");
	EXPECT_EQ(0, upper.status) TH_LOG("%s", upper.err);
	EXPECT_STREQ(lower.out, upper.out);
	EXPECT_NE(NULL, strstr(upper.out, "\ngeneric/001 "));
	proc_out_free(&lower);
	proc_out_free(&upper);
}

TEST_F(tmp, a_filesystem_nobody_runs_is_an_error_naming_the_known)
{
	struct proc_out r;

	put_data(self->dir);
	r = excl(self->dir, "--fs ext5");
	EXPECT_EQ(2, r.status);
	EXPECT_STREQ("", r.out);
	EXPECT_NE(NULL, strstr(r.err, "no filesystem 'ext5'")) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "there is data for: ext4 xfs"));
	EXPECT_NE(NULL, strstr(r.err, "did you mean ext4?"));
	EXPECT_NE(NULL, strstr(r.err, "fstests also runs: 9p "));
	proc_out_free(&r);
	/* one fstests runs, with no data of its own: the global list, said */
	r = excl(self->dir, "--fs jfs");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "\ngeneric/003 "));
	EXPECT_NE(NULL, strstr(r.err, "no data for filesystem 'jfs'"));
	EXPECT_NE(NULL, strstr(r.err, "there is data for: ext4 xfs"));
	proc_out_free(&r);
}

TEST_F(tmp, an_unknown_section_gets_one_note_naming_the_known)
{
	struct proc_out r;
	const char *note;

	put_data(self->dir);
	r = excl(self->dir, "--fs ext4 --section bogus");
	EXPECT_EQ(0, r.status);
	note = strstr(r.err, "section 'bogus' is named by no entry");
	ASSERT_NE(NULL, note) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(note + 1, "section 'bogus'"));
	/* what is known: the data's names, the harnesses' */
	EXPECT_NE(NULL, strstr(note, "The data names: *1k* mine;"));
	EXPECT_NE(NULL, strstr(note, "xfstests-bld's ext4 configurations: 1k 2k 4k "));
	EXPECT_NE(NULL, strstr(note, "kdevops' (ext4_NAME): defaults "));
	EXPECT_NE(NULL, strstr(r.out, "\n# note: section 'bogus' is named"));
	proc_out_free(&r);
	/* the same for flaky and view */
	r = fexp_call(str_printf("flaky --fs ext4 --section bogus --data %s " REL,
				 self->dir));
	EXPECT_NE(NULL, strstr(r.err, "section 'bogus' is named by no entry"));
	proc_out_free(&r);
	r = fexp_call(str_printf("view --fs ext4 --section bogus --data %s " REL,
				 self->dir));
	EXPECT_NE(NULL, strstr(r.out, "# note: section 'bogus' is named"));
	proc_out_free(&r);
}

TEST_F(tmp, known_sections_get_no_note)
{
	static const char *const known[] = {
		"1k", "ext4_1k", "EXT4_1K", "ext4/1k", "mine",
		"4k", "quota", "ext4_defaults", "defaults",
	};
	struct proc_out r;
	size_t i;

	put_data(self->dir);
	for (i = 0; i < ARRAY_SIZE(known); i++) {
		r = excl(self->dir, str_printf("--fs ext4 --section %s", known[i]));
		EXPECT_EQ(0, r.status);
		EXPECT_EQ(NULL, strstr(r.err, "named by no entry"))
			TH_LOG("%s: %s", known[i], r.err);
		proc_out_free(&r);
	}
}

/* Section names in any case are the same: EXT4_1K is ext4_1k */
TEST_F(tmp, section_names_in_any_case_are_the_same)
{
	struct proc_out r;

	put_data(self->dir);
	r = excl(self->dir, "--fs ext4 --section EXT4_1K");
	EXPECT_NE(NULL, strstr(r.out, "\ngeneric/001 ")) TH_LOG("%s", r.out);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
