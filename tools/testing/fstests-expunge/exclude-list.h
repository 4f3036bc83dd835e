/* SPDX-License-Identifier: GPL-2.0 */
/* The exclude file for fstests' check -E: what is left out, and why. */
#ifndef FEXP_EXCLUDE_LIST_H
#define FEXP_EXCLUDE_LIST_H

#include "kdata.h"

struct exclude_opts {
	const char *fs;
	bool explain;		/* also the entries that do not apply */
	bool run_known;		/* known failures (fail) run */
};

/*
 * The exclude file for section (NULL: none) of the kernel and data in kd
 * (from dd), appended to out: a header (saying what was left out for want
 * of a section), then one test a line with a comment saying why, then
 * (explain) every entry with what became of it.
 */
void exclude_list(const struct kdata *kd, const struct datadir *dd,
		  const struct exclude_opts *xo, const char *section,
		  struct strbuf *out);

/* Entries that name sections, and so never apply without one */
size_t exclude_section_only(const struct kdata *kd, const char *section);

#define SECTION_ONLY	"entries name sections (section=) and were left out"

#endif
