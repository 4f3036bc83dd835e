/* SPDX-License-Identifier: GPL-2.0 */
/* run: the large-disk switch, decided from the scratch device's size. */
#ifndef FEXP_LARGE_DISK_H
#define FEXP_LARGE_DISK_H

#include "entries/env-switch.h"
#include "lib/strbuf.h"

/* What run decided, and the switches it selects with */
struct large_disk {
	struct env_decision dec;	/* .name NULL: --env stated it */
	char *why;			/* dec.why's text */
	struct strlist env;		/* --env's, and large-disk if on */
};

/*
 * Decide large-disk for a run of section, unless stated (--env
 * large-disk or --env !large-disk): on when the scratch device has
 * LARGE_DISK_GIB or more. The device is SCRATCH_DEV of the fstests
 * config (relative to the fstests tree, as check reads it), a file or a
 * block device; with disk_gib (run --vm) the guest's disk of that size.
 * A section without a scratch device, or one that cannot be measured,
 * keeps the default (off). What was decided is said on stderr.
 */
void large_disk_decide(struct large_disk *ld, const struct strlist *stated,
		       const char *config, const char *fstests,
		       const char *section, unsigned int disk_gib);
void large_disk_free(struct large_disk *ld);

#endif
