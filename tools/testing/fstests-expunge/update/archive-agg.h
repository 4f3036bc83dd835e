/* SPDX-License-Identifier: GPL-2.0 */
/*
 * "update --archive": every run of a results archive summed up per
 * filesystem and test, apart per section and machine (its set-up) and
 * per kernel: never one rate pooled over set-ups.
 */
#ifndef FEXP_UPDATE_ARCHIVE_AGG_H
#define FEXP_UPDATE_ARCHIVE_AGG_H

#include "archive/archive.h"
#include "kernel/version.h"
#include "lib/strmap.h"

/* The runs of one kernel release in one cell, in time order */
struct kstate {
	char *kernel;
	struct kver v;
	unsigned int pass, fail, mixed;	/* runs with a result.xml */
	unsigned int lead;	/* passes before its first failure */
	bool pass_after_fail;	/* a pass came after a failure */
	char *first_fail;	/* the run of the first failure: "ID (DATE)" */
};

/* A kernel series (x.y) of a test: its passes since the last failure */
struct series {
	struct kver last;	/* its newest version run */
	unsigned int trail;
};

/* One section on one machine and set-up: where a rate is measured */
struct cell {
	char *section, *machine;	/* machine: "HOST [SETUP]" */
	unsigned int sfail;	/* summary-only runs that name it failing */
	struct kstate *k;
	size_t nk, ak;
	struct series *ser;
	size_t nser, aser;
};

/* What every run says of one test of one filesystem */
struct arow {
	char *fs, *test;
	struct cell *c;
	size_t nc, ac;
	struct kver *seen;	/* failing versions, ascending, no repeats */
	size_t nseen, aseen;
};

struct agg {
	struct strmap ix;
	struct arow *r;
	size_t n, alloc;
	const char *fs;		/* --fs, or NULL */
	const char *archive;	/* its folder, for messages */
	unsigned long runs, used, broken, summary;
	unsigned long apart;	/* runs of linux-next or patched kernels */
	struct strlist apart_kernels;
};

/* The runs of the archive, one by one (archive_each()) */
bool agg_want(const struct run_record *rec, void *arg);
int agg_add_run(struct archive_run *run, void *arg);
/* Rows by filesystem and test */
void agg_sort(struct agg *a);
void agg_free(struct agg *a);

/* How the runs of a kernel in a cell went (min_runs: --min-runs) */
enum kclass { KC_PASS, KC_FAIL, KC_CHANGE, KC_MIXED };
enum kclass kstate_class(const struct kstate *k, unsigned int min_runs);

#endif
