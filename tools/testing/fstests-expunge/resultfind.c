// SPDX-License-Identifier: GPL-2.0
/* The result.xml files a path on the command line stands for. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "resultfind.h"

#define MAX_DEPTH	8

static int walk(const char *dir, int depth, struct strlist *out)
{
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		char *path;
		struct stat st;

		if (name[0] == '.') {
			free(ents[i]);
			continue;
		}
		path = xasprintf("%s/%s", dir, name);
		/* symbolic links are not followed: no loops */
		if (!lstat(path, &st)) {
			if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH)
				walk(path, depth + 1, out);
			else if (S_ISREG(st.st_mode) &&
				 !strcmp(name, "result.xml"))
				strlist_add(out, xstrdup(path));
		}
		free(path);
		free(ents[i]);
	}
	free(ents);
	return 0;
}

/* ".../runner-N/results-TS/result.xml": the base and TS, or false. */
static bool shard_of(const char *path, char **base, const char **ts)
{
	const char *end = strrchr(path, '/'), *r, *p;

	if (!end || end == path)
		return false;
	for (r = end - 1; r > path && *r != '/'; r--)
		;
	if (*r != '/' || !str_starts(r + 1, "results-"))
		return false;
	for (p = r - 1; p > path && *p != '/'; p--)
		;
	if (!str_starts(p + (*p == '/'), "runner-"))
		return false;
	*base = xstrndup(path, p - path);
	*ts = r + 1 + strlen("results-");
	return true;
}

static void add(struct found_list *l, char *path, char *run)
{
	struct found_file *f = array_push(&l->f, &l->n, &l->alloc,
					  sizeof(*f));

	f->path = path;
	f->run = run;
}

/* The newest timestamp of the shards under base. */
static const char *newest(const struct strlist *files, const char *base)
{
	const char *best = NULL, *ts;
	char *b;
	size_t i;

	for (i = 0; i < files->n; i++) {
		if (!shard_of(files->v[i], &b, &ts))
			continue;
		if (!strcmp(b, base)) {
			size_t tl = strcspn(ts, "/");

			if (!best || tl > strcspn(best, "/") ||
			    (tl == strcspn(best, "/") && strncmp(ts, best, tl) > 0))
				best = ts;
		}
		free(b);
	}
	return best;
}

int results_find(const char *path, struct found_list *l, char **err)
{
	struct strlist files = { 0 };
	const char **bests;
	struct stat st;
	size_t i, before = l->n;

	if (stat(path, &st)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		add(l, xstrdup(path), xstrdup(path));
		return 0;
	}
	if (walk(path, 0, &files)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	/* before any file is taken: the newest run of each shard set */
	bests = xcalloc(files.n + 1, sizeof(*bests));
	for (i = 0; i < files.n; i++) {
		const char *ts;
		char *base;

		if (shard_of(files.v[i], &base, &ts)) {
			bests[i] = newest(&files, base);
			free(base);
		}
	}
	for (i = 0; i < files.n; i++) {
		const char *ts, *best = bests[i];
		char *base;

		if (!shard_of(files.v[i], &base, &ts)) {
			add(l, files.v[i], xstrdup(files.v[i]));
			files.v[i] = NULL;
			continue;
		}
		if (strcspn(ts, "/") == strcspn(best, "/") &&
		    !strncmp(ts, best, strcspn(ts, "/"))) {
			add(l, files.v[i], xasprintf("%s@%.*s", base,
						     (int)strcspn(ts, "/"), ts));
			files.v[i] = NULL;
		} else {
			strlist_add(&l->notes,
				    xasprintf("%s: left out, %s results-%.*s",
					      files.v[i],
					      "an older check-parallel run than",
					      (int)strcspn(best, "/"), best));
		}
		free(base);
	}
	strlist_free(&files);
	free(bests);
	if (l->n == before) {
		*err = xasprintf("%s: no result.xml in this directory", path);
		return -1;
	}
	return 0;
}

void found_free(struct found_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->f[i].path);
		free(l->f[i].run);
	}
	free(l->f);
	strlist_free(&l->notes);
	memset(l, 0, sizeof(*l));
}
