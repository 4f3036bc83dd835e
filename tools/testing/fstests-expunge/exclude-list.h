/* SPDX-License-Identifier: GPL-2.0 */
/* The fstests exclude file (check -E) for a kernel and a section. */
#ifndef FEXP_EXCLUDE_LIST_H
#define FEXP_EXCLUDE_LIST_H

#include "context.h"

struct exclude_opts {
	const char *fs;
	bool explain;
	bool run_known;
};

/*
 * Append to out the exclude file for section (NULL: none) of the kernel
 * and data in c: one test per line at column 0 (fstests matches
 * ^TEST\b), each with a comment saying why.
 */
void exclude_write(struct context *c, const struct exclude_opts *xo,
		   const char *section, struct strbuf *out);

#endif
