// SPDX-License-Identifier: GPL-2.0
/* Files read and written safely: regular files only, atomic writes. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/base.h"

const char *errstr(int err)
{
	return err == ENOTREG ? "not a regular file" : strerror(err);
}

/* A directory, FIFO or device: the errno to refuse it with, else 0 */
bool file_name_ok(const char *name)
{
	return *name && !strchr(name, '/') && *name != '.';
}

static int not_regular(const struct stat *st)
{
	if (S_ISREG(st->st_mode))
		return 0;
	return S_ISDIR(st->st_mode) ? EISDIR : ENOTREG;
}

int open_regular_stat(const char *path, struct stat *st)
{
	int fd, err;

	/*
	 * Anything but a regular file is refused before it is opened:
	 * opening a device or a FIFO may do something (wake a writer).
	 */
	if (!stat(path, st) && not_regular(st)) {
		errno = not_regular(st);
		return -1;
	}
	/*
	 * Then checked again on what was opened, which may have been
	 * replaced. O_NONBLOCK: opening a FIFO must not wait for a writer.
	 * It is left set: Linux ignores it for reads of a regular file.
	 */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, st))
		err = errno;
	else
		err = not_regular(st);
	if (!err)
		return fd;
	close(fd);
	errno = err;
	return -1;
}

int open_regular(const char *path)
{
	struct stat st;

	return open_regular_stat(path, &st);
}

int open_named(const char *path)
{
	struct stat st;
	int fd, flags, err = 0;

	if (!stat(path, &st) && !S_ISREG(st.st_mode) &&
	    !S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode)) {
		errno = S_ISDIR(st.st_mode) ? EISDIR : ENOTREG;
		return -1;
	}
	/* O_NONBLOCK: opening a FIFO must not wait for a writer */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st))
		err = errno;
	else if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) &&
		 !S_ISCHR(st.st_mode))
		err = S_ISDIR(st.st_mode) ? EISDIR : ENOTREG;
	/*
	 * Reads wait for a slow writer (zcat) then; with no writer at all
	 * a FIFO reads as the end of the file at once.
	 */
	flags = err ? 0 : fcntl(fd, F_GETFL);
	if (!err && (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)))
		err = errno;
	if (!err)
		return fd;
	close(fd);
	errno = err;
	return -1;
}

/* The whole of fd, at most max bytes; fd is closed */
static int read_fd(int fd, size_t max, char **buf, size_t *len)
{
	struct strbuf sb = { 0 };
	char chunk[65536];
	ssize_t n;

	for (;;) {
		n = read(fd, chunk, sizeof(chunk));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (sb.len + n > max) {
			n = -1;
			errno = EFBIG;
			break;
		}
		sb_add(&sb, chunk, n);
	}
	if (n < 0) {
		int saved = errno;

		close(fd);
		sb_free(&sb);
		errno = saved;
		return -1;
	}
	close(fd);
	if (!sb.buf)
		sb.buf = xstrdup("");
	*buf = sb.buf;
	*len = sb.len;
	return 0;
}

int read_file(const char *path, size_t max, char **buf, size_t *len)
{
	int fd = open_regular(path);

	return fd < 0 ? -1 : read_fd(fd, max, buf, len);
}

int read_named(const char *path, size_t max, char **buf, size_t *len)
{
	int fd = open_named(path);

	return fd < 0 ? -1 : read_fd(fd, max, buf, len);
}

int write_outputs(char *const *paths, const struct strbuf *sbs, size_t n)
{
	size_t i;

	if (!paths) {
		/* a write error is reported as the command ends (main.c) */
		for (i = 0; i < n; i++)
			fwrite(sbs[i].buf ? sbs[i].buf : "", 1, sbs[i].len,
			       stdout);
		return 0;
	}
	if (write_files_atomic(paths, sbs, n)) {
		pr_err("%s: %s", n > 1 ? "writing the files" : paths[0],
		       errstr(errno));
		return -1;
	}
	return 0;
}

int write_output(const char *path, const struct strbuf *sb)
{
	char *p = (char *)path;

	return write_outputs(path ? &p : NULL, sb, 1);
}

static int write_all(int fd, const char *buf, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, buf + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		done += n;
	}
	return 0;
}

/* The contents in a new temporary file beside path: its name, or NULL. */
static char *write_temp(const char *path, const char *buf, size_t len)
{
	char *tmp = xasprintf("%s.tmp.XXXXXX", path);
	int fd, saved;

	fd = mkstemp(tmp);
	if (fd < 0)
		goto fail;
	if (write_all(fd, buf, len) || fchmod(fd, 0644) || fsync(fd)) {
		saved = errno;
		close(fd);
		unlink(tmp);
		errno = saved;
		goto fail;
	}
	if (close(fd)) {
		saved = errno;
		unlink(tmp);
		errno = saved;
		goto fail;
	}
	return tmp;
fail:
	saved = errno;
	free(tmp);
	errno = saved;
	return NULL;
}

/* Into a device or FIFO: write through it, never waiting for a reader. */
static int write_through(const char *path, const char *buf, size_t len)
{
	int fd, flags, saved;

	fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) ||
	    write_all(fd, buf, len)) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return close(fd);
}

/*
 * Where output for path goes: *target is the regular file (or new name)
 * to replace atomically, the symbolic link resolved (malloc'd); 1 when
 * path is a device or FIFO to write through; -1 for anything else.
 */
static int output_target(const char *path, char **target)
{
	struct stat st;

	*target = NULL;
	if (lstat(path, &st)) {
		if (errno != ENOENT)
			return -1;
		*target = xstrdup(path);
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		/* replace what the link points at, keep the link */
		*target = realpath(path, NULL);
		if (!*target || stat(*target, &st))
			return -1;
	}
	if (S_ISREG(st.st_mode)) {
		if (!*target)
			*target = xstrdup(path);
		return 0;
	}
	free(*target);
	*target = NULL;
	if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))
		return 1;
	errno = S_ISDIR(st.st_mode) ? EISDIR : ENOTREG;
	return -1;
}

int write_files_atomic(char *const *paths, const struct strbuf *bufs,
		       size_t n)
{
	char **targets = xcalloc(n + 1, sizeof(*targets));
	char **tmps = xcalloc(n + 1, sizeof(*tmps));
	size_t i;
	int ret = -1, saved;

	/* every file written aside first: a failure leaves the old ones */
	for (i = 0; i < n; i++) {
		int kind = output_target(paths[i], &targets[i]);

		if (kind < 0)
			goto out;
		if (kind > 0) {
			if (write_through(paths[i], bufs[i].buf ? bufs[i].buf : "",
					  bufs[i].len))
				goto out;
			continue;
		}
		tmps[i] = write_temp(targets[i], bufs[i].buf ? bufs[i].buf : "",
				     bufs[i].len);
		if (!tmps[i])
			goto out;
	}
	for (i = 0; i < n; i++) {
		if (tmps[i] && rename(tmps[i], targets[i]))
			goto out;
		free(tmps[i]);
		tmps[i] = NULL;
	}
	ret = 0;
out:
	saved = errno;
	for (i = 0; i < n; i++) {
		if (tmps[i])
			unlink(tmps[i]);
		free(tmps[i]);
		free(targets[i]);
	}
	free(tmps);
	free(targets);
	errno = saved;
	return ret;
}

int write_file_atomic(const char *path, const char *buf, size_t len)
{
	struct strbuf sb = { .buf = (char *)buf, .len = len };
	char *p = (char *)path;

	return write_files_atomic(&p, &sb, 1);
}

int mkdir_p(const char *path)
{
	char *p = xstrdup(path), *s;
	int ret = 0;

	for (s = p + 1; *s && !ret; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			ret = -1;
		*s = '/';
	}
	if (!ret && mkdir(p, 0755) && errno != EEXIST)
		ret = -1;
	free(p);
	return ret;
}
