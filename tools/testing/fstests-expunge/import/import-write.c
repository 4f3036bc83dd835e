// SPDX-License-Identifier: GPL-2.0
/*
 * The import command's pipeline: read a harness's lists, then print the
 * data lines, or merge them into the data files (all or none).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entries/data-dir.h"
#include "entries/data-write.h"
#include "import/import.h"
#include "lib/escape.h"
#include "lib/fileio.h"

static const struct {
	const char *name;
	int (*read)(const char *dir, const struct strlist *fs,
		    struct import_result *r);
} importers[] = {
	{ "xfstests-bld", import_xfstests_bld },
	{ "kdevops", import_kdevops },
	{ "fstests", import_fstests },
	{ "list", import_user_list },
};

/* A data file name made from another tree's directory names: no paths. */
static bool valid_fs(const char *fs)
{
	return *fs && strspn(fs, "abcdefghijklmnopqrstuvwxyz0123456789_-") ==
		strlen(fs);
}

static int by_fs(const void *a, const void *b)
{
	const struct import_line *const *x = a, *const *y = b;
	int c = strcmp((*x)->fs, (*y)->fs);

	return c ? c : (*x < *y ? -1 : *x > *y);
}

/* The lines, grouped by data file in the order the importer gave them */
static struct import_line **sorted_lines(const struct import_result *r)
{
	struct import_line **v = xcalloc(r->n + 1, sizeof(*v));
	size_t i;

	for (i = 0; i < r->n; i++)
		v[i] = &r->lines[i];
	qsort(v, r->n, sizeof(*v), by_fs);
	return v;
}

/* Where and why, escaped: the source's bytes may be terminal escapes */
static void print_skips(const struct import_result *r)
{
	struct strbuf sb = { 0 };
	size_t i;

	for (i = 0; i < r->nskips; i++) {
		sb.len = 0;
		sb_add_escaped(&sb, r->skips[i].origin,
			       strlen(r->skips[i].origin));
		sb_puts(&sb, ": not imported: ");
		sb_add_escaped(&sb, r->skips[i].why, strlen(r->skips[i].why));
		fprintf(stderr, "%s\n", sb.buf);
	}
	sb_free(&sb);
}

static void print_lines(struct import_line **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!i || strcmp(v[i]->fs, v[i - 1]->fs))
			printf("%s# %s.expunge\n", i ? "\n" : "", v[i]->fs);
		printf("%s\n", v[i]->text);
	}
}

/* The merged text of one data file into out: 0, or 2 when unreadable */
static int merge_one(const char *dir, const char *source,
		     struct import_line **v, size_t n, char **path,
		     struct strbuf *out)
{
	struct import_merge_stats st = { 0 };
	char *buf = NULL;
	size_t len = 0, i;

	*path = xasprintf("%s/%s.expunge", dir, v[0]->fs);
	if (read_file(*path, 64 << 20, &buf, &len) && errno != ENOENT) {
		pr_err("%s: %s", *path, errstr(errno));
		return EXIT_USAGE;
	}
	import_merge(buf ? buf : "", len, v[0]->fs, source, v, n, out, &st);
	fprintf(stderr, "%s: %zu added, %zu already there\n", *path,
		st.added, st.present);
	for (i = 0; i < st.apart.n; i++)
		fprintf(stderr, "%s: %s: already an entry of %s, left as it is\n",
			*path, st.apart.v[i], str_starts(source, "user:") ?
			"another harness's import" : "a user's own list");
	strlist_free(&st.apart);
	free(buf);
	return EXIT_OK;
}

static int write_data(const char *data, const char *source,
		      struct import_line **v, size_t n)
{
	struct datadir dd = { 0 };
	struct strlist paths = { 0 };
	struct strbuf *bufs = NULL;
	char *err = NULL;
	size_t i, j, alloc = 0, nb = 0;
	int ret = EXIT_OK;

	if (datadir_find(data, &dd, &err) || !dd.dir) {
		pr_err("import: %s", err ? err :
		       "--write needs a data directory (--data DIR)");
		free(err);
		datadir_free(&dd);
		return EXIT_USAGE;
	}
	for (i = 0; i < n && !ret; i = j) {
		char *path = NULL;
		struct strbuf *b;

		for (j = i; j < n && !strcmp(v[j]->fs, v[i]->fs); j++)
			;
		b = array_push(&bufs, &nb, &alloc, sizeof(*b));
		memset(b, 0, sizeof(*b));
		ret = merge_one(dd.dir, source, v + i, j - i, &path, b);
		strlist_add(&paths, path);
	}
	if (!ret)
		ret = data_files_write(paths.v, bufs, nb, NULL);
	for (i = 0; i < nb; i++)
		sb_free(&bufs[i]);
	free(bufs);
	strlist_free(&paths);
	datadir_free(&dd);
	return ret;
}

int import_from(const char *from, const char *dir, const struct strlist *fs,
		bool write, const char *data, const char *rev,
		const char *srctree)
{
	struct import_result r = { .rev = rev, .srctree = srctree };
	struct import_line **v;
	char *source = NULL;
	size_t i, idx;
	int ret = EXIT_OK;

	for (idx = 0; idx < ARRAY_SIZE(importers); idx++) {
		if (!strcmp(from, importers[idx].name))
			break;
	}
	if (idx == ARRAY_SIZE(importers)) {
		pr_err("import: no importer for %s", from);
		return EXIT_USAGE;
	}
	if (importers[idx].read(dir, fs, &r)) {
		import_result_free(&r);
		return EXIT_USAGE;
	}
	for (i = 0; i < r.n && !ret; i++) {
		if (!valid_fs(r.lines[i].fs)) {
			pr_err("%s: not a filesystem name: %s",
			       r.lines[i].origin, r.lines[i].fs);
			ret = EXIT_USAGE;
		}
	}
	print_skips(&r);
	fprintf(stderr, "import: %s: %zu data lines, %zu source lines not imported\n",
		importers[idx].name, r.n, r.nskips);
	if (!ret && r.unreadable) {
		pr_err("import: %zu list(s) or directories could not be read (named above): the import is incomplete%s",
		       r.unreadable, write ? ", nothing written" : "");
		ret = EXIT_USAGE;
	}
	v = sorted_lines(&r);
	/* a user's own lists: a block of their own, apart from upstream's */
	source = r.user ? xasprintf("user:%s", r.user) :
		 xstrdup(importers[idx].name);
	if (!ret && write)
		ret = write_data(data, source, v, r.n);
	else if (!ret)
		print_lines(v, r.n);
	free(v);
	free(source);
	import_result_free(&r);
	return ret;
}
