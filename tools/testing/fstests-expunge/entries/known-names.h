/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names the tool knows without data: the filesystems fstests runs, and
 * the configurations (sections) of xfstests-bld and kdevops for each.
 */
#ifndef FEXP_KNOWN_NAMES_H
#define FEXP_KNOWN_NAMES_H

#include <stdbool.h>

#include "entries/entry.h"

/* Is fs a filesystem fstests runs (an FSTYP its common/config knows)? */
bool fstyp_known(const char *fs);
/* Every such FSTYP, space-separated */
extern const char fstyp_names[];

/*
 * The note for a section of fs that no entry of ds names (a plain
 * section= glob matching it) and that is no xfstests-bld or kdevops
 * configuration of fs, naming what is known; NULL when it is known or
 * when section is NULL. A new string.
 */
char *section_unknown(const struct dataset *ds, const char *fs,
		      const char *section);

/*
 * The configurations of fs's harnesses, added to *u where not there:
 * xfstests-bld's names as they are, kdevops' as FS_NAME.
 */
void known_sections(const char *fs, struct strlist *u);

#endif
