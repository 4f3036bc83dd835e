/* SPDX-License-Identifier: GPL-2.0 */
/* The guest's initramfs: a newc cpio archive, as the kernel unpacks it. */
#ifndef FEXP_VM_INITRAMFS_H
#define FEXP_VM_INITRAMFS_H

#include <stddef.h>

#include "lib/strbuf.h"

/*
 * An archive being written (Documentation/driver-api/early-userspace/
 * buffer-format.rst): each entry a "070701" header of thirteen 8-digit
 * hex fields, its NUL-ended name and its data, each padded to 4 bytes.
 * Archives written one after the other are one initramfs to the kernel.
 */
struct cpio {
	struct strbuf out;
	unsigned int ino;	/* the last inode number given */
};

/* A directory (mode: its permission bits). */
void cpio_dir(struct cpio *c, const char *name, unsigned int mode);
/* A regular file holding len bytes of data. */
void cpio_file(struct cpio *c, const char *name, unsigned int mode,
	       const void *data, size_t len);
void cpio_chardev(struct cpio *c, const char *name, unsigned int mode,
		  unsigned int major, unsigned int minor);
void cpio_symlink(struct cpio *c, const char *name, const char *target);
/* The trailer: the archive is whole. */
void cpio_finish(struct cpio *c);

#endif
