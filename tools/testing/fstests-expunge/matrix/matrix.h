/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The test matrix over every archived run: per filesystem, section and
 * machine, tests x kernels, each cell classed with the data's help.
 */
#ifndef FEXP_MATRIX_H
#define FEXP_MATRIX_H

#include "matrix/cells.h"
#include "kernel/version.h"

enum cell_class {
	CL_PASS,	/* passed in every run */
	CL_FAIL,	/* failed in every run, and the data does not know it */
	CL_FLAKY,	/* failed in some runs (or attempts), passed in others */
	CL_KNOWN,	/* failed in every run: a known failure of the data */
	CL_EXPUNGED,	/* not run: the data expunges it */
	CL_NOTRUN,	/* skipped, or absent from this kernel's runs */
	CL_CRASH,	/* last test of a run cut short, and not passing */
};

struct matrix_opts {
	const char *fs, *section, *kernel;	/* filters: kernel a glob */
	const char *data;			/* --data, for matrix_classify() */
};

struct mx_kernel {
	const char *release;
	char version[48];	/* its upstream version, or "" */
	struct kver v;
	const struct cell_col *col;
};

struct mx_cell {
	enum cell_class cls;
	const struct cell *c;	/* the counts, or NULL: never ran */
	const char *why;	/* the data's entry, for known and expunged */
	/*
	 * The logs of the newest failing run that kept some: bit i for
	 * log_exts[i] (MX_LOG_EXTS), at log_src.EXT in the archive, shown
	 * as log_page.EXT in the pages' folder (both malloc'd, or NULL)
	 */
	unsigned int logs;
	char *log_src, *log_page;
};

#define MX_LOGS		3
extern const char *const *const mx_log_exts;	/* log_exts */

struct mx_test {
	const char *name;
	const char *first_fail;	/* the first kernel it failed on, or NULL */
	/* it failed in the table's newest run and not in the one before */
	bool new_run;
	struct mx_cell *cells;	/* one per kernel */
};

struct mx_table {
	const char *fs, *section, *machine, *setup;
	const struct group_run *last;	/* its newest run, the one before */
	struct mx_kernel *k;
	size_t nk;
	struct mx_test *t;
	size_t nt;
};

struct matrix {
	struct cells cs;
	struct mx_table *tab;	/* by fs, section, machine */
	size_t n;
	struct strlist whys;	/* the entries' descriptions */
	unsigned long runs;	/* runs read */
};

/*
 * Read every run of the archives (that the filters let through) and
 * build the tables, their cells not yet classed (matrix_classify()).
 * Returns 0, or -1 with *err.
 */
int matrix_build(const struct matrix_opts *o, char *const *archives,
		 size_t n, struct matrix *m, char **err);
void matrix_free(struct matrix *m);
const char *cell_class_name(enum cell_class cls);

#endif
