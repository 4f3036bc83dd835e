// SPDX-License-Identifier: GPL-2.0
/*
 * import --from kdevops: per-kernel lists as version ranges, checked by
 * what the lines select (parsed, and evaluated at kernels), not by text.
 */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "entries/entry-format.h"
#include "entries/entry.h"
#include "import/import.h"
#include "import/kdevops.h"
#include "tmpdir-fixture.h"

#define FIXTURE_TREE SRCDIR "/tests/fixtures/kdevops"
#define EXP_REL "workflows/fstests/expunges"
#define EXP "/" EXP_REL

/* The lines of r, parsed as one data file */
static void parse_lines(const struct import_result *r, struct dataset *ds)
{
	struct strbuf sb = { 0 };
	struct diag d = { 0 };
	size_t i;

	for (i = 0; i < r->n; i++)
		sb_printf(&sb, "%s\n", r->lines[i].text);
	if (data_parse(ds, "imported", sb.buf ? sb.buf : "", sb.len, &d))
		diag_print(&d);
	diag_free(&d);
	sb_free(&sb);
}

/* The entry for test that applies at release rel and section sec */
static const struct entry *applies(const struct dataset *ds,
				   const char *test, const char *rel,
				   const char *sec)
{
	struct kver k;
	size_t i;
	char **s;

	if (kver_parse_prefix(rel, &k, NULL))
		return NULL;
	for (i = 0; i < ds->n; i++) {
		const struct entry *e = &ds->entries[i];
		bool in = !e->sections;

		for (s = e->sections; s && *s; s++)
			in |= !fnmatch(*s, sec, 0);
		if (strcmp(e->test, test) || !in)
			continue;
		if (e->has_since && !kver_list_matches(&e->since, &k, NULL))
			continue;
		if (e->has_fixed && kver_list_matches(&e->fixed, &k, NULL))
			continue;
		if (e->has_until && kver_list_matches(&e->until, &k, NULL))
			continue;
		/* env=NAME: only when a run states it; none is stated here */
		if (e->env && e->env[0][0] != '!')
			continue;
		return e;
	}
	return NULL;
}

static bool skipped(const struct import_result *r, const char *tail,
		    const char *why)
{
	size_t i, n = strlen(tail);

	for (i = 0; i < r->nskips; i++) {
		size_t m = strlen(r->skips[i].origin);

		if (m >= n && !strcmp(r->skips[i].origin + m - n, tail) &&
		    strstr(r->skips[i].why, why))
			return true;
	}
	return false;
}

FIXTURE(kd) {
	struct import_result r;
	struct dataset ds;
};

FIXTURE_SETUP(kd)
{
	struct strlist fs = { 0 };

	memset(&self->r, 0, sizeof(self->r));
	memset(&self->ds, 0, sizeof(self->ds));
	ASSERT_EQ(0, import_kdevops(FIXTURE_TREE, &fs, &self->r));
	parse_lines(&self->r, &self->ds);
	ASSERT_EQ(self->r.n, self->ds.n);
}

FIXTURE_TEARDOWN(kd)
{
	dataset_free(&self->ds);
	import_result_free(&self->r);
}

TEST_F(kd, a_range_ends_at_the_next_tested_kernel_of_its_series)
{
	/* generic/001: listed at 6.1-rc6 (and 6.1.11, a link), not 6.1.42 */
	EXPECT_TRUE(!!applies(&self->ds, "generic/001", "6.1.0-rc6", "x"));
	EXPECT_TRUE(!!applies(&self->ds, "generic/001", "6.1.11", "x"));
	EXPECT_TRUE(!!applies(&self->ds, "generic/001", "6.1.30", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "generic/001", "6.1.42", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "generic/001", "6.1.90", "x"));
	/* other series were not tested: nothing said there */
	EXPECT_FALSE(!!applies(&self->ds, "generic/001", "6.0.9", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "generic/001", "6.2", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "generic/001", "6.6.3", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "generic/001", "6.1.0-rc5", "x"));
}

/* The end of a range is where the lists stop saying: no claimed fix */
TEST_F(kd, a_range_ends_with_until_and_says_where_it_was_seen)
{
	const struct entry *e = applies(&self->ds, "generic/001", "6.1.30",
					"x");
	char buf[48];

	ASSERT_TRUE(!!e);
	EXPECT_FALSE(e->has_fixed);
	ASSERT_TRUE(e->has_until);
	EXPECT_STREQ("6.1.42", kver_str(&e->until.v[0], buf));
	/* the newest listing kernel of the series, and its list */
	ASSERT_TRUE(e->has_seen);
	EXPECT_STREQ("6.1.11", kver_str(&e->seen.v[e->seen.n - 1], buf));
	ASSERT_TRUE(!!e->from);
	/* the directory's list: kdevops, its kernel in seen= */
	EXPECT_STREQ("kdevops", e->from[0]);
	EXPECT_EQ(NULL, e->from[1]);
	/* no comment, no cause: none said, the keys say where and when */
	EXPECT_EQ(NULL, e->comment);
	EXPECT_EQ(CAUSE_UNTRIAGED, e->cause);
}

/*
 * Each line in the one key order every writer uses (that of compaction):
 * a re-import compacted again is no diff. The fixture's lines have both
 * from= and seen=: the order is tried.
 */
TEST_F(kd, lines_come_in_the_writers_key_order)
{
	size_t i, both = 0;

	ASSERT_EQ(self->r.n, self->ds.n);
	for (i = 0; i < self->ds.n; i++) {
		const struct entry *e = &self->ds.entries[i];
		const char *t = self->r.lines[i].text;
		struct strbuf sb = { 0 };

		both += e->from && e->has_seen;
		EXPECT_FALSE(entry_line_canonical(e, t, strlen(t), &sb));
		EXPECT_STREQ(t, sb.buf);
		sb_free(&sb);
	}
	EXPECT_LT(0, both);
}

TEST_F(kd, a_range_still_open_holds_to_the_end_of_its_series_only)
{
	EXPECT_TRUE(!!applies(&self->ds, "generic/002", "6.1.42", "x"));
	EXPECT_TRUE(!!applies(&self->ds, "generic/002", "6.1.160", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "generic/002", "6.2-rc1", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "generic/002", "6.12", "x"));
	/* a stable start needs no end: since=6.1.42 is that series only */
	EXPECT_TRUE(!!applies(&self->ds, "xfs/200", "6.1.42+", "xfs_reflink"));
	EXPECT_FALSE(!!applies(&self->ds, "xfs/200", "6.1.41", "xfs_reflink"));
	EXPECT_FALSE(!!applies(&self->ds, "xfs/200", "6.6.50", "xfs_reflink"));
}

TEST_F(kd, a_section_with_no_list_at_a_kernel_was_not_tested_there)
{
	/* xfs_crc.txt is at 6.1-rc6 only: 6.1.42 says nothing about it */
	EXPECT_TRUE(!!applies(&self->ds, "xfs/100", "6.1.42", "xfs_crc"));
	EXPECT_TRUE(!!applies(&self->ds, "xfs/100", "6.1.0-rc6", "xfs_crc"));
	EXPECT_FALSE(!!applies(&self->ds, "xfs/100", "6.1.42", "xfs_reflink"));
}

TEST_F(kd, all_txt_is_every_section_a_section_list_only_its_own)
{
	const struct entry *e = applies(&self->ds, "generic/001", "6.1.11",
					"xfs_crc");

	ASSERT_TRUE(!!(e));
	EXPECT_FALSE(!!e->sections);
	e = applies(&self->ds, "xfs/200", "6.1.42", "xfs_reflink");
	ASSERT_TRUE(!!(e));
	ASSERT_TRUE(!!(e->sections));
	EXPECT_STREQ("xfs_reflink", e->sections[0]);
	EXPECT_FALSE(!!e->sections[1]);
	EXPECT_FALSE(!!applies(&self->ds, "xfs/200", "6.1.42", "xfs_crc"));
}

TEST_F(kd, failure_rates_make_flaky_entries_and_are_kept)
{
	const struct entry *e = applies(&self->ds, "generic/002", "6.1.42",
					"x");

	ASSERT_TRUE(!!(e));
	EXPECT_EQ(KIND_FLAKY, e->kind);
	ASSERT_TRUE(!!e->rate);
	EXPECT_STREQ("1/20", e->rate[0]);
	ASSERT_TRUE(!!e->rate[1]);
	EXPECT_STREQ("1/25", e->rate[1]);
	/* in rate=, not in the reason */
	EXPECT_FALSE(e->comment && strstr(e->comment, "F:1/20"));
	/* a hang is never run, whatever its rate */
	e = applies(&self->ds, "xfs/200", "6.1.42", "xfs_reflink");
	ASSERT_TRUE(!!(e));
	EXPECT_EQ(KIND_EXPUNGE, e->kind);
	e = applies(&self->ds, "generic/001", "6.1.11", "x");
	ASSERT_TRUE(!!(e));
	EXPECT_EQ(KIND_FAIL, e->kind);
	/* about one in five, written "F: ~1/5" */
	e = applies(&self->ds, "generic/510", "6.1.42", "x");
	ASSERT_TRUE(!!(e));
	EXPECT_EQ(KIND_FLAKY, e->kind);
	ASSERT_TRUE(!!e->rate);
	EXPECT_STREQ("1/5", e->rate[0]);
}

TEST_F(kd, a_word_inside_an_idiom_says_nothing)
{
	const struct entry *e = applies(&self->ds, "generic/509", "6.1.42",
					"x");

	/* "low-hanging fruit" is no hang: a failure, and why */
	ASSERT_TRUE(!!(e));
	EXPECT_EQ(KIND_FAIL, e->kind);
	ASSERT_TRUE(!!(e->comment));
	EXPECT_TRUE(str_starts(e->comment, "a device is busy (EBUSY)"));
	/* the words of a fix's subject say nothing of the failure */
	e = applies(&self->ds, "generic/511", "6.1.42", "x");
	ASSERT_TRUE(!!(e));
	EXPECT_EQ(KIND_FAIL, e->kind);
	EXPECT_TRUE(!!strstr(e->comment, "\"xfs: fix a quota warning on corruption\" in 5.19"));
	/* a subject is no commit: the release alone is no evidence */
	EXPECT_FALSE(e->has_fixed);
	/* "no panic" is not a crash: sitting there is a hang */
	e = applies(&self->ds, "generic/512", "6.1.42", "x");
	ASSERT_TRUE(!!(e));
	EXPECT_EQ(KIND_EXPUNGE, e->kind);
	EXPECT_TRUE(str_starts(e->comment, "hangs"));
}

TEST_F(kd, bug_references_become_bug_urls)
{
	const struct entry *e = applies(&self->ds, "generic/002", "6.1.42",
					"x");

	ASSERT_TRUE(!!(e && e->bug));
	EXPECT_STREQ("https://bugzilla.kernel.org/show_bug.cgi?id=218226",
		     e->bug);
	/* the other link is kept in the comment */
	EXPECT_TRUE(!!strstr(e->comment, "https://lore.kernel.org/fstests/abc"));
	e = applies(&self->ds, "generic/004", "4.19", "x");
	ASSERT_TRUE(!!(e && e->bug));
	EXPECT_STREQ("https://bugzilla.suse.com/show_bug.cgi?id=1085917",
		     e->bug);
}

TEST_F(kd, any_applies_to_every_kernel)
{
	EXPECT_TRUE(!!applies(&self->ds, "generic/004", "4.19.1", "x"));
	EXPECT_TRUE(!!applies(&self->ds, "generic/004", "6.18", "x"));
}

/* any/large-disk.txt: left out unless the run has a large scratch device */
TEST_F(kd, large_disk_lists_are_a_switch)
{
	const struct entry *e = applies(&self->ds, "generic/005", "6.6", "x");

	ASSERT_TRUE(!!(e && e->env));
	EXPECT_STREQ("!large-disk", e->env[0]);
	EXPECT_EQ(KIND_EXPUNGE, e->kind);
	EXPECT_EQ(CAUSE_ENV, e->cause);
	ASSERT_TRUE(!!e->from);
	EXPECT_STREQ("kdevops:any/large-disk", e->from[0]);
}

TEST_F(kd, what_cannot_be_converted_is_reported_with_the_reason)
{
	EXPECT_TRUE(skipped(&self->r, EXP "/6.6.0-rc1-next-20230913",
			    "linux-next"));
	EXPECT_TRUE(!!skipped(&self->r, EXP "/5.10.0-1-amd64", "distribution"));
	EXPECT_TRUE(!!skipped(&self->r, EXP "/debian/testing", "distribution"));
	EXPECT_TRUE(skipped(&self->r, "/6.1.42/xfs/unassigned/xfs_reflink.txt:4",
			    "not a test name"));
	/* read twice (6.1.42 and its link 6.1.42+), reported once */
	EXPECT_EQ(4, self->r.nskips);
	EXPECT_FALSE(!!applies(&self->ds, "generic/003", "6.6", "x"));
	EXPECT_FALSE(!!applies(&self->ds, "btrfs/001", "5.10.1", "x"));
	/* an old name: check -E reads it as xfs/191 */
	EXPECT_TRUE(!!applies(&self->ds, "xfs/191", "6.1.42", "xfs_reflink"));
}

/* A checkout has real links; a chain of two is followed */
TEST_F(tmp, real_symbolic_links_and_chains_are_followed)
{
	struct import_result r = { 0 };
	struct strlist fs = { 0 };
	struct dataset ds = { 0 };
	char *exp = str_printf("%s/x", self->dir);

	ASSERT_EQ(0, shell_call("mkdir -p %s/any %s/%s %s/%s", exp,
				exp, "6.1.5/ext4/unassigned",
				exp, "6.1.20/ext4/unassigned"));
	put_in_dir(exp, "6.1.5/ext4/unassigned/ext4_4k.txt", "ext4/001\n");
	ASSERT_EQ(0, symlink("6.1.5", str_printf("%s/6.1.9", exp)));
	ASSERT_EQ(0, symlink("6.1.9/", str_printf("%s/6.1.9+", exp)));
	put_in_dir(exp, "6.1.20/ext4/unassigned/ext4_4k.txt", "\n");
	ASSERT_EQ(0, import_kdevops(exp, &fs, &r));
	parse_lines(&r, &ds);
	EXPECT_TRUE(!!applies(&ds, "ext4/001", "6.1.19", "ext4_4k"));
	EXPECT_FALSE(!!applies(&ds, "ext4/001", "6.1.20", "ext4_4k"));
	EXPECT_FALSE(!!applies(&ds, "ext4/001", "6.1.4", "ext4_4k"));
	EXPECT_EQ(0, r.nskips);
	dataset_free(&ds);
	import_result_free(&r);
	free(exp);
}

/*
 * A copy of the whole kdevops tree records about 300k links: each is
 * looked up once per path part, so a lookup must not scan them all.
 */
TEST_F(tmp, a_symlinks_tsv_of_300k_links_is_read_in_full)
{
	struct import_result r = { 0 };
	struct strlist fs = { 0 };
	struct dataset ds = { 0 };
	char *tsv = str_printf("%s/SYMLINKS.tsv", self->dir);
	struct strbuf sb = { 0 };
	char name[64];
	int i;

	ASSERT_EQ(0, shell_call("cp -R %s/. %s", FIXTURE_TREE, self->dir));
	for (i = 0; i < 300000 - 200; i++)
		sb_printf(&sb, EXP_REL "/9.%d/l%d\t.\n",
			  i % 100, i);
	/* 200 kernels, each a link: every path under them is looked up */
	for (i = 100; i < 300; i++) {
		sb_printf(&sb, EXP_REL "/6.1.%d\t6.1.0-rc6\n", i);
		snprintf(name, sizeof(name), EXP_REL "/6.1.%d", i);
		put_in_dir(self->dir, name, "6.1.0-rc6");
	}
	sb_printf(&sb, EXP_REL "/6.1.11\t6.1.0-rc6\n");
	sb_printf(&sb, EXP_REL "/6.1.42+\t6.1.42\n");
	put_file(tsv, sb.buf, sb.len);
	ASSERT_EQ(0, import_kdevops(self->dir, &fs, &r));
	parse_lines(&r, &ds);
	/* the links at the end still count: 6.1.11 is 6.1.0-rc6's list */
	EXPECT_TRUE(!!applies(&ds, "generic/001", "6.1.11", "x"));
	EXPECT_FALSE(!!applies(&ds, "generic/001", "6.1.42", "x"));
	EXPECT_TRUE(!!applies(&ds, "generic/001", "6.1.200", "x"));
	dataset_free(&ds);
	import_result_free(&r);
	sb_free(&sb);
	free(tsv);
}

/* Spans of several series that say the same share one line */
TEST_F(tmp, spans_of_several_series_on_one_line_select_the_same)
{
	struct import_result r = { 0 };
	struct strlist fs = { 0 };
	struct dataset ds = { 0 };
	static const char *const dirs[] = {
		"5.10.5", "5.10.9", "5.15.2", "6.1.0-rc3",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		char *d = str_printf("%s/%s/ext4/unassigned", self->dir,
				     dirs[i]);

		ASSERT_EQ(0, shell_call("mkdir -p %s %s/any", d, self->dir));
		put_in_dir(d, "all.txt", i == 1 ? "\n" : "ext4/002\n");
		free(d);
	}
	ASSERT_EQ(0, import_kdevops(self->dir, &fs, &r));
	parse_lines(&r, &ds);
	ASSERT_EQ(1, ds.n);
	EXPECT_TRUE(!!applies(&ds, "ext4/002", "5.10.8", "x"));
	EXPECT_FALSE(!!applies(&ds, "ext4/002", "5.10.9", "x"));
	EXPECT_FALSE(!!applies(&ds, "ext4/002", "5.10.4", "x"));
	EXPECT_FALSE(!!applies(&ds, "ext4/002", "5.14.3", "x"));
	EXPECT_TRUE(!!applies(&ds, "ext4/002", "5.15.2", "x"));
	EXPECT_TRUE(!!applies(&ds, "ext4/002", "5.15.90", "x"));
	EXPECT_FALSE(!!applies(&ds, "ext4/002", "6.0.5", "x"));
	EXPECT_TRUE(!!applies(&ds, "ext4/002", "6.1.0-rc3", "x"));
	EXPECT_TRUE(!!applies(&ds, "ext4/002", "6.1.120", "x"));
	EXPECT_FALSE(!!applies(&ds, "ext4/002", "6.2-rc1", "x"));
	EXPECT_FALSE(!!applies(&ds, "ext4/002", "6.12", "x"));
	dataset_free(&ds);
	import_result_free(&r);
}

/* Every category and priority kdevops reads; others are reported */
TEST_F(tmp, categories_and_priorities)
{
	struct import_result r = { 0 };
	struct strlist fs = { 0 };
	struct dataset ds = { 0 };
	char *d = str_printf("%s/6.6.3/xfs", self->dir);

	ASSERT_EQ(0, shell_call("mkdir -p %s/any %s/assigned/P1 %s/assigned/P9",
				self->dir, d, d));
	ASSERT_EQ(0, shell_call("mkdir -p %s/diff %s/unassigned/P5 %s/foo", d, d,
				d));
	put_in_dir(d, "assigned/P1/xfs_crc.txt", "xfs/001\n");
	put_in_dir(d, "unassigned/P5/progs.txt", "xfs/002\n");
	put_in_dir(d, "diff/all.txt", "xfs/003\n");
	put_in_dir(d, "assigned/P9/all.txt", "xfs/004\n");
	put_in_dir(d, "foo/all.txt", "xfs/005\n");
	put_in_dir(d, "unassigned/x*y.txt", "xfs/006\n");
	ASSERT_EQ(0, import_kdevops(self->dir, &fs, &r));
	parse_lines(&r, &ds);
	EXPECT_EQ(3, ds.n);
	EXPECT_TRUE(!!applies(&ds, "xfs/001", "6.6.3", "xfs_crc"));
	EXPECT_FALSE(!!applies(&ds, "xfs/001", "6.6.3", "xfs_reflink"));
	EXPECT_TRUE(!!applies(&ds, "xfs/002", "6.6.3", "xfs_reflink"));
	EXPECT_TRUE(!!applies(&ds, "xfs/003", "6.6.9", "xfs_reflink"));
	EXPECT_TRUE(skipped(&r, "/6.6.3/xfs/assigned/P9", "priority"));
	EXPECT_TRUE(skipped(&r, "/6.6.3/xfs/foo", "unassigned/"));
	EXPECT_TRUE(skipped(&r, "/6.6.3/xfs/unassigned/x*y.txt", "never"));
	EXPECT_EQ(3, r.nskips);
	dataset_free(&ds);
	import_result_free(&r);
	free(d);
}

TEST_F(tmp, a_directory_that_is_no_kdevops_tree_is_an_error)
{
	struct import_result r = { 0 };
	struct strlist fs = { 0 };
	char *file = str_printf("%s/f", self->dir);

	put_str(file, "generic/001\n");
	EXPECT_EQ(-1, import_kdevops(self->dir, &fs, &r));
	EXPECT_EQ(-1, import_kdevops(file, &fs, &r));
	EXPECT_EQ(0, r.n);
	import_result_free(&r);
	free(file);
}

TEST(kernel_directory_names)
{
	struct kver v;
	const char *why = NULL;
	char buf[48];

	ASSERT_EQ(0, kdevops_kernel_name("5.4.212+", &v, &why));
	EXPECT_STREQ("5.4.212", kver_str(&v, buf));
	ASSERT_EQ(0, kdevops_kernel_name("6.9.0-rc7", &v, &why));
	EXPECT_STREQ("6.9-rc7", kver_str(&v, buf));
	ASSERT_EQ(0, kdevops_kernel_name("6.6.0", &v, &why));
	EXPECT_STREQ("6.6", kver_str(&v, buf));
	EXPECT_EQ(-1, kdevops_kernel_name("6.1.0-next-20221216", &v, &why));
	EXPECT_TRUE(!!strstr(why, "linux-next"));
	EXPECT_EQ(-1, kdevops_kernel_name("6.5.0-rc2-large-block-nobdev-20230720",
					  &v, &why));
	EXPECT_TRUE(!!strstr(why, "topic"));
	EXPECT_EQ(-1, kdevops_kernel_name("5.16.0-5-amd64", &v, &why));
	EXPECT_TRUE(!!strstr(why, "distribution"));
	EXPECT_EQ(-1, kdevops_kernel_name("debian", &v, &why));
}

TEST(series_after_the_last_minor_of_a_major)
{
	struct kver v = { .major = 4, .minor = 20 }, n;
	char buf[48];

	n = kd_next_series(&v);
	EXPECT_STREQ("5.0-rc1", kver_str(&n, buf));
	v.major = 6;
	v.minor = 1;
	n = kd_next_series(&v);
	EXPECT_STREQ("6.2-rc1", kver_str(&n, buf));
}

/* An assertion's or a warning's place, a soak time, a suspicion */
TEST(notes_keep_assertions_soak_times_and_doubts)
{
	const char *const assert1[] = {
		"korg#218224 XFS: Assertion failed: ip->i_nblocks == 0 file: fs/xfs/xfs_inode.c, line: 2359",
	};
	const char *const assert2[] = {
		"korg#218226 xfs assert fs/xfs/xfs_message.c:102",
	};
	const char *const soak[] = { "Hangs. SOAK_DURATION=9900" };
	const char *const doubt[] = { "might be a test bug" };
	const char *const warn[] = {
		"kernel warning btrfs_noraid56 WARNING: CPU: 5 PID: 823784 at fs/btrfs/space-info.h:110 btrfs_free_reserved_data_space+0x179/0x190 https://gist.github.com/a/b",
	};
	const char *const warn_in[] = {
		"WARNING in cow_file_range - free_space_inode passed to that function",
	};
	const char *const warned =
		"the kernel warns at fs/btrfs/space-info.h:110 (btrfs_free_reserved_data_space)";
	struct kd_note n;

	kd_note_make(assert1, 1, &n);
	EXPECT_STREQ("a kernel assertion fails: ip->i_nblocks == 0 at fs/xfs/xfs_inode.c:2359",
		     n.text.buf);
	kd_note_free(&n);
	kd_note_make(assert2, 1, &n);
	EXPECT_STREQ("a kernel assertion fails: at fs/xfs/xfs_message.c:102",
		     n.text.buf);
	kd_note_free(&n);
	kd_note_make(soak, 1, &n);
	EXPECT_STREQ("hangs with SOAK_DURATION=9900", n.text.buf);
	kd_note_free(&n);
	kd_note_make(doubt, 1, &n);
	EXPECT_STREQ("possibly a bug in the test", n.text.buf);
	kd_note_free(&n);
	/* where the kernel warned: the site and the function */
	kd_note_make(warn, 1, &n);
	EXPECT_STREQ(warned, n.text.buf);
	EXPECT_STREQ("kernel", n.cause);
	kd_note_free(&n);
	kd_note_make(warn_in, 1, &n);
	EXPECT_STREQ("the kernel warns in cow_file_range", n.text.buf);
	kd_note_free(&n);
}

/* A link to a log (a gist) stays in the list; any other is kept */
TEST(notes_leave_log_links_to_the_list)
{
	const char *const notes[] = {
		"hung task https://gist.github.com/mcgrof/0123 https://gist.githubusercontent.com/x/1/raw/log.txt",
		"crash https://git.kernel.org/torvalds/c/0123456789ab",
	};
	struct kd_note n;

	kd_note_make(notes, 1, &n);
	EXPECT_STREQ("hangs", n.text.buf);
	EXPECT_EQ(NULL, n.bug);
	kd_note_free(&n);
	kd_note_make(notes + 1, 1, &n);
	EXPECT_STREQ("crashes the kernel; see https://git.kernel.org/torvalds/c/0123456789ab",
		     n.text.buf);
	kd_note_free(&n);
}

TEST(notes_in_our_words_with_their_facts)
{
	const char *const notes[] = {
		"failure rate is about 1/15 https://gist.github.com/a/b",
		"Hung task F:1/10 bsc#12 0123456789abcdef0",
	};
	struct kd_note n;

	kd_note_make(notes, 1, &n);
	EXPECT_EQ(KIND_FLAKY, n.kind);
	/* no cause said: none written; the rate is rate='s */
	EXPECT_STREQ("untriaged", n.cause);
	ASSERT_EQ(1, n.rates.n);
	EXPECT_STREQ("1/15", n.rates.v[0]);
	/* a gist is a log: neither bug= nor the reason (the list has it) */
	EXPECT_EQ(NULL, n.bug);
	EXPECT_STREQ("", n.text.buf ? n.text.buf : "");
	kd_note_free(&n);
	kd_note_make(notes, 2, &n);
	EXPECT_EQ(KIND_EXPUNGE, n.kind);
	EXPECT_STREQ("kernel", n.cause);
	EXPECT_STREQ("https://bugzilla.suse.com/show_bug.cgi?id=12", n.bug);
	EXPECT_TRUE(!!strstr(n.text.buf, "hangs"));
	/* a commit no one says fixes it is a fact, not a fixed-by= */
	EXPECT_TRUE(!!strstr(n.text.buf, "commit 0123456789abcdef0"));
	EXPECT_EQ(0, n.fixed_by.n);
	/* none of kdevops' own wording is copied */
	EXPECT_FALSE(!!strstr(n.text.buf, "Hung task"));
	kd_note_free(&n);
	/* words, not parts of words: "change", "loops" */
	{
		const char *const words[] = {
			"fails after a clock change, 100 loops",
		};

		kd_note_make(words, 1, &n);
		EXPECT_EQ(KIND_FAIL, n.kind);
		EXPECT_STREQ("untriaged", n.cause);
		EXPECT_EQ(0, n.text.len);
		kd_note_free(&n);
	}
	/* a line with no comment among rated ones: a plain failure */
	{
		const char *const mixed[] = { "F:1/3", NULL };

		kd_note_make(mixed, 2, &n);
		EXPECT_EQ(KIND_FAIL, n.kind);
		/* a fail entry has no rate=: the rate stays a fact said */
		EXPECT_EQ(0, n.rates.n);
		EXPECT_STREQ("failure rate F:1/3", n.text.buf);
		kd_note_free(&n);
	}
}

TEST(the_fixes_a_note_names_are_fixed_by)
{
	const char *const missing[] = {
		"missing commit b25d1984aa88 \"xfs: estimate post-merge refcounts correctly\"",
	};
	const char *const fixed[] = {
		"fixed by 7be3bd8856fb (\"xfs: empty xattr leaf header blocks are not corruption\") in v5.19",
	};
	const char *const tools[] = {
		"fixed by \"50dba8189b1f mkfs: terminate getsubopt arrays properly\" in xfsprogs v5.19",
	};
	const char *const subject[] = {
		"fixed by \"xfs: validate inode fork size against fork format\" in v5.19",
	};
	const char *const revert[] = {
		"fixed by \"xfs: revert \"xfs: actually bump warning counts when we send warnings\" in v5.19",
	};
	const char *const named[] = { "fixed by vfs SGID stripping" };
	struct kd_note n;

	kd_note_make(missing, 1, &n);
	ASSERT_EQ(1, n.fixed_by.n);
	EXPECT_STREQ("b25d1984aa88", n.fixed_by.v[0]);
	EXPECT_STREQ("kernel", n.cause);
	EXPECT_EQ(NULL, n.fixed);
	EXPECT_TRUE(!!strstr(n.text.buf, "xfs: estimate post-merge refcounts correctly"));
	kd_note_free(&n);
	/* the release a note names goes with the commit */
	kd_note_make(fixed, 1, &n);
	ASSERT_EQ(1, n.fixed_by.n);
	EXPECT_STREQ("7be3bd8856fb", n.fixed_by.v[0]);
	EXPECT_STREQ("5.19", n.fixed);
	kd_note_free(&n);
	/* a fix of the tools is no kernel commit */
	kd_note_make(tools, 1, &n);
	EXPECT_EQ(0, n.fixed_by.n);
	EXPECT_EQ(NULL, n.fixed);
	EXPECT_STREQ("tools", n.cause);
	kd_note_free(&n);
	/* a subject with no commit: the release the source names */
	kd_note_make(subject, 1, &n);
	EXPECT_EQ(0, n.fixed_by.n);
	EXPECT_STREQ("5.19", n.fixed);
	EXPECT_TRUE(!!strstr(n.text.buf,
			     "\"xfs: validate inode fork size against fork format\""));
	EXPECT_TRUE(!!strstr(n.text.buf, "\" in 5.19"));
	kd_note_free(&n);
	/* a subject that quotes another: the whole of it */
	kd_note_make(revert, 1, &n);
	EXPECT_STREQ("5.19", n.fixed);
	EXPECT_TRUE(!!strstr(n.text.buf,
			     "fix: \"xfs: revert \"xfs: actually bump warning"));
	EXPECT_TRUE(!!strstr(n.text.buf, "when we send warnings\"\" in 5.19"));
	kd_note_free(&n);
	/* a fix named in plain words, no release: named, no fixed= */
	kd_note_make(named, 1, &n);
	EXPECT_EQ(NULL, n.fixed);
	EXPECT_STREQ("kernel", n.cause);
	EXPECT_TRUE(!!strstr(n.text.buf, "fix: vfs SGID stripping"));
	kd_note_free(&n);
}

TEST(crashes_are_expunged_and_configs_become_conditions)
{
	const char *const oom[] = { "OOM killer after 3 runs F:1/3" };
	const char *const bug[] = { "BUG: unable to handle page fault" };
	const char *const bug_on[] = {
		"failure rate is about 1/20 linked list btrfs corruption BUG_ON",
	};
	const char *const vm_bug_on[] = {
		"VM_BUG_ON_PAGE(page_ref_count(page) == 0, page)",
	};
	const char *const cfg[] = {
		"fails after enabling CONFIG_XFS_DEBUG",
	};
	const char *const lazy[] = {
		"lazy baseline - failure found in at least two sections",
	};
	const char *const test[] = { "might be a test bug" };
	const char *const repair[] = {
		"xfs_repair hangs (possibly after reducing RAM size to 3GB)",
	};
	const char *const host[] = {
		"lazy baseline - failure found in at least two sections - when host uses xfs for truncated files",
	};
	struct kd_note n;

	kd_note_make(oom, 1, &n);
	EXPECT_EQ(KIND_EXPUNGE, n.kind);
	EXPECT_STREQ("kernel", n.cause);
	kd_note_free(&n);
	kd_note_make(bug, 1, &n);
	EXPECT_EQ(KIND_EXPUNGE, n.kind);
	kd_note_free(&n);
	/* a BUG_ON, even with a failure rate, takes the machine down */
	kd_note_make(bug_on, 1, &n);
	EXPECT_EQ(KIND_EXPUNGE, n.kind);
	EXPECT_STREQ("kernel", n.cause);
	kd_note_free(&n);
	kd_note_make(vm_bug_on, 1, &n);
	EXPECT_EQ(KIND_EXPUNGE, n.kind);
	kd_note_free(&n);
	kd_note_make(cfg, 1, &n);
	EXPECT_STREQ("XFS_DEBUG", n.cond);
	kd_note_free(&n);
	/* a "lazy baseline" is a failure nobody looked at yet: no reason */
	kd_note_make(lazy, 1, &n);
	EXPECT_EQ(0, n.text.len);
	EXPECT_STREQ("untriaged", n.cause);
	kd_note_free(&n);
	/* a tool that hangs is the tool's, whatever the RAM was */
	kd_note_make(repair, 1, &n);
	EXPECT_EQ(KIND_EXPUNGE, n.kind);
	EXPECT_STREQ("tools", n.cause);
	kd_note_free(&n);
	/* the host's filesystem: a condition of the machine, said */
	kd_note_make(host, 1, &n);
	EXPECT_EQ(KIND_FAIL, n.kind);
	EXPECT_STREQ("env", n.cause);
	EXPECT_STREQ("depends on the host's filesystem", n.text.buf);
	kd_note_free(&n);
	kd_note_make(test, 1, &n);
	EXPECT_STREQ("test", n.cause);
	EXPECT_EQ(KIND_FAIL, n.kind);
	kd_note_free(&n);
}

TEST_HARNESS_MAIN
