/* SPDX-License-Identifier: GPL-2.0 */
/* A kernel file (vmlinux or module) in memory, decompressed if need be. */
#ifndef FEXP_KFILE_H
#define FEXP_KFILE_H

#include <stddef.h>

/*
 * Largest image accepted after decompression: a distribution vmlinux
 * without debug information is ~60 MiB, a module far less. A plain
 * (uncompressed) file is mapped and may be of any size.
 */
#define KFILE_MAX_SIZE	(256u << 20)

struct kfile {
	char *buf;		/* the image */
	size_t len;
	size_t map_len;		/* nonzero when buf is a mapping of the file */
	const char *format;	/* "xz", "zstd", "gzip", or "plain" */
};

/*
 * Load path: a plain file is mapped; an xz, zstd or gzip file (told by
 * its magic, whatever its name) is decompressed, to at most max bytes.
 * Returns 0, or -1 with *err (malloc'd) naming the file; errno is
 * ENOENT when the file does not exist.
 */
int kfile_load(const char *path, size_t max, struct kfile *f, char **err);
/*
 * The same for a file named on the command line (--kernel): a pipe or a
 * device (open_named()) is read whole, at most max bytes.
 */
int kfile_load_named(const char *path, size_t max, struct kfile *f,
		     char **err);
void kfile_free(struct kfile *f);

#endif
