// SPDX-License-Identifier: GPL-2.0
/* What the commands that select data share: kernel, data, selection. */
#include <stdlib.h>

#include "context.h"

static int fail(char *err)
{
	pr_err("%s", err);
	free(err);
	return EXIT_USAGE;
}

int context_load(struct context *c, const char *fs)
{
	char *err = NULL;

	c->have_kernel = true;
	if (kernel_identify(&c->opts, &c->k, &err))
		return fail(err);
	if (datadir_find(c->opts.data, &c->dd, &err) ||
	    datadir_load(&c->dd, fs, &c->ds, &c->diag, &err))
		return fail(err);
	if (c->diag.errors) {
		diag_print(&c->diag);
		pr_err("the data has errors: run '%s check' for all of them",
		       progname);
		return EXIT_USAGE;
	}
	if (selector_init(&c->sel, &c->ds, &c->k, &c->diag, &err))
		return fail(err);
	c->have_sel = true;
	if (c->diag.errors) {
		diag_print(&c->diag);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

void context_free(struct context *c)
{
	if (c->have_sel)
		selector_free(&c->sel);
	if (c->have_kernel)
		kernel_free(&c->k);
	dataset_free(&c->ds);
	diag_free(&c->diag);
	datadir_free(&c->dd);
}
