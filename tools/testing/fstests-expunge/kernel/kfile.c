// SPDX-License-Identifier: GPL-2.0
/* A kernel file (vmlinux or module) in memory, decompressed if need be. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/kfile.h"
#include "lib/base.h"
#include "lib/decompress.h"
#include "lib/fileio.h"

/* Map a whole file (private, so that nothing can change it under us). */
static int map_file(int fd, size_t size, struct kfile *f)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);

	if (p == MAP_FAILED)
		return -1;
	f->buf = p;
	f->len = size;
	f->map_len = size;
	return 0;
}

/* Decompress in (which is freed) into f; errors name path. */
static int decompress_into(const char *path, char *in, size_t inlen,
			   size_t max, struct kfile *f, char **err)
{
	const char *why;
	int ret;

	ret = decompress_buf(in, inlen, max, &f->buf, &f->len, &f->format,
			     &why);
	free(in);
	if (ret) {
		*err = xasprintf("%s: %s", path, why);
		errno = 0;
		return -1;
	}
	return 0;
}

int kfile_load(const char *path, size_t max, struct kfile *f, char **err)
{
	unsigned char magic[6];
	struct stat st;
	char *in;
	size_t inlen;
	ssize_t n;
	int fd, saved;

	memset(f, 0, sizeof(*f));
	fd = open_regular(path);
	if (fd < 0 || fstat(fd, &st))
		goto sys_fail;
	if (!st.st_size) {
		close(fd);
		*err = xasprintf("%s: empty file", path);
		errno = 0;
		return -1;
	}
	n = pread(fd, magic, sizeof(magic), 0);
	if (n < 0)
		goto sys_fail;
	f->format = compression_of(magic, n);
	if (!strcmp(f->format, "plain")) {
		if (map_file(fd, st.st_size, f))
			goto sys_fail;
		close(fd);
		return 0;
	}
	close(fd);
	/* Compressed: the input cannot be larger than the output limit */
	if (read_file(path, max, &in, &inlen)) {
		fd = -1;
		goto sys_fail;
	}
	return decompress_into(path, in, inlen, max, f, err);
sys_fail:
	saved = errno;
	if (fd >= 0)
		close(fd);
	*err = xasprintf("%s: %s", path, errstr(saved));
	errno = saved == ENOTREG ? 0 : saved;
	return -1;
}

int kfile_load_named(const char *path, size_t max, struct kfile *f,
		     char **err)
{
	char *in;
	size_t inlen;

	if (!is_named_stream(path))
		return kfile_load(path, max, f, err);
	memset(f, 0, sizeof(*f));
	if (read_named(path, max, &in, &inlen)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		errno = 0;
		return -1;
	}
	if (!inlen) {
		free(in);
		*err = xasprintf("%s: empty file", path);
		errno = 0;
		return -1;
	}
	f->format = compression_of(in, inlen);
	if (!strcmp(f->format, "plain")) {
		f->buf = in;
		f->len = inlen;
		return 0;
	}
	return decompress_into(path, in, inlen, max, f, err);
}

void kfile_free(struct kfile *f)
{
	if (f->map_len)
		munmap(f->buf, f->map_len);
	else
		free(f->buf);
	memset(f, 0, sizeof(*f));
}
