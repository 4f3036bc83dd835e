// SPDX-License-Identifier: GPL-2.0
/*
 * Tests of the provenance and environment keys: from= seen= until=
 * passed= cause= test-fixed-by= test-fixed= env=, and data/eol/.
 */
#include "kselftest_harness.h"

#include "entries/data-dir.h"
#include "entries/entry-format.h"
#include "entries/entry-json.h"
#include "entries/entry.h"
#include "fstests/rev.h"
#include "entries/lint.h"
#include "entries/select.h"
#include "kernel/kernel.h"
#include "git-fixture.h"
#include "json-reader.h"
#include "diag-want.h"
#include "test-util.h"

/* Errors parsing one line; the entry into *e when it parses */
static size_t parse_one(const char *line, struct dataset *ds, struct diag *d)
{
	memset(ds, 0, sizeof(*ds));
	memset(d, 0, sizeof(*d));
	return data_parse(ds, "k.expunge", line, strlen(line), d);
}

TEST(every_new_key_parses)
{
	static const char *const line[] = {
		"generic/175 fail from=kdevops:workflows/x/xfs_crc.txt@2b5b7c1,hand seen=6.12.3,6.13 until=6.14 passed=6.15 cause=test test-fixed-by=9caf3ee0 test-fixed=v2023.08.20 env=!large-disk,fast # why\n",
	};
	struct dataset ds;
	struct diag d;

	ASSERT_EQ(0, parse_one(line[0], &ds, &d));
	ASSERT_EQ(1, ds.n);
	EXPECT_STREQ("kdevops:workflows/x/xfs_crc.txt@2b5b7c1", ds.entries[0].from[0]);
	EXPECT_STREQ("hand", ds.entries[0].from[1]);
	EXPECT_TRUE(ds.entries[0].has_seen);
	EXPECT_EQ(2, ds.entries[0].seen.n);
	EXPECT_TRUE(ds.entries[0].has_until);
	EXPECT_TRUE(ds.entries[0].has_passed);
	EXPECT_EQ(CAUSE_TEST, ds.entries[0].cause);
	EXPECT_STREQ("9caf3ee0", ds.entries[0].test_fixed_by[0]);
	EXPECT_STREQ("v2023.08.20", ds.entries[0].test_fixed);
	EXPECT_STREQ("!large-disk", ds.entries[0].env[0]);
	EXPECT_STREQ("fast", ds.entries[0].env[1]);
	EXPECT_EQ(0, d.warnings);
	dataset_free(&ds);
	diag_free(&d);
}

/*
 * An origin in the long form (the harness's list file at a commit) reads
 * as its short form, and an origin the line names twice so, once.
 */
#define BLD "xfstests-bld:test-appliance/files/root/fs/"
#define KD "kdevops:workflows/fstests/expunges/"
TEST(long_origins_read_as_their_short_form)
{
	static const struct {
		const char *from, *want[4];
	} c[] = {
		{ BLD "ext4/exclude@1ef4272387f9",
		  { "bld:ext4" } },
		{ BLD "global_exclude",
		  { "bld:global" } },
		{ BLD "exclude.gce",
		  { "bld:gce" } },
		{ BLD "ext4/exclude-opt",
		  { "bld:ext4/opt" } },
		{ BLD "ext4/cfg/1k.exclude@1ef4272," BLD "ext4/cfg/adv.exclude@1ef4272,hand",
		  { "bld:ext4/cfg", "hand" } },
		{ KD "6.1.72+/xfs/unassigned/all.txt@4b6bbb7,"
		  KD "6.6.11+/xfs/unassigned/xfs_crc.txt,"
		  KD "6.6.11+/xfs/unassigned/xfs_nocrc.txt",
		  { "kdevops" } },
		{ KD "any/xfs/over-10s.txt," KD "any/large-disk.txt",
		  { "kdevops:any/over-10s", "kdevops:any/large-disk" } },
		{ "fstests:tests/generic/645,results:xfs_crc/2026-01-02T03:04:05@abcdef1",
		  { "fstests:generic/645", "results:xfs_crc/2026-01-02T03:04:05@abcdef1" } },
		{ "bld:ext4,kdevops:6.1.72+/all,user:/home/me/x.exclude",
		  { "bld:ext4", "kdevops", "user:/home/me/x.exclude" } },
		/* not a kernel's directory: no kernel to say in seen= */
		{ KD "6.1.0-next-20221216/xfs/unassigned/all.txt,kdevops:x",
		  { "kdevops:6.1.0-next-20221216/all", "kdevops:x" } },
	};
	struct dataset ds;
	struct diag d;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		char *line = str_printf("generic/1 fail from=%s  # r\n", c[i].from);

		ASSERT_EQ(0, parse_one(line, &ds, &d)) TH_LOG("%s", line);
		for (j = 0; c[i].want[j]; j++)
			EXPECT_STREQ(c[i].want[j], ds.entries[0].from[j]);
		EXPECT_EQ(NULL, ds.entries[0].from[j]) TH_LOG("%s", line);
		dataset_free(&ds);
		diag_free(&d);
		free(line);
	}
}

TEST(bad_values_are_errors_naming_the_line)
{
	static const char *const bad[] = {
		"generic/1 fail from=nowhere:x # r\n",
		"generic/1 fail from=hand@xyz # r\n",
		"generic/1 fail from=user: # r\n",
		"generic/1 fail seen=six # r\n",
		"generic/1 fail until=6.x # r\n",
		"generic/1 fail passed=1 # r\n",
		"generic/1 fail cause=cosmic # r\n",
		"generic/1 fail test-fixed-by=xyz # r\n",
		"generic/1 fail test-fixed=2023.08.20 # r\n",
		"generic/1 fail test-fixed=v2023.8.20 # r\n",
		"generic/1 fail env=Large # r\n",
		"generic/1 fail env=! # r\n",
		"generic/1 fail cause=kernel cause=test # r\n",
		"generic/1 fail env=fast env=gce # r\n",
		"generic/1 fail crash=boom # r\n",
		"generic/1 fail crash=hang crash=oops # r\n",
		"generic/1 flaky rate=1/0 # r\n",
		"generic/1 flaky rate=2/1 # r\n",
		"generic/1 flaky rate=0/5 # r\n",
		"generic/1 flaky rate=1/5,1/5 # r\n",
		"generic/1 flaky rate=1:5 # r\n",
		"generic/1 flaky rate=1/5x # r\n",
		"generic/1 flaky rate=1/1234567 # r\n",
		"generic/1 flaky rate=1/5 rate=1/6 # r\n",
	};
	struct dataset ds;
	struct diag d;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(1, parse_one(bad[i], &ds, &d)) TH_LOG("%s", bad[i]);
		EXPECT_EQ(0, ds.n);
		if (d.msgs.n)
			EXPECT_EQ(0, strncmp(d.msgs.v[0], "k.expunge:1: error:", 19));
		dataset_free(&ds);
		diag_free(&d);
	}
}

struct sel {
	struct kernel_opts o;
	struct kernel k;
	struct dataset ds;
	struct diag d;
	struct selector s;
	char *err;
};

static void sel_open(struct sel *x, const char *text, const char *release,
		     const char *env)
{
	memset(x, 0, sizeof(*x));
	x->o.release = release;
	if (env)
		strlist_add(&x->o.env, strdup(env));
	if (kernel_identify(&x->o, &x->k, &x->err))
		abort();
	if (data_parse(&x->ds, "sel.expunge", text, strlen(text), &x->d))
		abort();
	if (selector_init(&x->s, &x->ds, &x->k, &x->d, &x->err))
		abort();
}

static void sel_close(struct sel *x)
{
	selector_free(&x->s);
	dataset_free(&x->ds);
	diag_free(&x->d);
	kernel_free(&x->k);
	strlist_free(&x->o.env);
	free(x->err);
}

TEST(until_ends_an_entry_without_claiming_a_fix)
{
	struct strbuf why = { 0 };
	struct sel x;

	sel_open(&x, "generic/1 fail until=6.14,6.12.30 # r\n", "6.12.31", NULL);
	EXPECT_EQ(NOT_UNTIL, selector_check(&x.s, 0, NULL, &why));
	EXPECT_NE(NULL, strstr(why.buf, "until 6.12.30, nothing known from there on"));
	EXPECT_EQ(NULL, strstr(why.buf, "fixed"));
	sel_close(&x);
	sel_open(&x, "generic/1 fail until=6.14,6.12.30 # r\n", "6.12.29", NULL);
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	sel_close(&x);
	sel_open(&x, "generic/1 fail until=6.14,6.12.30 # r\n", "6.14", NULL);
	EXPECT_EQ(NOT_UNTIL, selector_check(&x.s, 0, NULL, NULL));
	sel_close(&x);
	sb_free(&why);
}

TEST(evidence_keys_do_not_change_the_selection)
{
	struct sel x;

	sel_open(&x, "generic/1 fail seen=6.1 passed=6.12 from=hand cause=kernel # r\n",
		 "6.12.3", NULL);
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	sel_close(&x);
}

TEST(env_switches)
{
	static const char text[] =
		"generic/1 expunge env=!large-disk # r\n"
		"generic/2 expunge env=fast # r\n"
		"generic/3 expunge env=fast,gce # r\n";
	struct strbuf why = { 0 };
	struct sel x;

	sel_open(&x, text, "6.12", NULL);
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	EXPECT_EQ(NOT_ENV, selector_check(&x.s, 1, NULL, &why));
	EXPECT_NE(NULL, strstr(why.buf, "env=fast does not hold (no --env)"));
	EXPECT_EQ(NOT_ENV, selector_check(&x.s, 2, NULL, NULL));
	sel_close(&x);
	sel_open(&x, text, "6.12", "large-disk");
	EXPECT_EQ(NOT_ENV, selector_check(&x.s, 0, NULL, NULL));
	EXPECT_EQ(NOT_ENV, selector_check(&x.s, 1, NULL, NULL));
	sel_close(&x);
	sel_open(&x, text, "6.12", "gce");
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	EXPECT_EQ(NOT_ENV, selector_check(&x.s, 1, NULL, NULL));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 2, NULL, NULL));
	sel_close(&x);
	sb_free(&why);
}

/* An fstests repository with the fix 'fix' and the release tag 'tag' */
struct fst {
	char *dir, *repo, *fix;
	struct fstests_rev rev;
};

static void fst_open(struct fst *f, const char *tag)
{
	char *err = NULL;

	f->dir = git_sandbox();
	f->repo = git_repo(f->dir, "fstests");
	f->fix = git_commit(f->repo, "generic: fix use of uninitialized var\n");
	if (tag && shell_call("git -C %s tag %s", f->repo, tag))
		abort();
	free(git_commit(f->repo, "later\n"));
	if (fstests_rev_open(f->repo, &f->rev, &err))
		abort();
}

static void fst_close(struct fst *f)
{
	fstests_rev_free(&f->rev);
	tmpdir_remove(f->dir);
	free(f->repo);
	free(f->fix);
}

TEST(test_fixed_by_is_decided_by_the_fstests_history)
{
	struct strbuf why = { 0 };
	struct fst f;
	struct sel x;
	char *text;

	fst_open(&f, "v2023.08.20");
	EXPECT_STREQ("v2023.08.20", f.rev.release);
	text = str_printf("generic/175 fail test-fixed-by=%.12s # r\n"
			  "generic/297 fail test-fixed-by=0123456789ab # r\n",
			  f.fix);
	sel_open(&x, text, "6.12", NULL);
	/* no fstests tree: it applies, and says the fix was not checked */
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, &why));
	EXPECT_NE(NULL, strstr(why.buf, "not checked"));
	x.s.fstests = &f.rev;
	sb_free(&why);
	EXPECT_EQ(NOT_TEST_FIXED, selector_check(&x.s, 0, NULL, &why));
	EXPECT_NE(NULL, strstr(why.buf, "the test was fixed by fstests"));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 1, NULL, NULL));
	sel_close(&x);
	free(text);
	fst_close(&f);
	sb_free(&why);
}

TEST(test_fixed_is_decided_by_the_release_tag)
{
	static const char text[] =
		"generic/1 fail test-fixed=v2023.08.20 # r\n"
		"generic/2 fail test-fixed=v2023.08.27 # r\n";
	struct fst f;
	struct sel x;

	fst_open(&f, "v2023.08.20");
	sel_open(&x, text, "6.12", NULL);
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	x.s.fstests = &f.rev;
	EXPECT_EQ(NOT_TEST_FIXED, selector_check(&x.s, 0, NULL, NULL));
	EXPECT_EQ(APPLIES, selector_check(&x.s, 1, NULL, NULL));
	sel_close(&x);
	fst_close(&f);
}

TEST(no_git_history_and_no_tag_never_retire)
{
	char *dir = tmpdir_new(), *err = NULL;
	struct fstests_rev rev;
	struct sel x;

	ASSERT_EQ(0, fstests_rev_open(dir, &rev, &err));
	sel_open(&x, "generic/1 fail test-fixed-by=0123456789 test-fixed=v2000.01.01 # r\n",
		 "6.12", NULL);
	x.s.fstests = &rev;
	EXPECT_EQ(APPLIES, selector_check(&x.s, 0, NULL, NULL));
	sel_close(&x);
	fstests_rev_free(&rev);
	EXPECT_EQ(-1, fstests_rev_open("/nonexistent/fstests", &rev, &err));
	EXPECT_NE(NULL, strstr(err, "/nonexistent/fstests"));
	free(err);
	tmpdir_remove(dir);
}

TEST(eol_files_are_read_beside_the_data)
{
	char *dir = tmpdir_new(), *eol, *err = NULL;
	struct datadir dd = { .dir = dir };
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	eol = str_printf("%s/eol", dir);
	ASSERT_EQ(0, mkdir(eol, 0755));
	put_in_dir(dir, "xfs.expunge", "xfs/1 fail # new\n");
	put_in_dir(eol, "xfs.expunge", "xfs/2 fail fixed=5.0 # old\n");
	put_in_dir(eol, "global.expunge", "generic/3 fail fixed=4.20 # old\n");
	ASSERT_EQ(0, datadir_load(&dd, "xfs", &ds, &d, &err));
	ASSERT_EQ(3, ds.n);
	EXPECT_STREQ("eol/global.expunge", entry_file(&ds.entries[1]));
	EXPECT_STREQ("eol/xfs.expunge", entry_file(&ds.entries[2]));
	EXPECT_STREQ("xfs.expunge", entry_file(&ds.entries[0]));
	dataset_free(&ds);
	ASSERT_EQ(0, datadir_load_all(&dd, &ds, &d, &err));
	EXPECT_EQ(3, ds.n);
	dataset_free(&ds);
	diag_free(&d);
	free(eol);
	tmpdir_remove(dir);
}

/* Lines that differ in a switch, until= or an fstests fix are no duplicates */
TEST(other_switches_are_no_duplicates)
{
	static const char *const pairs[][2] = {
		{ "generic/085 expunge # r\n",
		  "generic/085 expunge env=fast # r\n" },
		{ "generic/347 expunge env=!large-disk # r\n",
		  "generic/347 fail # r\n" },
		{ "xfs/104 expunge env=!large-disk # r\n",
		  "xfs/104 expunge env=fast # r\n" },
		{ "generic/1 fail until=6.1 # r\n", "generic/1 fail until=6.2 # r\n" },
		{ "generic/1 fail # r\n", "generic/1 fail test-fixed-by=9caf3ee0 # r\n" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(pairs); i++) {
		char *text = xasprintf("%s%s", pairs[i][0], pairs[i][1]);
		struct dataset ds;
		struct diag d;

		parse_one(text, &ds, &d);
		ASSERT_EQ(2, ds.n);
		lint_dataset(&ds, NULL, NULL, &d);
		EXPECT_EQ(0, d.errors) TH_LOG("%s", text);
		dataset_free(&ds);
		diag_free(&d);
		free(text);
	}
	/* the very same switches still are */
	{
		struct dataset ds;
		struct diag d;

		parse_one("generic/085 expunge env=fast # r\n"
			  "generic/085 expunge env=fast # again\n", &ds, &d);
		lint_dataset(&ds, NULL, NULL, &d);
		EXPECT_EQ(1, d.errors);
		dataset_free(&ds);
		diag_free(&d);
	}
}

/*
 * JSON: since and until say what a series= line selects, series its V;
 * null on a line that is no series
 */
TEST(json_of_a_series_line)
{
	static const struct {
		const char *line, *series, *since, *until;
	} c[] = {
		{ "generic/1 fail series=6.6-rc5 # r\n",
		  "6.6-rc5", "6.6-rc5", "6.7-rc1" },
		{ "generic/1 fail since=6.1-rc4 until=6.2-rc1 # r\n",
		  "6.1-rc4", "6.1-rc4", "6.2-rc1" },
		{ "generic/1 fail since=6.1-rc4 until=6.3-rc1 # r\n",
		  NULL, "6.1-rc4", "6.3-rc1" },
	};
	struct strbuf sb = { 0 };
	struct dataset ds;
	struct diag d;
	struct jval *j;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		ASSERT_EQ(0, parse_one(c[i].line, &ds, &d));
		json_entry(&sb, &ds.entries[0]);
		j = json_parse(sb.buf);
		ASSERT_NE(NULL, j);
		if (c[i].series) {
			EXPECT_STREQ(c[i].series, json_str_at(j, "series"));
		} else {
			ASSERT_NE(NULL, json_at(j, "series"));
			EXPECT_EQ(J_NULL, json_at(j, "series")->type);
		}
		EXPECT_STREQ(c[i].since, json_str_at(j, "since/0"));
		EXPECT_EQ(NULL, json_at(j, "since/1"));
		EXPECT_STREQ(c[i].until, json_str_at(j, "until/0"));
		EXPECT_EQ(NULL, json_at(j, "until/1"));
		json_free(j);
		sb_free(&sb);
		dataset_free(&ds);
		diag_free(&d);
	}
}

TEST(json_has_every_new_key)
{
	static const char *const line[] = {
		"generic/1 fail from=hand seen=6.12 until=6.13 passed=6.14 cause=env test-fixed-by=abcdef0 test-fixed=v2024.01.01 env=gce # r\n",
	};
	struct strbuf sb = { 0 };
	struct dataset ds;
	struct diag d;

	ASSERT_EQ(0, parse_one(line[0], &ds, &d));
	json_entry(&sb, &ds.entries[0]);
	EXPECT_NE(NULL, strstr(sb.buf, "\"from\": [\"hand\"]"));
	EXPECT_NE(NULL, strstr(sb.buf, "\"seen\": [\"6.12\"]"));
	EXPECT_NE(NULL, strstr(sb.buf, "\"until\": [\"6.13\"]"));
	EXPECT_NE(NULL, strstr(sb.buf, "\"passed\": [\"6.14\"]"));
	EXPECT_NE(NULL, strstr(sb.buf, "\"cause\": \"env\""));
	EXPECT_NE(NULL, strstr(sb.buf, "\"test_fixed_by\": [\"abcdef0\"]"));
	EXPECT_NE(NULL, strstr(sb.buf, "\"test_fixed\": \"v2024.01.01\""));
	EXPECT_NE(NULL, strstr(sb.buf, "\"env\": [\"gce\"]"));
	sb_free(&sb);
	dataset_free(&ds);
	diag_free(&d);
	ASSERT_EQ(0, parse_one("generic/1 expunge crash=assert rate=1/5,2/9 # r\n",
			       &ds, &d));
	json_entry(&sb, &ds.entries[0]);
	EXPECT_NE(NULL, strstr(sb.buf, "\"crash\": \"assert\""));
	EXPECT_NE(NULL, strstr(sb.buf, "\"rate\": [\"1/5\", \"2/9\"]"))
		TH_LOG("%s", sb.buf);
	sb_free(&sb);
	dataset_free(&ds);
	diag_free(&d);
}

#define LORE	"bug=https://lore.kernel.org/r/x"

/* Each evidence rule: one warning on its line, none on the good lines */
TEST(lint_evidence_rules)
{
	static const char text[] =
		"generic/1 fail fixed=6.1,6.0.5 from=hand # r\n"
		"generic/2 fail bug=https://gist.github.com/x from=hand # r\n"
		"generic/3 flaky from=hand # soft lockup in the log\n"
		"generic/4 fail fixed=6.1 from=results:run1 # r\n"
		"generic/5 fail from=hand # a BUG_ON fires\n"
		"generic/6 flaky bug=https://lore.kernel.org.example.com/x # r\n"
		"generic/7 fail # the OOM killer runs\n"
		"generic/8 fail # it hangs\n"
		/* a list naming the test says nothing of a fix */
		"generic/9 fail fixed=6.1 from=kdevops:x/all.txt@0123456 # r, prefixed\n"
		/* a fix named, by subject or id, that fixed-by= does not name */
		"generic/10 fail # fix: \"xfs: revert \"xfs: a b\"\"; flaky\n"
		"generic/11 fail fixed-by=0123456789ab # fixed by 1234567890abc\n"
		"generic/12 fail # fails until 0123456789ab is merged\n"
		/* an assertion is crash-class; an XFS one only with XFS_DEBUG */
		"generic/13 flaky # a kernel assertion fails\n"
		"generic/14 fail if XFS_DEBUG # XFS: Assertion failed\n"
		/* kinds from the keys: a rate below 1 is flaky, crash= expunge */
		"generic/15 fail section=a,b rate=1/10,1/17 from=kdevops:x # r\n"
		"generic/16 expunge rate=3/4 # r\n"
		"generic/17 fail crash=hang # r\n"
		"generic/18 flaky crash=assert if XFS_DEBUG # r\n"
		"generic/19 fail # un-triaged, failure rate F:1/8\n"
		/* the good lines */
		"generic/20 expunge fixed=6.1 " LORE " from=hand # hangs\n"
		"generic/21 fail fixed=6.1 fixed-by=0123456789ab # r\n"
		"generic/22 fail fixed=6.1 passed=6.1.3 from=results:r # r\n"
		"generic/23 fail fixed=6.1 from=kdevops:x/all.txt@0123456 # kdevops: fixed in 6.1\n"
		"generic/24 fail bug=https://bugzilla.kernel.org/1 # a change of bugs\n"
		"generic/25 flaky bug=https://patchwork.kernel.org/p/1 # Bugs: a boom\n"
		"generic/26 fail bug=https://Lore.Kernel.org/r/1 # overhanging, chunghwa\n"
		"generic/27 fail # zoom, room, BUGS, debug; 'until=' for unknown\n"
		"generic/28 fail fixed-by=0123456789ab # fix: 0123456789ab \"a: b\"\n"
		"generic/29 fail # since fstests fix 0123456789ab; see https://x/0123456789ab\n"
		"generic/30 fail test-fixed-by=abcdef0 # fixed by abcdef0123; caused by 1234567abc\n"
		"generic/31 fail # fixed; \"a: b\" broke it, decaf00ff is a word\n"
		"generic/32 expunge if XFS_DEBUG # an XFS assertion fails\n"
		"generic/33 flaky if !XFS_DEBUG # the XFS assertion only warns here\n"
		"generic/34 flaky rate=1/10,1/17 # r\n"
		"generic/35 fail rate=5/5,3/3 # r\n"
		"generic/36 expunge crash=hang rate=1/5 # r\n"
		"generic/37 flaky crash=assert if !XFS_DEBUG # r\n"
		"generic/38 flaky # failure rate F:1/8\n"
		"generic/39 fail rate=1/1 # F:1/1\n"
		"generic/40 fail crash=hang if !XFS_DEBUG # r\n";
	static const char *const want[] = {
		"t.expunge:1: warning: generic/1: fixed=6.1,6.0.5 with nothing behind it: add fixed-by=SHA (the fix), passed=V (a run that passed) or bug=URL, say in the reason what the source (from=) states of the fix, or write until=6.1,6.0.5 if no one claims a fix",
		"t.expunge:2: warning: generic/2: bug=https://gist.github.com/x is not a lore.kernel.org, bugzilla or patchwork link",
		"t.expunge:3: warning: generic/3: the reason says 'lockup' but the kind is flaky: make it expunge",
		"t.expunge:4: warning: generic/4: fixed=6.1 with nothing behind it",
		"t.expunge:5: warning: generic/5: the reason says 'BUG' but the kind is fail",
		"t.expunge:6: warning: generic/6: bug=https://lore.kernel.org.example.com/x is not",
		"t.expunge:7: warning: generic/7: the reason says 'OOM' but the kind is fail",
		"t.expunge:8: warning: generic/8: the reason says 'hang' but the kind is fail",
		"t.expunge:9: warning: generic/9: fixed=6.1 with nothing behind it",
		"t.expunge:10: warning: generic/10: the reason names the fix \"xfs: revert \"xfs: a b\"\" but fixed-by= does not: add fixed-by=SHA",
		"t.expunge:11: warning: generic/11: the reason names the fix 1234567890abc but",
		"t.expunge:12: warning: generic/12: the reason names the fix 0123456789ab but",
		"t.expunge:13: warning: generic/13: the reason says 'assert' but the kind is flaky: an assertion is crash-class: make it expunge (for an XFS ASSERT",
		"t.expunge:14: warning: generic/14: the reason says 'Assert' but the kind is fail",
		"t.expunge:15: warning: generic/15: rate=1/10 but the kind is fail: some attempts pass, make it flaky",
		"t.expunge:16: warning: generic/16: rate=3/4 but the kind is expunge with no crash=",
		"t.expunge:17: warning: generic/17: crash=hang but the kind is fail: make it expunge",
		"t.expunge:18: warning: generic/18: crash=assert but the kind is flaky: make it expunge",
		"t.expunge:19: warning: generic/19: the reason gives a failure rate ('failure rate F:1/8') but rate= does not",
		"t.expunge:40: warning: generic/40: crash=hang but the kind is fail: make it expunge",
	};
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	ASSERT_EQ(0, data_parse(&ds, "t.expunge", text, strlen(text), &d));
	ASSERT_EQ(0, lint_dataset(&ds, NULL, NULL, &d));
	expect_msgs(_metadata, &d, want, ARRAY_SIZE(want));
	dataset_free(&ds);
	diag_free(&d);
}

/*
 * from= with a shared prefix: an origin naming no source takes the one
 * before it's "SOURCE:"; the entry holds every origin in full, and the
 * line is written back in the shared form, never one that reads
 * otherwise (user:hand stays user:hand after user:x).
 */
TEST(origins_share_their_source_prefix)
{
	static const struct {
		const char *from, *want[6], *written;
	} c[] = {
		{ "hand,bld:ext4,ext4/cfg,kdevops:any/over-10s,any/large-disk",
		  { "hand", "bld:ext4", "bld:ext4/cfg", "kdevops:any/over-10s",
		    "kdevops:any/large-disk" },
		  "hand,bld:ext4,ext4/cfg,kdevops:any/over-10s,any/large-disk" },
		/* no seen=, no env=: kdevops is its any/all */
		{ "kdevops,kdevops:any/x,bld:ext4,ext4/cfg",
		  { "kdevops:any/all", "kdevops:any/x", "bld:ext4",
		    "bld:ext4/cfg" },
		  "kdevops,kdevops:any/x,bld:ext4,ext4/cfg" },
		{ "user:x,user:hand,hand",
		  { "user:x", "user:hand", "hand" },
		  "user:x,user:hand,hand" },
		{ "results:a/1@abcdef1,b/2@abcdef2",
		  { "results:a/1@abcdef1", "results:b/2@abcdef2" },
		  "results:a/1@abcdef1,b/2@abcdef2" },
	};
	struct dataset ds;
	struct diag d;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		char *line = str_printf("generic/1 fail from=%s  # r\n", c[i].from);
		char *want = str_printf(" from=%s  # r", c[i].written);
		struct strbuf sb = { 0 };

		ASSERT_EQ(0, parse_one(line, &ds, &d)) TH_LOG("%s", line);
		for (j = 0; c[i].want[j]; j++)
			EXPECT_STREQ(c[i].want[j], ds.entries[0].from[j]);
		EXPECT_EQ(NULL, ds.entries[0].from[j]) TH_LOG("%s", line);
		entry_format(&ds.entries[0], &sb);
		EXPECT_TRUE(!!strstr(sb.buf, want)) TH_LOG("%s", sb.buf);
		sb_free(&sb);
		dataset_free(&ds);
		diag_free(&d);
		free(want);
		free(line);
	}
	/* no source to share: the first origin, or after hand */
	EXPECT_EQ(1, parse_one("generic/1 fail from=6.1.72+  # r\n", &ds, &d));
	dataset_free(&ds);
	diag_free(&d);
	EXPECT_EQ(1, parse_one("generic/1 fail from=hand,6.1.72+  # r\n", &ds, &d));
	dataset_free(&ds);
	diag_free(&d);
}

/*
 * A list of a kdevops kernel directory is "kdevops": the directory is
 * the line's seen=, which the long and the old short forms add to when
 * it does not name it, in the importer's words (6.6.0-rc2+ is 6.6-rc2).
 */
#define SEEN4	"seen=4.19.62,4.20.1,5.4.245,5.10.188"
TEST(kdevops_kernel_lists_are_kdevops_with_their_kernel_in_seen)
{
	static const struct {
		const char *keys, *from[4], *written;
	} c[] = {
		{ "from=kdevops:4.19.62+,4.20.1,5.4.245+,5.10.188 " SEEN4,
		  { "kdevops" },
		  "from=kdevops " SEEN4 },
		{ "from=hand,kdevops:6.0.9+/all,6.1.72+/all seen=6.0.9",
		  { "hand", "kdevops" },
		  "from=hand,kdevops seen=6.0.9,6.1.72" },
		{ "from=" KD "6.6.0-rc2+/xfs/unassigned/all.txt@4b6bbb7,kdevops:5.17.0-rc7",
		  { "kdevops" },
		  "from=kdevops seen=6.6-rc2,5.17-rc7" },
		{ "from=hand,kdevops,kdevops:6.1.72+,any/over-10s seen=6.1.72",
		  { "hand", "kdevops", "kdevops:any/over-10s" },
		  "from=hand,kdevops,kdevops:any/over-10s seen=6.1.72" },
	};
	struct dataset ds;
	struct diag d;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		char *line = str_printf("generic/1 fail %s  # r\n", c[i].keys);
		char *want = str_printf("generic/1 fail %s  # r", c[i].written);
		struct strbuf sb = { 0 };
		struct jval *j_e;

		ASSERT_EQ(0, parse_one(line, &ds, &d)) TH_LOG("%s", line);
		EXPECT_EQ(0, d.warnings);
		for (j = 0; c[i].from[j]; j++)
			EXPECT_STREQ(c[i].from[j], ds.entries[0].from[j]);
		EXPECT_EQ(NULL, ds.entries[0].from[j]) TH_LOG("%s", line);
		entry_format(&ds.entries[0], &sb);
		EXPECT_STREQ(want, sb.buf);
		sb_free(&sb);
		json_entry(&sb, &ds.entries[0]);
		j_e = json_parse(sb.buf);
		ASSERT_NE(NULL, j_e) TH_LOG("%s", sb.buf);
		for (j = 0; c[i].from[j]; j++) {
			char *at = str_printf("from/%zu", j);

			EXPECT_STREQ(c[i].from[j], json_str_at(j_e, at));
			free(at);
		}
		json_free(j_e);
		sb_free(&sb);
		dataset_free(&ds);
		diag_free(&d);
		free(want);
		free(line);
	}
}

/*
 * A kdevops list for every kernel is "kdevops" where the line says
 * which: env=fast its over-10s list, env=!large-disk its large-disk
 * list, no env= its all list, on a line without seen= (with one,
 * "kdevops" is the kernels' directories). The old long form is read;
 * where the line does not say the list alone, it stays.
 */
TEST(kdevops_any_lists_are_kdevops_by_env)
{
	static const struct {
		const char *keys, *from[4], *written;
	} c[] = {
		{ "env=fast cause=env from=kdevops:any/over-10s",
		  { "kdevops:any/over-10s" },
		  "env=fast cause=env from=kdevops" },
		{ "env=fast cause=env from=kdevops",
		  { "kdevops:any/over-10s" },
		  "env=fast cause=env from=kdevops" },
		{ "env=!large-disk from=" KD "any/xfs/large-disk.txt@4b6bbb7",
		  { "kdevops:any/large-disk" },
		  "env=!large-disk from=kdevops" },
		{ "from=kdevops:any/all passed=6.12.118",
		  { "kdevops:any/all" },
		  "from=kdevops passed=6.12.118" },
		{ "env=fast from=hand,kdevops:any/over-10s,any/all",
		  { "hand", "kdevops:any/over-10s", "kdevops:any/all" },
		  "env=fast from=hand,kdevops,kdevops:any/all" },
		/* the line does not say the list alone: as it is */
		{ "env=fast from=kdevops:any/over-10s seen=6.1.72",
		  { "kdevops:any/over-10s" },
		  "env=fast from=kdevops:any/over-10s seen=6.1.72" },
		{ "env=fast,!large-disk from=kdevops:any/over-10s,any/large-disk",
		  { "kdevops:any/over-10s", "kdevops:any/large-disk" },
		  "env=fast,!large-disk from=kdevops:any/over-10s,any/large-disk" },
		{ "env=gce from=kdevops:any/all",
		  { "kdevops:any/all" },
		  "env=gce from=kdevops:any/all" },
		{ "from=kdevops:any/large-disk",
		  { "kdevops:any/large-disk" },
		  "from=kdevops:any/large-disk" },
	};
	struct dataset ds, again;
	struct diag d;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		char *line = str_printf("generic/1 fail %s  # r\n", c[i].keys);
		char *want = str_printf("generic/1 fail %s  # r", c[i].written);
		struct strbuf sb = { 0 };
		struct jval *j_e;

		ASSERT_EQ(0, parse_one(line, &ds, &d)) TH_LOG("%s", line);
		EXPECT_EQ(0, d.warnings);
		for (j = 0; c[i].from[j]; j++)
			EXPECT_STREQ(c[i].from[j], ds.entries[0].from[j]);
		EXPECT_EQ(NULL, ds.entries[0].from[j]) TH_LOG("%s", line);
		entry_format(&ds.entries[0], &sb);
		EXPECT_STREQ(want, sb.buf);
		diag_free(&d);
		/* what is written reads back the same */
		sb_puts(&sb, "\n");
		ASSERT_EQ(0, parse_one(sb.buf, &again, &d)) TH_LOG("%s", sb.buf);
		for (j = 0; c[i].from[j]; j++)
			EXPECT_STREQ(c[i].from[j], again.entries[0].from[j]);
		EXPECT_EQ(NULL, again.entries[0].from[j]) TH_LOG("%s", sb.buf);
		dataset_free(&again);
		diag_free(&d);
		sb_free(&sb);
		json_entry(&sb, &ds.entries[0]);
		j_e = json_parse(sb.buf);
		ASSERT_NE(NULL, j_e) TH_LOG("%s", sb.buf);
		for (j = 0; c[i].from[j]; j++) {
			char *at = str_printf("from/%zu", j);

			EXPECT_STREQ(c[i].from[j], json_str_at(j_e, at));
			free(at);
		}
		json_free(j_e);
		sb_free(&sb);
		dataset_free(&ds);
		free(want);
		free(line);
	}
}

/*
 * Untriaged is the absence of a cause: a line with no cause= and no
 * reason, seen failing by a harness or a run (from= and seen=, or a
 * kdevops:any/ list), is untriaged, and written without cause=untriaged;
 * cause=untriaged (old data) is still read. Other lines need a reason.
 */
TEST(untriaged_lines_say_where_and_when)
{
	static const char text[] =
		"generic/1 fail cause=untriaged from=kdevops:6.1.72+ seen=6.1.72\n"
		"generic/2 fail cause=untriaged from=bld:ext4\n"
		"generic/3 fail cause=untriaged seen=6.1.72\n"
		"generic/4 fail from=kdevops seen=6.1.72\n"
		/* a list for every kernel: no kernel to say */
		"generic/5 fail cause=untriaged from=kdevops:any/all\n"
		"generic/6 fail from=kdevops:any/all\n"
		"generic/7 flaky rate=1/3 from=results:a/1 seen=6.12.3\n"
		/* a person's word, or no kernel seen on: not untriaged */
		"generic/8 fail from=hand seen=6.1\n"
		"generic/9 fail from=user:x seen=6.1\n"
		"generic/10 fail from=bld:ext4\n"
		"generic/11 fail seen=6.1\n"
		/* a reason: the cause is the reason's, none said */
		"generic/12 fail from=kdevops seen=6.1 # r\n"
		"generic/13 fail fixed-by=0123456789ab from=kdevops seen=6.1\n"
		"generic/14 fail cause=untriaged from=kdevops seen=6.1 # r\n";
	static const char *const want[] = {
		"t.expunge:2: warning: generic/2: cause=untriaged without seen=",
		"t.expunge:3: warning: generic/3: cause=untriaged without from=",
		"t.expunge:8: warning: generic/8: no reason given: add a '# comment', bug= or fixed-by=, or where no source says one, from= and seen=",
		"t.expunge:9: warning: generic/9: no reason given",
		"t.expunge:10: warning: generic/10: no reason given",
		"t.expunge:11: warning: generic/11: no reason given",
	};
	static const enum entry_cause cause[] = {
		CAUSE_UNTRIAGED, CAUSE_UNTRIAGED, CAUSE_UNTRIAGED,
		CAUSE_UNTRIAGED, CAUSE_UNTRIAGED, CAUSE_UNTRIAGED,
		CAUSE_UNTRIAGED, CAUSE_NONE, CAUSE_NONE, CAUSE_NONE, CAUSE_NONE,
		CAUSE_NONE, CAUSE_NONE, CAUSE_UNTRIAGED,
	};
	/* written back: cause=untriaged only where the rest does not say it */
	static const char *const written[] = {
		"generic/1 fail from=kdevops seen=6.1.72",
		"generic/2 fail cause=untriaged from=bld:ext4",
		"generic/3 fail cause=untriaged seen=6.1.72",
		"generic/4 fail from=kdevops seen=6.1.72",
		"generic/5 fail from=kdevops",
		"generic/6 fail from=kdevops",
		"generic/7 flaky rate=1/3 from=results:a/1 seen=6.12.3",
	};
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	size_t i;

	ASSERT_EQ(0, data_parse(&ds, "t.expunge", text, strlen(text), &d));
	ASSERT_EQ(ARRAY_SIZE(cause), ds.n);
	for (i = 0; i < ds.n; i++)
		EXPECT_EQ(cause[i], ds.entries[i].cause) TH_LOG("line %zu", i + 1);
	for (i = 0; i < ARRAY_SIZE(written); i++) {
		struct strbuf sb = { 0 };
		struct jval *j_e;

		entry_format(&ds.entries[i], &sb);
		EXPECT_STREQ(written[i], sb.buf);
		sb_free(&sb);
		json_entry(&sb, &ds.entries[i]);
		j_e = json_parse(sb.buf);
		EXPECT_STREQ("untriaged", json_str_at(j_e, "cause"));
		json_free(j_e);
		sb_free(&sb);
	}
	expect_msgs(_metadata, &d, want, ARRAY_SIZE(want));
	dataset_free(&ds);
	diag_free(&d);
}

/*
 * crash= says the machine goes down: the kernel is at fault unless
 * cause= says another; the line is written without the cause=kernel it
 * implies, and entries JSON still says it. crash= is a reason: a line
 * with it and no comment is no "no reason given".
 */
TEST(crash_implies_the_kernel)
{
	static const char text[] =
		"generic/1 expunge cause=kernel crash=hang # hangs\n"
		"generic/2 expunge crash=oops from=kdevops seen=6.1.72\n"
		"generic/3 expunge cause=env crash=hang # the VM hangs\n"
		"generic/4 expunge cause=kernel # r\n";
	static const enum entry_cause cause[] = {
		CAUSE_KERNEL, CAUSE_KERNEL, CAUSE_ENV, CAUSE_KERNEL,
	};
	static const char *const written[] = {
		"generic/1 expunge crash=hang  # hangs",
		"generic/2 expunge crash=oops from=kdevops seen=6.1.72",
		"generic/3 expunge cause=env crash=hang  # the VM hangs",
		"generic/4 expunge cause=kernel  # r",
	};
	static const char *const json[] = { "kernel", "kernel", "env",
					    "kernel" };
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	size_t i;

	ASSERT_EQ(0, data_parse(&ds, "t.expunge", text, strlen(text), &d));
	ASSERT_EQ(ARRAY_SIZE(cause), ds.n);
	EXPECT_EQ(0, d.msgs.n);
	for (i = 0; i < ds.n; i++) {
		struct strbuf sb = { 0 };
		struct jval *j_e;

		EXPECT_EQ(cause[i], ds.entries[i].cause) TH_LOG("line %zu", i + 1);
		entry_format(&ds.entries[i], &sb);
		EXPECT_STREQ(written[i], sb.buf);
		sb_free(&sb);
		json_entry(&sb, &ds.entries[i]);
		j_e = json_parse(sb.buf);
		EXPECT_STREQ(json[i], json_str_at(j_e, "cause"));
		json_free(j_e);
		sb_free(&sb);
	}
	dataset_free(&ds);
	diag_free(&d);
}

TEST_HARNESS_MAIN
