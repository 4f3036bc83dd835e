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

/* The example of the data format: fixed=6.9,6.6.30,6.1.90 */
TEST(fixed_list_design_example)
{
	static const char *const applies[] = {
		"6.8.12", "6.6.29", "6.1.89", "5.15.160", "6.9-rc7",
	};
	static const char *const fixed[] = {
		"6.10", "6.9", "6.6.30", "6.1.95",
	};
	const char *list = "6.9,6.6.30,6.1.90";
	size_t i;

	for (i = 0; i < ARRAY_SIZE(applies); i++) {
		EXPECT_EQ(1, fixed_applies(list, applies[i])) {
			TH_LOG("fixed=%s should apply to %s", list, applies[i]);
		}
	}
	for (i = 0; i < ARRAY_SIZE(fixed); i++) {
		EXPECT_EQ(0, fixed_applies(list, fixed[i])) {
			TH_LOG("fixed=%s should not apply to %s", list, fixed[i]);
		}
	}
}

TEST(fixed_list_other_series)
{
	/* A stable version only speaks for its own series */
	EXPECT_EQ(1, fixed_applies("6.6.30", "6.7"));
	EXPECT_EQ(1, fixed_applies("6.6.30", "6.7.5"));
	EXPECT_EQ(1, fixed_applies("6.6.30", "6.1.200"));
	EXPECT_EQ(1, fixed_applies("6.6.30", "6.6"));
	EXPECT_EQ(0, fixed_applies("6.6.30", "6.6.31"));
	/* but a mainline version holds for every later kernel */
	EXPECT_EQ(0, fixed_applies("6.6", "6.7.1"));
	EXPECT_EQ(0, fixed_applies("6.6", "6.6.1"));
	EXPECT_EQ(1, fixed_applies("6.6", "6.5.13"));
}

TEST(fixed_at_rc)
{
	EXPECT_EQ(1, fixed_applies("6.9-rc3", "6.9-rc2"));
	EXPECT_EQ(0, fixed_applies("6.9-rc3", "6.9-rc3"));
	EXPECT_EQ(0, fixed_applies("6.9-rc3", "6.9-rc10"));
	EXPECT_EQ(0, fixed_applies("6.9-rc3", "6.9"));
	EXPECT_EQ(0, fixed_applies("6.9-rc3", "6.9.4"));
	EXPECT_EQ(1, fixed_applies("6.9-rc3", "6.8.30"));
}

TEST(since_list)
{
	/* since=6.6.12,6.7 fixed=6.6.30,6.9 from the data format */
	const char *s = "6.6.12,6.7", *f = "6.6.30,6.9";

	EXPECT_EQ(0, both_apply(s, f, "6.6.11"));
	EXPECT_EQ(1, both_apply(s, f, "6.6.12"));
	EXPECT_EQ(1, both_apply(s, f, "6.6.29"));
	EXPECT_EQ(0, both_apply(s, f, "6.6.30"));
	EXPECT_EQ(0, both_apply(s, f, "6.7-rc1"));
	EXPECT_EQ(1, both_apply(s, f, "6.7"));
	EXPECT_EQ(1, both_apply(s, f, "6.8.12"));
	EXPECT_EQ(1, both_apply(s, f, "6.9-rc7"));
	EXPECT_EQ(0, both_apply(s, f, "6.9"));
	EXPECT_EQ(0, both_apply(s, f, "6.1.119"));
	EXPECT_EQ(0, both_apply(s, f, "6.6"));
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

TEST(list_parse_names_bad_item)
{
	static const char *const lists[][2] = {
		{ "6.9,6.x", "6.x" },
		{ "6.9,,6.6.30", "" },
		{ ",6.9", "" },
		{ "6.9,", "" },
		{ "", "" },
		{ "6.9 ,6.6", "6.9 " },
		{ "6.9-rc0", "6.9-rc0" },
		{ "6.6.30-rc1", "6.6.30-rc1" },
	};
	struct kver_list l;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lists); i++) {
		char *bad = NULL;

		ASSERT_EQ(-1, kver_list_parse(lists[i][0], &l, &bad)) {
			TH_LOG("'%s' parsed as a list", lists[i][0]);
		}
		ASSERT_NE(NULL, bad);
		EXPECT_STREQ(lists[i][1], bad);
		free(bad);
	}
}

TEST_HARNESS_MAIN
