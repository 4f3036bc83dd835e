// SPDX-License-Identifier: GPL-2.0
/* The runs of a results archive read back, one at a time. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive/archive.h"
#include "lib/decompress.h"
#include "lib/fileio.h"

#define ZST_MAX		(256u * 1024 * 1024)
#define RESULT_MAX	(1024u * 1024 * 1024)
#define RECORD_MAX	(1024u * 1024)

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The run folders of runs/, sorted: names of 16 hex digits */
static int list_runs(const char *dir, struct strlist *ids, char **err)
{
	char *runs = xasprintf("%s/runs", dir);
	DIR *d = opendir(runs);
	struct dirent *de;

	if (!d) {
		*err = xasprintf("%s: %s", errno == ENOENT ? dir : runs,
				 errno == ENOENT ? "not an archive (no runs/)" :
				 strerror(errno));
		free(runs);
		return -1;
	}
	while ((de = readdir(d)))
		if (strlen(de->d_name) == 16 &&
		    strspn(de->d_name, "0123456789abcdef") == 16)
			strlist_add(ids, xstrdup(de->d_name));
	closedir(d);
	free(runs);
	if (ids->n)
		qsort(ids->v, ids->n, sizeof(*ids->v), name_cmp);
	return 0;
}

/* Read path (zstd) into rf; 0, or -1 with *why */
static int read_zst(const char *path, struct result_file *rf, char **why)
{
	char *z, *xml;
	size_t zlen, len;
	const char *fmt, *dwhy;
	int ret;

	if (read_file(path, ZST_MAX, &z, &zlen)) {
		*why = xasprintf("%s: %s", path, errstr(errno));
		return -1;
	}
	ret = decompress_buf(z, zlen, RESULT_MAX, &xml, &len, &fmt, &dwhy);
	free(z);
	if (ret) {
		*why = xasprintf("%s: %s", path, ret < 0 ? dwhy :
				 "not compressed");
		return -1;
	}
	ret = result_read_buf(path, xml, len, rf, why);
	free(xml);
	return ret;
}

/* The further shards of a run: result-N.xml.zst, into rf->more */
static void read_shards(const char *rdir, struct archive_run *run)
{
	struct result_file *more;
	unsigned int i;
	char *path;

	for (i = 1; ; i++) {
		path = xasprintf("%s/result-%u.xml.zst", rdir, i);
		if (access(path, F_OK)) {
			free(path);
			return;
		}
		more = array_push(&run->rf.more, &run->rf.nmore,
				  &run->rf.amore, sizeof(*more));
		if (read_zst(path, more, &run->why)) {
			run->rf.nmore--;
			run->readable = false;
			free(path);
			return;
		}
		free(path);
	}
}

static int read_run(const char *dir, const char *id, struct archive_run *run,
		    char **err)
{
	char *rdir = xasprintf("%s/runs/%s", dir, id);
	char *path = xasprintf("%s/run", rdir), *buf;
	size_t len;
	int ret = -1;

	run->id = id;
	if (read_file(path, RECORD_MAX, &buf, &len)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		goto out;
	}
	ret = record_parse(path, buf, len, &run->rec, err);
	free(buf);
	if (ret)
		goto out;
	free(path);
	path = xasprintf("%s/result.xml.zst", rdir);
	run->readable = !read_zst(path, &run->rf, &run->why);
	if (run->readable)
		read_shards(rdir, run);
out:
	free(rdir);
	free(path);
	return ret;
}

static void run_release(struct archive_run *run)
{
	record_free(&run->rec);
	result_free(&run->rf);
	free(run->why);
	memset(run, 0, sizeof(*run));
}

int archive_each(const char *dir, int (*fn)(struct archive_run *run,
					    void *arg),
		 void *arg, char **err)
{
	struct strlist ids = { 0 };
	size_t i;
	int ret = 0;

	if (list_runs(dir, &ids, err))
		return -1;
	for (i = 0; i < ids.n && !ret; i++) {
		struct archive_run run = { 0 };

		ret = read_run(dir, ids.v[i], &run, err);
		if (!ret)
			ret = fn(&run, arg);
		run_release(&run);
	}
	strlist_free(&ids);
	return ret;
}
