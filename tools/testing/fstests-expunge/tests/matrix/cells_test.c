// SPDX-License-Identifier: GPL-2.0
/*
 * The cells of the matrix as runs stream by: each run counted in the
 * cell of its group, kernel and test, whatever the order of the runs,
 * and one cell per test and column however many runs there are.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix/cells.h"
#include "kselftest_harness.h"
#include "test-util.h"

/* A run of section (fs: its prefix) on kernel and machine */
static void make_run(struct archive_run *run, const char *section,
		     const char *kernel, const char *machine)
{
	char fs[16];

	memset(run, 0, sizeof(*run));
	snprintf(fs, sizeof(fs), "%.*s", (int)strcspn(section, "_"), section);
	record_set(&run->rec, "fs", fs);
	record_set(&run->rec, "section", section);
	record_set(&run->rec, "kernel", kernel);
	record_set(&run->rec, "machine", machine);
	record_set(&run->rec, "status", "complete");
	run->readable = true;
}

static void add_case(struct archive_run *run, const char *name,
		     enum outcome out)
{
	struct result_file *rf = &run->rf;
	struct result_case *c = array_push(&rf->cases, &rf->ncases,
					   &rf->acases, sizeof(*c));

	c->name = xstrdup(name);
	c->outcome = out;
}

static void drop_run(struct archive_run *run)
{
	size_t i;

	for (i = 0; i < run->rf.ncases; i++)
		free(run->rf.cases[i].name);
	free(run->rf.cases);
	record_free(&run->rec);
}

/* The cell of test in the column of section, kernel, machine, or NULL */
static const struct cell *find(const struct cells *cs, const char *section,
			       const char *kernel, const char *machine,
			       const char *test)
{
	const char *const *v = (const char *const *)cs->names.v;
	size_t i;

	for (i = 0; i < cs->n; i++) {
		const struct cell *c = &cs->c[i];
		const struct cell_group *g = &cs->g[c->group];

		if (!strcmp(v[g->section], section) &&
		    !strcmp(v[g->machine], machine) &&
		    !strcmp(v[c->kernel], kernel) && !strcmp(v[c->test], test))
			return c;
	}
	return NULL;
}

TEST(runs_of_several_columns_interleaved_count_apart)
{
	static const char *const kernels[] = { "6.1.119", "6.6.64", "6.12.5" };
	static const char *const sections[] = { "xfs_crc", "ext4_4k" };
	struct cells cs = { 0 };
	const struct cell *c;
	unsigned int i;

	/* 60 runs: kernel, section and machine change from run to run */
	for (i = 0; i < 60; i++) {
		struct archive_run run;
		char test[32];

		make_run(&run, sections[i % 2], kernels[i % 3],
			 i % 5 ? "box" : "other");
		add_case(&run, "generic/001", OUT_PASS);
		/* fails in the runs of 6.6.64 only */
		add_case(&run, "generic/002", i % 3 == 1 ? OUT_FAIL : OUT_PASS);
		snprintf(test, sizeof(test), "%s/%03u", i % 2 ? "ext4" : "xfs",
			 i % 4);
		add_case(&run, test, OUT_NOTRUN);
		cells_add_run(&cs, &run);
		drop_run(&run);
	}
	c = find(&cs, "xfs_crc", "6.12.5", "other", "generic/002");
	ASSERT_NE(NULL, c);
	/* i % 6 == 2, i % 5 == 0: 20 50 */
	EXPECT_EQ(2, c->runs);
	EXPECT_EQ(0, c->fail);
	c = find(&cs, "xfs_crc", "6.6.64", "box", "generic/002");
	ASSERT_NE(NULL, c);
	/* i % 6 == 4, i % 5 != 0: 4 16 22 28 34 46 52 58 */
	EXPECT_EQ(8, c->runs);
	EXPECT_EQ(8, c->fail);
	c = find(&cs, "xfs_crc", "6.1.119", "box", "generic/001");
	ASSERT_NE(NULL, c);
	/* i % 6 == 0, i % 5 != 0: 6 12 18 24 36 42 48 54 */
	EXPECT_EQ(8, c->runs);
	EXPECT_EQ(0, c->fail);
	c = find(&cs, "ext4_4k", "6.1.119", "other", "ext4/003");
	ASSERT_NE(NULL, c);
	/* i % 6 == 3, i % 5 == 0, i % 4 == 3: 15 */
	EXPECT_EQ(1, c->notrun);
	EXPECT_EQ(NULL, find(&cs, "ext4_4k", "6.1.119", "other", "xfs/000"));
	cells_free(&cs);
}

TEST(one_cell_per_test_and_column_however_many_runs)
{
	struct cells cs = { 0 };
	unsigned int i, t;
	size_t j;

	/* 2 columns of 300 tests, 50 runs each, test names interleaved */
	for (i = 0; i < 100; i++) {
		struct archive_run run;
		char test[32];

		make_run(&run, "xfs_crc", i % 2 ? "6.6.64" : "6.12.5", "box");
		for (t = 0; t < 300; t++) {
			snprintf(test, sizeof(test), "generic/%03u",
				 i % 2 ? t : 299 - t);
			/* test 7 fails on every other attempt: two attempts */
			add_case(&run, test, OUT_PASS);
			if (t == 7)
				add_case(&run, test, OUT_FAIL);
		}
		cells_add_run(&cs, &run);
		drop_run(&run);
	}
	EXPECT_EQ(600, cs.n);
	EXPECT_EQ(2, cs.ncol);
	for (j = 0; j < cs.n; j++)
		EXPECT_EQ(50, cs.c[j].runs);
	/* t == 7: generic/007 in one column, generic/292 in the other */
	EXPECT_EQ(50, find(&cs, "xfs_crc", "6.6.64", "box", "generic/007")->mixed);
	EXPECT_EQ(50, find(&cs, "xfs_crc", "6.12.5", "box", "generic/292")->fail);
	EXPECT_EQ(0, find(&cs, "xfs_crc", "6.12.5", "box", "generic/007")->fail);
	cells_free(&cs);
}

/* Whether test failed in the group's run r (0 newest, 1 the one before) */
static bool failed_in(const struct cells *cs, int r, const char *test)
{
	const struct group_run *gr = &cs->g[0].last[r];
	size_t i;

	for (i = 0; i < gr->n; i++)
		if (!strcmp(cs->names.v[gr->failed[i]], test))
			return true;
	return false;
}

TEST(the_newest_two_runs_of_a_group_by_start_whatever_the_order)
{
	/* the start of each run, and whether generic/001 and 002 failed */
	static const struct {
		const char *started;
		bool f1, f2;
	} runs[] = {
		{ "2026-12-03T08:00:00+00:00", true, false },
		{ "2026-12-01T08:00:00+00:00", true, true },
		{ "2026-12-04T08:00:00+00:00", false, true },
		{ "2026-12-02T08:00:00+00:00", false, false },
	};
	struct cells cs = { 0 };
	struct archive_run run;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(runs); i++) {
		make_run(&run, "xfs_crc", "6.12.5", "m");
		record_set(&run.rec, "started", runs[i].started);
		add_case(&run, "generic/001", runs[i].f1 ? OUT_FAIL : OUT_PASS);
		add_case(&run, "generic/002", runs[i].f2 ? OUT_FAIL : OUT_PASS);
		cells_add_run(&cs, &run);
		drop_run(&run);
	}
	/* the 4th and the 3rd, though read third and first */
	ASSERT_TRUE(cs.g[0].last[0].have && cs.g[0].last[1].have);
	EXPECT_STREQ(runs[2].started, cs.g[0].last[0].started);
	EXPECT_STREQ(runs[0].started, cs.g[0].last[1].started);
	EXPECT_FALSE(failed_in(&cs, 0, "generic/001"));
	EXPECT_TRUE(failed_in(&cs, 0, "generic/002"));
	EXPECT_TRUE(failed_in(&cs, 1, "generic/001"));
	EXPECT_FALSE(failed_in(&cs, 1, "generic/002"));
	cells_free(&cs);
}

TEST_HARNESS_MAIN
