/* SPDX-License-Identifier: GPL-2.0 */
/* The test matrix as JSON, and as a set of static web pages. */
#ifndef FEXP_MATRIX_REPORT_H
#define FEXP_MATRIX_REPORT_H

#include "matrix/matrix.h"

/* The matrix as one JSON document (the schema is in the man page) */
void matrix_json(const struct matrix *m, struct strbuf *out);

/*
 * The pages: dir/index.html (every table, linked), a page per
 * filesystem, section and machine (tests x kernels) and its compare
 * view of the two newest kernels; and dir/logs/, the logs its cells
 * link, copied from the archives; then the pages and logs of an earlier
 * matrix in dir that this one did not write are removed. Each page
 * stands alone (no script, no link out). Returns 0, or -1 with *err.
 */
int matrix_html(const struct matrix *m, const char *dir, char **err);

#endif
