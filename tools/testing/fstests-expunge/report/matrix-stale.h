/* SPDX-License-Identifier: GPL-2.0 */
/* What a new matrix -o DIR removes of the last one written there. */
#ifndef FEXP_MATRIX_STALE_H
#define FEXP_MATRIX_STALE_H

#include <stddef.h>

#include "matrix/matrix.h"

/*
 * After the pages of m were written to dir (the n paths, each
 * "dir/NAME"): remove the table pages (tN.html, tN-K.html), test pages
 * (test-NAME.html) and logs (logs/RUN-TEST.EXT) of an earlier matrix
 * that this one did not write, so that none outlives its matrix. A
 * name of any other shape, a folder, or a file behind a link, is left
 * alone. Returns 0, or -1 with *err.
 */
int mx_remove_stale(const struct matrix *m, const char *dir,
		    char *const *paths, size_t n, char **err);

#endif
