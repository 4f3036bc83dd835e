/* SPDX-License-Identifier: GPL-2.0 */
/* Compression of data in memory (zstd), for what the tool stores. */
#ifndef FEXP_COMPRESS_H
#define FEXP_COMPRESS_H

#include "lib/strbuf.h"

/*
 * The len bytes at in as one zstd frame, appended to out (which
 * decompress_buf() reads back). Returns 0, or -1 with *why set.
 */
int zstd_compress_buf(const void *in, size_t len, struct strbuf *out,
		      const char **why);

#endif
