/* SPDX-License-Identifier: GPL-2.0 */
/* A run to archive: its result.xml files as read, and its record. */
#ifndef FEXP_RUN_MAKE_H
#define FEXP_RUN_MAKE_H

#include <stdbool.h>

#include "archive/run-logs.h"
#include "archive/run-record.h"

struct add_opts {
	const char *machine;	/* --machine, or NULL */
	const char *config;	/* --config FILE, or NULL */
	const char *fstests;	/* --fstests DIR, or NULL */
	/*
	 * The RESULTS the files were found under, or NULL: the source is
	 * recorded from its last component down, never as a path of the
	 * adder's machine (a shared archive must not hold one).
	 */
	const char *root;
};

struct run_file {
	char *data;		/* the file's bytes, as read */
	size_t len;
};

struct new_run {
	char id[17];		/* a hash of the files' content, hex */
	struct run_record rec;
	struct run_file *f;	/* result.xml, then more shards */
	size_t n, alloc;
	struct strbuf config;	/* the config read, if any */
	struct strbuf summary;	/* the commit message */
	struct strlist failed;	/* the tests that failed, each once */
	struct run_logs logs;	/* their logs (run_make() only) */
};

/*
 * Read the n result.xml files of one run (a section, or the shards of
 * one) and make its record: kernel, version, fs, section, options,
 * device kind, fstests commit, machine (the result's hostname, or
 * --machine), set-up, counts and status (complete, incomplete or
 * corrupt: a file that cannot be parsed is kept and said so), and the
 * logs of its failing tests found beside the files (run_logs_read();
 * "logs" in the record: how many). named: the
 * files were named on the command line (read_named(): a pipe will do),
 * not found by a walk. Returns 0, or -1 with *err when a file cannot be
 * read at all.
 */
int run_make(char *const *paths, size_t n, bool named,
	     const struct add_opts *o, struct new_run *run, char **err);
/*
 * The same for files already in run->f (read from a tarball): path is
 * where they were (its folders may name kernel and section), source the
 * name the archive keeps (run_source()).
 */
int run_make_read(const char *path, const char *source,
		  const struct add_opts *o, struct new_run *run, char **err);
/*
 * Where the run at path came from, as the archive keeps it: from the last
 * component of root (the RESULTS named) down, the folders above it left
 * out (malloc'd).
 */
char *run_source(const char *path, const char *root);
/* The "setup" key: a hash of the record's device, options and config */
void run_set_setup(struct run_record *r);
void new_run_free(struct new_run *run);

#endif
