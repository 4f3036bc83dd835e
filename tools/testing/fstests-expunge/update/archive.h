/* SPDX-License-Identifier: GPL-2.0 */
/* "update --archive": data changes from every run of a results archive. */
#ifndef FEXP_UPDATE_ARCHIVE_H
#define FEXP_UPDATE_ARCHIVE_H

#include "update/update.h"

/*
 * Walk the archive o->archive (oldest run first) and plan: a flaky entry
 * for a test no entry names that failed in some of its runs and passed
 * in others, with the measured rate f/n in its comment, seen= and from=;
 * a fail entry for one that failed in every run; the removal of a fail
 * or flaky entry whose test passed in the last o->passes runs (or more)
 * of every kernel series it ran on. Returns 0, or EXIT_USAGE after
 * saying what could not be read.
 */
int update_plan_archive(const struct update_opts *o, struct update_plan *p);

#endif
