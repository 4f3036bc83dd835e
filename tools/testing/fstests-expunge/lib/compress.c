// SPDX-License-Identifier: GPL-2.0
/* Compression of data in memory (zstd), for what the tool stores. */
#include <zstd.h>

#include "lib/compress.h"

/* Level 9: result.xml logs shrink about 10 times, still fast to write */
#define ZSTD_LEVEL	9

int zstd_compress_buf(const void *in, size_t len, struct strbuf *out,
		      const char **why)
{
	size_t bound = ZSTD_compressBound(len), n;

	if (out->alloc - out->len < bound + 1) {
		out->buf = xrealloc(out->buf, out->len + bound + 1);
		out->alloc = out->len + bound + 1;
	}
	n = ZSTD_compress(out->buf + out->len, bound, in, len, ZSTD_LEVEL);
	if (ZSTD_isError(n)) {
		*why = ZSTD_getErrorName(n);
		return -1;
	}
	out->len += n;
	out->buf[out->len] = '\0';
	return 0;
}
