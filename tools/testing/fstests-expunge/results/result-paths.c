// SPDX-License-Identifier: GPL-2.0
/* Results named by paths: found, read, and handed on one file at a time. */
#include <stdlib.h>

#include "results/result-find.h"
#include "results/result-paths.h"
#include "results/result-pool.h"

struct read_state {
	const struct found_list *fl;
	result_take take;
	void *ctx;
	int ret;
};

/* One file read, in the order found: to the taker, or its error said. */
static void one_read(void *ctx, size_t i, struct result_file *rf, int ret,
		     char *err)
{
	struct read_state *rs = ctx;

	if (ret) {
		pr_err("%s", err);
		free(err);
		result_free(rf);
		rs->ret = -1;
		return;
	}
	if (rf->incomplete)
		pr_warn("%s: incomplete: %s", rf->path, rf->why_incomplete);
	rs->take(rs->ctx, rf, rs->fl->f[i].run);
}

int results_read_paths(const struct strlist *paths, struct strlist *notes,
		       result_take take, void *ctx)
{
	struct found_list fl = { 0 };
	struct read_state rs = { .fl = &fl, .take = take, .ctx = ctx };
	char **paths_read;
	bool *named;
	size_t i;

	for (i = 0; i < paths->n; i++) {
		char *err = NULL;

		if (results_find(paths->v[i], &fl, &err)) {
			pr_err("%s", err);
			free(err);
			rs.ret = -1;
		}
	}
	/* said here too: not every report format shows its notes */
	for (i = 0; i < fl.notes.n; i++) {
		if (notes)
			strlist_add(notes, xstrdup(fl.notes.v[i]));
		pr_warn("%s", fl.notes.v[i]);
	}
	if (fl.skipped) {
		pr_warn("%zu place(s) that may hold results were left out (each named above)",
			fl.skipped);
		rs.ret = rs.ret ? rs.ret : 1;
	}
	paths_read = found_paths(&fl);
	named = found_named(&fl);
	result_read_many_named(paths_read, named, fl.n, one_read, &rs);
	free(paths_read);
	free(named);
	found_free(&fl);
	return rs.ret;
}
