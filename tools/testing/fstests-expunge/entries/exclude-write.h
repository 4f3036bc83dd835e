/* SPDX-License-Identifier: GPL-2.0 */
/* The exclude command's pipeline: the data, then every exclude file. */
#ifndef FEXP_EXCLUDE_WRITE_H
#define FEXP_EXCLUDE_WRITE_H

#include "entries/exclude-file.h"

/* What to write: the exclude files of one filesystem on one kernel. */
struct exclude_job {
	struct exclude_opts xo;		/* ->tree and ->unexpanded are set here */
	const struct kernel_opts *ko;	/* ->fstests: where groups come from */
	const struct strlist *sections;	/* none: one file, no section */
	const char *output;		/* -o FILE, or NULL: standard output */
	const char *outdir;		/* DIR/SECTION.exclude each, or NULL */
};

/*
 * A section whose name cannot name the file DIR/SECTION.exclude (empty,
 * with a '/', or starting with '.'), or NULL when every one can.
 */
const char *exclude_bad_file_name(char *const *sections);

/*
 * Read the fstests tree in dir, that group entries are expanded from.
 * Returns EXIT_OK, or EXIT_USAGE after saying why.
 */
int exclude_read_tree(const char *dir, struct fstests_tree *tree);

/*
 * The exclude file of each of sections (none: one without a section) of
 * the data kd from dd: to output, or to outdir/SECTION.exclude each
 * (outdir/FS.exclude without a section), every file or none; both NULL:
 * to standard output. Returns EXIT_OK, or EXIT_USAGE after saying why.
 */
int exclude_write_files(const struct kdata *kd, const struct datadir *dd,
			const struct exclude_opts *xo,
			const struct strlist *sections, const char *output,
			const char *outdir);

/*
 * Read the fstests tree and the data, then write every section's exclude
 * file (with an outdir, every file or none), saying on stderr what the
 * user should know. Returns EXIT_OK, or EXIT_USAGE after saying why.
 */
int exclude_write(const struct exclude_job *job);

#endif
