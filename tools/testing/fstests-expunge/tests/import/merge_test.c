// SPDX-License-Identifier: GPL-2.0
/* import: imported lines merged into a data file as a maintainer would. */
#include <stdlib.h>
#include <string.h>

#include "entries/entry.h"
#include "import/import.h"

#include "kselftest_harness.h"

#define MARK "# Imported from xfstests-bld (fstests-expunge import).\n"
#define BLD_EXT4 "xfstests-bld:ext4/exclude@1ef4272"

/* Merge the NULL-terminated lines into text; the result, to be freed */
static char *merge(const char *text, const char *const *lines,
		   struct import_merge_stats *st)
{
	struct import_line l[16], *v[16];
	struct strbuf out = { 0 };
	size_t n;

	for (n = 0; lines[n]; n++) {
		l[n].fs = "ext4";
		l[n].text = (char *)lines[n];
		l[n].origin = "t:1";
		v[n] = &l[n];
	}
	memset(st, 0, sizeof(*st));
	import_merge(text, strlen(text), "ext4", "xfstests-bld", v, n, &out,
		     st);
	return out.buf ? out.buf : xstrdup("");
}

TEST(test_names_sort_by_number)
{
	EXPECT_GT(0, import_test_cmp("generic/79", "generic/100"));
	EXPECT_LT(0, import_test_cmp("generic/100", "generic/079"));
	EXPECT_GT(0, import_test_cmp("ext4/999", "generic/001"));
	EXPECT_EQ(0, import_test_cmp("xfs/001", "xfs/001"));
	EXPECT_GT(0, import_test_cmp("generic/1", "generic/1a"));
	EXPECT_GT(0, import_test_cmp("group:dax", "group:quota"));
}

TEST(existing_lines_are_kept_and_entries_not_repeated)
{
	static const char old[] =
		"# SPDX-FileCopyrightText: none\n"
		"# hand-written, odd spacing kept\n"
		"generic/042   fail   fixed=6.18  # one reason\n"
		"\n"
		"generic/388  flaky\n";
	static const char *const lines[] = {
		"generic/042 fail fixed=6.18  # another comment, same entry",
		"generic/388  flaky  section=1k  # only at 1k",
		NULL
	};
	struct import_merge_stats st;
	char *out = merge(old, lines, &st);

	EXPECT_EQ(1, st.added);
	EXPECT_EQ(1, st.present);
	/* the new entry follows the entries of its test; nothing else moves */
	EXPECT_STREQ("# SPDX-FileCopyrightText: none\n"
		     "# hand-written, odd spacing kept\n"
		     "generic/042   fail   fixed=6.18  # one reason\n"
		     "\n"
		     "generic/388  flaky\n"
		     "generic/388  flaky  section=1k  # only at 1k\n", out);
	free(out);
}

TEST(new_tests_go_into_a_sorted_block_of_their_source)
{
	static const char old[] = "generic/042  fail\n";
	static const char *const first[] = {
		"generic/475 expunge # hangs", "generic/100 fail", NULL
	};
	static const char *const second[] = {
		"generic/200 fail", "generic/009 fail", "generic/900 fail",
		NULL
	};
	struct import_merge_stats st;
	char *once = merge(old, first, &st), *twice;

	EXPECT_EQ(2, st.added);
	EXPECT_STREQ("generic/042  fail\n\n" MARK
		     "generic/100 fail\ngeneric/475 expunge # hangs\n", once);
	/* a second import fills the same block, in order */
	twice = merge(once, second, &st);
	EXPECT_EQ(3, st.added);
	EXPECT_STREQ("generic/042  fail\n\n" MARK
		     "generic/009 fail\ngeneric/100 fail\ngeneric/200 fail\n"
		     "generic/475 expunge # hangs\ngeneric/900 fail\n", twice);
	/* and a third changes nothing */
	free(once);
	once = merge(twice, second, &st);
	EXPECT_EQ(0, st.added);
	EXPECT_EQ(3, st.present);
	EXPECT_STREQ(twice, once);
	free(once);
	free(twice);
}

TEST(a_new_file_gets_a_header)
{
	static const char *const lines[] = { "generic/001 fail", NULL };
	struct import_merge_stats st;
	char *out = merge("", lines, &st);

	EXPECT_EQ(0, strncmp(out, "# SPDX-", 7));
	EXPECT_NE(NULL, strstr(out, "-Identifier: GPL-2.0\n"));
	EXPECT_NE(NULL, strstr(out, "\n\n" MARK "generic/001 fail\n"));
	free(out);
}

TEST(a_last_line_without_newline_gets_one)
{
	static const char *const lines[] = { "generic/042 flaky section=1k",
					     NULL };
	struct import_merge_stats st;
	char *out = merge("generic/042 fail", lines, &st);

	EXPECT_STREQ("generic/042 fail\ngeneric/042 flaky section=1k\n", out);
	free(out);
}

/* A line written by hand keeps its kind and keys; the origin is merged */
TEST(a_hand_written_line_is_never_weakened)
{
	static const char old[] =
		"generic/388  flaky  retries=5  # shutdown corrupts\n"
		"generic/042  fail  fixed=6.18 passed=6.18 from=hand  # legal\n";
	static const char *const lines[] = {
		"generic/388  expunge from=" BLD_EXT4 "  # x",
		"generic/042  expunge from=" BLD_EXT4 "  # y",
		NULL
	};
	struct import_merge_stats st;
	char *out = merge(old, lines, &st);

	EXPECT_EQ(0, st.added);
	EXPECT_EQ(2, st.present);
	EXPECT_STREQ("generic/388  flaky  retries=5 from=hand," BLD_EXT4 "  # shutdown corrupts\n"
		     "generic/042  fail  fixed=6.18 passed=6.18 from=hand," BLD_EXT4 "  # legal\n",
		     out);
	free(out);
}

/* A hand line under a config condition says nothing of other configs */
TEST(a_hand_line_for_one_config_takes_no_other)
{
	static const char old[] =
		"xfs/050  expunge  cause=env from=hand if !XFS_QUOTA  # needs quota\n";
	static const char *const lines[] = {
		"xfs/050  fail  since=5.10.131 fixed=5.19 cause=kernel from=kdevops:a  # k",
		"xfs/050  expunge  cause=env from=kdevops:b if !XFS_QUOTA  # q",
		NULL
	};
	struct import_merge_stats st;
	char *out = merge(old, lines, &st);

	EXPECT_EQ(1, st.added);
	EXPECT_EQ(1, st.present);
	EXPECT_TRUE(!!strstr(out, "from=hand,kdevops:b if !XFS_QUOTA  # needs quota\n"));
	EXPECT_TRUE(!!strstr(out, "\nxfs/050  fail  since=5.10.131 fixed=5.19"));
	free(out);
}

/* The same entry imported again: its new evidence, not a second line */
TEST(evidence_of_an_entry_there_is_merged)
{
	static const char *const want[] = {
		"xfs/179  fail  since=6.1.11 seen=6.1.11,6.1.39,6.1.42 from=kdevops:a.txt,b.txt if XFS_DEBUG  # r\n",
	};
	static const char old[] =
		"xfs/179  fail  since=6.1.11 seen=6.1.11 from=kdevops:a.txt if XFS_DEBUG  # r\n";
	static const char *const lines[] = {
		"xfs/179  fail  since=6.1.11 seen=6.1.39 from=kdevops:b.txt if XFS_DEBUG  # s",
		/* a second time into the same line: its first edit goes on */
		"xfs/179  fail  since=6.1.11 seen=6.1.42 from=kdevops:b.txt if XFS_DEBUG  # t",
		NULL
	};
	struct import_merge_stats st;
	char *out = merge(old, lines, &st);

	EXPECT_EQ(0, st.added);
	EXPECT_STREQ(want[0], out);
	free(out);
}

/*
 * from= in the shared form on both sides: an origin there in short is
 * there, a new one joins in the short form.
 */
TEST(shared_prefix_origins_merge_in_full)
{
	static const char old[] =
		"xfs/179  fail  seen=6.1 from=hand,kdevops:a,b  # r\n";
	static const char *const lines[] = {
		"xfs/179  fail  seen=6.1 from=kdevops:b,c,bld:xfs  # s",
		NULL
	};
	struct import_merge_stats st;
	char *out = merge(old, lines, &st);

	EXPECT_EQ(0, st.added);
	EXPECT_STREQ("xfs/179  fail  seen=6.1 from=hand,kdevops:a,b,c,bld:xfs  # r\n",
		     out);
	free(out);
}

/* A fact is there when a line names its lists in the shared form */
TEST(a_fact_is_there_under_shared_prefix_origins)
{
	static const char data[] =
		"xfs/179 fail section=a,b from=hand,kdevops:6.1.72+,6.6.11+ seen=6.6.11  # r\n";
	const char *seen = "xfs/179 fail section=a from=kdevops:6.6.11+ seen=6.6.11  # x";
	const char *both = "xfs/179 fail section=a from=kdevops:6.1.72+,6.6.11+  # x";
	const char *other = "xfs/179 fail section=a from=kdevops:6.1.39  # x";
	struct import_there t = { 0 };

	import_there_add(&t, "xfs.expunge", data, strlen(data));
	EXPECT_TRUE(import_there_has(&t, seen));
	EXPECT_TRUE(import_there_has(&t, both));
	EXPECT_FALSE(import_there_has(&t, other));
	import_there_free(&t);
}

/*
 * A line gated on the fstests side (test-fixed-by=: here the commit that
 * renamed shared/298) is the entry a re-import finds: its evidence goes
 * into it, no ungated copy is added beside it.
 */
#define GATE "test-fixed-by=f0ab9e59c7b5 test-fixed=v2024.05.12"

TEST(a_line_gated_on_fstests_is_the_entry_a_reimport_finds)
{
	static const char old[] =
		"shared/298  fail  since=6.1 " GATE " from=kdevops:a.txt seen=6.1.2  # r\n";
	static const char *const lines[] = {
		"shared/298  fail  since=6.1 from=kdevops:b.txt seen=6.1.9  # s",
		NULL
	};
	struct import_merge_stats st;
	char *out = merge(old, lines, &st);

	EXPECT_EQ(0, st.added);
	EXPECT_STREQ("shared/298  fail  since=6.1 " GATE
		     " from=kdevops:a.txt,b.txt seen=6.1.2,6.1.9  # r\n", out);
	free(out);
}

TEST(line_keys_ignore_comments_and_spacing)
{
	char *a = data_line_key("generic/1  fail\tsection=4k  # x");
	char *b = data_line_key("generic/1 fail section=4k");
	char *c = data_line_key("generic/1 fail bug=http://x/?id=1#c3 # y");

	EXPECT_STREQ(a, b);
	EXPECT_STREQ("generic/1 fail bug=http://x/?id=1#c3", c);
	EXPECT_EQ(NULL, data_line_key("   # only a comment"));
	EXPECT_EQ(NULL, data_line_key(""));
	free(a);
	free(b);
	free(c);
}

TEST_HARNESS_MAIN
