// SPDX-License-Identifier: GPL-2.0
/*
 * Compaction with known answers: lines another covers are dropped, lines
 * that differ only in their sections or adjacent ranges merge with all
 * their evidence, hand-written lines stay; and which entries apply only
 * to kernels out of maintenance.
 */
#include "kselftest_harness.h"

#include "entries/compact.h"
#include "entries/eol.h"
#include "lib/strmap.h"
#include "test-util.h"

/* The compacted text of in (global: global.expunge's text, or NULL) */
static char *compact(const char *in, const char *global,
		     struct compact_stats *st)
{
	struct dataset gd = { 0 };
	struct strbuf out = { 0 };
	struct diag d = { 0 };

	if (global)
		data_parse(&gd, "global.expunge", global, strlen(global), &d);
	if (data_compact("k.expunge", in, strlen(in), global ? &gd : NULL,
			 NULL, &out, st))
		return NULL;
	dataset_free(&gd);
	diag_free(&d);
	return out.buf ? out.buf : strdup("");
}

#define EXPECT_COMPACT(in, global, want) do {			\
	struct compact_stats st;				\
	char *got = compact(in, global, &st);			\
								\
	ASSERT_NE(NULL, got);					\
	EXPECT_STREQ(want, got);				\
	free(got);						\
} while (0)

#define K "from=kdevops:x.txt"

TEST(per_section_line_under_an_all_sections_line_goes)
{
	EXPECT_COMPACT("# head\n"
		       "generic/1 expunge " K "  # all\n"
		       "generic/1 expunge section=xfs_crc " K "  # one\n"
		       "generic/1 expunge section=*dax* " K "  # globbed\n",
		       NULL,
		       "# head\n"
		       "generic/1 expunge " K "  # all\n");
}

/*
 * A line compaction keeps comes out in the one key order of the writers
 * (entry_format's), whoever wrote it: its words reordered, nothing lost;
 * a line already in that order keeps its own spacing.
 */
TEST(kept_lines_come_in_the_one_key_order)
{
	EXPECT_COMPACT("# head\n"
		       "xfs/1 fail seen=6.1.4 since=6.1 cause=kernel " K " if XFS_DEBUG  # a\n"
		       "xfs/2\tfail   since=6.1 " K " seen=6.1.4  # b\n",
		       NULL,
		       "# head\n"
		       "xfs/1 fail since=6.1 cause=kernel " K
		       " seen=6.1.4 if XFS_DEBUG  # a\n"
		       "xfs/2\tfail   since=6.1 " K " seen=6.1.4  # b\n");
}

TEST(a_section_under_a_glob_that_matches_it_goes)
{
	EXPECT_COMPACT("xfs/032 expunge section=*dax* " K "  # a\n"
		       "xfs/032 expunge section=dax " K "  # b\n",
		       NULL, "xfs/032 expunge section=*dax* " K "  # a\n");
}

TEST(fail_under_an_unconditional_expunge_goes_not_under_a_narrower)
{
	EXPECT_COMPACT("generic/2 expunge " K "  # e\n"
		       "generic/2 fail since=6.1 " K "  # f\n",
		       NULL, "generic/2 expunge " K "  # e\n");
	/* the expunge is for one section: the fail elsewhere stays */
	EXPECT_COMPACT("generic/2 expunge section=a " K "  # e\n"
		       "generic/2 fail " K "  # f\n",
		       NULL,
		       "generic/2 expunge section=a " K "  # e\n"
		       "generic/2 fail " K "  # f\n");
	/* an expunge under a fail is not covered: expunge is stronger */
	EXPECT_COMPACT("generic/2 fail " K "  # f\n"
		       "generic/2 expunge section=a " K "  # e\n",
		       NULL,
		       "generic/2 fail " K "  # f\n"
		       "generic/2 expunge section=a " K "  # e\n");
}

TEST(what_narrows_the_cover_keeps_the_line)
{
	/* if, env, fixed-by, since on the covering line: not everywhere */
	static const char *const narrow[] = {
		"if XFS_DEBUG", "env=gce", "fixed-by=0123456789ab",
		"since=6.1", "test-fixed-by=9caf3ee0",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(narrow); i++) {
		char *in = str_printf("generic/3 expunge %s%s  # e\n"
				      "generic/3 fail section=a " K "  # f\n",
				      strstr(narrow[i], "if") ? K " " : "",
				      strstr(narrow[i], "if") ? narrow[i] :
				      str_printf("%s " K, narrow[i]));

		EXPECT_COMPACT(in, NULL, in);
		free(in);
	}
}

TEST(flaky_with_more_retries_stays)
{
	EXPECT_COMPACT("generic/4 flaky retries=3 " K "  # a\n"
		       "generic/4 flaky section=x retries=5 " K "  # b\n",
		       NULL,
		       "generic/4 flaky retries=3 " K "  # a\n"
		       "generic/4 flaky section=x retries=5 " K "  # b\n");
}

TEST(a_line_global_covers_goes)
{
	EXPECT_COMPACT("generic/5 fail section=a " K "  # f\n"
		       "generic/6 fail section=a " K "  # f\n",
		       "generic/5 expunge  # everywhere\n",
		       "generic/6 fail section=a " K "  # f\n");
}

#define G7 "g/7 fail section=b,a,c since=6.1 "

TEST(lines_that_differ_in_their_section_merge_with_their_evidence)
{
	struct compact_stats st;
	char *got = compact("g/7 fail section=b since=6.1 from=kdevops:b seen=6.6 # known\n"
			    "# between\n"
			    "g/7 fail section=a since=6.1 from=kdevops:a seen=6.1,6.6 # known\n"
			    "g/7 fail section=c since=6.1 from=kdevops:b # hangs in c\n"
			    "g/7 fail section=d since=6.2 " K "  # other\n",
			    NULL, &st);

	ASSERT_NE(NULL, got);
	EXPECT_STREQ(G7 "from=kdevops:b,a seen=6.1,6.6  # known; hangs in c\n"
		     "# between\n"
		     "g/7 fail section=d since=6.2 " K "  # other\n",
		     got);
	EXPECT_EQ(4, st.before);
	EXPECT_EQ(2, st.after);
	EXPECT_EQ(2, st.merged);
	free(got);
}

#define XA "a kernel assertion fails: at fs/xfs/xfs_message.c:102"

/*
 * A merged line says one reason, not its members' joined: the words
 * they share once, their failure rates and links as one list; the
 * "un-triaged" of kernels no cause was given for stays (entries/reason.h).
 */
TEST(a_merged_line_says_one_reason)
{
	EXPECT_COMPACT("g/11 flaky section=a " K "  # " XA ", failure rate F:1/5\n"
		       "g/11 flaky section=b " K "  # " XA ", failure rate F:1/10\n",
		       NULL,
		       "g/11 flaky section=a,b " K "  # " XA
		       ", failure rate F:1/5 F:1/10\n");
	EXPECT_COMPACT("g/12 fail since=6.1 until=6.3 " K
		       "  # un-triaged: kdevops lists it with no cause\n"
		       "g/12 fail since=6.3-rc1 until=6.6 " K
		       "  # hangs, failure rate F:1/4; see https://x/a\n"
		       "g/12 fail section=b since=6.6 " K
		       "  # hangs; see https://x/b\n",
		       NULL,
		       "g/12 fail since=6.1 until=6.6 " K
		       "  # un-triaged: kdevops lists it with no cause; hangs, failure rate F:1/4; see https://x/a\n"
		       "g/12 fail section=b since=6.6 " K
		       "  # hangs; see https://x/b\n");
}

/*
 * The kind's evidence: rates merge as the other evidence does, each
 * once; lines of different crash classes do not merge.
 */
TEST(rates_merge_and_crash_classes_stay_apart)
{
	EXPECT_COMPACT("g/13 flaky section=a rate=1/5 " K "  # x\n"
		       "g/13 flaky section=b rate=1/10,1/5 " K "  # x\n",
		       NULL,
		       "g/13 flaky section=a,b rate=1/5,1/10 " K
		       "  # x\n");
	EXPECT_COMPACT("g/14 expunge section=a crash=hang " K "  # x\n"
		       "g/14 expunge section=b crash=oops " K "  # x\n",
		       NULL,
		       "g/14 expunge section=a crash=hang " K "  # x\n"
		       "g/14 expunge section=b crash=oops " K "  # x\n");
}

TEST(negated_sections_do_not_merge)
{
	const char *in = "generic/8 fail section=!a " K "  # x\n"
			 "generic/8 fail section=!b " K "  # x\n";

	EXPECT_COMPACT(in, NULL, in);
}

#define D10	"0123456789"
#define D150	"012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"

/*
 * Two lines whose one line would be longer than COMPACT_LINE_MAX (here
 * 372 characters, each 209) stay two; with shorter links they merge.
 */
TEST(a_merge_longer_than_the_longest_line_is_not_made)
{
	const char *in = "g/15 expunge section=a " K "  # see https://x/a" D150 "\n"
			 "g/15 expunge section=b " K "  # see https://x/b" D150 "\n";
	const char *range = "g/16 fail until=6.1 " K "  # see https://x/a" D150 "\n"
			    "g/16 fail since=6.1 " K "  # see https://x/b" D150 "\n";

	EXPECT_COMPACT(in, NULL, in);
	EXPECT_COMPACT(range, NULL, range);
	EXPECT_COMPACT("g/15 expunge section=a " K "  # see https://x/a" D10 "\n"
		       "g/15 expunge section=b " K "  # see https://x/b" D10 "\n",
		       NULL,
		       "g/15 expunge section=a,b " K "  # see https://x/a" D10
		       " https://x/b" D10 "\n");
	EXPECT_COMPACT("g/16 fail until=6.1 " K "  # see https://x/a" D10 "\n"
		       "g/16 fail since=6.1 " K "  # see https://x/b" D10 "\n",
		       NULL,
		       "g/16 fail " K "  # see https://x/a" D10
		       " https://x/b" D10 "\n");
}

TEST(hand_written_lines_stay_and_take_the_imported_facts)
{
	/* a narrower hand line under an imported expunge stays */
	EXPECT_COMPACT("generic/9 expunge " K "  # e\n"
		       "generic/9 fail section=a  # mine\n",
		       NULL,
		       "generic/9 expunge " K "  # e\n"
		       "generic/9 fail section=a  # mine\n");
	/* the same entry imported: it goes, its facts into the hand line */
	EXPECT_COMPACT("generic/9 expunge  # mine\n"
		       "generic/9 expunge from=kdevops:a.txt seen=6.1  # theirs\n",
		       NULL,
		       "generic/9 expunge from=hand,kdevops:a.txt seen=6.1  # mine; theirs\n");
	EXPECT_COMPACT("generic/9 expunge from=kdevops:a.txt seen=6.1  # theirs\n"
		       "generic/9 expunge from=hand bug=https://lore.kernel.org/r/x  # mine\n",
		       NULL,
		       "generic/9 expunge bug=https://lore.kernel.org/r/x from=hand,kdevops:a.txt seen=6.1  # mine; theirs\n");
}

TEST(adjacent_ranges_merge_only_where_no_fix_is_claimed)
{
	EXPECT_COMPACT("generic/10 fail since=6.1 until=6.3 " K "  # a\n"
		       "generic/10 fail since=6.3-rc2 until=6.6 " K "  # a\n",
		       NULL,
		       "generic/10 fail since=6.1 until=6.6 " K "  # a\n");
	/* a fix at 6.3 is a fact: the two stay */
	EXPECT_COMPACT("generic/10 fail since=6.1 fixed=6.3 fixed-by=0123456789ab " K "  # a\n"
		       "generic/10 fail since=6.3 fixed-by=0123456789ab " K "  # a\n",
		       NULL,
		       "generic/10 fail since=6.1 fixed=6.3 fixed-by=0123456789ab " K "  # a\n"
		       "generic/10 fail since=6.3 fixed-by=0123456789ab " K "  # a\n");
	/* a gap between the ranges: they stay */
	EXPECT_COMPACT("generic/10 fail since=6.1 until=6.3 " K "  # a\n"
		       "generic/10 fail since=6.4 " K "  # a\n",
		       NULL,
		       "generic/10 fail since=6.1 until=6.3 " K "  # a\n"
		       "generic/10 fail since=6.4 " K "  # a\n");
	/* stable versions in a list: not a simple range, they stay */
	EXPECT_COMPACT("generic/10 fail until=6.1.42,6.2 " K "  # a\n"
		       "generic/10 fail since=6.2 " K "  # a\n",
		       NULL,
		       "generic/10 fail until=6.1.42,6.2 " K "  # a\n"
		       "generic/10 fail since=6.2 " K "  # a\n");
}

/*
 * series=V is written where since= is exactly V and until= exactly the
 * end of V's series, wherever fixed= and the other keys are; any other
 * since= and until= stay as they are
 */
TEST(series_is_written_only_where_since_and_until_are_one_series)
{
	EXPECT_COMPACT("generic/1 fail since=6.6-rc5 until=6.7-rc1 " K "  # a\n"
		       "generic/2 fail section=s since=6.1-rc4 fixed=6.1.192 until=6.2-rc1 "
		       K " passed=6.1.192  # a\n"
		       "generic/3 fail since=4.20.1 until=4.21-rc1 " K "  # a\n"
		       "generic/4 fail series=6.6-rc2 " K "  # a\n",
		       NULL,
		       "generic/1 fail series=6.6-rc5 " K "  # a\n"
		       "generic/2 fail section=s series=6.1-rc4 fixed=6.1.192 "
		       K " passed=6.1.192  # a\n"
		       "generic/3 fail series=4.20.1 " K "  # a\n"
		       "generic/4 fail series=6.6-rc2 " K "  # a\n");
	EXPECT_COMPACT("generic/1 fail since=6.6-rc5 until=6.8-rc1 " K "  # a\n"
		       "generic/2 fail since=6.6-rc5 until=6.7 " K "  # a\n"
		       "generic/3 fail since=6.1-rc4 until=6.1.42,6.2-rc1 " K "  # a\n"
		       "generic/4 fail since=5.10.141,6.1-rc6 until=6.2-rc1 " K "  # a\n"
		       "generic/5 fail since=4.20 until=5.0-rc1 " K "  # a\n"
		       "generic/6 fail since=6.6-rc5 " K "  # a\n"
		       "generic/7 fail until=6.7-rc1 " K "  # a\n",
		       NULL,
		       "generic/1 fail since=6.6-rc5 until=6.8-rc1 " K "  # a\n"
		       "generic/2 fail since=6.6-rc5 until=6.7 " K "  # a\n"
		       "generic/3 fail since=6.1-rc4 until=6.1.42,6.2-rc1 " K "  # a\n"
		       "generic/4 fail since=5.10.141,6.1-rc6 until=6.2-rc1 " K "  # a\n"
		       "generic/5 fail since=4.20 until=5.0-rc1 " K "  # a\n"
		       "generic/6 fail since=6.6-rc5 " K "  # a\n"
		       "generic/7 fail until=6.7-rc1 " K "  # a\n");
}

/*
 * Lines keep holds stay byte for byte: not dropped though another line
 * covers them, merged, nor put in key order; they still cover others.
 */
TEST(lines_to_keep_stay_as_they_are)
{
	static const char *const kept[] = {
		"g/1 fail seen=6.1 " K "  # curated: cause known",
		"g/2 fail section=a " K "  # a",
		"g/3 expunge " K "  # everywhere",
		"g/4 fail " K "  # kept",
	};
	struct strmap keep = { 0 };
	struct strbuf out = { 0 };
	struct compact_stats st;
	static const char in[] =
		"g/1 fail seen=6.1 " K "  # curated: cause known\n"
		"g/1 expunge " K "  # covers it\n"
		"g/2 fail section=a " K "  # a\n"
		"g/2 fail section=b " K "  # b\n"
		"g/3 expunge " K "  # everywhere\n"
		"g/3 fail section=a " K "  # covered\n"
		"g/4 fail from=kdevops:y.txt  # the same, elsewhere\n"
		"g/4 fail " K "  # kept\n";
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kept); i++)
		strmap_get(&keep, kept[i], strlen(kept[i]), true, NULL);
	ASSERT_EQ(0, data_compact("k.expunge", in, strlen(in), NULL, &keep,
				  &out, &st));
	EXPECT_STREQ("g/1 fail seen=6.1 " K "  # curated: cause known\n"
		     "g/1 expunge " K "  # covers it\n"
		     "g/2 fail section=a " K "  # a\n"
		     "g/2 fail section=b " K "  # b\n"
		     "g/3 expunge " K "  # everywhere\n"
		     "g/4 fail " K "  # kept\n", out.buf);
	EXPECT_EQ(2, st.dropped);
	EXPECT_EQ(0, st.merged);
	sb_free(&out);
	strmap_free(&keep);
}

TEST(bad_text_is_refused)
{
	struct compact_stats st;

	EXPECT_EQ(NULL, compact("generic/1 nosuchkind\n", NULL, &st));
}

/* Does the entry on line apply only to kernels out of maintenance? */
static bool eol_only(const char *line)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	bool r;

	data_parse(&ds, "k.expunge", line, strlen(line), &d);
	r = ds.n == 1 && entry_eol_only(&ds.entries[0]);
	dataset_free(&ds);
	diag_free(&d);
	return r;
}

TEST(entries_only_for_kernels_out_of_maintenance)
{
	EXPECT_TRUE(eol_only("generic/1 fail since=4.17.3,4.18-rc4 fixed=4.19-rc1 # x"));
	EXPECT_TRUE(eol_only("generic/1 fail since=6.8-rc2 fixed=6.9-rc1 # x"));
	EXPECT_TRUE(eol_only("generic/1 fail since=6.6-rc2 fixed=6.6-rc5 # only -rc"));
	EXPECT_TRUE(eol_only("generic/1 expunge fixed=5.4 # x"));
	EXPECT_TRUE(eol_only("generic/1 fail since=6.9-rc2 until=6.10-rc1 # x"));
	EXPECT_FALSE(eol_only("generic/1 fail  # x"));
	EXPECT_FALSE(eol_only("generic/1 fail since=6.1.72 # a 6.1 stable"));
	EXPECT_TRUE(eol_only("generic/1 fail since=6.0-rc1 fixed=6.1-rc3 # 6.0, 6.1-rc"));
	EXPECT_FALSE(eol_only("generic/1 fail since=6.0 fixed=6.1.5,6.2 # 6.1.0-6.1.4"));
	EXPECT_FALSE(eol_only("generic/1 fail since=6.19-rc1 # mainline"));
	EXPECT_FALSE(eol_only("generic/1 fail since=6.13 fixed=6.12.9 # 6.13+ too"));
	EXPECT_FALSE(eol_only("g/1 fail since=5.4.212,6.1.42 fixed=6.1.72,6.6-rc5 # .42-.71"));
	EXPECT_FALSE(eol_only("generic/1 expunge fixed=5.10.5 # 5.10 before .5"));
	/* the stable series after an eol one: fixed= of 6.0 does not end it */
	EXPECT_FALSE(eol_only("generic/1 fail since=5.19 fixed=6.0.3 # and 6.1 on"));
}

TEST_HARNESS_MAIN
