// SPDX-License-Identifier: GPL-2.0
/* Classifying tests: every class, the environment check, exit codes. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "compare/classify.h"
#include "kselftest_harness.h"

static const struct tally passed = { .name = "t", .pass = 1 };
static const struct tally failed = { .name = "t", .fail = 1 };
static const struct tally mixed = { .name = "t", .pass = 2, .fail = 2 };
static const struct tally notrun = { .name = "t", .notrun = 1 };
static const struct tally failed4 = { .name = "t", .fail = 4 };

static const struct applied known = { .test = "t", .kind = KIND_FAIL };
static const struct applied flaky3 = { .test = "t", .kind = KIND_FLAKY, .retries = 3 };
static const struct applied expunged = { .test = "t", .kind = KIND_EXPUNGE };
static const struct applied known_passed = {
	.test = "t", .kind = KIND_FAIL, .passed_here = true,
};

static enum cls cls(const struct tally *b, bool have_base, const struct tally *c,
		    const struct applied *a)
{
	const char *note;

	return classify(b, have_base, c, a, &note);
}

TEST(regression_needs_a_pass_before_or_no_explanation)
{
	EXPECT_EQ(CLS_REGRESSION, cls(&passed, true, &failed, NULL));
	EXPECT_EQ(CLS_REGRESSION, cls(NULL, false, &failed, NULL));
	/* a new test that fails is not explained by anything either */
	EXPECT_EQ(CLS_REGRESSION, cls(NULL, true, &failed, NULL));
	EXPECT_EQ(CLS_REGRESSION, cls(&notrun, true, &failed, NULL));
	/* the data does not explain a test it expunges but that ran */
	EXPECT_EQ(CLS_REGRESSION, cls(NULL, false, &failed, &expunged));
}

TEST(fixed_and_still_failing_follow_the_baseline)
{
	EXPECT_EQ(CLS_FIXED, cls(&failed, true, &passed, NULL));
	EXPECT_EQ(CLS_STILL_FAILING, cls(&failed, true, &failed, NULL));
	EXPECT_EQ(CLS_STILL_FAILING, cls(&mixed, true, &failed, NULL));
	/* flaky before, passing now: nothing to say */
	EXPECT_EQ(CLS_PASS, cls(&mixed, true, &passed, NULL));
	EXPECT_EQ(CLS_PASS, cls(&passed, true, &passed, NULL));
}

TEST(known_failures_and_unexpected_passes_follow_the_data)
{
	EXPECT_EQ(CLS_KNOWN, cls(NULL, false, &failed, &known));
	EXPECT_EQ(CLS_KNOWN, cls(&passed, true, &failed, &known));
	EXPECT_EQ(CLS_KNOWN, cls(NULL, false, &mixed, &known));
	EXPECT_EQ(CLS_UNEXPECTED_PASS, cls(NULL, false, &passed, &known));
	EXPECT_EQ(CLS_UNEXPECTED_PASS, cls(&failed, true, &passed, &known));
}

/* The evidence rule: one more pass of a known one decides nothing yet */
TEST(pass_the_data_already_records_is_no_news)
{
	const char *note;

	EXPECT_EQ(CLS_PASS, classify(NULL, false, &passed, &known_passed,
				     &note));
	ASSERT_NE(NULL, note);
	EXPECT_NE(NULL, strstr(note, "passed="));
	/* a failure stays a known one */
	EXPECT_EQ(CLS_KNOWN, cls(NULL, false, &failed, &known_passed));
	EXPECT_EQ(CLS_UNEXPECTED_PASS, cls(NULL, false, &passed, &known));
}

TEST(flaky_is_mixed_outcomes_or_a_flaky_entry_with_retries_left)
{
	EXPECT_EQ(CLS_FLAKY, cls(NULL, false, &mixed, NULL));
	EXPECT_EQ(CLS_FLAKY, cls(&passed, true, &mixed, NULL));
	EXPECT_EQ(CLS_FLAKY, cls(NULL, false, &mixed, &flaky3));
	/* one failed attempt of four allowed */
	EXPECT_EQ(CLS_FLAKY, cls(NULL, false, &failed, &flaky3));
	/* first attempt and all three retries failed */
	EXPECT_EQ(CLS_REGRESSION, cls(NULL, false, &failed4, &flaky3));
	EXPECT_EQ(CLS_PASS, cls(NULL, false, &passed, &flaky3));
}

TEST(new_missing_and_not_run)
{
	EXPECT_EQ(CLS_NEW, cls(NULL, true, &passed, NULL));
	/* without a baseline nothing is new */
	EXPECT_EQ(CLS_PASS, cls(NULL, false, &passed, NULL));
	EXPECT_EQ(CLS_MISSING, cls(&passed, true, NULL, NULL));
	EXPECT_EQ(CLS_MISSING, cls(&failed, true, NULL, NULL));
	EXPECT_EQ(CLS_NOT_RUN, cls(&passed, true, &notrun, NULL));
	EXPECT_EQ(CLS_NOT_RUN, cls(NULL, false, &notrun, &known));
	/* absent from the run: missing, even if the baseline did not run it */
	EXPECT_EQ(CLS_MISSING, cls(&notrun, true, NULL, NULL));
}

static struct side_section section(struct result_prop *props, size_t n)
{
	struct side_section s = { .name = "s", .props = props, .nprops = n };

	return s;
}

TEST(environment_differences_are_named)
{
	struct result_prop bp[] = {
		{ "ARCH", "x86_64" }, { "FSTYP", "ext4" },
		{ "KERNEL", "6.6.0" }, { "MKFS_OPTIONS", "-b 4096" },
		{ "TEST_DEV", "/dev/loop0" }, { "TEST_DEV_LBA_BYTES", "512" },
	};
	struct result_prop cp[] = {
		{ "ARCH", "x86_64" }, { "FSTYP", "ext4" },
		{ "KERNEL", "6.8.0" }, { "MKFS_OPTIONS", "-b 1024" },
		{ "MOUNT_OPTIONS", "-o nodelalloc" }, { "SCRATCH_RTDEV", "/dev/vdc" },
		{ "TEST_DEV", "/dev/vdb" }, { "TEST_DEV_LBA_BYTES", "4096" },
		{ "SCRATCH_DEV_ZONES", "0" },
	};
	struct side_section b = section(bp, ARRAY_SIZE(bp));
	struct side_section c = section(cp, ARRAY_SIZE(cp));
	struct section_cmp sc = { .base = &b, .cand = &c };

	env_compare(&sc);
	/* KERNEL and device paths aside; facts only one side has aside */
	ASSERT_EQ(4, sc.nenv);
	EXPECT_STREQ("MKFS_OPTIONS", sc.env[0].name);
	EXPECT_STREQ("-b 4096", sc.env[0].base);
	EXPECT_STREQ("-b 1024", sc.env[0].cand);
	EXPECT_STREQ("MOUNT_OPTIONS", sc.env[1].name);
	EXPECT_EQ(NULL, sc.env[1].base);
	EXPECT_STREQ("SCRATCH_RTDEV", sc.env[2].name);
	EXPECT_STREQ("TEST_DEV_LBA_BYTES", sc.env[3].name);
	section_cmp_free(&sc);
}

TEST(exit_codes_normal_and_bisect)
{
	struct compare_totals t = { .sections = 1 };

	t.count[CLS_PASS] = 10;
	EXPECT_EQ(EXIT_OK, compare_exit(&t, false));
	EXPECT_EQ(EXIT_OK, compare_exit(&t, true));
	t.count[CLS_MISSING] = 1;
	EXPECT_EQ(EXIT_OK, compare_exit(&t, false));
	EXPECT_EQ(EXIT_SKIP, compare_exit(&t, true));
	t.count[CLS_MISSING] = 0;
	t.incomplete = 1;
	EXPECT_EQ(EXIT_PROBLEM, compare_exit(&t, false));
	EXPECT_EQ(EXIT_SKIP, compare_exit(&t, true));
	/* a regression is bad even when the run crashed later */
	t.count[CLS_REGRESSION] = 1;
	EXPECT_EQ(EXIT_PROBLEM, compare_exit(&t, true));
	memset(&t, 0, sizeof(t));
	t.sections = 1;
	t.count[CLS_NOT_RUN] = 5;
	/* nothing ran: cannot tell */
	EXPECT_EQ(EXIT_SKIP, compare_exit(&t, true));
}

TEST(sections_merge_both_sides_by_name)
{
	struct tally bt[] = { { .name = "a", .pass = 1 }, { .name = "b", .fail = 1 } };
	struct tally ct[] = { { .name = "b", .pass = 1 }, { .name = "c", .fail = 1 } };
	struct side_section b = { .name = "s", .t = bt, .n = 2 };
	struct side_section c = { .name = "s", .t = ct, .n = 2 };
	struct section_cmp sc = { .name = "s" };

	compare_section(&sc, &b, true, &c, NULL);
	ASSERT_EQ(3, sc.n);
	EXPECT_EQ(CLS_MISSING, sc.v[0].cls);
	EXPECT_EQ(CLS_FIXED, sc.v[1].cls);
	EXPECT_EQ(CLS_REGRESSION, sc.v[2].cls);
	EXPECT_EQ(2, sc.tests);
	EXPECT_EQ(1, sc.count[CLS_MISSING]);
	section_cmp_free(&sc);
}

TEST_HARNESS_MAIN
