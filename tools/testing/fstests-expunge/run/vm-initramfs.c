// SPDX-License-Identifier: GPL-2.0
/* The guest's initramfs: a newc cpio archive, as the kernel unpacks it. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "run/vm-initramfs.h"

static void pad4(struct strbuf *sb)
{
	static const char zero[4];

	sb_add(sb, zero, (4 - sb->len % 4) % 4);
}

/*
 * One entry. Every file has one link, so that the kernel never takes
 * two of them for hard links of one another; mtime 0 keeps an archive
 * the same from one run to the next.
 */
static void entry_dev(struct cpio *c, const char *name, unsigned int mode,
		      const void *data, size_t len, unsigned int rdev[2])
{
	char hdr[6 + 13 * 8 + 1 + 32];	/* room for what %X could write */
	size_t namesize = strlen(name) + 1;

	snprintf(hdr, sizeof(hdr),
		 "070701%08X%08X%08X%08X%08X%08X%08zX%08X%08X%08X%08X%08zX%08X",
		 ++c->ino, mode, 0, 0, S_ISDIR(mode) ? 2 : 1, 0,
		 (size_t)(uint32_t)len, 0, 0, rdev[0], rdev[1], namesize, 0);
	sb_add(&c->out, hdr, 6 + 13 * 8);
	sb_add(&c->out, name, namesize);
	pad4(&c->out);
	sb_add(&c->out, data, len);
	pad4(&c->out);
}

static void entry(struct cpio *c, const char *name, unsigned int mode,
		  const void *data, size_t len)
{
	unsigned int none[2] = { 0, 0 };

	entry_dev(c, name, mode, data, len, none);
}

void cpio_chardev(struct cpio *c, const char *name, unsigned int mode,
		  unsigned int major, unsigned int minor)
{
	unsigned int rdev[2] = { major, minor };

	entry_dev(c, name, S_IFCHR | (mode & 07777), "", 0, rdev);
}

void cpio_dir(struct cpio *c, const char *name, unsigned int mode)
{
	entry(c, name, S_IFDIR | (mode & 07777), "", 0);
}

void cpio_file(struct cpio *c, const char *name, unsigned int mode,
	       const void *data, size_t len)
{
	entry(c, name, S_IFREG | (mode & 07777), data, len);
}

void cpio_symlink(struct cpio *c, const char *name, const char *target)
{
	entry(c, name, S_IFLNK | 0777, target, strlen(target));
}

void cpio_finish(struct cpio *c)
{
	entry(c, "TRAILER!!!", 0, "", 0);
}
