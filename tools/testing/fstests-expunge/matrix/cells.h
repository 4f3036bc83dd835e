/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every archived run summed up per test: cells of (filesystem, section,
 * machine) x kernel x test, counted as the runs stream by. The memory
 * grows with the cells, not with the runs.
 */
#ifndef FEXP_CELLS_H
#define FEXP_CELLS_H

#include "archive/archive.h"
#include "lib/strmap.h"

/* A run of a group: when it started, and the tests that failed in it */
struct group_run {
	char started[32];
	unsigned int *failed;	/* name indexes */
	size_t n, alloc;
	bool have;
};

/*
 * A group: one filesystem, section and machine; its runs shown apart.
 * Its tests are numbered in it: tix[name index] is a test's number + 1,
 * 0 for a name that is no test of the group. last[0] is its newest run
 * (by its start; of those whose results were read), last[1] the one
 * before it.
 */
struct cell_group {
	unsigned int fs, section, machine, setup;	/* name indexes */
	unsigned int *tix;
	size_t ntix;
	unsigned int ntests;
	struct group_run last[2];
};

/*
 * The runs of one group on one kernel; cix[test number] is the index of
 * its cell + 1, 0 while the test has none (no hashing a testcase).
 */
struct cell_col {
	unsigned int group, kernel;
	unsigned int runs, incomplete, corrupt;
	unsigned int broken;	/* judged broken: left out of its cells */
	unsigned int summary;	/* summary-only: failures, never passes */
	char last[32];		/* the start of its newest run */
	unsigned int *cix;
	size_t ncix;
};

struct cell {
	unsigned int group, kernel, test;
	unsigned int runs;	/* runs in which the test passed or failed */
	unsigned int fail;	/* of those, runs in which it failed */
	unsigned int mixed;	/* runs with failed and passed attempts */
	unsigned int notrun;	/* runs in which it was skipped */
	unsigned int crash;	/* the last test of a run cut short */
	unsigned int sfail;	/* summary-only runs that name it failing */
	/*
	 * The newest run in which it failed that kept logs: its logs/
	 * folder is logs.v[log - 1]; 0: none
	 */
	unsigned int log;
};

struct cells {
	struct strmap name_ix;	/* a name: its index in names */
	struct strlist names;
	struct strmap group_ix, col_ix;
	struct cell_group *g;
	size_t ng, ag;
	struct cell_col *col;
	size_t ncol, acol;
	struct cell *c;
	size_t n, alloc;
	struct strlist logs;	/* ARCHIVE/runs/ID/logs of runs with logs */
};

/* Count one run in */
void cells_add_run(struct cells *cs, const struct archive_run *run);
/* The index of a name, adding it */
unsigned int cells_name(struct cells *cs, const char *name);
void cells_free(struct cells *cs);

#endif
