/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lint of the data, which the "check" command runs: the rules beyond
 * the syntax: duplicates and conflicts, tests that cannot run, conditions,
 * symbols and tests that do not exist.
 */
#ifndef FEXP_LINT_H
#define FEXP_LINT_H

#include "entries/entry.h"

/*
 * Every rule over the entries of ds, each problem into d at its file and
 * line. With srctree, every config symbol must exist in its Kconfig;
 * with fstests, every test in that fstests tree. Returns 0, or -1 after
 * saying why the conditions or the tree's Kconfig could not be read.
 */
int lint_dataset(const struct dataset *ds, const char *srctree,
		 const char *fstests, struct diag *d);

#endif
