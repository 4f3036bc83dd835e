// SPDX-License-Identifier: GPL-2.0
/*
 * compare reads the result.xml of real runs of "run" on this project's
 * machine (tests/fixtures/dogfood, 6.18 on loop devices): every test,
 * failure and skip of each, and each run flagged incomplete.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results.h"
#include "test-util.h"
#include "kselftest_harness.h"

#define DOGFOOD	FIXTURE_PATH("dogfood")
/* no data files: every failure stands */
#define NO_DATA	"--data " FIXTURE_PATH("compare/fstests")

/* per section: tests, not run, incomplete files, the failures */
#define SECTIONS \
	"[.sections[] | \"\\(.section):\\(.tests):\\(.counts.not_run):\\(.incomplete | length):\\([.results[] | select(.class == \"regression\") | .test] | join(\",\"))\"] | join(\"\\n\")"

TEST(real_runs_read_whole_and_incomplete)
{
	struct proc_out r;
	char *v;

	r = fexp_call("compare --release 6.18.44 " NO_DATA " --format json " DOGFOOD);
	EXPECT_EQ(1, r.status);
	v = jsonq(r.out, SECTIONS);
	EXPECT_STREQ("btrfs_default:115:23:1:\n"
		     "ext4_4k:170:30:1:ext4/022,ext4/024,ext4/032,ext4/306,ext4/308\n"
		     "xfs_crc:136:19:1:", v ? v : "(not JSON)");
	free(v);
	proc_out_free(&r);
}

TEST(fast_reader_and_libxml2_agree_on_real_runs)
{
	static const char *const sections[] = {
		"btrfs_default", "ext4_4k", "xfs_crc",
	};
	struct result_file fast, xml;
	char *path, *buf, *err = NULL;
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		path = str_printf("%s/%s/result.xml", DOGFOOD, sections[i]);
		buf = get_file(path, &len);
		ASSERT_EQ(0, result_read_buf(path, buf, len, &fast, &err));
		ASSERT_EQ(0, result_read_buf_xml(path, buf, len, &xml, &err));
		EXPECT_EQ(NULL, result_diff(&fast, &xml)) {
			TH_LOG("%s: %s", sections[i], result_diff(&fast, &xml));
		}
		EXPECT_TRUE(fast.incomplete);
		result_free(&fast);
		result_free(&xml);
		free(path);
	}
}

TEST_HARNESS_MAIN
