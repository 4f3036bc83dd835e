// SPDX-License-Identifier: GPL-2.0
/* Tests of select.c: which entries apply to a kernel and a section. */
#include <pthread.h>

#include "kselftest_harness.h"

#include "entries/entry.h"
#include "kernel/kernel.h"
#include "entries/select.h"
#include "test-util.h"

struct sel {
	struct kernel_opts o;
	struct kernel k;
	struct dataset ds;
	struct diag d;
	struct selector s;
	char *err;
	int init;	/* what selector_init returned */
};

/* Data text and a kernel (release, config file or NULL) to select with */
static void sel_open(struct sel *x, const char *text, const char *release,
		     const char *config)
{
	memset(x, 0, sizeof(*x));
	x->o.release = release;
	x->o.config = config;
	if (kernel_identify(&x->o, &x->k, &x->err))
		abort();
	if (data_parse(&x->ds, "sel.expunge", text, strlen(text), &x->d))
		abort();
	x->init = selector_init(&x->s, &x->ds, &x->k, &x->d, &x->err);
}

static void sel_close(struct sel *x)
{
	selector_free(&x->s);
	dataset_free(&x->ds);
	diag_free(&x->d);
	kernel_free(&x->k);
	free(x->err);
}

static enum verdict check_one(const char *line, const char *release,
			      const char *section)
{
	struct sel x;
	enum verdict v;

	sel_open(&x, line, release, NULL);
	if (x.init || x.ds.n != 1)
		abort();
	v = selector_check(&x.s, 0, section, NULL);
	sel_close(&x);
	return v;
}

/*
 * Which sections an entry applies to, a case a variant: glob_* for
 * section=*1k*,ext4_4k (a glob is matched whole, not as a substring;
 * case does not tell configurations apart), class_* for bracket
 * classes and '?', and entries read without a section (an entry for
 * some sections needs one, one for all or only "!" sections does not).
 */
#define E_GLOBS		"generic/388 flaky section=*1k*,ext4_4k # x"
#define E_CLASSES	"generic/388 flaky section=ext4_[14]k,x?z,[!a]b # x"

FIXTURE(section_rule) {
};

FIXTURE_SETUP(section_rule)
{
}

FIXTURE_TEARDOWN(section_rule)
{
}

FIXTURE_VARIANT(section_rule) {
	const char *entry;
	const char *section;	/* NULL: none given */
	enum verdict want;
};

FIXTURE_VARIANT_ADD(section_rule, glob_ext4_1k) {
	.entry = E_GLOBS,
	.section = "ext4_1k",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, glob_1k) {
	.entry = E_GLOBS,
	.section = "1k",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, glob_ext4_1k_quota) {
	.entry = E_GLOBS,
	.section = "ext4_1k_quota",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, glob_ext4_4k) {
	.entry = E_GLOBS,
	.section = "ext4_4k",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, glob_ext4_4k_dax) {
	.entry = E_GLOBS,
	.section = "ext4_4k_dax",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, glob_xext4_4k) {
	.entry = E_GLOBS,
	.section = "xext4_4k",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, glob_ext4_2k) {
	.entry = E_GLOBS,
	.section = "ext4_2k",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, glob_EXT4_1K) {
	.entry = E_GLOBS,
	.section = "EXT4_1K",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, glob_EXT4_2K) {
	.entry = E_GLOBS,
	.section = "EXT4_2K",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, class_ext4_1k) {
	.entry = E_CLASSES,
	.section = "ext4_1k",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, class_ext4_4k) {
	.entry = E_CLASSES,
	.section = "ext4_4k",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, class_ext4_2k) {
	.entry = E_CLASSES,
	.section = "ext4_2k",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, class_xyz) {
	.entry = E_CLASSES,
	.section = "xyz",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, class_xz) {
	.entry = E_CLASSES,
	.section = "xz",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, class_bb) {
	.entry = E_CLASSES,
	.section = "bb",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, class_ab) {
	.entry = E_CLASSES,
	.section = "ab",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, some_sections_none) {
	.entry = "generic/388 flaky section=* # x",
	.want = NEEDS_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, every_section_none) {
	.entry = "generic/388 flaky # x",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, every_section_any) {
	.entry = "generic/388 flaky # x",
	.section = "any",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, not_dax_none) {
	.entry = "group:dax expunge section=!dax # x",
	.want = APPLIES,
};

FIXTURE_VARIANT_ADD(section_rule, not_dax_dax) {
	.entry = "group:dax expunge section=!dax # x",
	.section = "dax",
	.want = NOT_SECTION,
};

FIXTURE_VARIANT_ADD(section_rule, not_dax_but_4k_none) {
	.entry = "group:dax expunge section=!dax,4k # x",
	.want = NEEDS_SECTION,
};

TEST_F(section_rule, verdict)
{
	EXPECT_EQ(variant->want,
		  check_one(variant->entry, "6.8", variant->section)) {
		TH_LOG("'%s' in section %s", variant->entry,
		       variant->section ?: "(none)");
	}
}

/*
 * xfstests-bld says 4k or ext4/4k, kdevops ext4_4k: one section. A
 * section= list of another harness's names, a case a variant: bld_*
 * (section=4k), kdev_* (xfs_reflink_1024), not_dax_* (every section but
 * the ones named with '!'), mixed_* (*k but not 1k).
 */
FIXTURE(section_name) {
};

FIXTURE_SETUP(section_name)
{
}

FIXTURE_TEARDOWN(section_name)
{
}

FIXTURE_VARIANT(section_name) {
	char *const list[3];	/* NULL-terminated */
	const char *fs, *section;
	bool matches;
};

FIXTURE_VARIANT_ADD(section_name, bld_ext4_4k) {
	.list = { "4k" },
	.fs = "ext4",
	.section = "4k",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, bld_ext4_ext4_4k) {
	.list = { "4k" },
	.fs = "ext4",
	.section = "ext4_4k",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, bld_ext4_ext4_dir_4k) {
	.list = { "4k" },
	.fs = "ext4",
	.section = "ext4/4k",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, bld_ext4_xfs_4k) {
	.list = { "4k" },
	.fs = "ext4",
	.section = "xfs_4k",
	.matches = false,
};

FIXTURE_VARIANT_ADD(section_name, bld_ext4_ext4_4k_dax) {
	.list = { "4k" },
	.fs = "ext4",
	.section = "ext4_4k_dax",
	.matches = false,
};

FIXTURE_VARIANT_ADD(section_name, kdev_xfs_xfs_reflink_1024) {
	.list = { "xfs_reflink_1024" },
	.fs = "xfs",
	.section = "xfs_reflink_1024",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, kdev_xfs_reflink_1024) {
	.list = { "xfs_reflink_1024" },
	.fs = "xfs",
	.section = "reflink_1024",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, kdev_xfs_xfs_dir_reflink_1024) {
	.list = { "xfs_reflink_1024" },
	.fs = "xfs",
	.section = "xfs/reflink_1024",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, kdev_ext4_reflink_1024) {
	.list = { "xfs_reflink_1024" },
	.fs = "ext4",
	.section = "reflink_1024",
	.matches = false,
};

FIXTURE_VARIANT_ADD(section_name, not_dax_ext4_4k) {
	.list = { "!dax" },
	.fs = "ext4",
	.section = "4k",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, not_dax_ext4_dax) {
	.list = { "!dax" },
	.fs = "ext4",
	.section = "dax",
	.matches = false,
};

FIXTURE_VARIANT_ADD(section_name, not_dax_ext4_ext4_dax) {
	.list = { "!dax" },
	.fs = "ext4",
	.section = "ext4_dax",
	.matches = false,
};

FIXTURE_VARIANT_ADD(section_name, not_dax_xfs_xfs_dir_dax) {
	.list = { "!dax" },
	.fs = "xfs",
	.section = "xfs/dax",
	.matches = false,
};

FIXTURE_VARIANT_ADD(section_name, not_dax_ext4_xfs_dax) {
	.list = { "!dax" },
	.fs = "ext4",
	.section = "xfs_dax",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, mixed_ext4_ext4_4k) {
	.list = { "*k", "!1k" },
	.fs = "ext4",
	.section = "ext4_4k",
	.matches = true,
};

FIXTURE_VARIANT_ADD(section_name, mixed_ext4_ext4_1k) {
	.list = { "*k", "!1k" },
	.fs = "ext4",
	.section = "ext4_1k",
	.matches = false,
};

FIXTURE_VARIANT_ADD(section_name, mixed_ext4_dax) {
	.list = { "*k", "!1k" },
	.fs = "ext4",
	.section = "dax",
	.matches = false,
};

TEST_F(section_name, matches)
{
	EXPECT_EQ(variant->matches,
		  section_matches(variant->list, variant->fs, variant->section)) {
		TH_LOG("section=%s... on %s, section %s", variant->list[0],
		       variant->fs, variant->section);
	}
}

TEST(since_and_fixed_per_entry)
{
	const char *e = "generic/743 fail since=6.6.12,6.7 fixed=6.6.30,6.9 # x";

	EXPECT_EQ(NOT_SINCE, check_one(e, "6.6.11", NULL));
	EXPECT_EQ(APPLIES, check_one(e, "6.6.12", NULL));
	EXPECT_EQ(NOT_FIXED, check_one(e, "6.6.30", NULL));
	EXPECT_EQ(APPLIES, check_one(e, "6.8.12", NULL));
	EXPECT_EQ(APPLIES, check_one(e, "6.9.0-rc7", NULL));
	EXPECT_EQ(NOT_FIXED, check_one(e, "6.9.0", NULL));
	EXPECT_EQ(NOT_SINCE, check_one(e, "6.1.0-28-amd64", NULL));
	/* the release's upstream version decides: Fedora's 6.6.31 is fixed */
	EXPECT_EQ(NOT_FIXED, check_one(e, "6.6.31-100.fc38.x86_64", NULL));
	/* the section is checked before the versions */
	EXPECT_EQ(NOT_SECTION,
		  check_one("generic/1 fail section=a fixed=6.1 # x", "6.9", "b"));
}

/*
 * series=V applies from V to the end of V's series, as since=V
 * until=X.(Y+1)-rc1 does: at V, not the -rc before it, at the last
 * release of the series, not at the next series' -rc1 nor, after
 * X.19 or 4.20, at the next major's
 */
TEST(series_applies_from_v_to_the_end_of_its_series)
{
	static const struct {
		const char *series, *release;
		enum verdict v;
	} cases[] = {
		{ "6.6-rc5", "6.6.0-rc4", NOT_SINCE },
		{ "6.6-rc5", "6.6.0-rc5", APPLIES },
		{ "6.6-rc5", "6.6.0", APPLIES },
		{ "6.6-rc5", "6.6.150", APPLIES },
		{ "6.6-rc5", "6.7.0-rc1", NOT_UNTIL },
		{ "6.6-rc5", "6.7.0", NOT_UNTIL },
		{ "6.6-rc5", "6.1.150", NOT_SINCE },
		{ "6.1.42", "6.1.41", NOT_SINCE },
		{ "6.1.42", "6.1.42", APPLIES },
		{ "6.1.42", "6.1.200", APPLIES },
		/* a stable since= says nothing of other series */
		{ "6.1.42", "6.2.0-rc1", NOT_SINCE },
		{ "6.1.42", "6.6.100", NOT_SINCE },
		{ "6.1.42", "5.15.100", NOT_SINCE },
		{ "4.19", "4.19.325", APPLIES },
		{ "4.19", "4.20.0-rc1", NOT_UNTIL },
		{ "4.19", "5.0.0", NOT_UNTIL },
		{ "4.20", "4.20.0-rc7", NOT_SINCE },
		{ "4.20", "4.20.17", APPLIES },
		{ "4.20", "5.0.0-rc1", NOT_UNTIL },
		{ "4.20", "5.0.0", NOT_UNTIL },
		{ "5.19", "5.19.17", APPLIES },
		{ "5.19", "6.0.0-rc1", NOT_UNTIL },
	};
	char *a, *b;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct kver v, end;
		char buf[48];

		ASSERT_EQ(0, kver_parse(cases[i].series, &v));
		end = kver_series_end(&v);
		if (asprintf(&a, "generic/1 fail series=%s # x\n",
			     cases[i].series) < 0 ||
		    asprintf(&b, "generic/1 fail since=%s until=%s # x\n",
			     cases[i].series, kver_str(&end, buf)) < 0)
			abort();
		EXPECT_EQ(cases[i].v, check_one(a, cases[i].release, NULL))
			TH_LOG("series=%s on %s", cases[i].series,
			       cases[i].release);
		EXPECT_EQ(cases[i].v, check_one(b, cases[i].release, NULL));
		free(a);
		free(b);
	}
}

/* --explain says series= for a line written so */
TEST(why_says_series)
{
	struct sel x;
	struct strbuf why = { 0 };

	sel_open(&x, "generic/1 fail series=6.6-rc5 # x\n", "6.6.0-rc4", NULL);
	ASSERT_EQ(0, x.init);
	EXPECT_EQ(NOT_SINCE, selector_check(&x.s, 0, NULL, &why));
	EXPECT_STREQ("6.6-rc4 is before series=6.6-rc5", why.buf);
	sb_free(&why);
	sel_close(&x);
	sel_open(&x, "generic/1 fail series=6.6-rc5 # x\n", "6.7", NULL);
	ASSERT_EQ(0, x.init);
	EXPECT_EQ(NOT_UNTIL, selector_check(&x.s, 0, NULL, &why));
	EXPECT_NE(NULL, strstr(why.buf, "after the 6.6.y series, nothing known"));
	EXPECT_NE(NULL, strstr(why.buf, "(series=6.6-rc5; kernel 6.7)"));
	sb_free(&why);
	sel_close(&x);
}

TEST(why_says_what_decided)
{
	struct sel x;
	struct strbuf why = { 0 };

	sel_open(&x, "ext4/032 fail fixed=6.9,6.6.30,6.1.90 fixed-by=0123456789ab\n"
		 "generic/388 flaky section=*1k* # x\n"
		 "generic/743 fail since=6.7 # x\n",
		 "6.6.31", NULL);
	ASSERT_EQ(0, x.init);
	EXPECT_EQ(NOT_FIXED, selector_check(&x.s, 0, "s1", &why));
	EXPECT_STREQ("fixed in 6.6.30 (kernel 6.6.31)", why.buf);
	sb_free(&why);
	EXPECT_EQ(NOT_SECTION, selector_check(&x.s, 1, "ext4_4k", &why));
	EXPECT_STREQ("section ext4_4k is not *1k*", why.buf);
	sb_free(&why);
	EXPECT_EQ(NEEDS_SECTION, selector_check(&x.s, 1, NULL, &why));
	EXPECT_NE(NULL, strstr(why.buf, "no --section given"));
	sb_free(&why);
	EXPECT_EQ(NOT_SINCE, selector_check(&x.s, 2, NULL, &why));
	EXPECT_STREQ("6.6.31 is before since=6.7", why.buf);
	sb_free(&why);
	sel_close(&x);
}

TEST(conditions_with_a_config)
{
	static const char text[] =
		"generic/470 expunge section=*dax* if FS_DAX && !EXT4_FS_SECURITY # a\n"
		"generic/413 expunge section=*dax* if !FS_DAX # b\n"
		"generic/001 fail if EXT4_FS # module counts\n"
		"generic/002 fail if EXT4_FS = y # built in only\n"
		"generic/003 fail # no condition\n";
	struct sel x;
	struct strbuf why = { 0 };

	sel_open(&x, text, "6.12.9", FIXTURE_PATH("config-dax"));
	ASSERT_EQ(0, x.init) {
		TH_LOG("%s", x.err);
	}
	EXPECT_EQ(0, x.d.msgs.n);
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, "ext4_dax", NULL));
	EXPECT_EQ(NOT_COND, selector_check(&x.s, 1, "ext4_dax", &why));
	EXPECT_STREQ("if !FS_DAX: n", why.buf);
	sb_free(&why);
	/* EXT4_FS=m: the entry applies, as m does for def_bool */
	EXPECT_EQ(APPLIES, selector_check(&x.s, 2, NULL, &why));
	EXPECT_NE(NULL, strstr(why.buf, "if EXT4_FS: m"));
	sb_free(&why);
	EXPECT_EQ(NOT_COND, selector_check(&x.s, 3, NULL, NULL));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 4, NULL, NULL));
	sel_close(&x);

	sel_open(&x, text, "6.12.9", FIXTURE_PATH("config-nodax"));
	ASSERT_EQ(0, x.init);
	EXPECT_EQ(NOT_COND, selector_check(&x.s, 0, "ext4_dax", NULL));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 1, "ext4_dax", NULL));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 2, NULL, NULL));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 3, NULL, NULL));
	sel_close(&x);
}

TEST(conditions_need_a_config)
{
	struct sel x;

	sel_open(&x, "generic/470 expunge if FS_DAX # a\n",
		 "0.1.2-no-such-kernel", NULL);
	EXPECT_EQ(-1, x.init);
	ASSERT_NE(NULL, x.err);
	EXPECT_NE(NULL, strstr(x.err, "/boot/config-0.1.2-no-such-kernel"));
	EXPECT_NE(NULL, strstr(x.err, "--config"));
	sel_close(&x);

	/* no condition in the data: no config needed */
	sel_open(&x, "generic/470 expunge # a\n", "0.1.2-no-such-kernel", NULL);
	EXPECT_EQ(0, x.init);
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	sel_close(&x);
}

static int forks;

static void count_fork(void)
{
	forks++;
}

/* Entries a line each, every third with one of three conditions. */
static char *many_entries(int n, bool conds)
{
	static const char *const cond[] = {
		" if FS_DAX", " if !FS_DAX && EXT4_FS", " if EXT4_FS = y",
	};
	struct strbuf sb = { 0 };
	int i;

	for (i = 0; i < n; i++)
		sb_printf(&sb, "generic/%03d fail%s # entry %d\n", i % 1000,
			  conds && i % 3 == 0 ? cond[i / 3 % 3] : "", i);
	return sb.buf;
}

/*
 * kconfig runs in a child: once for all the data's conditions, and not
 * at all when it has none, however many entries there are.
 */
TEST(one_child_for_every_condition_none_without)
{
	char *none = many_entries(14000, false), *some = many_entries(3000, true);
	struct sel x;

	pthread_atfork(count_fork, NULL, NULL);
	forks = 0;
	sel_open(&x, none, "6.12.9", FIXTURE_PATH("config-dax"));
	EXPECT_EQ(0, x.init);
	EXPECT_EQ(14000, x.ds.n);
	sel_close(&x);
	EXPECT_EQ(0, forks);

	sel_open(&x, some, "6.12.9", FIXTURE_PATH("config-dax"));
	ASSERT_EQ(0, x.init) {
		TH_LOG("%s", x.err);
	}
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	EXPECT_EQ(NOT_COND, selector_check(&x.s, 3, NULL, NULL));
	sel_close(&x);
	EXPECT_EQ(1, forks);
	free(none);
	free(some);
}

TEST(bad_condition_named_by_line)
{
	struct sel x;

	sel_open(&x, "generic/001 fail if FS_DAX # a\n"
		 "generic/002 fail # b\n"
		 "generic/003 fail if FS_DAX && && X # c\n",
		 "6.12.9", FIXTURE_PATH("config-dax"));
	ASSERT_EQ(0, x.init);
	ASSERT_EQ(1, x.d.errors);
	EXPECT_TRUE(str_starts(x.d.msgs.v[0], "sel.expunge:3: error: if FS_DAX && && X: "));
	EXPECT_NE(NULL, strstr(x.d.msgs.v[0], "syntax error"));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	/* a condition that cannot be read never holds */
	EXPECT_EQ(NOT_COND, selector_check(&x.s, 2, NULL, NULL));
	sel_close(&x);
}

TEST(merge_entries_of_one_test)
{
	static const char text[] =
		"generic/001 flaky retries=5 # a\n"
		"generic/001 fail section=f # b\n"
		"generic/001 flaky retries=7 section=x,f # c\n"
		"generic/001 expunge section=y # d\n"
		"generic/002 flaky # e\n"
		"generic/000 fail section=y # f\n";
	const struct applied *a;
	struct applied_set set;
	struct sel x;

	sel_open(&x, text, "6.8", NULL);
	ASSERT_EQ(0, x.init);

	select_section(&x.s, NULL, &set);
	ASSERT_EQ(2, set.n);
	a = applied_find(&set, "generic/001");
	ASSERT_NE(NULL, a);
	EXPECT_EQ(KIND_FLAKY, a->kind);
	EXPECT_EQ(5, a->retries);
	EXPECT_EQ(1, a->entry->line);
	a = applied_find(&set, "generic/002");
	ASSERT_NE(NULL, a);
	EXPECT_EQ(DEFAULT_RETRIES, a->retries);
	EXPECT_EQ(NULL, applied_find(&set, "generic/000"));
	EXPECT_EQ(NULL, applied_find(&set, "generic/00"));
	applied_free(&set);

	/* flaky twice: the most retries */
	select_section(&x.s, "x", &set);
	a = applied_find(&set, "generic/001");
	ASSERT_NE(NULL, a);
	EXPECT_EQ(KIND_FLAKY, a->kind);
	EXPECT_EQ(7, a->retries);
	applied_free(&set);

	/* fail beats flaky */
	select_section(&x.s, "f", &set);
	a = applied_find(&set, "generic/001");
	ASSERT_NE(NULL, a);
	EXPECT_EQ(KIND_FAIL, a->kind);
	EXPECT_EQ(2, a->entry->line);
	applied_free(&set);

	/* expunge beats everything */
	select_section(&x.s, "y", &set);
	ASSERT_EQ(3, set.n);
	EXPECT_STREQ("generic/000", set.a[0].test);
	EXPECT_STREQ("generic/001", set.a[1].test);
	EXPECT_STREQ("generic/002", set.a[2].test);
	EXPECT_EQ(KIND_EXPUNGE, set.a[1].kind);
	EXPECT_EQ(4, set.a[1].entry->line);
	applied_free(&set);
	sel_close(&x);
}

TEST(merge_order_does_not_matter)
{
	static const char *const orders[] = {
		"generic/001 expunge # a\ngeneric/001 fail # b\ngeneric/001 flaky retries=9 # c\n",
		"generic/001 flaky retries=9 # c\ngeneric/001 fail # b\ngeneric/001 expunge # a\n",
		"generic/001 fail # b\ngeneric/001 flaky retries=9 # c\ngeneric/001 expunge # a\n",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(orders); i++) {
		struct applied_set set;
		struct sel x;

		sel_open(&x, orders[i], "6.8", NULL);
		select_section(&x.s, NULL, &set);
		ASSERT_EQ(1, set.n);
		EXPECT_EQ(KIND_EXPUNGE, set.a[0].kind);
		EXPECT_STREQ("a", set.a[0].entry->comment);
		EXPECT_EQ(9, set.a[0].retries);
		applied_free(&set);
		sel_close(&x);
	}
}

TEST(many_tests_sorted_and_found)
{
	struct strbuf text = { 0 };
	struct applied_set set;
	struct sel x;
	size_t i;

	/* written in reverse order, with a gap at every third */
	for (i = 600; i-- > 0;) {
		if (i % 3)
			sb_printf(&text, "generic/%03zu fail # r\n", i);
	}
	sel_open(&x, text.buf, "6.8", NULL);
	select_section(&x.s, NULL, &set);
	ASSERT_EQ(400, set.n);
	for (i = 1; i < set.n; i++)
		EXPECT_LT(strcmp(set.a[i - 1].test, set.a[i].test), 0);
	for (i = 0; i < 600; i++) {
		char name[32];

		snprintf(name, sizeof(name), "generic/%03zu", i);
		EXPECT_EQ(i % 3 != 0, !!applied_find(&set, name));
	}
	applied_free(&set);
	sel_close(&x);
	sb_free(&text);
}

TEST(nothing_applies)
{
	struct applied_set set;
	struct sel x;

	sel_open(&x, "", "6.8", NULL);
	select_section(&x.s, "s", &set);
	EXPECT_EQ(0, set.n);
	EXPECT_EQ(NULL, applied_find(&set, "generic/001"));
	applied_free(&set);
	sel_close(&x);
}

TEST(describe_entry)
{
	struct strbuf sb = { 0 };
	struct sel x;

	sel_open(&x, "generic/388 flaky retries=5 bug=https://b/1 # races\n"
		 "ext4/032 fail fixed-by=0123456789ab,abcdef1\n",
		 "6.8", NULL);
	entry_describe(&x.ds.entries[0], &sb);
	EXPECT_STREQ("flaky (retries 5): races https://b/1 (sel.expunge:1)",
		     sb.buf);
	sb_free(&sb);
	entry_describe(&x.ds.entries[1], &sb);
	EXPECT_STREQ("fail fixed-by 0123456789ab,abcdef1 (sel.expunge:2)",
		     sb.buf);
	sb_free(&sb);
	sel_close(&x);
}

TEST_HARNESS_MAIN
