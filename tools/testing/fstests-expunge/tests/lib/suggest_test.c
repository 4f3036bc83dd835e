// SPDX-License-Identifier: GPL-2.0
/* suggest: edit distances and the close name offered for a typo. */
#include "lib/suggest.h"
#include "lib/base.h"

#include "kselftest_harness.h"

TEST(edit_distance_counts_each_edit)
{
	EXPECT_EQ(0, edit_distance("EXT4_FS", "EXT4_FS"));
	EXPECT_EQ(1, edit_distance("EXT4_FS", "EXT3_FS"));	/* replace */
	EXPECT_EQ(1, edit_distance("EXT4_FS_SECURTY", "EXT4_FS_SECURITY"));
	EXPECT_EQ(1, edit_distance("XFS_FSS", "XFS_FS"));	/* delete */
	EXPECT_EQ(1, edit_distance("FS_DXA", "FS_DAX"));	/* swap */
	EXPECT_EQ(3, edit_distance("", "ABC"));
	EXPECT_EQ(3, edit_distance("ABC", ""));
	EXPECT_EQ(0, edit_distance("ext4_fs", "EXT4_FS"));	/* case */
	EXPECT_EQ(3, edit_distance("KITTEN", "SITTING"));
}

TEST(suggests_the_closest_name)
{
	static char *const names[] = { "BTRFS_FS", "EXT4_FS", "EXT4_FS_SECURITY", "FS_DAX",
			  "XFS_FS" };
	size_t n = ARRAY_SIZE(names);

	EXPECT_STREQ("EXT4_FS_SECURITY",
		     suggest_name("EXT4_FS_SECURTY", names, n));
	EXPECT_STREQ("EXT4_FS", suggest_name("EXT4_FSS", names, n));
	EXPECT_STREQ("FS_DAX", suggest_name("FS_DXA", names, n));
	EXPECT_STREQ("XFS_FS", suggest_name("xfs_fs", names, n));
}

TEST(no_suggestion_when_nothing_is_close)
{
	static char *const names[] = { "BTRFS_FS", "EXT4_FS", "FS_DAX" };
	size_t n = ARRAY_SIZE(names);

	EXPECT_EQ(NULL, suggest_name("FOO_BAR_BAZ", names, n));
	/* a third of 8 is 2 edits: EXT2_FOO is 3 away from EXT4_FS */
	EXPECT_EQ(NULL, suggest_name("EXT2_FOO", names, n));
	EXPECT_EQ(NULL, suggest_name("EXT4_FS", names, 0));
	/* the same name is not a suggestion */
	EXPECT_EQ(NULL, suggest_name("FS_DAX", names + 2, 1));
}

TEST_HARNESS_MAIN
