/* SPDX-License-Identifier: GPL-2.0 */
/* What "update" is asked, and the data edits it plans, with their evidence. */
#ifndef FEXP_UPDATE_PLAN_H
#define FEXP_UPDATE_PLAN_H

#include <stdbool.h>

#include "lib/strbuf.h"

/* The defaults of --min-runs and --passes */
#define UPDATE_MIN_RUNS	3
#define UPDATE_PASSES	5

struct update_opts {
	const char *fs;		/* only this filesystem, or NULL */
	unsigned int min_runs;	/* passing runs of a kernel for fixed= */
	const char *data;	/* --data */
	const char *archive;	/* --archive: a results archive instead */
	unsigned int passes;	/* --passes: passes in a row for a removal */
	struct strlist env;	/* --env: the switches the runs had */
	bool write;
};

/* One change to a data file: a line replaced, deleted or added. */
struct data_edit {
	char *file;		/* path of the data file */
	unsigned int line;	/* 1-based; 0: add at the end */
	char *text;		/* the new line without '\n'; NULL: delete */
};

struct update_plan {
	struct data_edit *e;
	size_t n, alloc;
	struct strbuf message;	/* the commit message, with the evidence */
};

#endif
