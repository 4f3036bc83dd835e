/* SPDX-License-Identifier: GPL-2.0 */
/* What the pages of the test matrix share: their frame and a cell. */
#ifndef FEXP_MATRIX_PAGE_H
#define FEXP_MATRIX_PAGE_H

#include "matrix/matrix.h"

void mx_page_start(struct strbuf *out, const char *title);
void mx_page_end(struct strbuf *out);
/* A cell of kernel k: its class, failed runs, rate and the data's entry */
void mx_put_cell(const struct mx_kernel *k, const struct mx_cell *cell,
		 struct strbuf *out);
/* Is the class a problem: fail, flaky, crash or known? */
bool mx_problem(enum cell_class cls);

/*
 * The entry page's first section: every test with a problem in some
 * table (crash, fail, flaky with its rate, known), the worst first, with
 * where, whether it is new on the newest kernel of a table, and its first
 * failing kernel; each linked to a page of its own (test-NAME.html) that
 * shows it in every table. pages: the test pages, paths their names
 * (dir/...), both arrays grown.
 */
void mx_problems(const struct matrix *m, const char *dir, struct strbuf *index,
		 struct strbuf **pages, char ***paths, size_t *n);

#endif
