/* SPDX-License-Identifier: GPL-2.0 */
/* The harness list files behind the short from= origins of data lines. */
#ifndef FEXP_SOURCES_H
#define FEXP_SOURCES_H

#include "entries/entry.h"
#include "import/import.h"

/* One harness checkout: every test its lists name, and where */
struct source_tree {
	char *dir;
	const char *harness;	/* "xfstests-bld" or "kdevops" */
	char *rev;		/* its commit (12 digits), or NULL */
	struct import_listing listing;
	char **origin;		/* per listed test: its list's short origin */
	/* per listed test: its kdevops kernel directory's kernel, or 0 */
	struct kver *kernel;
};

struct sources {
	struct source_tree *t;
	size_t n, alloc;
};

/*
 * Read the lists of the xfstests-bld or kdevops tree at dir, each with
 * the harness's own parser (the importers'). The commit is git's when
 * dir is the top of a work tree, else the first commit id (40 hex
 * digits) its PROVENANCE.md names, as a copy of the lists says where
 * it came from. 0, or -1 with *err: also when a list or directory of
 * the tree cannot be read, each named, as the answer would be wrong.
 */
int sources_add(struct sources *s, const char *dir, char **err);

/*
 * Under a data line of file fs ("global": every filesystem): for each
 * of its from= origins of a harness, each list file of the trees that
 * names its test for its sections (for "kdevops", in a kernel directory
 * of the line's seen=), as the long origin
 * SOURCE:PATH@REV and the line ("    from ORIGIN: LONG, line N"), or
 * that none does.
 */
void sources_describe(const struct sources *s, const struct entry *e,
		      const char *fs, struct strbuf *sb);

void sources_free(struct sources *s);

#endif
