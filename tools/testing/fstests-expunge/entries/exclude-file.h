/* SPDX-License-Identifier: GPL-2.0 */
/* The exclude file for fstests' check -E: what is left out, and why. */
#ifndef FEXP_EXCLUDE_FILE_H
#define FEXP_EXCLUDE_FILE_H

#include "entries/env-switch.h"
#include "entries/for-kernel.h"
#include "fstests/tree.h"

struct exclude_opts {
	const char *fs;
	bool explain;		/* also the entries that do not apply */
	bool run_known;		/* known failures (fail) run */
	/* the fstests tree group entries are expanded from, or NULL */
	const struct fstests_tree *tree;
	/* group entries that could not be expanded are added here */
	struct strlist *unexpanded;
	/* a switch run decided from the machine, or NULL */
	const struct env_decision *env;
};

/*
 * The exclude file for section (NULL: none) of the kernel and data in kd
 * (from dd), appended to out: a header (saying what was left out for want
 * of a section, and by the state of which environment switch), then one
 * test a line with a comment saying why, then (explain) every entry with
 * what became of it. A group entry gives the
 * group's tests from xo->tree; without a tree it stays a comment.
 */
void exclude_list(const struct kdata *kd, const struct datadir *dd,
		  const struct exclude_opts *xo, const char *section,
		  struct strbuf *out);

/* Entries that name sections, and so never apply without one */
size_t exclude_section_only(const struct kdata *kd, const char *section);

#define SECTION_ONLY	"entries name sections (section=) and were left out"

#endif
