/* SPDX-License-Identifier: GPL-2.0 */
/* The members of a tar archive held in memory (ustar, GNU long names). */
#ifndef FEXP_TAR_H
#define FEXP_TAR_H

#include <stdbool.h>
#include <stddef.h>

struct tar_member {
	const char *name;	/* its path in the archive */
	const char *data;	/* its bytes, in the archive's buffer */
	size_t len;
	bool regular;		/* a regular file (else a folder, link...) */
};

/*
 * Call fn for each member of the tar archive of len bytes at buf, in
 * order; fn's non-zero return stops the walk and is returned. A header
 * that does not add up (a bad checksum, a size past the end) stops it
 * with -1 and *why; a cut-short archive gives what came before it.
 */
int tar_each(const char *buf, size_t len,
	     int (*fn)(const struct tar_member *m, void *arg), void *arg,
	     const char **why);

/* Does buf start like a tar archive (a ustar or old-style header)? */
bool is_tar(const char *buf, size_t len);

#endif
