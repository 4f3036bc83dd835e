/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kdevops' results archives: tarballs of the old layout
 * (fstests/<user>/<fs>/<infra>/<date>/<kernel>.xz, each holding
 * <kernel>/<section>/result.xml) and a clone of the live one
 * (<workflow>/<user>/<trigger-repo>/<YYYYMMDD>/<NNNN>/<slug>/<ref>.xz,
 * one commit a run whose message sums it up).
 */
#ifndef FEXP_KDEVOPS_ARCHIVE_H
#define FEXP_KDEVOPS_ARCHIVE_H

#include "archive/archive.h"

/*
 * Add what path holds of kdevops' archives to the archive g. A clone
 * of the live archive: every fstests commit, from its tarball when the
 * clone has it, else from the commit message's summary (a summary-only
 * run: its failing tests, no pass). Anything else: every kdevops
 * tarball below path. Returns 1 when path is such a clone (all is
 * done), 0 when not (its tarballs, if any, are added), -1 with *err.
 */
int kdevops_add(const struct archive_git *g, const char *path, const struct add_opts *o,
		struct add_stats *st, char **err);

/* One section of a kdevops commit message's summary */
struct kdevops_section {
	char *name;
	unsigned long tests, failures, skipped;
	struct strlist failed;
};

struct kdevops_summary {
	char *kernel;		/* KERNEL: */
	char *cpus;		/* CPUS: */
	struct kdevops_section *s;
	size_t n, alloc;
};

/*
 * Parse the summary of a commit message: "KERNEL: ...", then per section
 * "S: N tests, F failures, K skipped, T seconds" and its "Failures: ..."
 * lines (or one line a test, "  generic/003  Fail  12s"). A section
 * said twice counts once. Returns the number of sections.
 */
size_t kdevops_summary_parse(const char *msg, struct kdevops_summary *sum);
void kdevops_summary_free(struct kdevops_summary *sum);

#endif
