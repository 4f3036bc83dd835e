/* SPDX-License-Identifier: GPL-2.0 */
/* Decompression of gzip, xz and zstd data in memory, within a size bound. */
#ifndef FEXP_DECOMPRESS_H
#define FEXP_DECOMPRESS_H

#include "lib/base.h"

/* The compression of buf, told by its magic: "gzip", "xz", "zstd" or "plain" */
const char *compression_of(const void *buf, size_t len);
bool is_gzip(const void *buf, size_t len);

/*
 * Decompress in (gzip, xz or zstd, told by its magic) to at most max
 * bytes. Returns 0 with *format set, 1 when in is not compressed, or -1
 * with *why set.
 */
int decompress_buf(const void *in, size_t len, size_t max, char **out,
		   size_t *outlen, const char **format, const char **why);

/*
 * Decompress a gzip stream of len bytes; the output may not exceed max
 * bytes. Returns 0, or -1 with *why naming the problem.
 */
int gunzip_buf(const void *in, size_t len, size_t max, char **out,
	       size_t *outlen, const char **why);

#endif
