// SPDX-License-Identifier: GPL-2.0
/* The log files of a run's failing tests, kept beside its results. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "archive/run-logs.h"
#include "lib/fileio.h"

/*
 * Open the folder components of test below dirfd, none a link; returns
 * the last one's descriptor (dirfd itself when test has no folder), or
 * -1. *base: test's last component.
 */
static int open_folders(int dirfd, const char *test, const char **base)
{
	const char *p = test, *slash;
	int fd = dirfd, next;

	while ((slash = strchr(p, '/'))) {
		char *part = xstrndup(p, slash - p);

		next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
			      O_CLOEXEC);
		free(part);
		if (fd != dirfd)
			close(fd);
		if (next < 0)
			return -1;
		fd = next;
		p = slash + 1;
	}
	*base = p;
	return fd;
}

/* The last LOG_MAX bytes of name in dirfd, a regular file not a link */
static int read_tail(int dirfd, const char *name, struct strbuf *sb)
{
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			O_CLOEXEC);
	struct stat st;
	off_t from = 0;
	char *buf;
	ssize_t got = 0, n = 0;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	if (st.st_size > LOG_MAX) {
		from = st.st_size - LOG_MAX;
		sb_printf(sb, "[fstests-expunge: cut: the first %lld of %lld bytes left out]\n",
			  (long long)from, (long long)st.st_size);
	}
	buf = xmalloc(LOG_MAX);
	while (got < LOG_MAX) {
		n = pread(fd, buf + got, LOG_MAX - got, from + got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += n;
	}
	close(fd);
	if (n < 0) {
		free(buf);
		return -1;
	}
	sb_add(sb, buf, got);
	free(buf);
	return 0;
}

static bool have_log(const struct run_logs *logs, const char *name)
{
	size_t i;

	for (i = 0; i < logs->n; i++)
		if (!strcmp(logs->l[i].name, name))
			return true;
	return false;
}

/* The logs of test beside the result at path */
static void test_logs(int dirfd, const char *test, struct run_logs *logs)
{
	char *stem = log_stem(test), *name;
	const char *base;
	size_t i;
	int fd;

	if (!stem)
		return;
	fd = open_folders(dirfd, test, &base);
	for (i = 0; fd >= 0 && i < ARRAY_SIZE(log_exts); i++) {
		struct strbuf sb = { 0 };
		char *file = xasprintf("%s.%s", base, log_exts[i]);

		name = xasprintf("%s.%s", stem, log_exts[i]);
		if (logs->n >= LOGS_RUN_FILES || have_log(logs, name) ||
		    read_tail(fd, file, &sb) ||
		    logs->bytes + sb.len > LOGS_RUN_MAX) {
			free(name);
		} else {
			struct run_log *l = array_push(&logs->l, &logs->n,
						       &logs->alloc,
						       sizeof(*l));

			l->name = name;
			l->data = sb.buf ? sb.buf : xstrdup("");
			l->len = sb.len;
			logs->bytes += sb.len;
			sb.buf = NULL;
		}
		sb_free(&sb);
		free(file);
	}
	if (fd >= 0 && fd != dirfd)
		close(fd);
	free(stem);
}

void run_logs_read(char *const *paths, size_t n, const struct strlist *failed,
		   struct run_logs *logs)
{
	size_t i, j;

	for (i = 0; i < n && failed->n; i++) {
		const char *slash = strrchr(paths[i], '/');
		char *dir = slash ? xstrndup(paths[i], slash - paths[i] + 1) :
			    xstrdup(".");
		int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

		free(dir);
		if (fd < 0)
			continue;
		for (j = 0; j < failed->n; j++)
			test_logs(fd, failed->v[j], logs);
		close(fd);
	}
}

int run_logs_put(const char *dir, const struct run_logs *logs, char **err)
{
	char *sub = xasprintf("%s/logs", dir), *path;
	size_t i;
	int ret = 0;

	if (logs->n && mkdir(sub, 0777)) {
		*err = xasprintf("%s: %s", sub, errstr(errno));
		ret = -1;
	}
	for (i = 0; i < logs->n && !ret; i++) {
		path = xasprintf("%s/%s", sub, logs->l[i].name);
		if (write_file_atomic(path, logs->l[i].data, logs->l[i].len)) {
			*err = xasprintf("%s: %s", path, errstr(errno));
			ret = -1;
		}
		free(path);
	}
	free(sub);
	return ret;
}

void run_logs_free(struct run_logs *logs)
{
	size_t i;

	for (i = 0; i < logs->n; i++) {
		free(logs->l[i].name);
		free(logs->l[i].data);
	}
	free(logs->l);
	memset(logs, 0, sizeof(*logs));
}
