/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A results archive: a git repository with one folder a run,
 * runs/<id>/ (id: a hash of the run's result.xml files), holding the
 * record "run" (key: value lines), result.xml.zst (and result-N.xml.zst
 * for further shards), config.zst when the config was given, and
 * logs/ (archive/run-logs.h) when the run left logs of failing tests;
 * one commit a run.
 */
#ifndef FEXP_ARCHIVE_H
#define FEXP_ARCHIVE_H

#include <stdbool.h>

#include "archive/archive-git.h"
#include "archive/run-make.h"
#include "archive/run-record.h"
#include "lib/strmap.h"
#include "results/results.h"

struct add_stats {
	unsigned long added, known, corrupt, incomplete;
	unsigned long runs;		/* read, added or already there */
	unsigned long summary;		/* of those, from a summary only */
	unsigned long lfs;		/* tarballs that are LFS pointers */
	unsigned long no_summary;	/* ... whose commit has no summary */
	struct strmap machines, kernels;	/* of the runs read */
};

/*
 * Add the runs of path (a result.xml, an fstests results folder, a
 * kdevops results tree: every result.xml below, every kdevops tarball
 * below, or a clone of kdevops' results archive) to the archive g
 * opened (archive_git_open()), each whole or not at all. A run already
 * there adds nothing. Returns 0, or -1 with *err.
 */
int archive_add(const struct archive_git *g, const char *path,
		const struct add_opts *o, struct add_stats *st, char **err);
void add_stats_free(struct add_stats *st);

/*
 * Store a run made by run_make() in the archive g and commit it; a run
 * already there is counted, not added. 0, or -1 with *err.
 */
int archive_store(const struct archive_git *g, struct new_run *run,
		  struct add_stats *st, char **err);

/* One archived run as read back */
struct archive_run {
	const char *dir;	/* the archive */
	const char *id;
	struct run_record rec;
	struct result_file rf;	/* its result.xml; shards in rf.more */
	bool readable;		/* rf holds something */
	char *why;		/* else why not */
	bool wanted;
	/*
	 * A run known from a summary alone (kdevops' commit messages): its
	 * failing tests, and no pass (rf is empty).
	 */
	bool summary_only;
	struct strlist failed;
	/* a broken run (archive_each()): why, or NULL */
	const char *broken;
};

/*
 * Call fn for every run of the archive dir, one at a time (memory stays
 * flat however many runs), oldest first: by upstream version, then start
 * time, then id. With want (else NULL), only the runs whose record it
 * wants are read further. fn's non-zero return stops the walk and is
 * returned; -1 with *err when the archive cannot be read.
 */
int archive_each(const char *dir,
		 bool (*want)(const struct run_record *rec, void *arg),
		 int (*fn)(struct archive_run *run, void *arg),
		 void *arg, char **err);

#endif
