/* SPDX-License-Identifier: GPL-2.0 */
/* Results named by paths: found, read, and handed on one file at a time. */
#ifndef FEXP_RESULT_PATHS_H
#define FEXP_RESULT_PATHS_H

#include "results/results.h"

/* A file read, of the run (a name results_find() gave); rf is the taker's. */
typedef void (*result_take)(void *ctx, struct result_file *rf,
			    const char *run);

/*
 * Find the result files under every path (results_find()), read them
 * (result_read_many()) and hand each one read to take, in the order
 * found; an incomplete one is warned of. What the walk left out goes to
 * notes (NULL: warnings on stderr). Returns 0; 1 when the walk left out
 * something that may hold results (warned of); -1 when a path or a file
 * could not be read (said on stderr: the rest is read still).
 */
int results_read_paths(const struct strlist *paths, struct strlist *notes,
		       result_take take, void *ctx);

#endif
