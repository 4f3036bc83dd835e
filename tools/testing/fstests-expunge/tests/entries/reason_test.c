// SPDX-License-Identifier: GPL-2.0
/*
 * Reasons merged clause by clause (entries/reason.c): what compaction
 * says when two lines become one.
 */
#include <stdlib.h>

#include "kselftest_harness.h"

#include "entries/reason.h"

#define EXPECT_MERGE(a, b, want) do {				\
	char *got = reason_merge(a, b);				\
								\
	ASSERT_NE(NULL, got);					\
	EXPECT_STREQ(want, got);				\
	free(got);						\
} while (0)

#define ASSERT_XFS "a kernel assertion fails: at fs/xfs/xfs_message.c:102"
#define NO_CAUSE "un-triaged: kdevops lists it with no cause"
#define ON_13 " (on 6.6.11: 13 of 20 sections)"
#define GIST "https://gist.github.com/mcgrof/"

TEST(the_same_reason_twice_is_said_once)
{
	EXPECT_MERGE("hangs; see " GIST "a", "hangs; see " GIST "a",
		     "hangs; see " GIST "a");
	EXPECT_MERGE("the test's xattrs leave no room, so it fails",
		     "the test's xattrs leave no room, so it fails",
		     "the test's xattrs leave no room, so it fails");
	EXPECT_MERGE(NULL, "hangs", "hangs");
	EXPECT_MERGE("hangs", NULL, "hangs");
	EXPECT_EQ(NULL, reason_merge(NULL, NULL));
}

TEST(failure_rates_of_one_clause_become_one_list)
{
	EXPECT_MERGE(ASSERT_XFS ", failure rate F:1/5",
		     ASSERT_XFS ", failure rate F:1/10",
		     ASSERT_XFS ", failure rate F:1/5 F:1/10");
	/* each rate once, in the order met */
	EXPECT_MERGE(ASSERT_XFS ", failure rate F:1/11 F:1/17",
		     ASSERT_XFS ", failure rate F:1/17 F:1/21",
		     ASSERT_XFS ", failure rate F:1/11 F:1/17 F:1/21");
	/* a rate new to a reason that gave none goes beside its clause */
	EXPECT_MERGE("hangs; see " GIST "a", "hangs, failure rate F:1/4",
		     "hangs, failure rate F:1/4; see " GIST "a");
}

TEST(links_become_one_see_clause)
{
	EXPECT_MERGE("hangs, failure rate F:1/17; see " GIST "a",
		     "hangs, failure rate F:1/3; see " GIST "b",
		     "hangs, failure rate F:1/17 F:1/3; see " GIST "a "
		     GIST "b");
	EXPECT_MERGE("hangs; see " GIST "a " GIST "b", "hangs; see " GIST "b",
		     "hangs; see " GIST "a " GIST "b");
}

TEST(the_parenthetical_naming_more_sections_stays)
{
	EXPECT_MERGE("hangs (on 6.6.11: 4 of 20 sections)",
		     "hangs" ON_13, "hangs" ON_13);
	EXPECT_MERGE("hangs" ON_13,
		     "hangs (on 6.9-rc6: all.txt, all 24 sections)",
		     "hangs (on 6.9-rc6: all.txt, all 24 sections)");
	/* a tie: the first */
	EXPECT_MERGE("hangs" ON_13,
		     "hangs (on 6.8-rc2: 13 of 20 sections)",
		     "hangs" ON_13);
	/* a parenthetical that says something else is the clause's own */
	EXPECT_MERGE("hangs (BUG_ON)", "hangs",
		     "hangs (BUG_ON); hangs");
}

/*
 * A cause one reason gives is no cause for the lines of the other (other
 * sections or kernels): its "un-triaged" stays beside it.
 */
TEST(a_cause_does_not_erase_un_triaged)
{
	EXPECT_MERGE("fails with quotas enabled" ON_13, NO_CAUSE ON_13,
		     "fails with quotas enabled" ON_13 "; " NO_CAUSE ON_13);
	EXPECT_MERGE(NO_CAUSE ON_13, "fails with quotas enabled",
		     NO_CAUSE ON_13 "; fails with quotas enabled");
	/* the rates of the un-triaged clause stay too */
	EXPECT_MERGE("fails with quotas enabled" ON_13 "; " NO_CAUSE ON_13,
		     NO_CAUSE ", failure rate F:1/12",
		     "fails with quotas enabled" ON_13 "; " NO_CAUSE ON_13
		     ", failure rate F:1/12");
	EXPECT_MERGE(NO_CAUSE ON_13,
		     "reports filesystem corruption; see " GIST "c",
		     NO_CAUSE ON_13 "; reports filesystem corruption; see "
		     GIST "c");
	EXPECT_MERGE(ASSERT_XFS ", failure rate F:1/6",
		     "fails now and then, failure rate F:1/3",
		     ASSERT_XFS ", failure rate F:1/6 F:1/3; fails now and then");
	/* no cause on either side: the stock words once */
	EXPECT_MERGE(NO_CAUSE ON_13, NO_CAUSE ", failure rate F:1/3",
		     NO_CAUSE ON_13 ", failure rate F:1/3");
	/* a link is no cause */
	EXPECT_MERGE(NO_CAUSE, "see " GIST "d", NO_CAUSE "; see " GIST "d");
}

TEST(a_reason_that_says_all_the_other_does_is_kept_as_it_is)
{
	const char *more = "old-style quota files would be encrypted; "
			   "quota report counts indirect blocks; xfstests 4f4b89cdf353";

	EXPECT_MERGE(more, "quota report counts indirect blocks", more);
	EXPECT_MERGE("quota report counts indirect blocks", more, more);
	EXPECT_MERGE("a kernel bug; this kernel lacks the fix", "a kernel bug",
		     "a kernel bug; this kernel lacks the fix");
}

TEST(different_causes_are_each_said_once)
{
	EXPECT_MERGE("hangs, failure rate F:1/2; see " GIST "a",
		     "crashes the kernel; see " GIST "b",
		     "hangs, failure rate F:1/2; crashes the kernel; see "
		     GIST "a " GIST "b");
	EXPECT_MERGE("runs out of inodes at 1k blocks",
		     "needs the cluster size",
		     "runs out of inodes at 1k blocks; needs the cluster size");
}

TEST(commas_in_quotes_and_parentheses_do_not_split)
{
	EXPECT_MERGE("fix: 0123456789ab \"xfs: a, b\"",
		     "fix: 0123456789ab \"xfs: a, b\"",
		     "fix: 0123456789ab \"xfs: a, b\"");
	EXPECT_MERGE("livelock (ENOSPC, maybe)", "livelock (ENOSPC, maybe)",
		     "livelock (ENOSPC, maybe)");
	/* a ", " inside them is no clause of its own to match */
	EXPECT_MERGE("fix: \"xfs: a, b\"", "b", "b; fix: \"xfs: a, b\"");
}

TEST_HARNESS_MAIN
