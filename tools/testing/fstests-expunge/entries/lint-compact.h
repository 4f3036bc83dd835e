/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lint rules from compaction: a line another line covers, and lines that
 * differ only in their sections or adjacent version ranges.
 */
#ifndef FEXP_LINT_COMPACT_H
#define FEXP_LINT_COMPACT_H

#include "entries/entry.h"

/*
 * A warning, with the line to delete or the one line to write, for each
 * line of ds that compaction (check --compact) would drop or merge:
 * each file against the global.expunge of its directory. A hand-written
 * line, which compaction keeps, is said when another line covers it.
 */
void lint_compact(const struct dataset *ds, struct diag *d);

#endif
