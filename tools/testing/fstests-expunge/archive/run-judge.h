/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broken runs: a run whose failure share is far outside what the runs of
 * its table (filesystem, section, machine, set-up) show is a broken run
 * (a set-up that did not work, an experiment), not that many findings.
 */
#ifndef FEXP_RUN_JUDGE_H
#define FEXP_RUN_JUDGE_H

#include <stddef.h>

#include "archive/run-record.h"

/* A run needs this many tests that ran to be judged at all */
#define BROKEN_MIN_TESTS	20
/* Above this share of failures a run is broken, whatever its table */
#define BROKEN_SHARE		0.5
/* Against its table (of BROKEN_TABLE_RUNS runs or more): */
#define BROKEN_TABLE_RUNS	3
#define BROKEN_TIMES_MEDIAN	4
#define BROKEN_ABOVE_MEDIAN	0.2

struct judged {
	char *table;	/* fs, section, machine and set-up of the run */
	double share;	/* failures / tests that ran; < 0 unknown */
	unsigned long ran;
	char *broken;	/* why it is broken, or NULL */
};

/* What the record says for judging it */
void judged_init(struct judged *j, const struct run_record *rec);
/*
 * Judge the n runs: broken when at least BROKEN_MIN_TESTS tests ran and
 * its failure share is above BROKEN_SHARE, or (in a table of
 * BROKEN_TABLE_RUNS runs or more) above both BROKEN_TIMES_MEDIAN times
 * the table's median share and that median plus BROKEN_ABOVE_MEDIAN.
 */
void runs_judge(struct judged *j, size_t n);
void judged_free(struct judged *j);

#endif
