/* SPDX-License-Identifier: GPL-2.0 */
/* The data files written: every one parses, and all are written or none. */
#ifndef FEXP_DATA_WRITE_H
#define FEXP_DATA_WRITE_H

#include "lib/strbuf.h"

struct strmap;

/*
 * Write texts[i] to paths[i], for n data files (import --write, update
 * --write). Each text must parse as data: when one does not, its errors
 * are said and nothing is written (EXIT_PROBLEM). The texts are written
 * as data_files_prepare() makes them: compact, and entries only for
 * kernels out of maintenance in eol/; compaction leaves the lines keep
 * holds (NULL: none) as they are. Then all files are written atomically
 * or none is (EXIT_USAGE after saying why). EXIT_OK.
 */
int data_files_write(char *const *paths, const struct strbuf *texts,
		     size_t n, struct strmap *keep);

/*
 * Every data file of dir and dir/eol written again through
 * data_files_write() (check --compact). Its exit status.
 */
int data_dir_rewrite(const char *dir);

#endif
