/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare, from the paths to the report model: read both sides, choose
 * the data for each section, compare each section, add the --fstests
 * hints, total the classes.
 */
#ifndef FEXP_COMPARE_H
#define FEXP_COMPARE_H

#include "compare/classify.h"
#include "compare/side.h"
#include "entries/for-kernel.h"
#include "kernel/kgit.h"

/* What the command line of compare asks */
struct compare_opts {
	struct kernel_opts k;	/* k.fstests: --fstests, the fstests tree */
	struct strlist base_paths, paths, maps;
	const char *format;
	const char *output;
	const char *origin;	/* --origin: for --format kcidb */
	bool bisect;
	bool all;		/* --all: the passes too */
};

/* The report model: what every report format writes. */
struct report {
	const struct section_cmp *sc;	/* sorted by section name */
	size_t n;
	struct compare_totals totals;
	const struct side *base, *cand;
	bool have_base;
	bool all;			/* --all: list the passes too */
	const struct strlist *notes;	/* said before the rest */
	/* the sections of one side only, each said in one note */
	const struct strlist *not_in_base, *not_in_run;
	const char *origin;		/* --origin: KCIDB's name of the submitter */
	const struct kgit *git;		/* KCIDB: the kernel's git tree, or NULL */
	const char *git_release;	/* the kernel it is of (NULL: the run's) */
	int exit_code;
};

struct comparison {
	struct section_cmp *sc;
	size_t n, alloc;
	struct applied_set *sets;
	char **base_names;
	struct strlist not_in_base, not_in_run;	/* sections of one side */
	struct kdata_cache kc;	/* the entries the verdicts point to */
};

struct compare_result {
	struct side base, cand;
	struct strlist notes;	/* said before the report */
	struct comparison cmp;
	struct report r;	/* the model every report format writes */
	struct kgit git;	/* --format kcidb: what r->git points to */
};

/*
 * Compare the runs co names; cr->r is the report. Returns 0, or the exit
 * status after saying what was wrong (2, or 125 with --bisect when the
 * results, the kernel or the data cannot be read, or --map names no
 * section). compare_result_free() in either case.
 */
int compare_pipeline(const struct compare_opts *co, struct compare_result *cr);
void compare_result_free(struct compare_result *cr);

#endif
