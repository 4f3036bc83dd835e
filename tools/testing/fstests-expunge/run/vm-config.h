/* SPDX-License-Identifier: GPL-2.0 */
/* The fstests config the guest's check reads: the user's, on virtio disks. */
#ifndef FEXP_VM_CONFIG_H
#define FEXP_VM_CONFIG_H

#include "lib/strbuf.h"

/* The name of the guest's n-th virtio disk, /dev/vda on (malloc'd) */
char *vm_disk_name(size_t n);

/*
 * The guest's config from the text of the user's (NULL: there is none):
 * every value of a device variable (TEST_DEV, SCRATCH_DEV_POOL, ...)
 * that is one of devs becomes the virtio disk of its place in devs;
 * everything else stays as the user wrote it. Without a config, a
 * section of its own: FSTYP fs, TEST_DEV and SCRATCH_DEV on two disks,
 * TEST_DIR and SCRATCH_MNT under /mnt; devs gets two names then.
 */
char *vm_guest_config(const char *text, const char *section, const char *fs,
		      struct strlist *devs);

#endif
