// SPDX-License-Identifier: GPL-2.0
/* Tests of version.c: kernel versions and the since=/fixed= list rule. */
#include "kselftest_harness.h"

#include "kernel/version.h"

/* 1 if list matches version k, 0 if not, -1 if either does not parse. */
static int list_matches(const char *list, const char *k)
{
	struct kver_list l;
	struct kver v;
	char *bad = NULL;
	int ret;

	if (kver_parse(k, &v))
		return -1;
	if (kver_list_parse(list, &l, &bad)) {
		free(bad);
		return -1;
	}
	ret = kver_list_matches(&l, &v, NULL);
	kver_list_free(&l);
	return ret;
}

/* An entry with only fixed=list applies to k when the list does not match */
static int fixed_applies(const char *list, const char *k)
{
	int m = list_matches(list, k);

	return m < 0 ? -1 : !m;
}

/* An entry with since= and fixed= applies when since matches, fixed not */
static int both_apply(const char *since, const char *fixed, const char *k)
{
	int s = list_matches(since, k), f = list_matches(fixed, k);

	if (s < 0 || f < 0)
		return -1;
	return s && !f;
}

static int cmp(const char *a, const char *b)
{
	struct kver x, y;

	if (kver_parse(a, &x) || kver_parse(b, &y))
		return -99;
	return kver_cmp(&x, &y);
}

TEST(parse_forms)
{
	struct kver v;

	ASSERT_EQ(0, kver_parse("6.9", &v));
	EXPECT_EQ(6, v.major);
	EXPECT_EQ(9, v.minor);
	EXPECT_EQ(0, v.patch);
	EXPECT_EQ(0, v.rc);
	ASSERT_EQ(0, kver_parse("6.6.30", &v));
	EXPECT_EQ(30, v.patch);
	EXPECT_EQ(0, v.rc);
	ASSERT_EQ(0, kver_parse("6.9-rc7", &v));
	EXPECT_EQ(0, v.patch);
	EXPECT_EQ(7, v.rc);
	/* "make kernelversion" prints x.y.0-rcN */
	ASSERT_EQ(0, kver_parse("6.9.0-rc7", &v));
	EXPECT_EQ(7, v.rc);
	ASSERT_EQ(0, kver_parse("6.10-rc12", &v));
	EXPECT_EQ(10, v.minor);
	EXPECT_EQ(12, v.rc);
}

TEST(parse_rejects_malformed)
{
	static const char *const bad[] = {
		"", "6", "6.", "6.x", ".9", "6..9", "6.9.", "6.9.x", "v6.9",
		" 6.9", "6.9 ", "6.9-rc", "6.9-rc0", "6.9-rcx", "6.9-rc-1",
		"6.9rc1", "6.9-RC1", "-6.9", "+6.9", "6.9.1.2", "6.9-rc7+",
		"6.9.1-rc1", "6.9,", "6.9-1", "0x6.9", "6.09x",
		"99999999999999999999.1", "4294967302.1", "6.4294967305",
		"65536.0", "6.9.65536", "6.9-rc65536",
	};
	struct kver v;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(-1, kver_parse(bad[i], &v)) {
			TH_LOG("'%s' parsed as a version", bad[i]);
		}
	}
}

TEST(parse_prefix_stops_after_version)
{
	const char *end;
	struct kver v;

	/* a Debian release: 6.1.0, then the ABI and flavour */
	ASSERT_EQ(0, kver_parse_prefix("6.1.0-28-amd64", &v, &end));
	EXPECT_EQ(0, v.patch);
	EXPECT_EQ(0, v.rc);
	EXPECT_STREQ("-28-amd64", end);
	/* a stable -rc release: the rc belongs to 6.6.30 */
	ASSERT_EQ(0, kver_parse_prefix("6.6.30-rc1", &v, &end));
	EXPECT_EQ(30, v.patch);
	EXPECT_EQ(0, v.rc);
	EXPECT_STREQ("-rc1", end);
	ASSERT_EQ(0, kver_parse_prefix("6.9.0-rc7+", &v, &end));
	EXPECT_EQ(7, v.rc);
	EXPECT_STREQ("+", end);
	EXPECT_EQ(-1, kver_parse_prefix("6.9-rc0", &v, &end));
	EXPECT_EQ(-1, kver_parse_prefix("linux-6.9", &v, &end));
}

TEST(x_y_0_equals_x_y)
{
	struct kver v;
	char buf[48];

	EXPECT_EQ(0, cmp("6.9.0", "6.9"));
	EXPECT_EQ(0, cmp("6.9.0-rc3", "6.9-rc3"));
	ASSERT_EQ(0, kver_parse("6.9.0", &v));
	EXPECT_TRUE(kver_is_mainline(&v));
	EXPECT_STREQ("6.9", kver_str(&v, buf));
	/* a list with 6.9.0 is the list with 6.9 */
	EXPECT_EQ(1, list_matches("6.9.0", "6.10"));
	EXPECT_EQ(1, list_matches("6.9.0", "6.9"));
	EXPECT_EQ(0, list_matches("6.9.0", "6.8.12"));
	EXPECT_EQ(0, list_matches("6.9.0", "6.9-rc7"));
}

TEST(rc_ordering)
{
	EXPECT_LT(cmp("6.9-rc1", "6.9-rc7"), 0);
	/* numbers, not text: rc10 is after rc9 */
	EXPECT_GT(cmp("6.9-rc10", "6.9-rc9"), 0);
	EXPECT_LT(cmp("6.9-rc7", "6.9"), 0);
	EXPECT_LT(cmp("6.9", "6.9.1"), 0);
	EXPECT_LT(cmp("6.9.12", "6.10-rc1"), 0);
	EXPECT_GT(cmp("6.10", "6.9.200"), 0);
	EXPECT_LT(cmp("5.15.160", "6.1"), 0);
	EXPECT_GT(cmp("6.1.119", "6.1.90"), 0);
	EXPECT_EQ(0, cmp("6.6.30", "6.6.30"));
}

TEST(format_round_trip)
{
	static const char *const forms[] = {
		"6.9", "6.6.30", "6.9-rc7", "5.15.160", "65535.65535.65535",
	};
	struct kver v;
	char buf[48];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(forms); i++) {
		ASSERT_EQ(0, kver_parse(forms[i], &v));
		EXPECT_STREQ(forms[i], kver_str(&v, buf));
	}
}

/*
 * The since=/fixed= rule, a case a variant: an entry with fixed=FIXED
 * (and since=SINCE, if set) applies to the kernel or not. design_*:
 * the example of the data format, fixed=6.9,6.6.30,6.1.90; series_*: a
 * stable version speaks for its own series only, a mainline one for
 * every later kernel; rc_*: fixed at an -rc; since_*: since=6.6.12,6.7
 * fixed=6.6.30,6.9, from the data format.
 */
FIXTURE(list_rule) {
};

FIXTURE_SETUP(list_rule)
{
}

FIXTURE_TEARDOWN(list_rule)
{
}

FIXTURE_VARIANT(list_rule) {
	const char *since;	/* NULL: none */
	const char *fixed;
	const char *kernel;
	bool applies;
};

FIXTURE_VARIANT_ADD(list_rule, design_6_8_12) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.8.12",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, design_6_6_29) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.6.29",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, design_6_1_89) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.1.89",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, design_5_15_160) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "5.15.160",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, design_6_9_rc7) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.9-rc7",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, design_6_10) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.10",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, design_6_9) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.9",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, design_6_6_30) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.6.30",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, design_6_1_95) {
	.fixed = "6.9,6.6.30,6.1.90",
	.kernel = "6.1.95",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_30_6_7) {
	.fixed = "6.6.30",
	.kernel = "6.7",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_30_6_7_5) {
	.fixed = "6.6.30",
	.kernel = "6.7.5",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_30_6_1_200) {
	.fixed = "6.6.30",
	.kernel = "6.1.200",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_30_6_6) {
	.fixed = "6.6.30",
	.kernel = "6.6",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_30_6_6_31) {
	.fixed = "6.6.30",
	.kernel = "6.6.31",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_6_7_1) {
	.fixed = "6.6",
	.kernel = "6.7.1",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_6_6_1) {
	.fixed = "6.6",
	.kernel = "6.6.1",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, series_6_6_6_5_13) {
	.fixed = "6.6",
	.kernel = "6.5.13",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, rc_6_9_rc2) {
	.fixed = "6.9-rc3",
	.kernel = "6.9-rc2",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, rc_6_9_rc3) {
	.fixed = "6.9-rc3",
	.kernel = "6.9-rc3",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, rc_6_9_rc10) {
	.fixed = "6.9-rc3",
	.kernel = "6.9-rc10",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, rc_6_9) {
	.fixed = "6.9-rc3",
	.kernel = "6.9",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, rc_6_9_4) {
	.fixed = "6.9-rc3",
	.kernel = "6.9.4",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, rc_6_8_30) {
	.fixed = "6.9-rc3",
	.kernel = "6.8.30",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_6_11) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.6.11",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_6_12) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.6.12",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_6_29) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.6.29",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_6_30) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.6.30",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_7_rc1) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.7-rc1",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_7) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.7",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_8_12) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.8.12",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_9_rc7) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.9-rc7",
	.applies = true,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_9) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.9",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_1_119) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.1.119",
	.applies = false,
};

FIXTURE_VARIANT_ADD(list_rule, since_6_6) {
	.since = "6.6.12,6.7",
	.fixed = "6.6.30,6.9",
	.kernel = "6.6",
	.applies = false,
};

TEST_F(list_rule, applies)
{
	int got = variant->since ?
		  both_apply(variant->since, variant->fixed, variant->kernel) :
		  fixed_applies(variant->fixed, variant->kernel);

	EXPECT_EQ(variant->applies, got) {
		TH_LOG("since=%s fixed=%s on %s", variant->since ?: "",
		       variant->fixed, variant->kernel);
	}
}

TEST(since_alone)
{
	/* a stable since= alone does not reach the next mainline */
	EXPECT_EQ(0, list_matches("6.6.12", "6.7"));
	EXPECT_EQ(1, list_matches("6.7", "6.7.1"));
}

TEST(which_entry_decides)
{
	const struct kver *which = NULL;
	struct kver_list l;
	struct kver k;
	char *bad = NULL, buf[48];

	ASSERT_EQ(0, kver_list_parse("6.9,6.6.30,6.1.90", &l, &bad));
	ASSERT_EQ(3, l.n);
	ASSERT_EQ(0, kver_parse("6.6.31", &k));
	ASSERT_TRUE(kver_list_matches(&l, &k, &which));
	ASSERT_NE(NULL, which);
	EXPECT_STREQ("6.6.30", kver_str(which, buf));
	ASSERT_EQ(0, kver_parse("6.10", &k));
	ASSERT_TRUE(kver_list_matches(&l, &k, &which));
	EXPECT_STREQ("6.9", kver_str(which, buf));
	kver_list_free(&l);
	EXPECT_EQ(0, l.n);
}

/* A list that does not parse names its bad item, a case a variant */
FIXTURE(bad_list) {
};

FIXTURE_SETUP(bad_list)
{
}

FIXTURE_TEARDOWN(bad_list)
{
}

FIXTURE_VARIANT(bad_list) {
	const char *list;
	const char *bad;	/* the item named */
};

FIXTURE_VARIANT_ADD(bad_list, not_a_version) {
	.list = "6.9,6.x",
	.bad = "6.x",
};

FIXTURE_VARIANT_ADD(bad_list, empty_item) {
	.list = "6.9,,6.6.30",
	.bad = "",
};

FIXTURE_VARIANT_ADD(bad_list, leading_comma) {
	.list = ",6.9",
	.bad = "",
};

FIXTURE_VARIANT_ADD(bad_list, trailing_comma) {
	.list = "6.9,",
	.bad = "",
};

FIXTURE_VARIANT_ADD(bad_list, empty) {
	.list = "",
	.bad = "",
};

FIXTURE_VARIANT_ADD(bad_list, space) {
	.list = "6.9 ,6.6",
	.bad = "6.9 ",
};

FIXTURE_VARIANT_ADD(bad_list, rc0) {
	.list = "6.9-rc0",
	.bad = "6.9-rc0",
};

FIXTURE_VARIANT_ADD(bad_list, stable_rc) {
	.list = "6.6.30-rc1",
	.bad = "6.6.30-rc1",
};

TEST_F(bad_list, names_the_item)
{
	struct kver_list l;
	char *bad = NULL;

	ASSERT_EQ(-1, kver_list_parse(variant->list, &l, &bad)) {
		TH_LOG("'%s' parsed as a list", variant->list);
	}
	ASSERT_NE(NULL, bad);
	EXPECT_STREQ(variant->bad, bad);
	free(bad);
}

TEST(linux_next_and_patched_kernels_are_apart_from_upstream)
{
	static const struct { const char *release; enum kernel_line line; } t[] = {
		{ "6.15.0", KLINE_UPSTREAM },
		{ "6.15.0-rc2", KLINE_UPSTREAM },
		{ "6.1.0-57-amd64", KLINE_UPSTREAM },
		{ "6.12.118+deb12-amd64", KLINE_UPSTREAM },
		{ "6.18.44-fc-v1300", KLINE_UPSTREAM },
		{ "6.4.6-200.fc38.x86_64", KLINE_UPSTREAM },
		{ "5.4.230+", KLINE_UPSTREAM },
		{ "6.5.0-rc3-next-20230725", KLINE_NEXT },
		{ "6.3.0-next-20230426", KLINE_NEXT },
		{ "6.6.0-rc4-next-20231006+", KLINE_NEXT },
		{ "6.6.0-rc4-dagmcr-lbs-shmem-write-v6.6-rc4", KLINE_PATCHED },
		{ "6.5.0-rc7-large-block-20230825+", KLINE_PATCHED },
		{ "6.15.0-rc2-g57265e6ac675", KLINE_PATCHED },
		{ "6.15.0-rc2-00006-g89e084d709fc", KLINE_PATCHED },
		{ "6.9.0-rc6+", KLINE_PATCHED },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(t); i++)
		EXPECT_EQ(t[i].line, kernel_line(t[i].release))
			TH_LOG("case %zu", i);
}

/* series=V ends where V's series does: x.(y+1)-rc1, before x+1.0 */
TEST(series_end_is_the_next_rc1)
{
	static const char *const cases[][2] = {
		{ "6.6-rc5", "6.7-rc1" }, { "6.6", "6.7-rc1" },
		{ "6.6.30", "6.7-rc1" }, { "4.19.17", "4.20-rc1" },
		{ "4.20.1", "4.21-rc1" }, { "5.0-rc1", "5.1-rc1" },
	};
	struct kver v, end, last, next;
	char buf[48];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		ASSERT_EQ(0, kver_parse(cases[i][0], &v));
		end = kver_series_end(&v);
		EXPECT_STREQ(cases[i][1], kver_str(&end, buf));
		/* every release of the series is before it */
		last = (struct kver){ v.major, v.minor, 999, 0 };
		EXPECT_LT(kver_cmp(&last, &end), 0);
	}
	/* 4.20.y's end comes before 5.0-rc1 */
	ASSERT_EQ(0, kver_parse("4.20", &v));
	end = kver_series_end(&v);
	ASSERT_EQ(0, kver_parse("5.0-rc1", &next));
	EXPECT_LT(kver_cmp(&end, &next), 0);
}

TEST_HARNESS_MAIN
