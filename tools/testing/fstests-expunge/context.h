/* SPDX-License-Identifier: GPL-2.0 */
/* What the commands that select data share: kernel, data, selection. */
#ifndef FEXP_CONTEXT_H
#define FEXP_CONTEXT_H

#include "data.h"
#include "datadir.h"
#include "kernel.h"
#include "select.h"

struct context {
	struct kernel_opts opts;
	struct kernel k;
	struct datadir dd;
	struct dataset ds;
	struct diag diag;
	struct selector sel;
	bool have_kernel, have_sel;
};

/*
 * Identify the kernel, load the data for fs and evaluate it. Returns
 * EXIT_OK, or EXIT_USAGE after saying what was wrong.
 */
int context_load(struct context *c, const char *fs);
void context_free(struct context *c);

#endif
