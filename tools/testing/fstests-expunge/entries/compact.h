/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compaction: a data file's entries as a strictly equivalent, smaller
 * set: the same tests excluded, failing and flaky for every filesystem,
 * section, kernel, configuration, switch and tree.
 */
#ifndef FEXP_COMPACT_H
#define FEXP_COMPACT_H

#include "entries/entry.h"

struct strmap;

/*
 * The longest line a merge may write (issue 29): two lines whose one
 * line would be longer stay two, as a maintainer reads them in a diff.
 */
#define COMPACT_LINE_MAX	300

struct compact_stats {
	size_t before, after;	/* entry lines */
	size_t dropped;		/* lines another line covers */
	size_t merged;		/* lines merged into another */
};

/* What compaction does to one line (for lint): see compact_plan(). */
struct compact_step {
	size_t entry;		/* index in the dataset */
	size_t other;		/* the line that covers it, or merges it */
	bool merge;		/* merged (section or range), not dropped */
	bool global;		/* other is an entry of global, not of ds */
};

/*
 * Which entries of ds (one data file) compaction drops or merges, into
 * *steps (*n of them, malloc'd). global: the entries read with every
 * file (global.expunge), whose lines make a file's redundant; NULL for
 * none (and when ds is global.expunge).
 */
void compact_plan(const struct dataset *ds, const struct dataset *global,
		  struct compact_step **steps, size_t *n);

/*
 * The text of data file name (buf, len) made compact into out, comments
 * and blank lines kept: a line another line covers is dropped (its
 * evidence goes into that line when the two say the same), lines that
 * differ only in their section, or only in adjacent ranges of mainline
 * versions, become one line that keeps every origin and kernel seen,
 * its reasons merged into one (entries/reason.h), unless that line
 * would be longer than COMPACT_LINE_MAX. A hand-written line
 * (from=hand, or no from=) is never dropped or weakened. A line whose
 * text (without its newline) is a key of keep (NULL: none) stays byte
 * for byte: it is neither dropped, nor merged, nor rewritten, though it
 * may cover other lines. Returns 0, or -1 (out untouched) when buf does
 * not parse.
 */
int data_compact(const char *name, const char *buf, size_t len,
		 const struct dataset *global, struct strmap *keep,
		 struct strbuf *out, struct compact_stats *st);

#endif
