/* SPDX-License-Identifier: GPL-2.0 */
/* Other harnesses' expunge lists, read into data lines of our format. */
#ifndef FEXP_IMPORT_H
#define FEXP_IMPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strbuf.h"
#include "lib/strmap.h"

/* One data line an importer made, for one data file. */
struct import_line {
	char *fs;	/* data file it belongs in: "ext4", "global", ... */
	char *text;	/* the whole data line, no newline */
	char *origin;	/* where it came from: "path:line" in the source */
};

/* A source line that could not be converted, and why. */
struct import_skip {
	char *origin;	/* "path:line" */
	char *why;
};

/* A test one list file of a harness names (view --sources) */
struct import_listed {
	char *fs;	/* the data file it goes in: "ext4", "global" */
	char *test;
	char *section;	/* the configuration the list is for, or NULL */
	char *path;	/* the list in the harness's tree */
	char *opened;	/* the file read for it, or NULL: the tree's path */
	unsigned int line;
};

struct import_listing {
	struct import_listed *v;
	size_t n, alloc;
};

/*
 * Into l: test, named by path:line for fs and section (NULL: every);
 * opened is the file read for path where it is not the tree's path (a
 * kdevops list reached through links), else NULL
 */
void import_listing_add(struct import_listing *l, const char *fs,
			const char *test, const char *section,
			const char *path, const char *opened,
			unsigned int line);
void import_listing_free(struct import_listing *l);

struct import_result {
	struct import_line *lines;
	size_t n, alloc;
	struct import_skip *skips;
	size_t nskips, skips_alloc;
	size_t unreadable;	/* of the skips, lists that could not be read */
	const char *rev;	/* the source's commit, for from=; NULL: unknown */
	const char *srctree;	/* the kernel tree judged (fstests fixes) */
	/*
	 * Set by the importer when the lists are the user's own (a list
	 * file, a tree without the harness's common list): their path, the
	 * from=user: of each line and the block they go in.
	 */
	char *user;
	/* when set, every test a list names, where, before any merging */
	struct import_listing *listing;
};

/*
 * Read another harness's lists under dir, for the filesystems in fs
 * (empty: all that it has). Returns 0, or -1 with a message printed when
 * dir cannot be read as that harness's tree.
 */
int import_xfstests_bld(const char *dir, const struct strlist *fs,
			struct import_result *r);
int import_kdevops(const char *dir, const struct strlist *fs,
		   struct import_result *r);
/*
 * The kernel fixes fstests' tests name, for the tree r->srctree: a line
 * for each one its git history lacks; none without git history.
 */
int import_fstests(const char *dir, const struct strlist *fs,
		   struct import_result *r);
/* A user's own exclude list (path: a file), for one filesystem or all */
int import_user_list(const char *path, const struct strlist *fs,
		     struct import_result *r);

void import_add_line(struct import_result *r, const char *fs, char *text,
		     char *origin);
void import_add_skip(struct import_result *r, char *origin, char *why);
/*
 * " from=ORIGIN,..." onto sb: each of origins (as the harness's tree
 * names its lists, with @REV or not) in its short form, once.
 */
void import_put_from(struct strbuf *sb, const struct strlist *origins);
/*
 * A list (or a directory of lists) that could not be read, errno saying
 * why: the import is incomplete, and exits 2.
 */
void import_add_unreadable(struct import_result *r, char *origin);
void import_result_free(struct import_result *r);

/* Test names in the order of a data file: "generic/79" < "generic/100". */
int import_test_cmp(const char *a, const char *b);

struct import_merge_stats {
	size_t added;		/* new entries */
	size_t present;		/* entries the file already had */
	/* of those, in lines of the other kind of source: left as they are */
	struct strlist apart;	/* "generic/475 (line 9)" */
};

/*
 * The text of data file fs (buf, len; empty for a new file) with the
 * lines from source merged in, into out: existing lines kept byte for
 * byte, no entry twice, a new entry after its test's entries or in the
 * source's sorted block ("# Imported from SOURCE"), made at the end when
 * there is none. lines is sorted in place. A user's own lists (source
 * "user:PATH") and the harnesses' are kept apart: a user's entry goes
 * only into its own block, neither kind is placed among or merged into
 * the other's lines (an entry there already stays as it is, in
 * st->apart), lines written by hand take the evidence of either.
 */
void import_merge(const char *buf, size_t len, const char *fs,
		  const char *source, struct import_line **lines, size_t n,
		  struct strbuf *out, struct import_merge_stats *st);

/*
 * The lines of a data file and its eol/ file, by the list files their
 * from= names: is an imported fact already there? It is when a line of
 * its test names every list file the fact's from= names (at any commit),
 * whatever else that line says now.
 */
struct import_there {
	struct there_line *l;
	size_t n, alloc;
	struct strmap tests;	/* test: its last line in l, plus 1 */
};

/* The entry lines of data text buf, len (file name for messages) */
void import_there_add(struct import_there *t, const char *name,
		      const char *buf, size_t len);
/* Is the fact the data line text gives there? Never one without from= */
bool import_there_has(struct import_there *t, const char *text);
void import_there_free(struct import_there *t);

/*
 * The import command: read the lists of harness from ("xfstests-bld",
 * "kdevops") under dir for the filesystems in fs (empty: all), say on
 * stderr what could not be converted, then print the data lines or, with
 * write, merge them into the data files of data (the usual search when
 * NULL), all or none. Returns EXIT_OK, EXIT_PROBLEM when a merged file
 * would not parse, or EXIT_USAGE (also when a list could not be read:
 * then nothing is written).
 */
int import_from(const char *from, const char *dir, const struct strlist *fs,
		bool write, const char *data, const char *rev,
		const char *srctree);

#endif
