// SPDX-License-Identifier: GPL-2.0
/* Small helpers shared by every part of fstests-expunge. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lib/util.h"

const char *progname = "fstests-expunge";

/* Longest message: one that quotes bad input is cut short. */
#define REPORT_MAX	4096

static void vreport(const char *what, const char *fmt, va_list ap)
{
	char *msg;
	int n = vasprintf(&msg, fmt, ap);

	if (n < 0) {
		fprintf(stderr, "%s: %sout of memory\n", progname, what);
		return;
	}
	if (n > REPORT_MAX)
		fprintf(stderr, "%s: %s%.*s... (%d bytes)\n", progname, what,
			REPORT_MAX, msg, n);
	else
		fprintf(stderr, "%s: %s%s\n", progname, what, msg);
	free(msg);
}

void pr_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("", fmt, ap);
	va_end(ap);
}

void pr_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport("warning: ", fmt, ap);
	va_end(ap);
}

int oom_exit_status = EXIT_PROBLEM;

static void oom(void)
{
	fprintf(stderr, "%s: out of memory\n", progname);
	exit(oom_exit_status);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		oom();
	return p;
}

void *xrealloc(void *ptr, size_t size)
{
	void *p = realloc(ptr, size ? size : 1);

	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	char *p;

	if (vasprintf(&p, fmt, ap) < 0)
		oom();
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void *array_push(void *arrp, size_t *n, size_t *alloc, size_t elem)
{
	char **array = arrp;
	char *slot;

	if (*n >= *alloc) {
		*alloc = *alloc ? *alloc * 2 : 16;
		if (*alloc > SIZE_MAX / elem)
			oom();
		*array = xrealloc(*array, *alloc * elem);
	}
	slot = *array + *n * elem;
	memset(slot, 0, elem);
	(*n)++;
	return slot;
}

void strlist_add(struct strlist *l, char *s)
{
	if (l->n + 2 > l->alloc) {
		l->alloc = l->alloc ? l->alloc * 2 : 16;
		l->v = xrealloc(l->v, l->alloc * sizeof(*l->v));
	}
	l->v[l->n++] = s;
	l->v[l->n] = NULL;
}

void strlist_free(struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void sb_add(struct strbuf *sb, const char *s, size_t len)
{
	if (sb->len + len + 1 > sb->alloc) {
		sb->alloc = (sb->len + len + 1) * 2;
		sb->buf = xrealloc(sb->buf, sb->alloc);
	}
	memcpy(sb->buf + sb->len, s, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
	sb_add(sb, s, strlen(s));
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	char *p;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&p, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom();
	sb_add(sb, p, n);
	free(p);
}

void sb_free(struct strbuf *sb)
{
	free(sb->buf);
	memset(sb, 0, sizeof(*sb));
}

#define STRPOOL_BLOCK	(16 << 10)

struct strpool_block {
	struct strpool_block *next;
	char buf[];
};

char *strpool_ndup(struct strpool *sp, const char *s, size_t n)
{
	struct strpool_block *b;
	char *p;

	if (n >= sp->left) {
		/* a long string has a block of its own: the room left stays */
		bool own = n >= STRPOOL_BLOCK / 4;
		size_t size = own ? n + 1 : STRPOOL_BLOCK;

		b = xmalloc(sizeof(*b) + size);
		b->next = sp->blocks;
		sp->blocks = b;
		if (own) {
			memcpy(b->buf, s, n);
			b->buf[n] = '\0';
			return b->buf;
		}
		sp->next = b->buf;
		sp->left = size;
	}
	p = sp->next;
	memcpy(p, s, n);
	p[n] = '\0';
	sp->next += n + 1;
	sp->left -= n + 1;
	return p;
}

void strpool_free(struct strpool *sp)
{
	while (sp->blocks) {
		struct strpool_block *b = sp->blocks;

		sp->blocks = b->next;
		free(b);
	}
	memset(sp, 0, sizeof(*sp));
}

bool has_control_n(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return true;
	}
	return false;
}

bool has_control(const char *s)
{
	return has_control_n(s, strlen(s));
}

void sb_add_markup(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			sb_puts(sb, "&amp;");
			break;
		case '<':
			sb_puts(sb, "&lt;");
			break;
		case '>':
			sb_puts(sb, "&gt;");
			break;
		case '"':
			sb_puts(sb, "&quot;");
			break;
		case '\n':
		case '\r':
		case '\t':
			sb_printf(sb, "&#%d;", *s);
			break;
		default:
			sb_add(sb, (unsigned char)*s < 0x20 ? "?" : s, 1);
		}
	}
}

void sb_add_escaped(struct strbuf *sb, const char *s, size_t len)
{
	size_t i, start = 0;

	for (i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c >= 0x20 && c != 0x7f)
			continue;
		sb_add(sb, s + start, i - start);
		if (c == '\n')
			sb_puts(sb, "\\n");
		else if (c == '\t')
			sb_puts(sb, "\\t");
		else
			sb_printf(sb, "\\x%02x", c);
		start = i + 1;
	}
	sb_add(sb, s + start, i - start);
}

char *quote_input(const char *s, size_t max)
{
	struct strbuf sb = { 0 };
	size_t len = strlen(s);

	sb_add_escaped(&sb, s, len < max ? len : max);
	if (len > max)
		sb_printf(&sb, "... (%zu bytes)", len);
	return sb.buf ? sb.buf : xstrdup("");
}

const char *errstr(int err)
{
	return err == ENOTREG ? "not a regular file" : strerror(err);
}

/* A directory, FIFO or device: the errno to refuse it with, else 0 */
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

int read_file(const char *path, size_t max, char **buf, size_t *len)
{
	struct strbuf sb = { 0 };
	char chunk[65536];
	ssize_t n;
	int fd;

	fd = open_regular(path);
	if (fd < 0)
		return -1;
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

char **split_list(const char *s, size_t *n)
{
	struct strlist list = { 0 };
	const char *comma;

	for (;;) {
		comma = strchr(s, ',');
		strlist_add(&list, comma ? xstrndup(s, comma - s) : xstrdup(s));
		if (!comma)
			break;
		s = comma + 1;
	}
	*n = list.n;
	return list.v;
}

void free_list(char **list)
{
	char **p;

	for (p = list; p && *p; p++)
		free(*p);
	free(list);
}

char *trim(char *s)
{
	char *end;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	end = s + strlen(s);
	while (end > s && (end[-1] == ' ' || end[-1] == '\t' ||
			   end[-1] == '\n' || end[-1] == '\r'))
		*--end = '\0';
	return s;
}

int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

uint64_t fnv1a(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	uint64_t h = 0xcbf29ce484222325ULL;

	while (len--) {
		h ^= *p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

bool str_same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

bool str_starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

pid_t spawn_reader(const char *const argv[], const char *dir, int *fd)
{
	return spawn_reader_setup(argv, dir, fd, NULL, NULL);
}

pid_t spawn_reader_setup(const char *const argv[], const char *dir, int *fd,
			 int (*setup)(void *arg), void *arg)
{
	int pfd[2];
	pid_t pid;

	if (pipe2(pfd, O_CLOEXEC))
		return -1;
	/* what stdio holds must not be written twice */
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (!pid) {
		int devnull = open("/dev/null", O_RDWR);

		dup2(pfd[1], STDOUT_FILENO);
		if (devnull >= 0)
			dup2(devnull, STDIN_FILENO);
		if ((dir && chdir(dir)) || (setup && setup(arg)))
			_exit(127);
		/* execvp() does not change them: the cast is POSIX's */
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(pfd[1]);
	*fd = pfd[0];
	return pid;
}

int run_capture(const char *const argv[], const char *dir, size_t max,
		char **out, size_t *outlen)
{
	struct strbuf sb = { 0 };
	char chunk[65536];
	bool too_big = false;
	int fd, status;
	ssize_t n;
	pid_t pid;

	pid = spawn_reader(argv, dir, &fd);
	if (pid < 0)
		return -1;
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (sb.len + n > max)
			too_big = true;
		else
			sb_add(&sb, chunk, n);
	}
	close(fd);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (too_big || !WIFEXITED(status) || WEXITSTATUS(status)) {
		sb_free(&sb);
		errno = too_big ? EFBIG : ECHILD;
		return -1;
	}
	if (!sb.buf)
		sb.buf = xstrdup("");
	*out = sb.buf;
	*outlen = sb.len;
	return 0;
}
