/* SPDX-License-Identifier: GPL-2.0 */
/* Classifying each test of a run against a baseline and the data. */
#ifndef FEXP_CLASSIFY_H
#define FEXP_CLASSIFY_H

#include <stdbool.h>

#include "compare/side.h"
#include "entries/select.h"

/* In the order reports list them. */
enum cls {
	CLS_REGRESSION,
	CLS_CRASH,		/* it took the machine (or check) down */
	CLS_FIXED,
	CLS_STILL_FAILING,
	CLS_KNOWN,
	CLS_UNEXPECTED_PASS,
	CLS_FLAKY,
	CLS_NEW,
	CLS_MISSING,
	CLS_NOT_RUN,
	CLS_PASS,
	NR_CLS
};

const char *cls_name(enum cls c);	/* "still_failing": JSON and KTAP */
const char *cls_title(enum cls c);	/* "Still failing": text */

/*
 * One test: base and cand are its attempts on each side (NULL: not
 * there), have_base whether there is a baseline at all, a what the data
 * says of it for the candidate's kernel (NULL: nothing). *note, if set,
 * says more (a static string).
 */
enum cls classify(const struct tally *base, bool have_base,
		  const struct tally *cand, const struct applied *a,
		  const char **note);

struct section_cmp;

/*
 * classify() within a section: in a section the baseline did not run, a
 * test is judged by the data alone, and a failure the data does not
 * explain is new, not a regression (there is nothing it regressed from).
 */
enum cls classify_in(const struct section_cmp *sc, bool have_base,
		     const struct tally *base, const struct tally *cand,
		     const struct applied *a, const char **note);

struct test_verdict {
	const char *test;
	enum cls cls;
	const char *note;
	const struct tally *base, *cand;
	const struct applied *data;
	char *hints;	/* compare --fstests: one line per fix, or NULL */
	/*
	 * A failure no entry explains: the entries of its test that do not
	 * apply here, one "FILE:LINE: KIND SELECTOR: why not" a line, or
	 * NULL
	 */
	char *elsewhere;
};

/* A property that differs between the sides of a section. */
struct env_diff {
	const char *name;
	const char *base, *cand;	/* NULL: not set */
};

struct section_cmp {
	const char *name;		/* the candidate's section name */
	const char *base_name;		/* the baseline's (--map), or NULL */
	const struct side_section *base, *cand;
	struct test_verdict *v;		/* every test of either side, by name */
	size_t n, alloc;
	size_t count[NR_CLS];
	size_t tests;			/* tests in the candidate */
	struct env_diff *env;
	size_t nenv, aenv;
	char *data;			/* which data applied, or why none */
};

/*
 * Compare a section of the run: base is NULL when the baseline did not
 * run it; set is the data for the candidate (NULL: none).
 */
void compare_section(struct section_cmp *sc, const struct side_section *base,
		     bool have_base, const struct side_section *cand,
		     const struct applied_set *set);
void section_cmp_free(struct section_cmp *sc);

/* The properties that must match for two runs to be comparable. */
void env_compare(struct section_cmp *sc);

struct compare_totals {
	size_t count[NR_CLS];
	size_t incomplete;	/* candidate sections with an incomplete run */
	size_t sections;
	size_t not_in_run;	/* baseline sections this run did not run */
};

void compare_totals(const struct section_cmp *sc, size_t n,
		    struct compare_totals *t);

/*
 * The exit status: EXIT_OK, EXIT_PROBLEM for regressions and crashes
 * (and, unless bisecting, an incomplete run), or under --bisect EXIT_SKIP
 * when it cannot tell (no results, incomplete run, missing tests or
 * sections).
 */
int compare_exit(const struct compare_totals *t, bool bisect);

#endif
