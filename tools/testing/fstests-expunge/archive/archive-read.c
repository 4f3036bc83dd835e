// SPDX-License-Identifier: GPL-2.0
/* The runs of a results archive read back, one at a time. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "archive/archive.h"
#include "archive/run-judge.h"
#include "kernel/version.h"
#include "lib/decompress.h"
#include "lib/fileio.h"

#define ZST_MAX		(256u * 1024 * 1024)
#define RESULT_MAX	(1024u * 1024 * 1024)
#define RECORD_MAX	(1024u * 1024)

/* Where a run goes in the walk: oldest first */
struct run_key {
	struct kver v;
	char started[32];
	char id[17];
	struct judged *judged;	/* how its failures compare to its table's */
};

static int key_cmp(const void *a, const void *b)
{
	const struct run_key *x = a, *y = b;
	int c = kver_cmp(&x->v, &y->v);

	if (!c)
		c = strcmp(x->started, y->started);
	return c ? c : strcmp(x->id, y->id);
}

/* Is runs/name a folder, not a link to one? Else it is said */
static bool run_folder(const char *runs, const char *name)
{
	char *path = xasprintf("%s/%s", runs, name);
	const char *why = "not a folder";
	struct stat st;
	bool yes = false;

	if (lstat(path, &st))
		why = strerror(errno);
	else if (S_ISLNK(st.st_mode))
		why = "a symbolic link, not followed";
	else
		yes = S_ISDIR(st.st_mode);
	if (!yes)
		pr_warn("%s: left out: %s", path, why);
	free(path);
	return yes;
}

/* The run folders of runs/: names of 16 hex digits */
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
	while ((de = readdir(d))) {
		if (strlen(de->d_name) != 16 ||
		    strspn(de->d_name, "0123456789abcdef") != 16)
			continue;
		/* a link may lead out of the archive: not followed */
		if (!run_folder(runs, de->d_name))
			continue;
		strlist_add(ids, xstrdup(de->d_name));
	}
	closedir(d);
	free(runs);
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

/* A summary-only run: its failing tests, from its record */
static void summary_failures(struct archive_run *run)
{
	char *copy = xstrdup(record_get(&run->rec, "failed") ?: ""), *tok, *save;

	run->summary_only = true;
	run->why = xstrdup("summary only: its failures, no pass");
	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save))
		strlist_add(&run->failed, xstrdup(tok));
	free(copy);
}

static int read_run(const char *dir, const char *id, struct archive_run *run,
		    bool (*want)(const struct run_record *rec, void *arg),
		    void *arg, char **err)
{
	char *rdir = xasprintf("%s/runs/%s", dir, id);
	char *path = xasprintf("%s/run", rdir), *buf;
	size_t len;
	int ret = -1;

	run->dir = dir;
	run->id = id;
	if (read_file(path, RECORD_MAX, &buf, &len)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		goto out;
	}
	ret = record_parse(path, buf, len, &run->rec, err);
	free(buf);
	if (ret || (want && !want(&run->rec, arg)))
		goto out;
	run->wanted = true;
	if (str_same(record_get(&run->rec, "status"), "summary-only")) {
		summary_failures(run);
		goto out;
	}
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
	strlist_free(&run->failed);
	free(run->why);
	memset(run, 0, sizeof(*run));
}

/* The key of each run, from its record alone, sorted */
static int sort_runs(const char *dir, const struct strlist *ids,
		     struct run_key *keys, struct judged *judged, char **err)
{
	size_t i;

	for (i = 0; i < ids->n; i++) {
		struct run_record rec = { 0 };
		char *path = xasprintf("%s/runs/%s/run", dir, ids->v[i]), *buf;
		const char *s;
		size_t len;
		int ret = read_file(path, RECORD_MAX, &buf, &len);

		if (ret) {
			*err = xasprintf("%s: %s", path, errstr(errno));
		} else {
			ret = record_parse(path, buf, len, &rec, err);
			free(buf);
		}
		if (!ret) {
			s = record_get(&rec, "version");
			if (!s || kver_parse(s, &keys[i].v))
				memset(&keys[i].v, 0, sizeof(keys[i].v));
			s = record_get(&rec, "started");
			snprintf(keys[i].started, sizeof(keys[i].started),
				 "%s", s ? s : "");
			snprintf(keys[i].id, sizeof(keys[i].id), "%s", ids->v[i]);
			judged_init(&judged[i], &rec);
			keys[i].judged = &judged[i];
		}
		record_free(&rec);
		free(path);
		if (ret)
			return -1;
	}
	runs_judge(judged, ids->n);
	qsort(keys, ids->n, sizeof(*keys), key_cmp);
	return 0;
}

int archive_each(const char *dir,
		 bool (*want)(const struct run_record *rec, void *arg),
		 int (*fn)(struct archive_run *run, void *arg),
		 void *arg, char **err)
{
	struct strlist ids = { 0 };
	struct run_key *keys;
	struct judged *judged;
	size_t i;
	int ret = 0;

	if (list_runs(dir, &ids, err))
		return -1;
	keys = xcalloc(ids.n + 1, sizeof(*keys));
	judged = xcalloc(ids.n + 1, sizeof(*judged));
	ret = sort_runs(dir, &ids, keys, judged, err);
	for (i = 0; i < ids.n && !ret; i++) {
		struct archive_run run = { 0 };

		run.broken = keys[i].judged->broken;
		ret = read_run(dir, keys[i].id, &run, want, arg, err);
		if (!ret && run.wanted)
			ret = fn(&run, arg);
		run_release(&run);
	}
	for (i = 0; i < ids.n; i++)
		judged_free(&judged[i]);
	free(judged);
	free(keys);
	strlist_free(&ids);
	return ret;
}
