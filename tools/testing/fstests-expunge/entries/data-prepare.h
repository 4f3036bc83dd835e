/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Data files as they are written: compact, and what applies only to
 * kernels out of maintenance in eol/.
 */
#ifndef FEXP_DATA_PREPARE_H
#define FEXP_DATA_PREPARE_H

#include "lib/strbuf.h"

struct strmap;

struct data_files {
	struct strlist paths;
	struct strbuf *texts;	/* one per path */
	size_t alloc;
};

/*
 * The n texts (each parses) for paths made ready to write, into f:
 * from DIR/FS.expunge the entries that apply only to kernels out of
 * maintenance (eol.h; not hand-written ones) move to DIR/eol/FS.expunge
 * (its text on disk, or a new file, joins f), then every file is made
 * compact (compact.h) against DIR/global.expunge (as written, compacted
 * first), and a filesystem's file gets its section lists short
 * (section-globs.h), the lines keep holds (NULL: none) left as they
 * are. A line per file that changed is said on stderr. Returns 0, or -1
 * after saying why an eol/ file could not be read.
 */
int data_files_prepare(char *const *paths, const struct strbuf *texts,
		       size_t n, struct strmap *keep, struct data_files *f);
void data_files_free(struct data_files *f);

#endif
