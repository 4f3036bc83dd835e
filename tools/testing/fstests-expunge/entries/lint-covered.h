/* SPDX-License-Identifier: GPL-2.0 */
/* Lint rule: a line other lines cover together (deleting it changes nothing). */
#ifndef FEXP_LINT_COVERED_H
#define FEXP_LINT_COVERED_H

#include <stdbool.h>

#include "entries/entry.h"

/*
 * A warning for each line of ds that the other lines the tool reads with
 * it (its file, the eol/ file of its filesystem, the global.expunge and
 * eol/global.expunge of its directory) cover together: wherever it
 * applies, for every section, kernel version and set of switches, one
 * of them applies with a kind as strong. Lines gone[i] are taken as
 * deleted already (said by another rule); each line said is added, so
 * that deleting every line said changes no selection. Without --srctree
 * a fixed-by= decides as its fixed= does; "if" and an fstests fix are
 * matched as written.
 */
void lint_covered(const struct dataset *ds, bool *gone, struct diag *d);

/*
 * Do the entries of ds (the lines read with a, for filesystem fs: its
 * section names) cover a together, by the same rule? a may be one of
 * them or not.
 */
bool entries_cover(const struct dataset *ds, const struct entry *a,
		   const char *fs);

#endif
