/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where the data files are: --data, the environment, beside the binary,
 * the tree the binary was built from, installed, or built in.
 */
#ifndef FEXP_DATA_DIR_H
#define FEXP_DATA_DIR_H

#include "entries/entry.h"
#include "lib/parse-options.h"

#define DATA_ENV	"FSTESTS_EXPUNGE_DATA"
#define GLOBAL_DATA	"global"
/*
 * Entries for kernels out of maintenance: DIR/eol/FS.expunge, read with
 * DIR/FS.expunge (the same format), so no old kernel loses any.
 */
#define EOL_DIR		"eol"

struct datadir {
	char *dir;		/* NULL: the built-in copy */
	char *from;		/* how it was chosen */
};

/*
 * Is fs a filesystem's data file name (lower case letters, digits, '_',
 * '-'; not "global")? Only such names become paths.
 */
bool valid_fs_name(const char *fs);

/*
 * --fs NAME, in lower case whatever it was given in (EXT4 is ext4), into
 * the const char * the option points to
 */
int opt_fs(const struct opt *o, const char *arg);
#define OPT_FS(v, h)	OPT_CALLBACK('f', "fs", (v), "FS", (h), opt_fs)

/* Choose the data directory; -1 with *err when --data/env is unusable. */
int datadir_find(const char *opt, struct datadir *dd, char **err);
void datadir_free(struct datadir *dd);

/* The filesystems with a data file, NULL-terminated. */
char **datadir_filesystems(const struct datadir *dd);

/*
 * Load global.expunge and FS.expunge, then eol/global.expunge and
 * eol/FS.expunge if they exist. Returns 0; 1 with *err saying so
 * when fs has no file of its own and only global.expunge was loaded; -1
 * with *err when there is no data for fs at all, or fs has no file and
 * is no filesystem fstests runs (ext5: a typo). Parse problems go to d.
 */
int datadir_load(const struct datadir *dd, const char *fs,
		 struct dataset *ds, struct diag *d, char **err);

/*
 * Load every data file: global.expunge and each FS.expunge, then the
 * same in eol/. Returns 0, or -1 with *err when a file listed is gone.
 */
int datadir_load_all(const struct datadir *dd, struct dataset *ds,
		     struct diag *d, char **err);

/* Load one named data file (for "check"): -1 with *err if missing. */
int datadir_load_name(const struct datadir *dd, const char *name,
		      struct dataset *ds, struct diag *d, char **err);

#endif
