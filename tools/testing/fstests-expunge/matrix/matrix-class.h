/* SPDX-License-Identifier: GPL-2.0 */
/* The class of each cell of the matrix, with the data's help. */
#ifndef FEXP_MATRIX_CLASS_H
#define FEXP_MATRIX_CLASS_H

#include "matrix/matrix.h"

/*
 * Class every cell: the counts, and what the data (data: a directory,
 * or NULL for the default) says of the test for that filesystem,
 * section and kernel. Also each test's first failing kernel. Returns 0,
 * or -1 with *err when the data cannot be read.
 */
int matrix_classify(struct matrix *m, const char *data, char **err);

#endif
