// SPDX-License-Identifier: GPL-2.0
/* Which test a console line of fstests' check starts. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "run/check-child.h"
#include "kselftest_harness.h"

static char *test_of(const char *line)
{
	static char buf[160];
	char *t = check_line_test(line, strlen(line));

	snprintf(buf, sizeof(buf), "%s", t ? t : "");
	free(t);
	return buf;
}

TEST(test_lines_name_their_test)
{
	/* check prints the name padded, then runs the test */
	EXPECT_STREQ("generic/001", test_of("generic/001       "));
	/* the longest name has no padding at all */
	EXPECT_STREQ("xfs/191-input-validation",
		     test_of("xfs/191-input-validation"));
	EXPECT_STREQ("ext4/306", test_of("ext4/306 12s ...  11s"));
}

TEST(other_lines_name_none)
{
	EXPECT_STREQ("", test_of("SECTION       -- ext4_4k"));
	EXPECT_STREQ("", test_of("Ran: generic/001 generic/002"));
	EXPECT_STREQ("", test_of("    --- tests/generic/398.out"));
	EXPECT_STREQ("", test_of("Failures: generic/398"));
	EXPECT_STREQ("", test_of(""));
	EXPECT_STREQ("", test_of("/tmp/x: No such file"));
}

TEST_HARNESS_MAIN
