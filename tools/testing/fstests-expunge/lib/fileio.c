// SPDX-License-Identifier: GPL-2.0
/* Files read and written safely: regular files only, atomic writes. */
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/base.h"
#include "lib/escape.h"

const char *errstr(int err)
{
	if (err == EREADONCE)
		return "a pipe read once already, too large to keep (over 64 MiB): name a file";
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

static bool named_ok(const struct stat *st)
{
	return S_ISREG(st->st_mode) || S_ISFIFO(st->st_mode) ||
	       S_ISCHR(st->st_mode);
}

/* open_named(), with what was opened in *st */
static int open_named_stat(const char *path, struct stat *st)
{
	int fd, flags, err = 0;

	if (!stat(path, st) && !named_ok(st)) {
		errno = S_ISDIR(st->st_mode) ? EISDIR : ENOTREG;
		return -1;
	}
	/* O_NONBLOCK: opening a FIFO must not wait for a writer */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	if (fstat(fd, st))
		err = errno;
	else if (!named_ok(st))
		err = S_ISDIR(st->st_mode) ? EISDIR : ENOTREG;
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

int open_named(const char *path)
{
	struct stat st;

	return open_named_stat(path, &st);
}

bool is_named_stream(const char *path)
{
	struct stat st;

	return !stat(path, &st) && (S_ISFIFO(st.st_mode) ||
				    S_ISCHR(st.st_mode));
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
		/* grown by doubling, but never past max: a pipe of max bytes fits */
		if (sb.len + n + 1 > sb.alloc && max < SIZE_MAX / 2) {
			sb.alloc = (sb.len + n + 1) * 2;
			if (sb.alloc > max + 1)
				sb.alloc = max + 1;
			sb.buf = xrealloc(sb.buf, sb.alloc);
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

int read_file_nofollow(int dirfd, const char *name, size_t max, char **buf,
		       size_t *len)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			O_CLOEXEC);
	struct stat st;
	int err;

	if (fd < 0)
		return -1;
	err = fstat(fd, &st) ? errno : not_regular(&st);
	if (err) {
		close(fd);
		errno = err;
		return -1;
	}
	return read_fd(fd, max, buf, len);
}

/*
 * What a pipe or device named on the command line gave, by its device
 * and inode: it can be read only once ("--config <(zcat config.gz)" is
 * read by each filesystem's kernel, and by run's exclude and compare),
 * so every later read gets the same bytes, or the same error. Up to
 * KEPT_MAX bytes are kept: a later read of a larger one is an error.
 */
#define KEPT_MAX	(64u << 20)

struct kept_input {
	dev_t dev;
	ino_t ino;
	char *buf;
	size_t len;
	int err;
};

static struct kept_input *kept;
static size_t nkept, kept_alloc;
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;

static struct kept_input *kept_find(const struct stat *st)
{
	size_t i;

	for (i = 0; i < nkept; i++) {
		if (kept[i].dev == st->st_dev && kept[i].ino == st->st_ino)
			return &kept[i];
	}
	return NULL;
}

/* Read fd now and keep what it gave; the caller gets the bytes read */
static int read_keep(int fd, const struct stat *st, size_t max, char **buf,
		     size_t *len)
{
	struct kept_input *k = array_push(&kept, &nkept, &kept_alloc,
					  sizeof(*k));

	k->dev = st->st_dev;
	k->ino = st->st_ino;
	if (read_fd(fd, max, buf, len)) {
		k->err = errno;
		return -1;
	}
	if (*len > KEPT_MAX) {
		k->err = EREADONCE;
		return 0;
	}
	k->buf = xmalloc(*len + 1);
	memcpy(k->buf, *buf, *len + 1);
	k->len = *len;
	return 0;
}

/* The bytes of stream fd (st), read now or kept from before; closes fd */
static int read_kept(int fd, const struct stat *st, size_t max, char **buf,
		     size_t *len)
{
	struct kept_input *k;
	int err = 0;

	pthread_mutex_lock(&kept_lock);
	k = kept_find(st);
	if (!k) {
		err = read_keep(fd, st, max, buf, len) ? errno : 0;
		pthread_mutex_unlock(&kept_lock);
		errno = err;
		return err ? -1 : 0;
	}
	close(fd);
	if (k->err)
		err = k->err;
	else if (k->len > max)
		err = EFBIG;
	if (!err) {
		*buf = xmalloc(k->len + 1);
		memcpy(*buf, k->buf, k->len + 1);
		*len = k->len;
	}
	pthread_mutex_unlock(&kept_lock);
	errno = err;
	return err ? -1 : 0;
}

int read_named(const char *path, size_t max, char **buf, size_t *len)
{
	struct stat st;
	int fd = open_named_stat(path, &st);

	if (fd < 0)
		return -1;
	if (S_ISREG(st.st_mode))
		return read_fd(fd, max, buf, len);
	return read_kept(fd, &st, max, buf, len);
}

/*
 * The outputs as valid UTF-8: those that are, as they are (no copy);
 * the others copied with their stray bytes as \xNN (*copy to free).
 */
static const struct strbuf *valid_outputs(const struct strbuf *sbs,
					  size_t n, struct strbuf **copy)
{
	size_t i;

	*copy = NULL;
	for (i = 0; i < n; i++)
		if (utf8_valid_len(sbs[i].buf ? sbs[i].buf : "", sbs[i].len) !=
		    sbs[i].len)
			break;
	if (i == n)
		return sbs;
	*copy = xcalloc(n, sizeof(**copy));
	for (i = 0; i < n; i++)
		sb_add_utf8(&(*copy)[i], sbs[i].buf ? sbs[i].buf : "",
			    sbs[i].len);
	return *copy;
}

static void outputs_free(struct strbuf *copy, size_t n)
{
	size_t i;

	for (i = 0; copy && i < n; i++)
		sb_free(&copy[i]);
	free(copy);
}

int write_outputs(char *const *paths, const struct strbuf *sbs, size_t n)
{
	struct strbuf *copy;
	size_t i;
	int ret = 0;

	/* every output of a command is UTF-8, whatever its input was */
	sbs = valid_outputs(sbs, n, &copy);
	if (!paths) {
		/* a write error is reported as the command ends (main.c) */
		for (i = 0; i < n; i++)
			fwrite(sbs[i].buf ? sbs[i].buf : "", 1, sbs[i].len,
			       stdout);
	} else if (write_files_atomic(paths, sbs, n)) {
		pr_err("%s: %s", n > 1 ? "writing the files" : paths[0],
		       errstr(errno));
		ret = -1;
	}
	outputs_free(copy, n);
	return ret;
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

/*
 * A name the tool made in a folder: replaced whatever it is (a link is
 * not followed, a device or FIFO not written through); a directory is
 * refused.
 */
static int own_target(const char *path, char **target)
{
	struct stat st;

	*target = NULL;
	if (!lstat(path, &st) && S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		return -1;
	}
	*target = xstrdup(path);
	return 0;
}

static int write_files(char *const *paths, const struct strbuf *bufs,
		       size_t n, bool own_names)
{
	char **targets = xcalloc(n + 1, sizeof(*targets));
	char **tmps = xcalloc(n + 1, sizeof(*tmps));
	size_t i;
	int ret = -1, saved;

	/* every file written aside first: a failure leaves the old ones */
	for (i = 0; i < n; i++) {
		int kind = (own_names ? own_target : output_target)(paths[i],
								    &targets[i]);

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

int write_files_atomic(char *const *paths, const struct strbuf *bufs,
		       size_t n)
{
	return write_files(paths, bufs, n, false);
}

int write_pages_atomic(char *const *paths, const struct strbuf *bufs,
		       size_t n)
{
	return write_files(paths, bufs, n, true);
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

static int remove_one(const char *path, const struct stat *st, int flag,
		      struct FTW *ftw)
{
	return remove(path) && errno != ENOENT ? -1 : 0;
}

int remove_tree(const char *path)
{
	struct stat st;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	return nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}
