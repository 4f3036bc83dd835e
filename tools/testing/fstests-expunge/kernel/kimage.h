/* SPDX-License-Identifier: GPL-2.0 */
/* The release an x86 bzImage (vmlinuz) states in its boot setup header. */
#ifndef FEXP_KIMAGE_H
#define FEXP_KIMAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "kernel/kelf.h"

/* Where the config of a bzImage is: said when none is found elsewhere */
#define BZIMAGE_NO_CONFIG \
	"a bzImage: a config built in is in its compressed payload, not read (give --config, or put config-RELEASE beside it)"

/* Does buf start as an x86 boot image: "HdrS" at 0x202? */
bool kimage_is_bzimage(const char *buf, size_t len);

/*
 * Read the setup header of the bzImage buf (len bytes), as the boot
 * protocol (Documentation/arch/x86/boot.rst) lays it out: its
 * kernel_version field (0x20e, protocol 2.00 and later) points, 0x200
 * bytes on, to "6.12.9 (user@host) #1 SMP ...". ki gets the release (the
 * first word) and the whole string as its banner; no IKCONFIG, which is
 * in the compressed payload. Returns 0, or -1 with *err (malloc'd) naming
 * name and what is wrong.
 */
int kimage_read(const char *name, const char *buf, size_t len,
		struct kelf_info *ki, char **err);

#endif
