// SPDX-License-Identifier: GPL-2.0
/* The result.xml files a path on the command line stands for. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "results/result-find.h"

#define MAX_DEPTH	8

/* Something below the path left out: said in the notes, counted. */
static __printf(2, 3) void skip(struct found_list *l, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strlist_add(&l->notes, xvasprintf(fmt, ap));
	va_end(ap);
	l->skipped++;
}

static bool link_to_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

static int walk(const char *dir, int depth, struct strlist *out,
		struct found_list *l)
{
	struct dirent **ents;
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return -1;
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;
		bool is_result = !strcmp(name, "result.xml");
		char *path;
		struct stat st;
		bool typed;

		if (name[0] == '.') {
			free(ents[i]);
			continue;
		}
		path = xasprintf("%s/%s", dir, name);
		/*
		 * symbolic links are not followed: no loops. The type the
		 * directory gives saves a call per entry where it has one.
		 */
		typed = ents[i]->d_type == DT_DIR || ents[i]->d_type == DT_REG;
		if (typed)
			st.st_mode = DTTOIF(ents[i]->d_type);
		if (!typed && lstat(path, &st)) {
			skip(l, "%s: left out: %s", path, strerror(errno));
		} else if (S_ISDIR(st.st_mode) && depth >= MAX_DEPTH) {
			skip(l, "%s: left out: deeper than %d levels", path,
			     MAX_DEPTH);
		} else if (S_ISDIR(st.st_mode)) {
			if (walk(path, depth + 1, out, l))
				skip(l, "%s: left out: %s", path,
				     strerror(errno));
		} else if (is_result && S_ISREG(st.st_mode)) {
			strlist_add(out, xstrdup(path));
		} else if (is_result) {
			skip(l, "%s: left out: %s", path,
			     S_ISLNK(st.st_mode) ?
			     "a symbolic link, not followed (name the file it points to)" :
			     "not a regular file");
		} else if (S_ISLNK(st.st_mode) && link_to_dir(path)) {
			/* a section folder may be one: never dropped unsaid */
			skip(l, "%s: left out: %s", path,
			     "a symbolic link to a folder, not followed (name the folder it points to)");
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

struct shard {
	size_t file;		/* index into the files */
	char *base;
	const char *ts;		/* its timestamp, up to the next '/' */
	size_t tslen;
};

static int shard_cmp(const void *a, const void *b)
{
	const struct shard *x = a, *y = b;
	int c = strcmp(x->base, y->base);

	if (c)
		return c;
	/* newest first: a longer timestamp, then the greater one */
	if (x->tslen != y->tslen)
		return x->tslen > y->tslen ? -1 : 1;
	c = -strncmp(x->ts, y->ts, x->tslen);
	return c ? c : (x->file > y->file) - (x->file < y->file);
}

/*
 * For each shard file, the newest timestamp of its shard set (bests[i]),
 * in one sort rather than a scan of every file for each.
 */
static void newest_of_each(const struct strlist *files, const char **bests)
{
	struct shard *sh = xcalloc(files->n + 1, sizeof(*sh));
	size_t n = 0, i, first = 0;

	for (i = 0; i < files->n; i++) {
		if (!shard_of(files->v[i], &sh[n].base, &sh[n].ts))
			continue;
		sh[n].file = i;
		sh[n].tslen = strcspn(sh[n].ts, "/");
		n++;
	}
	if (n)
		qsort(sh, n, sizeof(*sh), shard_cmp);
	for (i = 0; i < n; i++) {
		if (strcmp(sh[i].base, sh[first].base))
			first = i;
		bests[sh[i].file] = sh[first].ts;
	}
	for (i = 0; i < n; i++)
		free(sh[i].base);
	free(sh);
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
		l->f[l->n - 1].named = true;
		return 0;
	}
	if (walk(path, 0, &files, l)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		return -1;
	}
	/* before any file is taken: the newest run of each shard set */
	bests = xcalloc(files.n + 1, sizeof(*bests));
	newest_of_each(&files, bests);
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

char **found_paths(const struct found_list *l)
{
	char **paths = xcalloc(l->n + 1, sizeof(*paths));
	size_t i;

	for (i = 0; i < l->n; i++)
		paths[i] = l->f[i].path;
	return paths;
}

bool *found_named(const struct found_list *l)
{
	bool *named = xcalloc(l->n + 1, sizeof(*named));
	size_t i;

	for (i = 0; i < l->n; i++)
		named[i] = l->f[i].named;
	return named;
}
