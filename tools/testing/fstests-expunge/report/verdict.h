/* SPDX-License-Identifier: GPL-2.0 */
/* What every compare report says alike of a test and of a section. */
#ifndef FEXP_VERDICT_H
#define FEXP_VERDICT_H

#include "compare/compare.h"

struct json_writer;

/* The columns of the summaries: every class but pass, in report order. */
extern const enum cls report_columns[NR_CLS - 1];
/* The failure a test's report shows: the run's, else the baseline's. */
const struct tally *verdict_failure(const struct test_verdict *v);

/*
 * A new test that failed (in a section the baseline did not run): the
 * reports that only name new tests tell it in full.
 */
bool verdict_new_failure(const struct test_verdict *v);

/* "2/4 failed", "passed", "not run": the attempts of one side. */
void attempts_describe(const struct tally *t, struct strbuf *sb);

/* "hints": the fix lines of compare --fstests (JSON, KCIDB), or null */
void report_hints_json(struct json_writer *w, const char *hints);
/* name: the lines of text as an array of strings, or null */
void report_lines_json(struct json_writer *w, const char *name,
		       const char *text);

/* The kernels a side's sections name (KERNEL), each once, in order */
void side_kernels(const struct side *sd, struct strlist *l);
/*
 * A side in words: "kernel 6.18.40; 2 runs: PATH, PATH" ("kernels A,
 * B", "no kernel named"; at most SIDE_RUNS_NAMED runs, then "and N
 * more"), or "none" for a side with no run
 */
#define SIDE_RUNS_NAMED	4
void side_describe(const struct side *sd, struct strbuf *sb);
/* The same, each run by its last three path components (for the email) */
void side_describe_short(const struct side *sd, struct strbuf *sb);
/* Within name, its last three path components (all of it if fewer) */
const char *run_short_name(const char *name);

#endif
