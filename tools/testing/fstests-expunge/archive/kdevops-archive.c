// SPDX-License-Identifier: GPL-2.0
/*
 * kdevops' results archives read as runs: the tarballs of the old layout
 * wherever they lie, and a clone of the live archive commit by commit.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive/kdevops-archive.h"
#include "kernel/kernel.h"
#include "kernel/version.h"
#include "lib/decompress.h"
#include "lib/fileio.h"
#include "lib/git.h"
#include "lib/tar.h"

#define TARBALL_MAX	(1024u * 1024 * 1024)
#define UNPACKED_MAX	(4096ull * 1024 * 1024)
#define GITLOG_MAX	(1024u * 1024 * 1024)
#define WALK_DEPTH	12
#define LFS_MAGIC	"version https://git-lfs.github.com/spec/"

struct tar_walk {
	const struct archive_git *g;
	const char *path, *source;
	const struct add_opts *o;
	struct add_stats *st;
	char **err;
};

/* A <kernel>/<section>/result.xml of the tarball: one run */
static int tar_member(const struct tar_member *m, void *arg)
{
	struct tar_walk *w = arg;
	struct new_run run = { 0 };
	struct run_file *f;
	const char *base = strrchr(m->name, '/');
	char *path, *source;
	int ret;

	if (!m->regular || !base || strcmp(base, "/result.xml"))
		return 0;
	f = array_push(&run.f, &run.n, &run.alloc, sizeof(*f));
	f->data = xmalloc(m->len + 1);
	memcpy(f->data, m->data, m->len);
	f->data[m->len] = '\0';
	f->len = m->len;
	path = xasprintf("%s/%s", w->path, m->name);
	source = xasprintf("%s:%s", w->source, m->name);
	ret = run_make_read(path, source, w->o, &run, w->err);
	if (!ret)
		ret = archive_store(w->g, &run, w->st, w->err);
	new_run_free(&run);
	free(path);
	free(source);
	return ret;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/* Might the file be a tarball, or its LFS pointer? Its first bytes say */
static bool maybe_tarball(const char *path)
{
	char head[64];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return false;
	n = read(fd, head, sizeof(head));
	close(fd);
	if (n <= 0)
		return false;
	return strcmp(compression_of(head, n), "plain") ||
		((size_t)n >= strlen(LFS_MAGIC) &&
		 !memcmp(head, LFS_MAGIC, strlen(LFS_MAGIC)));
}

static bool lfs_pointer(const char *buf, size_t len)
{
	return len >= strlen(LFS_MAGIC) && !memcmp(buf, LFS_MAGIC, strlen(LFS_MAGIC));
}

/*
 * The bytes of a file named path: a tarball (xz, gzip or zstd), read;
 * anything else, not. Returns 1 when it was a tarball, 0 when not, -1
 * with *err.
 */
static int add_tarball_buf(const struct archive_git *g, const char *buf, size_t len,
			   const char *path, const char *source,
			   const struct add_opts *o, struct add_stats *st,
			   char **err)
{
	struct tar_walk w = { g, path, source, o, st, err };
	const char *fmt, *why;
	char *tar;
	size_t tlen;
	int ret;

	ret = strcmp(compression_of(buf, len), "plain") ?
		decompress_buf(buf, len, UNPACKED_MAX, &tar, &tlen, &fmt, &why) : 1;
	if (ret)
		return 0;	/* not compressed, or not ours to judge */
	if (!is_tar(tar, tlen)) {
		free(tar);
		return 0;
	}
	ret = tar_each(tar, tlen, tar_member, &w, &why);
	if (ret < 0 && !*err)
		*err = xasprintf("%s: %s", source, why);
	free(tar);
	return ret < 0 ? -1 : 1;
}

/* The file at path as above; an LFS pointer is counted */
static int add_tarball(const struct archive_git *g, const char *path, const char *source,
		       const struct add_opts *o, struct add_stats *st,
		       char **err)
{
	char *buf;
	size_t len;
	int ret;

	if (read_file(path, TARBALL_MAX, &buf, &len)) {
		*err = xasprintf("%s: %s", source, errstr(errno));
		return -1;
	}
	if (lfs_pointer(buf, len))
		st->lfs++;
	ret = add_tarball_buf(g, buf, len, path, source, o, st, err);
	free(buf);
	return ret;
}

/* Every tarball below path (rel: its name in the archive) */
static int walk(const struct archive_git *g, const char *path, const char *rel, int depth,
		const struct add_opts *o, struct add_stats *st, char **err)
{
	DIR *d = opendir(path);
	struct dirent *de;
	int ret = 0;

	if (!d)
		return 0;	/* results_find() says what it cannot read */
	while (!ret && (de = readdir(d))) {
		char *sub, *subrel;
		struct stat sb;

		if (de->d_name[0] == '.')
			continue;	/* ., .., .git */
		sub = xasprintf("%s/%s", path, de->d_name);
		subrel = xasprintf("%s/%s", rel, de->d_name);
		if (lstat(sub, &sb)) {
			ret = 0;
		} else if (S_ISDIR(sb.st_mode) && depth < WALK_DEPTH) {
			ret = walk(g, sub, subrel, depth + 1, o, st, err);
		} else if (S_ISREG(sb.st_mode) &&
			   !ends_with(de->d_name, ".xml") && maybe_tarball(sub)) {
			ret = add_tarball(g, sub, subrel, o, st, err);
			ret = ret < 0 ? -1 : 0;
		}
		free(sub);
		free(subrel);
	}
	closedir(d);
	return ret;
}

/* fstests/<user>/<trigger-repo>/...: who ran it, from what */
static char *summary_machine(const char *path)
{
	const char *p = strchr(path, '/'), *q, *r;

	q = p ? strchr(p + 1, '/') : NULL;
	r = q ? strchr(q + 1, '/') : NULL;
	return r ? xstrndup(p + 1, r - p - 1) : xstrdup("unknown");
}

/* The record of section s of a summary-only run */
static void summary_record(struct new_run *run, const struct kdevops_summary *sum,
			   const struct kdevops_section *s, const char *date,
			   const char *path)
{
	struct run_record *r = &run->rec;
	char *machine = summary_machine(path), buf[64];
	const char *how, *us = strchr(s->name, '_');
	struct strbuf failed = { 0 };
	struct kver v;
	size_t i;

	record_set(r, "run", run->id);
	record_set(r, "kernel", sum->kernel ?: "unknown");
	if (sum->kernel && !upstream_version(sum->kernel, NULL, NULL, &v, &how))
		record_set(r, "version", kver_str(&v, buf));
	snprintf(buf, sizeof(buf), "%.*s",
		 (int)(us ? (size_t)(us - s->name) : strlen(s->name)), s->name);
	record_set(r, "fs", buf);
	record_set(r, "section", s->name);
	record_set(r, "device", "unknown");
	record_set(r, "cpus", sum->cpus);
	record_set(r, "fstests", "unknown");
	record_set(r, "started", date);
	record_set(r, "machine", machine);
	run_set_setup(r);
	record_set(r, "status", "summary-only");
	snprintf(buf, sizeof(buf), "%lu %lu %lu", s->tests, s->failures,
		 s->skipped);
	record_set(r, "tests-failures-notrun", buf);
	for (i = 0; i < s->failed.n; i++)
		sb_printf(&failed, "%s%s", i ? " " : "", s->failed.v[i]);
	record_set(r, "failed", failed.buf);
	sb_free(&failed);
	free(machine);
}

/* The runs of one commit's summary: one a section, failures only */
static int add_summary(const struct archive_git *g, const char *sha, const char *date,
		       const char *path, const struct kdevops_summary *sum,
		       const char *source, struct add_stats *st, char **err)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < sum->n && !ret; i++) {
		const struct kdevops_section *s = &sum->s[i];
		struct new_run run = { 0 };
		char *key = xasprintf("kdevops-summary %s %s", sha, s->name);

		snprintf(run.id, sizeof(run.id), "%016llx",
			 (unsigned long long)fnv1a(key, strlen(key)));
		free(key);
		summary_record(&run, sum, s, date, path);
		record_set(&run.rec, "source", source);
		sb_printf(&run.summary, "%s %s on %s (%s): %lu tests, %lu failures",
			  record_get(&run.rec, "fs"), s->name,
			  record_get(&run.rec, "kernel"),
			  record_get(&run.rec, "machine"), s->tests, s->failures);
		sb_puts(&run.summary, " (summary only)\n\n");
		sb_puts(&run.summary, "Status: summary-only: the tarball is not in the clone\n");
		sb_printf(&run.summary, "Tests: %lu, failures: %lu, not run: %lu\n",
			  s->tests, s->failures, s->skipped);
		sb_printf(&run.summary, "Source: %s\nRun: %s\n", source, run.id);
		ret = archive_store(g, &run, st, err);
		new_run_free(&run);
	}
	return ret;
}

/*
 * A tarball the commit sha added or changed at path: 1 when read, 0 when
 * not there (an LFS pointer, counted, unless a real copy of that path
 * was read from an earlier commit), -1 with *err. The commit's own blob
 * comes first: the old archive held real tarballs before it moved them
 * to LFS, and its history still does. A pointer is replaced by the work
 * tree's file when 'git lfs pull' fetched it.
 */
static int commit_tarball(const struct archive_git *g, const char *clone,
			  const char *name, const char *sha, const char *path,
			  const struct add_opts *o, struct add_stats *st,
			  struct strlist *read, char **err)
{
	char *spec = xasprintf("%s:%s", sha, path), *buf = NULL;
	const char *const there[] = { "cat-file", "-e", spec, NULL };
	const char *const args[] = { "cat-file", "blob", spec, NULL };
	char *file = xasprintf("%s/%s", clone, path);
	char *source = xasprintf("%s@%.12s:%s", name, sha, path);
	size_t len = 0;
	int ret = 0;

	/* a blob the clone lacks (a partial clone) is skipped, silently */
	if (!git_run(clone, NULL, there) &&
	    !git_capture(clone, args, TARBALL_MAX, &buf, &len) &&
	    !lfs_pointer(buf, len))
		ret = add_tarball_buf(g, buf, len, file, source, o, st, err);
	else if (!access(file, F_OK) && !strlist_has(read, path))
		ret = add_tarball(g, file, source, o, st, err);
	if (ret > 0)
		strlist_add(read, xstrdup(path));
	free(buf);
	free(spec);
	free(file);
	free(source);
	return ret;
}

/*
 * One commit of the clone: each tarball it added or changed (the live
 * layout: one, the old layout: many), else its summary
 */
static int add_commit(const struct archive_git *g, const char *clone, const char *name,
		      const char *sha, const char *date, const char *msg,
		      char *files, const struct add_opts *o,
		      struct add_stats *st, struct strlist *read, char **err)
{
	struct kdevops_summary sum = { 0 };
	unsigned long lfs = st->lfs;
	const char *first = NULL;
	char *path, *save, *source;
	int ret = 0, got = 0;

	for (path = strtok_r(files, "\n", &save); path && ret >= 0;
	     path = strtok_r(NULL, "\n", &save)) {
		if (!str_starts(path, "fstests/") || !ends_with(path, ".xz"))
			continue;
		first = first ?: path;
		ret = commit_tarball(g, clone, name, sha, path, o, st, read, err);
		got += ret > 0;
	}
	if (ret < 0 || !first || got)
		return ret < 0 ? -1 : 0;
	/* no tarball to read (deleted since, or a pointer): the summary */
	source = xasprintf("%s@%.12s:%s", name, sha, first);
	if (kdevops_summary_parse(msg, &sum))
		ret = add_summary(g, sha, date, first, &sum, source, st, err);
	else if (st->lfs > lfs)
		st->no_summary++;
	kdevops_summary_free(&sum);
	free(source);
	return ret < 0 ? -1 : 0;
}

/*
 * git log: per commit "\x01SHA\0DATE\0MESSAGE\0" then the names of the
 * files it changed, one a line.
 */
static int each_commit(const struct archive_git *g, const char *clone, const char *name,
		       char *log, size_t len, const struct add_opts *o,
		       struct add_stats *st, char **err)
{
	char *p = log, *end = log + len;
	struct strlist read = { 0 };
	int ret = 0;

	while (!ret && p < end && (p = memchr(p, '\x01', end - p))) {
		char *sha = p + 1, *date, *msg, *files, *next, *names;

		date = memchr(sha, '\0', end - sha);
		msg = date ? memchr(date + 1, '\0', end - date - 1) : NULL;
		files = msg ? memchr(msg + 1, '\0', end - msg - 1) : NULL;
		if (!files)
			break;
		next = memchr(files + 1, '\x01', end - files - 1);
		names = xstrndup(files + 1, (next ? next : end) - files - 1);
		ret = add_commit(g, clone, name, sha, date + 1, msg + 1, names,
				 o, st, &read, err);
		free(names);
		p = next ? next : end;
	}
	strlist_free(&read);
	return ret;
}

/* Is path a clone of the live archive: a git work tree with fstests/? */
static bool live_clone(const char *path)
{
	char *fstests = xasprintf("%s/fstests", path);
	struct stat sb;
	bool yes = git_is_top(path) && !stat(fstests, &sb) &&
		S_ISDIR(sb.st_mode);

	free(fstests);
	return yes;
}

static int add_clone(const struct archive_git *g, const char *path,
		     const struct add_opts *o, struct add_stats *st,
		     char **err)
{
	static const char *const args[] = {
		"log", "--reverse",
		"--format=%x01%H%x00%aI%x00%B%x00", "--name-only",
		"--no-renames", "--diff-filter=AM", "--", "fstests", NULL
	};
	char *log, *name = run_source(path, path);
	size_t len;
	int ret;

	if (git_capture(path, args, GITLOG_MAX, &log, &len)) {
		*err = xasprintf("%s: 'git log' failed: not a git clone?", path);
		free(name);
		return -1;
	}
	ret = each_commit(g, path, name, log, len, o, st, err);
	free(log);
	free(name);
	return ret;
}

int kdevops_add(const struct archive_git *g, const char *path, const struct add_opts *o,
		struct add_stats *st, char **err)
{
	struct stat sb;
	char *name;
	int ret;

	if (live_clone(path))
		return add_clone(g, path, o, st, err) ? -1 : 1;
	if (!stat(path, &sb) && S_ISREG(sb.st_mode)) {
		if (!maybe_tarball(path))
			return 0;
		name = run_source(path, path);
		ret = add_tarball(g, path, name, o, st, err);
		free(name);
		return ret;	/* a tarball (1) is done; else result.xml */
	}
	name = run_source(path, path);
	ret = walk(g, path, name, 0, o, st, err);
	free(name);
	return ret < 0 ? -1 : 0;
}
