/* SPDX-License-Identifier: GPL-2.0 */
/* The runs on one side of a comparison, merged per section and test. */
#ifndef FEXP_SIDE_H
#define FEXP_SIDE_H

#include "lib/strbuf.h"
#include "lib/strmap.h"
#include "results/result-logs.h"
#include "results/results.h"

/*
 * The properties that must match for runs to be comparable (compared as
 * written; not set is the same as empty).
 */
#define NR_SIDE_SETTINGS	4
extern const char *const side_settings[NR_SIDE_SETTINGS];

/* The attempts of one run at a test */
struct run_count {
	size_t run;		/* index into side.runs */
	unsigned int pass, fail, notrun;
};

/* Every attempt at one test in one section: first, retries, runs. */
struct tally {
	char *name;
	unsigned int pass, fail, notrun;
	unsigned int crashed;	/* failed attempts that took the machine down */
	double time;		/* the attempts' times added up, or -1: none */
	char *msg;		/* the first failure's message */
	char *detail;		/* its changed diff lines, or kernel log line */
	/*
	 * its logs (log_exts[i]: out.bad, dmesg, full), each beside the
	 * result.xml or kept by archive add, or NULL
	 */
	char *log[NR_LOGS];
	char *notrun_msg;	/* why it did not run, the first time */
	/* the attempts of each run it is in, packed: tally_run() reads them */
	unsigned char *runs;
	size_t nruns, aruns;
	size_t last_run;	/* the run of the last record ... */
	size_t last_at;		/* ... and where it starts */
};

struct side_section {
	char *name;
	struct result_prop *props;	/* of its first run */
	size_t nprops;
	char *kernel;			/* the first KERNEL its runs name */
	/* its KERNEL_VERSION (run --vm: the upstream version), or NULL */
	char *kernel_version;
	bool kernels_differ;		/* its runs name several */
	const char *settings_differ;	/* a setting its runs do not share */
	char *started;			/* the earliest start of its runs */
	struct strlist runs;		/* the runs it is in (run keys) */
	struct strmap in_runs;		/* the same, while adding */
	struct strlist incomplete;	/* "path: why" of each incomplete run */
	struct tally *t;		/* sorted by name after side_finish() */
	size_t n, alloc;
	size_t *hash, hsize;		/* index + 1 into t, while adding */
};

/* One file of a run, as it was read. */
struct side_file {
	char *path;
	char *section;
	double time;	/* the testsuite's time= in seconds, or -1 */
};

/* A run: its files (one per section; check-parallel: per shard). */
struct side_run {
	char *name;
	struct side_file *f;
	size_t n, alloc;
};

struct side {
	struct side_section *s;
	size_t n, alloc;
	unsigned int files;
	struct side_run *runs;		/* in the order first read */
	size_t nruns, aruns;
	struct strmap run_index;	/* a run's name: its index in runs */
};

/*
 * Merge a file read by result_read() into the side; run names the run it
 * belongs to (check-parallel shards share one). rf is emptied.
 */
void side_add(struct side *sd, struct result_file *rf, const char *run);
/* Done adding: sort the tests of every section. */
void side_finish(struct side *sd);
void side_free(struct side *sd);

struct side_section *side_section(const struct side *sd, const char *name);
/* After side_finish(): a test's tally, or NULL. */
const struct tally *section_tally(const struct side_section *s,
				  const char *test);
const char *section_prop(const struct side_section *s, const char *name);
/* The attempts of run (index into side.runs) at t; false: not in it. */
bool tally_run(const struct tally *t, size_t run, struct run_count *rc);

#endif
