/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Section lists written short: a section= list of three or more plain
 * names as prefix globs ("encrypt*", "xfs_crc*,!xfs_crc_logdev") when
 * that is shorter and selects the same sections among every name known
 * for the filesystem.
 */
#ifndef FEXP_SECTION_GLOBS_H
#define FEXP_SECTION_GLOBS_H

#include "entries/entry.h"

struct strmap;

/*
 * The names a list is checked against for filesystem fs, added to *u
 * (each once): the plain section= names of ds, and those its harnesses
 * are known to have (known-names.h).
 */
void section_universe_add(struct strlist *u, const char *fs,
			  const struct dataset *ds);

/*
 * names (NULL-terminated, three or more plain names) as the shortest
 * list found of those names and prefix globs P* (P a whole name, or
 * a name up to a '_' or '-' of it, or to and with one), with !NAME
 * for a name of u a glob matches but names does not: one that
 * matches, for filesystem fs, exactly the sections of u and names
 * that names does. A new NULL-terminated list, or NULL when none is
 * shorter.
 */
char **section_globs(char *const *names, const char *fs,
		     const struct strlist *u);

/*
 * The text of data file name (buf, len) for filesystem fs, each entry
 * line whose section= list section_globs() shortens against u written
 * with the shorter list, into out; other lines, and those whose text
 * is a key of keep (NULL: none), as they are. Returns 0, or -1 (out
 * untouched) when buf does not parse.
 */
int data_section_globs(const char *name, const char *fs, const char *buf,
		       size_t len, const struct strlist *u,
		       struct strmap *keep, struct strbuf *out);

#endif
