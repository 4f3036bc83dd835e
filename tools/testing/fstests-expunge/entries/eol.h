/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernels out of maintenance: the one list of the maintained series, and
 * which entries apply only to kernels outside it (data/eol/FS.expunge).
 */
#ifndef FEXP_EOL_H
#define FEXP_EOL_H

#include "entries/entry.h"

/*
 * Is v a maintained kernel: a release of a maintained stable series
 * (5.10, 5.15, 6.1, 6.6, 6.12, 6.18: x.y and x.y.z, not x.y-rcN), or
 * mainline from 6.19-rc1 on? The one list of them.
 */
bool kver_maintained(const struct kver *v);

/*
 * Do e's since=, fixed= and until= leave out every maintained kernel?
 * (Sections, switches, trees and conditions are not looked at.)
 */
bool entry_eol_only(const struct entry *e);

#endif
