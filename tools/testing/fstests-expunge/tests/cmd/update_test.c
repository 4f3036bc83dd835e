// SPDX-License-Identifier: GPL-2.0
/*
 * "update": data changes from results, checked by reading the data it
 * writes back with the tool's own data parser, and its diff with patch.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/compiler.h>

#include "entries/entry.h"
#include "test-util.h"
#include "kselftest_harness.h"

#define RUNS	SRCDIR "/tests/fixtures/compare/runs"
#define START	"2026-12-05T19:17:14+00:00"
/* The tests compare calls regressions, in every section */
#define REGRESSIONS \
	"[.sections[].results[] | select(.class == \"regression\") | .test] | join(\",\")"
/* A fail line in the diff: the test, its keys (two pieces), its comment */
/* a new line: its rate and evidence in keys, no reason */
#define NEW_LINE(test, keys, more)	"+" test " fail " keys " " more "\n"
/* untriaged: no cause= and no reason, where and when seen in from= seen= */
#define UNTRIAGED(rate)	"rate=" rate

static const char ext4_data[] =
	"generic/10 fail  # a name generic/100 starts with\n"
	"generic/200 fail  # fixed on 6.6.30, not on 6.1.90\n"
	"generic/300 fail from=kdevops:x.txt  # passes everywhere now\n"
	"generic/400 expunge  # never runs: never touched\n"
	"generic/500 flaky  # retried: not ours to change\n"
	"generic/600 fail fixed=6.9  # fixed: not for 6.12\n";

FIXTURE(update) {
	char dir[64];
	int n;		/* result files written */
};

FIXTURE_SETUP(update)
{
	snprintf(self->dir, sizeof(self->dir), "/tmp/fexp-update-test.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	ASSERT_EQ(0, system(str_printf("mkdir -p %s/data %s/res",
				       self->dir, self->dir)));
	put_str(str_printf("%s/data/ext4.expunge", self->dir), ext4_data);
	put_str(str_printf("%s/data/global.expunge", self->dir), "");
}

FIXTURE_TEARDOWN(update)
{
	if (system(str_printf("rm -rf '%s'", self->dir)))
		abort();
}

/*
 * A run of one kernel and section: "generic/100=F generic/200=P ...";
 * "FP" is a failed attempt, then a passing retry.
 */
static void add_run(struct _test_data_update *self, const char *kernel,
		    const char *section, const char *tests)
{
	char *copy = strdup(tests), *tok, *save;
	char *xml = str_printf("<?xml version=\"1.0\"?>\n<testsuite name=\"xfstests\" time=\"9\">\n"
			"<properties>\n<property name=\"FSTYP\" value=\"ext4\"/>\n"
			"<property name=\"KERNEL\" value=\"%s\"/>\n</properties>\n",
			kernel);

	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '='), *o;

		*eq = '\0';
		for (o = eq + 1; *o; o++)
			xml = str_printf("%s<testcase %s=\"xfstests.%s\" %s=\"%s\">\n%s%s",
					 xml, "classname", section, "name", tok,
				       *o == 'F' ? "<failure message=\"-\"/>\n" : "",
				       "</testcase>\n");
	}
	xml = str_printf("%s</testsuite>\n", xml);
	if (system(str_printf("mkdir -p %s/res/%d", self->dir, self->n)))
		abort();
	put_str(str_printf("%s/res/%d/result.xml", self->dir, self->n++), xml);
	free(copy);
}

static struct proc_out fexp_update(struct _test_data_update *self,
				   const char *more)
{
	char *files = str_printf("%s/res/0/result.xml", self->dir);
	int i;

	for (i = 1; i < self->n; i++)
		files = str_printf("%s %s/res/%d/result.xml", files, self->dir, i);
	return fexp_call(str_printf("update --data %s/data %s %s", self->dir, more,
			    files));
}

/* The data file after --write, read with the tool's parser. */
static const struct entry *entry(struct _test_data_update *self,
				 struct dataset *ds, const char *test)
{
	struct diag d = { 0 };
	size_t i;

	if (!ds->n &&
	    data_load_file(ds, str_printf("%s/data/ext4.expunge", self->dir), &d))
		return NULL;
	if (d.errors)
		return NULL;
	for (i = 0; i < ds->n; i++) {
		if (!strcmp(ds->entries[i].test, test))
			return &ds->entries[i];
	}
	return NULL;
}

TEST_F(update, failing_everywhere_becomes_fail_exact_names)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	add_run(self, "6.12.9", "s1", "generic/100=F generic/10=P");
	add_run(self, "6.12.9", "s2", "generic/100=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/100");
	ASSERT_NE(NULL, e);
	EXPECT_EQ(KIND_FAIL, e->kind);
	/* the sections it failed in: no claim for those that did not run */
	ASSERT_NE(NULL, e->sections);
	EXPECT_STREQ("s1", e->sections[0]);
	EXPECT_STREQ("s2", e->sections[1]);
	/* generic/10 ran once: its fail entry stays as it was */
	e = entry(self, &ds, "generic/10");
	ASSERT_NE(NULL, e);
	EXPECT_FALSE(e->has_fixed);
	/* the evidence, ready for git commit -F */
	EXPECT_NE(NULL, strstr(r.out, "generic/100: new fail entry"));
	EXPECT_NE(NULL, strstr(r.out, "6.12.9: s1 1/1 runs failed, s2 1/1 runs failed"));
	dataset_free(&ds);
}

TEST_F(update, failing_in_one_section_only_gets_section)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	add_run(self, "6.12.9", "ext4_1k", "generic/100=F");
	add_run(self, "6.12.9", "ext4_4k", "generic/100=P");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/100");
	ASSERT_NE(NULL, e);
	EXPECT_EQ(KIND_FAIL, e->kind);
	ASSERT_NE(NULL, e->sections);
	EXPECT_STREQ("ext4_1k", e->sections[0]);
	EXPECT_EQ(NULL, e->sections[1]);
	dataset_free(&ds);
}

TEST_F(update, mixed_outcomes_become_flaky_with_the_rate)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	add_run(self, "6.12.9", "s1", "generic/100=FP");
	add_run(self, "6.12.9", "s1", "generic/100=P");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/100");
	ASSERT_NE(NULL, e);
	EXPECT_EQ(KIND_FLAKY, e->kind);
	/* the rate in its key, which decides the kind; no stock reason */
	EXPECT_EQ(NULL, e->comment);
	EXPECT_EQ(CAUSE_UNTRIAGED, e->cause);
	ASSERT_NE(NULL, e->rate);
	EXPECT_STREQ("1/3", e->rate[0]);
	dataset_free(&ds);
}

TEST_F(update, fail_entry_passing_min_runs_on_a_kernel_gets_fixed)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;
	int i;

	for (i = 0; i < 3; i++)
		add_run(self, "6.6.30", "s1", "generic/200=P");
	add_run(self, "6.1.90", "s1", "generic/200=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/200");
	ASSERT_NE(NULL, e);
	EXPECT_EQ(KIND_FAIL, e->kind);
	ASSERT_TRUE(e->has_fixed);
	ASSERT_EQ(1, e->fixed.n);
	EXPECT_EQ(6, e->fixed.v[0].major);
	EXPECT_EQ(6, e->fixed.v[0].minor);
	EXPECT_EQ(30, e->fixed.v[0].patch);
	/* the runs that passed back the fixed= (check warns without) */
	ASSERT_TRUE(e->has_passed);
	ASSERT_EQ(1, e->passed.n);
	EXPECT_EQ(30, e->passed.v[0].patch);
	dataset_free(&ds);
}

/* A series= line that gets fixed= keeps its series: series=V fixed=F */
TEST_F(update, a_series_line_gets_fixed_and_stays_a_series)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;
	char buf[48], *text;
	int i;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/200 fail series=6.6.1 from=hand  # 6.6.y only\n");
	for (i = 0; i < 3; i++)
		add_run(self, "6.6.30", "s1", "generic/200=P");
	add_run(self, "6.6.20", "s1", "generic/200=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status) TH_LOG("%s%s", r.out, r.err);
	text = slurp_fd(open(str_printf("%s/data/ext4.expunge", self->dir),
			     O_RDONLY));
	EXPECT_NE(NULL, strstr(text, "generic/200 fail series=6.6.1 fixed=6.6.30 from=hand"))
		TH_LOG("%s", text);
	free(text);
	e = entry(self, &ds, "generic/200");
	ASSERT_NE(NULL, e);
	ASSERT_TRUE(e->has_since && e->has_until && e->has_fixed);
	EXPECT_STREQ("6.6.1", kver_str(&e->since.v[0], buf));
	EXPECT_STREQ("6.7-rc1", kver_str(&e->until.v[0], buf));
	EXPECT_STREQ("6.6.30", kver_str(&e->fixed.v[0], buf));
	dataset_free(&ds);
}

/*
 * The evidence rule: each result is an observation on the line (passed=,
 * seen=); only --min-runs passing runs change where it applies (fixed=).
 */
TEST_F(update, too_few_passing_runs_record_passed_not_fixed)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	add_run(self, "6.6.30", "s1", "generic/200=P");
	add_run(self, "6.6.30", "s1", "generic/200=P");
	add_run(self, "6.1.90", "s1", "generic/200=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "generic/200: passes on 6.6.30 in 2 run(s)"));
	EXPECT_NE(NULL, strstr(r.out, "--min-runs 3: passed= recorded, no fixed=6.6.30"));
	EXPECT_NE(NULL, strstr(r.out,
			       "generic/200: fails on 6.1.90 in 1 run(s): seen=6.1.90 recorded"));
	e = entry(self, &ds, "generic/200");
	ASSERT_NE(NULL, e);
	EXPECT_FALSE(e->has_fixed);
	ASSERT_TRUE(e->has_passed);
	ASSERT_EQ(1, e->passed.n);
	EXPECT_EQ(30, e->passed.v[0].patch);
	ASSERT_TRUE(e->has_seen);
	EXPECT_EQ(90, e->seen.v[e->seen.n - 1].patch);
	dataset_free(&ds);
	/* the same results again: already recorded, nothing to do */
	r = fexp_update(self, "");
	EXPECT_STREQ("", r.out);
	EXPECT_NE(NULL, strstr(r.err, "passed= has it, no fixed=6.6.30"));
	r = fexp_update(self, "--min-runs 2");
	EXPECT_NE(NULL, strstr(r.out, "fixed=6.6.30"));
}

/* A line whose passed= has the kernel already gets fixed=, not it twice. */
TEST_F(update, fixed_after_an_observation_keeps_passed_once)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	add_run(self, "6.6.30", "s1", "generic/200=P");
	add_run(self, "6.1.90", "s1", "generic/200=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	add_run(self, "6.6.30", "s1", "generic/200=P");
	add_run(self, "6.6.30", "s1", "generic/200=P");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/200");
	ASSERT_NE(NULL, e);
	ASSERT_TRUE(e->has_fixed);
	EXPECT_EQ(30, e->fixed.v[0].patch);
	ASSERT_TRUE(e->has_passed);
	EXPECT_EQ(1, e->passed.n);
	dataset_free(&ds);
}

TEST_F(update, passing_everywhere_is_removed_expunge_and_flaky_untouched)
{
	struct dataset ds = { 0 };
	struct proc_out r;
	int i;

	for (i = 0; i < 3; i++) {
		add_run(self, "6.12.9", "s1",
			"generic/300=P generic/400=F generic/500=F");
		add_run(self, "6.6.30", "s1", "generic/300=P");
	}
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, entry(self, &ds, "generic/300"));
	EXPECT_NE(NULL, entry(self, &ds, "generic/400"));
	EXPECT_NE(NULL, entry(self, &ds, "generic/500"));
	EXPECT_EQ(5, ds.n);
	dataset_free(&ds);
}

/*
 * A failure past a fail entry's fixed= is a regression for compare: new
 * data, in a line of its own (the hand-written one says another thing).
 */
TEST_F(update, failing_past_an_entrys_fixed_is_new_data)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	add_run(self, "6.12.9", "s1", "generic/600=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(7, entry(self, &ds, "generic/600") ? ds.n : 0);
	e = &ds.entries[5];
	EXPECT_TRUE(e->has_fixed);	/* the hand-written line, as it was */
	EXPECT_EQ(NULL, e->from);
	e = &ds.entries[6];
	EXPECT_STREQ("generic/600", e->test);
	EXPECT_FALSE(e->has_fixed);
	ASSERT_NE(NULL, e->sections);
	EXPECT_STREQ("s1", e->sections[0]);
	dataset_free(&ds);
	proc_out_free(&r);
}

static char *suite(const char *fs, const char *kernel, const char *section,
		   const char *test, char outcome);

/* "check" on the data update wrote: no error, no warning */
static void check_clean(struct _test_data_update *self,
			struct __test_metadata *_metadata)
{
	struct proc_out r = fexp_call(str_printf("check --data %s/data", self->dir));

	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.err, "warning"));
	EXPECT_EQ(NULL, strstr(r.err, "error"));
	proc_out_free(&r);
}

/* A hand-written line that passes everywhere gets the facts, not removal */
TEST_F(update, hand_line_passing_everywhere_is_kept_with_fixed)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;
	int i;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/300 fail  # a person's reason\n");
	for (i = 0; i < 3; i++) {
		add_run(self, "6.12.9", "s1", "generic/300=P");
		add_run(self, "6.6.30", "s1", "generic/300=P");
	}
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/300");
	ASSERT_NE(NULL, e);
	ASSERT_TRUE(e->has_fixed);
	EXPECT_EQ(2, e->fixed.n);
	EXPECT_TRUE(e->has_passed);
	EXPECT_STREQ("a person's reason", e->comment);
	EXPECT_NE(NULL, strstr(r.out, "a hand-written line is for a person to remove"));
	check_clean(self, _metadata);
	dataset_free(&ds);
	proc_out_free(&r);
}

/* A flaky test that failed every attempt is said, not changed */
TEST_F(update, flaky_failing_every_attempt_is_said)
{
	static const char said[] =
		"generic/500: flaky, but every attempt failed in s1 on 6.12.9 (4 of 4)";
	struct proc_out r;

	add_run(self, "6.12.9", "s1", "generic/500=FFF");
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status);
	/* 3 attempts: fewer than the 3 retries and the first */
	EXPECT_EQ(NULL, strstr(r.err, "generic/500: flaky, but"));
	self->n = 0;
	add_run(self, "6.12.9", "s1", "generic/500=FFFF");
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("", r.out);
	EXPECT_NE(NULL, strstr(r.err, said));
	EXPECT_NE(NULL, strstr(r.err, "ext4.expunge:5: generic/500: flaky"));
	proc_out_free(&r);
}

/* A new line says where it failed, on which kernel, from which run. */
TEST_F(update, new_line_has_section_seen_and_from_the_run)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	put_str(str_printf("%s/data/ext4.expunge", self->dir), "");
	ASSERT_EQ(0, system(str_printf("mkdir -p %s/res/0", self->dir)));
	put_str(str_printf("%s/res/0/result.xml", self->dir),
		str_printf("<?xml version=\"1.0\"?>\n<testsuites>\n%s%s</testsuites>\n",
			   suite("ext4", "6.18.44-fc-v1294", "ext4_4k", "generic/100", 'F'),
			   suite("ext4", "6.18.44-fc-v1294", "ext4_1k", "generic/100", 'F')));
	self->n = 1;
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/100");
	ASSERT_NE(NULL, e);
	ASSERT_NE(NULL, e->sections);
	EXPECT_STREQ("ext4_1k", e->sections[0]);
	EXPECT_STREQ("ext4_4k", e->sections[1]);
	EXPECT_EQ(NULL, e->sections[2]);
	ASSERT_TRUE(e->has_seen);
	ASSERT_EQ(1, e->seen.n);
	EXPECT_EQ(18, e->seen.v[0].minor);
	EXPECT_EQ(44, e->seen.v[0].patch);
	ASSERT_NE(NULL, e->from);
	EXPECT_STREQ("results:ext4_1k/" START, e->from[0]);
	EXPECT_STREQ("results:ext4_4k/" START, e->from[1]);
	EXPECT_EQ(NULL, e->from[2]);
	check_clean(self, _metadata);
	dataset_free(&ds);
	proc_out_free(&r);
}

/*
 * run --vm records the upstream version of a distribution kernel
 * (KERNEL_VERSION): seen= says it, not the release's 6.1.0.
 */
TEST_F(update, kernel_version_property_is_the_seen_version)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	put_str(str_printf("%s/data/ext4.expunge", self->dir), "");
	/* the KERNEL_VERSION property follows KERNEL's */
	add_run(self, "6.1.0-57-amd64\"/>\n<property name=\"KERNEL_VERSION\" value=\"6.1.192",
		"ext4_4k", "generic/100=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/100");
	ASSERT_NE(NULL, e);
	ASSERT_TRUE(e->has_seen);
	ASSERT_EQ(1, e->seen.n);
	EXPECT_EQ(6, e->seen.v[0].major);
	EXPECT_EQ(1, e->seen.v[0].minor);
	EXPECT_EQ(192, e->seen.v[0].patch);
	dataset_free(&ds);
	proc_out_free(&r);
}

/* An entry for another section does not explain a failure in this one. */
TEST_F(update, entry_for_another_section_is_no_explanation)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/700 expunge section=encrypt  # the xattrs leave no room\n");
	add_run(self, "6.18.44", "ext4_4k", "generic/700=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "generic/700: new fail entry"));
	e = entry(self, &ds, "generic/700");
	ASSERT_EQ(2, ds.n);
	EXPECT_EQ(KIND_EXPUNGE, e->kind);
	EXPECT_STREQ("encrypt", e->sections[0]);
	e = &ds.entries[1];
	EXPECT_EQ(KIND_FAIL, e->kind);
	EXPECT_STREQ("ext4_4k", e->sections[0]);
	check_clean(self, _metadata);
	dataset_free(&ds);
	proc_out_free(&r);
}

/*
 * A line that says the same but for its section takes the new facts:
 * one line, still hand-written, its reason kept; check is clean.
 */
TEST_F(update, hand_line_takes_the_merged_facts)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"# a comment\ngeneric/700 fail section=ext4_1k  # needs a big disk\n");
	add_run(self, "6.18.44", "ext4_4k", "generic/700=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/700");
	ASSERT_NE(NULL, e);
	ASSERT_EQ(1, ds.n);
	EXPECT_EQ(2, e->line);
	EXPECT_STREQ("ext4_1k", e->sections[0]);
	EXPECT_STREQ("ext4_4k", e->sections[1]);
	ASSERT_NE(NULL, e->from);
	EXPECT_STREQ("hand", e->from[0]);
	EXPECT_STREQ("results:ext4_4k/0", e->from[1]);
	EXPECT_TRUE(e->has_seen);
	ASSERT_NE(NULL, e->comment);
	EXPECT_NE(NULL, strstr(e->comment, "needs a big disk"));
	check_clean(self, _metadata);
	dataset_free(&ds);
	proc_out_free(&r);
}

TEST_F(update, broken_data_exits_2)
{
	struct proc_out r;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/100 fial # a typo\n");
	add_run(self, "6.12.9", "s1", "generic/100=F");
	r = fexp_update(self, "");
	EXPECT_EQ(2, r.status);
	proc_out_free(&r);
}

TEST_F(update, diff_applies_with_patch_and_gives_the_written_data)
{
	struct proc_out r;

	add_run(self, "6.12.9", "s1", "generic/100=F generic/300=P");
	add_run(self, "6.12.9", "s1", "generic/100=F generic/300=P");
	add_run(self, "6.12.9", "s1", "generic/100=F generic/300=P");
	ASSERT_EQ(0, chdir(self->dir));
	r = fexp_call(str_printf("update --data data res"));
	EXPECT_EQ(0, r.status);
	put_str("update.patch", r.out);
	ASSERT_EQ(0, system("cp -r data written && cp -r data patched"));
	/* the same change, by --write and by the diff */
	r = fexp_call("update --data written --write res");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(0, system("sed -i 's,/data/,/patched/,' update.patch"));
	EXPECT_EQ(0, system("patch -s -p1 < update.patch"));
	EXPECT_EQ(0, system("cmp written/ext4.expunge patched/ext4.expunge"));
	ASSERT_EQ(0, chdir("/"));
}

TEST_F(update, unreadable_results_exit_2)
{
	struct proc_out r = fexp_call(str_printf("update --data %s/data %s/nothing",
					   self->dir, self->dir));

	EXPECT_EQ(2, r.status);
	r = fexp_call("update");
	EXPECT_EQ(2, r.status);
	r = fexp_call(str_printf("update --min-runs 0 %s", RUNS));
	EXPECT_EQ(2, r.status);
}

/* <testsuite> of a <testsuites> file: one testcase, "F" failed */
static char *suite(const char *fs, const char *kernel, const char *section,
		   const char *test, char outcome)
{
	return str_printf("<testsuite name=\"xfstests\" time=\"9\"%s%s\">\n<properties>\n"
			  "<property name=\"FSTYP\" value=\"%s\"/>\n"
			  "<property name=\"KERNEL\" value=\"%s\"/>\n"
			  "<property name=\"SECTION\" value=\"%s\"/>\n"
			  "</properties>\n<testcase classname=\"xfstests.%s\" name=\"%s\">\n"
			  "%s</testcase>\n</testsuite>\n", " start_timestamp=\"", START,
			  fs, kernel, section,
			  section, test,
			  outcome == 'F' ? "<failure message=\"-\"/>\n" : "");
}

/* Every suite is a section of the run, with its own FSTYP and KERNEL. */
TEST_F(update, every_suite_of_a_testsuites_file_is_read)
{
	struct proc_out r;

	ASSERT_EQ(0, system(str_printf("mkdir -p %s/res/0", self->dir)));
	put_str(str_printf("%s/res/0/result.xml", self->dir),
		str_printf("<?xml version=\"1.0\"?>\n<testsuites>\n%s%s%s</testsuites>\n",
			   suite("ext4", "6.12.9", "s1", "generic/100", 'F'),
			   suite("ext4", "6.12.9", "s2", "generic/100", 'P'),
			   suite("xfs", "6.6.30", "x1", "generic/700", 'F')));
	self->n = 1;
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "generic/100: new fail entry in ext4.expunge"));
	EXPECT_NE(NULL, strstr(r.out, "6.12.9: s1 1/1 runs failed, s2 0/1 runs failed"));
	EXPECT_NE(NULL, strstr(r.out, NEW_LINE("generic/100", "section=s1 " UNTRIAGED("1/1")
					       " from=results:s1/" START,
					       "seen=6.12.9")));
	EXPECT_NE(NULL, strstr(r.out, "generic/700: new fail entry in xfs.expunge"));
	EXPECT_NE(NULL, strstr(r.out, "6.6.30: x1 1/1 runs failed"));
	/* --fs keeps the suites of its filesystem, wherever they are */
	r = fexp_update(self, "--fs xfs");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "generic/100"));
	EXPECT_NE(NULL, strstr(r.out, "generic/700: new fail entry in xfs.expunge"));
	r = fexp_update(self, "--fs ext4");
	EXPECT_NE(NULL, strstr(r.out, "s2 0/1 runs failed"));
	EXPECT_EQ(NULL, strstr(r.out, "generic/700"));
}

/* Suites of one section in one file: attempts of one run, said. */
TEST_F(update, suites_of_one_section_are_one_run)
{
	struct proc_out r;

	ASSERT_EQ(0, system(str_printf("mkdir -p %s/res/0", self->dir)));
	put_str(str_printf("%s/res/0/result.xml", self->dir),
		str_printf("<?xml version=\"1.0\"?>\n<testsuites>\n%s%s</testsuites>\n",
			   suite("ext4", "6.12.9", "s1", "generic/100", 'F'),
			   suite("ext4", "6.12.10", "s1", "generic/100", 'P')));
	self->n = 1;
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "section=s1 rate=1/2 from="));
	EXPECT_NE(NULL, strstr(r.err, "0/result.xml: section s1: suites set up differently"));
	EXPECT_NE(NULL, strstr(r.err, "differently (KERNEL) taken as one run of ext4 on 6.12.9"));
	proc_out_free(&r);
}

/* What the walk of a directory leaves out is said, and is no error. */
TEST_F(update, places_left_out_are_named_on_stderr)
{
	const char *deep = "res/1/2/3/4/5/6/7/8/9";
	struct proc_out r;

	add_run(self, "6.12.9", "s1", "generic/100=F");
	ASSERT_EQ(0, chdir(self->dir));
	ASSERT_EQ(0, system(str_printf("mkdir -p res/link %s", deep)));
	ASSERT_EQ(0, system(str_printf("cp res/0/result.xml %s/", deep)));
	ASSERT_EQ(0, symlink("../0/result.xml", "res/link/result.xml"));
	r = fexp_call("update --data data res");
	EXPECT_EQ(0, r.status);
	/* read once: neither the link nor the deep copy */
	EXPECT_NE(NULL, strstr(r.out, " rate=1/1 from="));
	EXPECT_NE(NULL, strstr(r.err, "res/link/result.xml: left out: a symbolic link"));
	EXPECT_NE(NULL, strstr(r.err, "res/1/2/3/4/5/6/7/8/9: left out: deeper than 8 levels"));
	EXPECT_NE(NULL, strstr(r.err, "2 place(s) that may hold results were left out"));
	ASSERT_EQ(0, chdir("/"));
	proc_out_free(&r);
}

/* Passing on one kernel says nothing of the others: fixed=, no removal. */
TEST_F(update, passing_on_one_kernel_only_is_no_removal)
{
	struct dataset ds = { 0 };
	const struct entry *e;
	struct proc_out r;
	int i;

	for (i = 0; i < 3; i++)
		add_run(self, "6.12.9", "s1", "generic/300=P");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status);
	e = entry(self, &ds, "generic/300");
	ASSERT_NE(NULL, e);
	ASSERT_TRUE(e->has_fixed);
	EXPECT_EQ(9, e->fixed.v[0].patch);
	EXPECT_NE(NULL, strstr(r.out, "one kernel series"));
	dataset_free(&ds);
}

/* A results file must not choose where update writes. */
TEST_F(update, fstyp_is_no_path)
{
	static const char * const bad[] = { "../pwned", "global", "ext4/../../x" };
	struct proc_out r;
	size_t i, len;

	ASSERT_EQ(0, system(str_printf("mkdir -p %s/res/0", self->dir)));
	self->n = 1;
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		put_str(str_printf("%s/res/0/result.xml", self->dir),
			str_printf("<?xml version=\"1.0\"?>\n<testsuites>\n%s</testsuites>\n",
				   suite(bad[i], "6.12.9", "s1", "generic/100", 'F')));
		r = fexp_update(self, "--write");
		EXPECT_EQ(2, r.status);
		EXPECT_NE(NULL, strstr(r.err, "0/result.xml: FSTYP"));
		EXPECT_NE(NULL, strstr(r.err, "not a filesystem name"));
		EXPECT_NE(0, access(str_printf("%s/pwned.expunge", self->dir), F_OK));
		EXPECT_STREQ("", get_file(str_printf("%s/data/global.expunge",
						     self->dir), &len));
		proc_out_free(&r);
	}
}

/* Nor may a run of an archive (update --archive --write) */
TEST_F(update, fstyp_of_an_archived_run_is_no_path)
{
	static const char * const bad[] = { "../pwned", "global" };
	struct proc_out r;
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ASSERT_EQ(0, system(str_printf("mkdir -p %s/res/%zu", self->dir, i)));
		put_str(str_printf("%s/res/%zu/result.xml", self->dir, i),
			str_printf("<?xml version=\"1.0\"?>\n%s",
				   suite(bad[i], "6.12.9", "s1", "generic/100", 'F')));
		ASSERT_EQ(0, system(str_printf("$FEXP archive add -a %s/a%zu %s/res/%zu >/dev/null",
					       self->dir, i, self->dir, i)));
		r = fexp_call(str_printf("update --archive %s/a%zu --data %s/data --write",
					 self->dir, i, self->dir));
		EXPECT_EQ(2, r.status);
		EXPECT_NE(NULL, strstr(r.err, "/run: FSTYP")) TH_LOG("%s", r.err);
		EXPECT_NE(NULL, strstr(r.err, "not a filesystem name"));
		EXPECT_NE(0, access(str_printf("%s/pwned.expunge", self->dir), F_OK));
		EXPECT_STREQ("", get_file(str_printf("%s/data/global.expunge",
						     self->dir), &len));
		proc_out_free(&r);
	}
}

/* A line update declines is named by its own number, not as line 1 */
TEST_F(update, a_declined_line_is_named_by_its_number)
{
	struct proc_out r;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"# a first line\n"
		"generic/100 fail\n");
	add_run(self, "6.6.30", "s1", "generic/100=P");
	r = fexp_update(self, "--min-runs 1");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "not proposed: ")) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "ext4.expunge:2: warning: generic/100: no reason given"))
		TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.err, "ext4.expunge:1:")) TH_LOG("%s", r.err);
	proc_out_free(&r);
}

/* --passes counts an archive's runs: without --archive it is refused */
TEST_F(update, passes_without_an_archive_is_refused)
{
	struct proc_out r;

	add_run(self, "6.6.30", "s1", "generic/100=F");
	r = fexp_update(self, "--passes 3");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "--passes is for --archive")) TH_LOG("%s", r.err);
	EXPECT_STREQ("", r.out);
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
}

/*
 * A line that an environment switch turns off is no explanation in a run
 * that had the switch: with --env as the run had it, the fail line is
 * the one that applies and takes the pass.
 */
TEST_F(update, env_of_the_runs_decides_which_line_applies)
{
	struct proc_out r;

	put_str(str_printf("%s/data/global.expunge", self->dir),
		"generic/200 expunge env=!large-disk cause=env  # a big disk\n");
	add_run(self, "6.6.30", "s1", "generic/200=P");
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ("", r.out);
	r = fexp_update(self, "--env large-disk");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "generic/200: passes on 6.6.30 in 1 run(s)"))
		TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out,
			       "+generic/200 fail passed=6.6.30  # fixed on 6.6.30"))
		TH_LOG("%s", r.out);
	r = fexp_update(self, "--env nonsense");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "--env nonsense: no such switch"))
		TH_LOG("%s", r.err);
	r = fexp_call(str_printf("update --data %s/data --env large-disk --archive %s",
				 self->dir, self->dir));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "--env is for RESULTS, not --archive"))
		TH_LOG("%s", r.err);
}

/*
 * A new line that would cover a line of the file (so that compaction
 * takes that one away, its cause= and seen= with it) is not proposed.
 */
TEST_F(update, a_new_line_never_takes_a_line_away)
{
	char *path = str_printf("%s/data/ext4.expunge", self->dir), *before;
	struct proc_out r;
	size_t len;

	put_str(path, str_printf("%s%s%s", ext4_data,
				 "generic/700 fail section=s1 until=6.2-rc1 ",
				 "cause=kernel from=kdevops seen=6.1.50\n"));
	before = get_file(path, &len);
	add_run(self, "6.6.30", "s1", "generic/700=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "not proposed: generic/700: the new line would cover"))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "ext4.expunge:7 and so remove it"))
		TH_LOG("%s", r.err);
	EXPECT_STREQ(before, get_file(path, &len));
	/* in another section it covers nothing: a line of its own */
	self->n = 0;
	add_run(self, "6.6.30", "s2", "generic/700=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_EQ(0, system(str_printf("grep -q '^%s' %s",
				       "generic/700 fail section=s1 until=6.2-rc1 cause=kernel",
				       path)));
	EXPECT_EQ(0, system(str_printf("grep -q '^generic/700 fail section=s2 ' %s",
				       path)));
}

/* A data file with CRLF line ends is refused, not rewritten half LF */
TEST_F(update, crlf_data_is_not_rewritten)
{
	static const char crlf[] = "generic/200 fail  # fixed on 6.6.30\r\n"
				   "generic/201 fail  # another\r\n";
	struct proc_out r;
	size_t len;
	int i;

	put_str(str_printf("%s/data/ext4.expunge", self->dir), crlf);
	for (i = 0; i < 3; i++)
		add_run(self, "6.6.30", "s1", "generic/200=P");
	add_run(self, "6.1.90", "s1", "generic/200=F");
	r = fexp_update(self, "--write");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "ext4.expunge:1: error: a CRLF line end"))
		TH_LOG("%s", r.err);
	EXPECT_STREQ(crlf, get_file(str_printf("%s/data/ext4.expunge", self->dir),
				    &len));
	proc_out_free(&r);
	/* check names it */
	r = fexp_call(str_printf("check --data %s/data", self->dir));
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, "ext4.expunge:1: error: a CRLF line end"));
	proc_out_free(&r);
	/* nor does import merge into it */
	put_str(str_printf("%s/mine", self->dir), "generic/300 # mine\n");
	r = fexp_call(str_printf("import --from list %s/mine --fs ext4 --data %s/data --write",
				 self->dir, self->dir));
	EXPECT_NE(0, r.status);
	EXPECT_NE(NULL, strstr(r.err, "a CRLF line end")) TH_LOG("%s", r.err);
	EXPECT_STREQ(crlf, get_file(str_printf("%s/data/ext4.expunge", self->dir),
				    &len));
	proc_out_free(&r);
}

/* Lines "check" would warn of are not proposed: the reason is said. */
TEST_F(update, no_line_check_rejects)
{
	struct proc_out r;

	add_run(self, "6.12.9", "s1", "xfs/001=F generic/001-foo=F");
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "xfs/001"));
	EXPECT_EQ(NULL, strstr(r.out, "generic/001-foo"));
	EXPECT_NE(NULL, strstr(r.err, "xfs/001: a xfs test never runs on ext4"));
	EXPECT_NE(NULL, strstr(r.err, "'check -E' would also leave out generic/001"));
	proc_out_free(&r);
}

/* A section name that is a glob or a negation is no section= value. */
TEST_F(update, section_names_that_are_patterns_are_not_written)
{
	static const char * const bad[] = { "*", "!dax", "a,b" };
	struct proc_out r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		self->n = 0;
		add_run(self, "6.12.9", bad[i], "generic/100=F");
		add_run(self, "6.12.9", "s2", "generic/100=P");
		r = fexp_update(self, "");
		EXPECT_EQ(0, r.status);
		EXPECT_EQ(NULL, strstr(r.out, "section="));
		EXPECT_NE(NULL, strstr(r.err, "not a plain section name"));
		proc_out_free(&r);
	}
}

/* A fail entry whose "if" the results cannot decide: said, not silent. */
TEST_F(update, fail_entry_with_if_is_noted)
{
	struct proc_out r;
	int i;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/700 fail if EXT4_FS_SECURITY  # x\n");
	for (i = 0; i < 3; i++)
		add_run(self, "6.12.9", "s1", "generic/700=P");
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.err, "ext4.expunge:1: generic/700: its 'if' condition"));
	proc_out_free(&r);
}

/* Failing on one kernel and passing on a later one is no flake. */
TEST_F(update, fail_then_pass_on_a_later_kernel_is_fixed_there)
{
	struct proc_out r;
	int i;

	add_run(self, "6.6.30", "s1", "generic/100=F");
	add_run(self, "6.6.31", "s1", "generic/100=P");
	r = fexp_update(self, "");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "new flaky"));
	EXPECT_NE(NULL, strstr(r.out, NEW_LINE("generic/100", "section=s1 " UNTRIAGED("1/1")
					       " from=results:s1/0", "seen=6.6.30")));
	/* one pass is not the --min-runs 3 that fixed= needs: said */
	EXPECT_NE(NULL, strstr(r.out, "--min-runs"));
	for (i = 0; i < 2; i++)
		add_run(self, "6.6.31", "s1", "generic/100=P");
	r = fexp_update(self, "");
	EXPECT_NE(NULL, strstr(r.out, NEW_LINE("generic/100", "section=s1 fixed=6.6.31 "
					       UNTRIAGED("1/1"),
					       "from=results:s1/0 seen=6.6.30 passed=6.6.31")));
	proc_out_free(&r);
}

/* The diff applies with git apply and patch -p1, whatever the path. */
TEST_F(update, diff_paths_apply)
{
	struct proc_out r;
	char *dir;

	add_run(self, "6.12.9", "s1", "generic/100=F");
	ASSERT_EQ(0, chdir(self->dir));
	ASSERT_EQ(0, system("mkdir 'with space' && cp -r data 'with space'/"));
	r = fexp_call("update --data './with space/data' res");
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "a/./"));
	put_str("space.patch", r.out);
	EXPECT_EQ(0, system("patch -s -p1 < space.patch"));
	EXPECT_EQ(0, system("grep -q generic/100 'with space/data/ext4.expunge'"));
	/* an absolute path outside any git tree: no "a//tmp" */
	dir = str_printf("%s/data", self->dir);
	r = fexp_call(str_printf("update --data %s res", dir));
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(NULL, strstr(r.out, "a//"));
	EXPECT_NE(NULL, strstr(r.out, "--- a/data/ext4.expunge\n"));
	put_str("abs.patch", r.out);
	EXPECT_EQ(0, system("git apply --check abs.patch"));
	ASSERT_EQ(0, chdir("/"));
	proc_out_free(&r);
}

/* compare's regressions of the cut-short runs with the data in dir */
static char *cut_short_regressions(const char *dir)
{
	struct proc_out r;
	char *v;

	r = fexp_call(str_printf("compare --release 6.18.44 --format json --data %s/data %s",
				 dir, FIXTURE_PATH("cut-short/6.18.44")));
	v = jsonq(r.out, REGRESSIONS);

	proc_out_free(&r);
	return v ? v : strdup("(not JSON)");
}

/*
 * The cut-short runs (6.18.44 on loop devices) into a copy of the shipped
 * data: update proposes exactly what compare calls a regression (ext4/022
 * among them, whose only entry is for the encrypt sections), with seen=
 * and from= the run; check on what it wrote is clean, and compare then
 * finds no regression.
 */
TEST_F(update, dogfood_regressions_are_what_update_proposes)
{
	char *before, *tok, *save, *after;
	struct proc_out r;
	int n = 0;

	ASSERT_EQ(0, system(str_printf("rm -rf %s/data && cp -r %s/data %s/data",
				       self->dir, SRCDIR, self->dir)));
	before = cut_short_regressions(self->dir);
	EXPECT_NE(NULL, strstr(before, "ext4/022"));
	r = fexp_call(str_printf("update --write --data %s/data %s", self->dir,
				 FIXTURE_PATH("cut-short/6.18.44")));
	EXPECT_EQ(0, r.status);
	for (tok = strtok_r(before, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		EXPECT_NE(NULL, strstr(r.out, str_printf("\n%s: new ", tok))) TH_LOG("%s", tok);
		n++;
	}
	/* and nothing else */
	for (tok = r.out; (tok = strstr(tok, ": new ")); tok++)
		n--;
	EXPECT_EQ(0, n);
	EXPECT_EQ(0, system(str_printf("grep -q '^ext4/022 .* %s%s' %s/data/ext4.expunge",
				       "section=ext4_4k rate=1/1 from=results:ext4_4k/",
				       START " seen=6.18.44$", self->dir)));
	check_clean(self, _metadata);
	after = cut_short_regressions(self->dir);
	EXPECT_STREQ("", after);
	free(before);
	free(after);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
