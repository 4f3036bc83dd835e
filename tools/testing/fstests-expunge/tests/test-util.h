/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one helper module of the unit tests: fixture files, temporary
 * files and directories (with a harness fixture that removes them),
 * shell commands, and running the tool.
 */
#ifndef FEXP_TEST_UTIL_H
#define FEXP_TEST_UTIL_H

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/compiler.h>

/*
 * A file under tests/fixtures of the source directory (not FIXTURE():
 * the kselftest harness has its own).
 */
#define FIXTURE_PATH(name) SRCDIR "/tests/fixtures/" name

/* Write text to a new temporary file; returns its malloc'd path. */
static inline char *tmpfile_with(const char *text, size_t len)
{
	char *path = strdup("/tmp/fexp-test.XXXXXX");
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, len) != (ssize_t)len)
		abort();
	close(fd);
	return path;
}

static inline char *tmpfile_str(const char *text)
{
	return tmpfile_with(text, strlen(text));
}

/* Write text to the file dir/name */
static inline void put_in_dir(const char *dir, const char *name,
			      const char *text)
{
	char *path;
	FILE *f;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		abort();
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f))
		abort();
	free(path);
}

/* A new temporary directory; its malloc'd path. */
static inline char *tmpdir_new(void)
{
	char *dir = strdup("/tmp/fexp-test.XXXXXX");

	if (!dir || !mkdtemp(dir))
		abort();
	return dir;
}

static inline __printf(1, 2) char *str_printf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		abort();
	va_end(ap);
	return s;
}

/* Run a shell command (printf format); its exit status. */
static inline __printf(1, 2) int shell_call(const char *fmt, ...)
{
	va_list ap;
	char *cmd;
	int st;

	va_start(ap, fmt);
	if (vasprintf(&cmd, fmt, ap) < 0)
		abort();
	va_end(ap);
	st = system(cmd);
	free(cmd);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static inline void put_file(const char *path, const void *buf, size_t len)
{
	FILE *f = fopen(path, "w");

	if (!f || fwrite(buf, 1, len, f) != len || fclose(f))
		abort();
}

static inline void put_str(const char *path, const char *text)
{
	put_file(path, text, strlen(text));
}

/*
 * Make path a sparse file of size bytes (a scratch device of many GiB
 * that takes no room), or resize the one there: 0, or -1.
 */
static inline int sparse_file(const char *path, unsigned long long size)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);
	int ret;

	if (fd < 0)
		return -1;
	ret = ftruncate(fd, size);
	close(fd);
	return ret;
}

static inline char *get_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END))
		abort();
	n = ftell(f);
	rewind(f);
	buf = malloc(n + 1);
	if (!buf || fread(buf, 1, n, f) != (size_t)n)
		abort();
	buf[n] = '\0';
	fclose(f);
	*len = n;
	return buf;
}

/* Remove the directory and all in it, and free its path. */
static inline void tmpdir_remove(char *dir)
{
	if (dir && shell_call("rm -rf '%s'", dir))
		abort();
	free(dir);
}

struct proc_out {
	int status;	/* exit code, or 128 + signal */
	char *out;	/* stdout */
	char *err;	/* stderr */
};

static inline char *slurp_fd(int fd)
{
	FILE *f = fdopen(fd, "r");
	char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END))
		abort();
	n = ftell(f);
	rewind(f);
	buf = calloc(1, n + 1);
	if (!buf || fread(buf, 1, n, f) != (size_t)n)
		abort();
	fclose(f);
	return buf;
}

/*
 * Run the built fstests-expunge (path in $FEXP) with a shell-quoted
 * argument string; stdout and stderr are captured apart.
 */
static inline struct proc_out fexp_call(const char *args)
{
	const char *bin = getenv("FEXP");
	char outp[] = "/tmp/fexp-out.XXXXXX", errp[] = "/tmp/fexp-err.XXXXXX";
	struct proc_out r = { 0 };
	int ofd = mkstemp(outp), efd = mkstemp(errp), st;
	char *cmd;

	if (!bin)
		bin = SRCDIR "/fstests-expunge";
	if (ofd < 0 || efd < 0 ||
	    asprintf(&cmd, "%s %s >%s 2>%s </dev/null", bin, args, outp,
		     errp) < 0)
		abort();
	st = system(cmd);
	r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	free(cmd);
	r.out = slurp_fd(ofd);
	r.err = slurp_fd(efd);
	unlink(outp);
	unlink(errp);
	return r;
}

static inline void proc_out_free(struct proc_out *r)
{
	free(r->out);
	free(r->err);
}

/*
 * What jq's filter prints for the JSON text, without its last newline:
 * reports are checked with a real JSON parser. NULL when jq rejects the
 * text or the filter.
 */
static inline char *jsonq(const char *json, const char *filter)
{
	char *in = tmpfile_str(json), *cmd, *out;
	char outp[] = "/tmp/fexp-jq.XXXXXX";
	int fd = mkstemp(outp), st;
	size_t len;

	if (fd < 0 || asprintf(&cmd, "jq -r '%s' %s >%s 2>/dev/null", filter,
			       in, outp) < 0)
		abort();
	st = system(cmd);
	out = slurp_fd(fd);
	unlink(in);
	unlink(outp);
	free(in);
	free(cmd);
	if (st) {
		free(out);
		return NULL;
	}
	len = strlen(out);
	if (len && out[len - 1] == '\n')
		out[len - 1] = '\0';
	return out;
}

#endif
