// SPDX-License-Identifier: GPL-2.0
/* Runs added to a results archive: one folder and one commit a run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "archive/archive.h"
#include "archive/archive-git.h"
#include "archive/kdevops-archive.h"
#include "lib/compress.h"
#include "lib/fileio.h"
#include "lib/strmap.h"
#include "results/result-find.h"

/* Write the len bytes at buf, compressed, to dir/name */
static int put_zst(const char *dir, const char *name, const char *buf,
		   size_t len, char **err)
{
	struct strbuf z = { 0 };
	char *path = xasprintf("%s/%s", dir, name);
	const char *why;
	int ret = 0;

	if (zstd_compress_buf(buf, len, &z, &why)) {
		*err = xasprintf("%s: %s", path, why);
		ret = -1;
	} else if (write_file_atomic(path, z.buf, z.len)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		ret = -1;
	}
	sb_free(&z);
	free(path);
	return ret;
}

static int put_files(const char *dir, const struct new_run *run, char **err)
{
	struct strbuf rec = { 0 };
	char *path, name[32];
	size_t i;
	int ret = 0;

	for (i = 0; i < run->n && !ret; i++) {
		snprintf(name, sizeof(name), i ? "result-%zu.xml.zst" :
			 "result.xml.zst", i);
		ret = put_zst(dir, name, run->f[i].data, run->f[i].len, err);
	}
	if (!ret && run->config.len)
		ret = put_zst(dir, "config.zst", run->config.buf,
			      run->config.len, err);
	if (!ret)
		ret = run_logs_put(dir, &run->logs, err);
	if (ret)
		return ret;
	record_write(&run->rec, &rec);
	path = xasprintf("%s/run", dir);
	if (write_file_atomic(path, rec.buf, rec.len)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		ret = -1;
	}
	free(path);
	sb_free(&rec);
	return ret;
}

static void count_in(struct strmap *m, const char *name)
{
	strmap_get(m, name ?: "unknown", strlen(name ?: "unknown"), true,
		   NULL);
}

int archive_store(const struct archive_git *g, struct new_run *run,
		  struct add_stats *st, char **err)
{
	char *rec = xasprintf("runs/%s/run", run->id), *folder;
	const char *status = record_get(&run->rec, "status");
	bool known = archive_git_has(g, rec);

	free(rec);
	st->runs++;
	st->summary += str_same(status, "summary-only");
	count_in(&st->machines, record_get(&run->rec, "machine"));
	count_in(&st->kernels, record_get(&run->rec, "kernel"));
	if (known) {
		st->known++;
		return 0;
	}
	folder = archive_git_stage(g, err);
	if (!folder || put_files(folder, run, err) ||
	    archive_git_put(g, run->id, run->summary.buf, err)) {
		free(folder);
		return -1;
	}
	free(folder);
	st->added++;
	st->corrupt += str_starts(status, "corrupt");
	st->incomplete += str_starts(status, "incomplete");
	return 0;
}

/* The files of each run found: shards of one run go together */
static int add_found(const struct archive_git *g,
		     const struct found_list *l,
		     const struct add_opts *o, struct add_stats *st,
		     char **err)
{
	struct strmap seen = { 0 };
	char **paths = xcalloc(l->n + 1, sizeof(*paths));
	size_t i, j, n;
	int ret = 0;

	for (i = 0; i < l->n && !ret; i++) {
		struct new_run run = { 0 };
		bool added;

		strmap_get(&seen, l->f[i].run, strlen(l->f[i].run), true,
			   &added);
		if (!added)
			continue;
		for (j = i, n = 0; j < l->n; j++)
			if (!strcmp(l->f[j].run, l->f[i].run))
				paths[n++] = l->f[j].path;
		ret = run_make(paths, n, n == 1 && l->f[i].named, o, &run,
			       err);
		if (!ret)
			ret = archive_store(g, &run, st, err);
		new_run_free(&run);
	}
	strmap_free(&seen);
	free(paths);
	return ret;
}

int archive_add(const struct archive_git *g, const char *path,
		const struct add_opts *o, struct add_stats *st, char **err)
{
	struct add_opts here = *o;
	struct found_list l = { 0 };
	unsigned long before = st->runs;
	size_t i;
	int ret;

	here.root = path;
	ret = kdevops_add(g, path, &here, st, err);
	if (ret)
		return ret < 0 ? -1 : 0;	/* a kdevops clone or tarball */
	if (results_find(path, &l, err)) {
		if (st->runs == before)
			return -1;
		free(*err);	/* tarballs were found, and no result.xml */
		*err = NULL;
		return 0;
	}
	for (i = 0; i < l.notes.n; i++)
		pr_warn("%s", l.notes.v[i]);
	if (!l.n && st->runs == before) {
		*err = xasprintf("%s: no result.xml found", path);
		found_free(&l);
		return -1;
	}
	ret = add_found(g, &l, &here, st, err);
	found_free(&l);
	return ret;
}

void add_stats_free(struct add_stats *st)
{
	strmap_free(&st->machines);
	strmap_free(&st->kernels);
}
