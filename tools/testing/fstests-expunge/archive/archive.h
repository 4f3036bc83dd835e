/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A results archive: a git repository with one folder a run,
 * runs/<id>/ (id: a hash of the run's result.xml files), holding the
 * record "run" (key: value lines), result.xml.zst (and result-N.xml.zst
 * for further shards) and config.zst when the config was given; one
 * commit a run.
 */
#ifndef FEXP_ARCHIVE_H
#define FEXP_ARCHIVE_H

#include <stdbool.h>

#include "archive/archive-git.h"
#include "archive/run-make.h"
#include "archive/run-record.h"
#include "results/results.h"

struct add_stats {
	unsigned long added, known, corrupt, incomplete;
};

/*
 * Add the runs of path (a result.xml, an fstests results folder, or a
 * kdevops results tree: every result.xml below) to the archive g opened
 * (archive_git_open()), each whole or not at all. A run already there
 * adds nothing. Returns 0, or -1 with *err.
 */
int archive_add(const struct archive_git *g, const char *path,
		const struct add_opts *o, struct add_stats *st, char **err);

/* One archived run as read back */
struct archive_run {
	const char *id;
	struct run_record rec;
	struct result_file rf;	/* its result.xml; shards in rf.more */
	bool readable;		/* rf holds something */
	char *why;		/* else why not */
	bool wanted;
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
