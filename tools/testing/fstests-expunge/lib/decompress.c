// SPDX-License-Identifier: GPL-2.0
/* Decompression of gzip, xz and zstd data in memory, within a size bound. */
#include <errno.h>
#include <lzma.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "lib/decompress.h"
#include "lib/strbuf.h"

static const unsigned char xz_magic[] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
static const unsigned char zstd_magic[] = { 0x28, 0xb5, 0x2f, 0xfd };

static bool has_magic(const void *buf, size_t len, const unsigned char *m,
		      size_t mlen)
{
	return len >= mlen && !memcmp(buf, m, mlen);
}

bool is_gzip(const void *buf, size_t len)
{
	const unsigned char *p = buf;

	return len >= 2 && p[0] == 0x1f && p[1] == 0x8b;
}

int gunzip_buf(const void *in, size_t len, size_t max, char **out,
	       size_t *outlen, const char **why)
{
	struct strbuf sb = { 0 };
	char chunk[65536];
	int fd, n, errnum;
	void *gz;	/* zlib's file handle */

	/* zlib's gz* functions read a file: hand them the buffer as one */
	fd = memfd_create("gunzip", MFD_CLOEXEC);
	if (fd < 0 || write(fd, in, len) != (ssize_t)len ||
	    lseek(fd, 0, SEEK_SET)) {
		*why = "cannot make a memory file";
		if (fd >= 0)
			close(fd);
		return -1;
	}
	gz = gzdopen(fd, "rb");
	if (!gz) {
		close(fd);
		*why = "cannot start zlib";
		return -1;
	}
	while ((n = gzread(gz, chunk, sizeof(chunk))) > 0) {
		if (sb.len + n > max) {
			*why = "decompressed data over the size limit";
			goto fail;
		}
		sb_add(&sb, chunk, n);
	}
	gzerror(gz, &errnum);
	if (n < 0 || errnum != Z_OK) {
		*why = errnum == Z_BUF_ERROR ? "gzip data cut short" :
		       "corrupt gzip data";
		goto fail;
	}
	gzclose(gz);
	if (!sb.buf)
		sb.buf = xstrdup("");
	*out = sb.buf;
	*outlen = sb.len;
	return 0;
fail:
	gzclose(gz);
	sb_free(&sb);
	return -1;
}

/* Room after sb's data: doubling, never beyond max + 1 in all. */
static size_t room(struct strbuf *sb, size_t max)
{
	size_t want;

	if (sb->alloc - sb->len < 4096 && sb->alloc <= max) {
		want = sb->alloc ? sb->alloc * 2 : 1u << 20;
		if (want > max + 1)
			want = max + 1;	/* one byte more tells "over the limit" */
		sb->buf = xrealloc(sb->buf, want);
		sb->alloc = want;
	}
	return sb->alloc - sb->len;
}

static int unxz(const void *in, size_t len, size_t max, struct strbuf *sb,
		const char **why)
{
	lzma_stream s = LZMA_STREAM_INIT;
	lzma_ret ret;

	/* The dictionary is the decoder's memory: xz -9 needs 64 MiB */
	if (lzma_stream_decoder(&s, 128u << 20, LZMA_CONCATENATED) != LZMA_OK) {
		*why = "cannot start the xz decoder";
		return -1;
	}
	s.next_in = in;
	s.avail_in = len;
	do {
		s.avail_out = room(sb, max);
		s.next_out = (uint8_t *)sb->buf + sb->len;
		ret = lzma_code(&s, LZMA_FINISH);
		sb->len = (char *)s.next_out - sb->buf;
		if (sb->len > max) {
			*why = "decompressed data over the size limit";
			goto fail;
		}
	} while (ret == LZMA_OK);
	if (ret != LZMA_STREAM_END) {
		*why = ret == LZMA_BUF_ERROR ? "xz data cut short" :
		       ret == LZMA_MEMLIMIT_ERROR ? "xz dictionary too large" :
		       "corrupt xz data";
		goto fail;
	}
	lzma_end(&s);
	return 0;
fail:
	lzma_end(&s);
	return -1;
}

static int unzstd(const void *in, size_t len, size_t max, struct strbuf *sb,
		  const char **why)
{
	ZSTD_inBuffer ib = { in, len, 0 };
	ZSTD_DStream *ds = ZSTD_createDStream();
	size_t ret = 1;

	if (!ds) {
		*why = "cannot start the zstd decoder";
		return -1;
	}
	/* A window over 128 MiB is refused rather than allocated */
	ZSTD_DCtx_setParameter(ds, ZSTD_d_windowLogMax, 27);
	while (ib.pos < ib.size || ret) {
		ZSTD_outBuffer ob;
		size_t before = ib.pos;

		ob.size = room(sb, max);
		ob.dst = sb->buf + sb->len;
		ob.pos = 0;
		ret = ZSTD_decompressStream(ds, &ob, &ib);
		if (ZSTD_isError(ret)) {
			*why = "corrupt zstd data";
			goto fail;
		}
		sb->len += ob.pos;
		if (sb->len > max) {
			*why = "decompressed data over the size limit";
			goto fail;
		}
		/* No input left, no output made, frame unfinished */
		if (ib.pos == ib.size && ib.pos == before && !ob.pos && ret) {
			*why = "zstd data cut short";
			goto fail;
		}
	}
	ZSTD_freeDStream(ds);
	return 0;
fail:
	ZSTD_freeDStream(ds);
	return -1;
}

const char *compression_of(const void *buf, size_t len)
{
	if (is_gzip(buf, len))
		return "gzip";
	if (has_magic(buf, len, xz_magic, sizeof(xz_magic)))
		return "xz";
	if (has_magic(buf, len, zstd_magic, sizeof(zstd_magic)))
		return "zstd";
	return "plain";
}

int decompress_buf(const void *in, size_t len, size_t max, char **out,
		   size_t *outlen, const char **format, const char **why)
{
	struct strbuf sb = { 0 };
	int ret;

	*format = compression_of(in, len);
	if (!strcmp(*format, "plain"))
		return 1;
	if (!strcmp(*format, "gzip"))
		return gunzip_buf(in, len, max, out, outlen, why);
	if (!strcmp(*format, "xz"))
		ret = unxz(in, len, max, &sb, why);
	else
		ret = unzstd(in, len, max, &sb, why);
	if (ret) {
		sb_free(&sb);
		return -1;
	}
	*out = sb.buf ? sb.buf : xstrdup("");
	*outlen = sb.len;
	return 0;
}
