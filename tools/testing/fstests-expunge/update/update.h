/* SPDX-License-Identifier: GPL-2.0 */
/* "update": the data changes that results support, with their evidence. */
#ifndef FEXP_UPDATE_H
#define FEXP_UPDATE_H

#include <stdbool.h>

#include "lib/strbuf.h"
#include "update/plan.h"

/*
 * Read the results (paths of result.xml files or directories; each file
 * is one run) and work out the data changes. Returns 0, or EXIT_USAGE
 * after saying what could not be read.
 */
int update_plan(const struct update_opts *o, const struct strlist *paths,
		struct update_plan *p);
void update_plan_free(struct update_plan *p);

/*
 * The plan as a unified diff of each data file (into out), or with
 * write, the files rewritten: all or none, each only if it parses
 * (data_files_write()). Returns 0, or -1 after saying why.
 */
int update_apply(const struct update_plan *p, bool write, struct strbuf *out);

#endif
