/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Inside "update": what the runs of a test say, and the rules that turn
 * it into data edits (update.c gathers, rules.c decides).
 */
#ifndef FEXP_UPDATE_RULES_H
#define FEXP_UPDATE_RULES_H

#include "entries/for-kernel.h"
#include "update/plan.h"

/* What the runs of one kernel and section say of one test. */
struct obs {
	char *fs, *kernel, *section, *test;
	char *version;	/* the results' KERNEL_VERSION (run --vm), or NULL */
	unsigned int runs, pass, fail;	/* runs: all passed, all failed */
	unsigned int att, att_fail;	/* attempts, failed attempts */
	char *from;	/* the failing runs as from= names them, or NULL */
};

struct planner {
	const struct update_opts *o;
	struct kdata_cache kc;
	struct kernel_opts kopts;
	struct update_plan *p;
	struct datadir dd;	/* where new entries go (dd.dir NULL: built in) */
	struct dataset ds;	/* every entry of ds_fs, whatever it applies to */
	char *ds_fs;
	struct dataset global;	/* global.expunge, for update_place() */
	bool global_read;
	bool broken;		/* the data has errors */
};

/* A test no entry covers (o[0..n), one test, sorted by kernel): a new one */
void update_new_entry(struct planner *pl, const struct obs *o, size_t n);
/* A fail entry e that applies: fixed= where it passes, or removal */
void update_known_fail(struct planner *pl, const struct obs *o, size_t n,
		       const struct entry *e);

/*
 * Would "check" take line in file, as its line lineno (0: a new line),
 * without an error or a warning? If not, it says why, naming that line:
 * the line is not proposed.
 */
bool update_line_ok(const char *file, unsigned int lineno, const char *line);

/*
 * The new line text of test into file, compact with the test's lines
 * there (place.c): added, or merged into a line. False when not
 * proposed (said on stderr).
 */
bool update_place(struct planner *pl, const char *file, const char *test,
		  const char *text);

#endif
