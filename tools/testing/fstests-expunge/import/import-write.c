// SPDX-License-Identifier: GPL-2.0
/*
 * The import command's pipeline: read a harness's lists, then print the
 * data lines, or merge them into the data files (all or none).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "entries/data-dir.h"
#include "entries/data-write.h"
#include "entries/lint-covered.h"
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

/* A data file the import goes into, and what became of its facts */
struct target {
	const char *fs;
	char *path;		/* DIR/FS.expunge */
	char *eol;		/* DIR/eol/FS.expunge */
	char *global, *eol_global;	/* and the two global files */
	struct import_line **fresh;	/* the facts not there yet */
	size_t nfresh, there;
	size_t covered;		/* not there, but what they select is */
	bool user;		/* a user's own list: its block is whole */
	bool skip;		/* no data file of that name: not written */
};

/* path's text into *buf (NULL when there is none): 0, or 2 */
static int read_text(const char *path, char **buf, size_t *len)
{
	*buf = NULL;
	*len = 0;
	if (read_file(path, 64 << 20, buf, len) && errno != ENOENT) {
		pr_err("%s: %s", path, errstr(errno));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Every line of text buf, len into keep */
static void keep_all(struct strmap *keep, const char *buf, size_t len,
		     struct strmap *except)
{
	const char *s = buf, *end = buf + len, *nl;

	for (; s < end; s = nl + 1) {
		nl = memchr(s, '\n', end - s);
		nl = nl ? nl : end;
		if (!except || !strmap_get(except, s, nl - s, false, NULL))
			strmap_get(keep, s, nl - s, true, NULL);
	}
}

/*
 * The lines compaction is to leave as they are: all but the new facts'
 * own (those of eol/FS.expunge, and evidence merged into a line, too).
 */
static void keep_old(struct strmap *keep, const struct target *tg,
		     const struct strbuf *out)
{
	struct strmap fresh = { 0 };
	char *buf = NULL;
	size_t len, i;

	for (i = 0; i < tg->nfresh; i++)
		strmap_get(&fresh, tg->fresh[i]->text,
			   strlen(tg->fresh[i]->text), true, NULL);
	keep_all(keep, out->buf ? out->buf : "", out->len, &fresh);
	if (!read_text(tg->eol, &buf, &len) && buf)
		keep_all(keep, buf, len, NULL);
	free(buf);
	strmap_free(&fresh);
}

/* The lines of data file path, if there is one, into there: 0, or 2 */
static int add_there(struct import_there *there, const char *path)
{
	char *buf;
	size_t len;
	int ret = read_text(path, &buf, &len);

	if (buf)
		import_there_add(there, path, buf, len);
	free(buf);
	return ret;
}

/* The lines of tg's data file and its eol/ file, on disk: 0, or 2 */
static int read_there(const struct target *tg, struct import_there *there)
{
	int ret = add_there(there, tg->path);

	return ret ? ret : add_there(there, tg->eol);
}

static bool from_user(const struct entry *e)
{
	char *const *o;

	for (o = e->from; o && *o; o++) {
		if (str_starts(*o, "user:"))
			return true;
	}
	return false;
}

static void load_there(struct dataset *ds, const char *path, struct diag *d)
{
	if (!access(path, F_OK))
		data_load_file(ds, path, d);
}

/*
 * The lines the tool reads with tg's data file, those there, into all;
 * into ds those of them that may cover an upstream fact: not a user's
 * own lines, whose block is refreshed or dropped alone (ds's entries
 * are all's, ds->entries alone is to be freed). 0, or 1 when a file
 * has a line that does not parse (2 when one cannot be read): each is
 * said, by file and line.
 */
static int read_with(const struct target *tg, struct dataset *all,
		     struct dataset *ds)
{
	struct diag d = { 0 };
	int ret = EXIT_OK;
	size_t i;

	load_there(all, tg->path, &d);
	load_there(all, tg->eol, &d);
	/* global.expunge's own import: each file once */
	if (strcmp(tg->global, tg->path)) {
		load_there(all, tg->global, &d);
		load_there(all, tg->eol_global, &d);
	}
	/* a line dropped would decide what is there already: say it, stop */
	if (d.errors) {
		diag_print(&d);
		pr_err("import: %s: the data read with it has errors, nothing written: run '%s check' for all of them",
		       tg->path, progname);
		ret = d.unreadable ? EXIT_USAGE : EXIT_PROBLEM;
	}
	diag_free(&d);
	memset(ds, 0, sizeof(*ds));
	ds->entries = xcalloc(all->n + 1, sizeof(*ds->entries));
	for (i = 0; i < all->n; i++) {
		if (!from_user(&all->entries[i]))
			ds->entries[ds->n++] = all->entries[i];
	}
	return ret;
}

/*
 * Does what line selects hold there already: do the lines read with
 * tg's data file cover it together (check's rule), so that adding it
 * would change no selection?
 */
static bool covered_there(const struct target *tg, const struct dataset *ds,
			  const char *line)
{
	struct dataset one = { 0 };
	struct diag d = { 0 };
	bool ret;

	data_parse(&one, "import", line, strlen(line), &d);
	ret = one.n == 1 && entries_cover(ds, &one.entries[0], tg->fs);
	diag_free(&d);
	dataset_free(&one);
	return ret;
}

/* The facts of v not in tg's data files: tg->fresh */
static int sort_out(struct target *tg, struct import_line **v, size_t n)
{
	struct import_there there = { 0 };
	struct dataset all = { 0 }, with = { 0 };
	int ret = read_there(tg, &there);
	size_t i;

	if (!ret)
		ret = read_with(tg, &all, &with);
	tg->fresh = xcalloc(n + 1, sizeof(*tg->fresh));
	tg->nfresh = 0;
	for (i = 0; i < n && !ret; i++) {
		if (import_there_has(&there, v[i]->text))
			tg->there++;
		else if (!tg->user && covered_there(tg, &with, v[i]->text))
			tg->covered++;
		else
			tg->fresh[tg->nfresh++] = v[i];
	}
	import_there_free(&there);
	free(with.entries);
	dataset_free(&all);
	return ret;
}

/* The merged text of tg's data file into out: 0, or 2 when unreadable */
static int merge_one(const char *source, struct target *tg,
		     struct strmap *keep, struct strbuf *out)
{
	struct import_merge_stats st = { 0 };
	char *buf = NULL;
	size_t len = 0, i;
	int ret = read_text(tg->path, &buf, &len);

	if (!ret)
		import_merge(buf ? buf : "", len, tg->fs, source,
			     tg->fresh, tg->nfresh, out, &st);
	for (i = 0; i < st.apart.n; i++)
		fprintf(stderr, "%s: %s: already an entry of %s, left as it is\n",
			tg->path, st.apart.v[i], str_starts(source, "user:") ?
			"another harness's import" : "a user's own list");
	if (!ret)
		keep_old(keep, tg, out);
	strlist_free(&st.apart);
	free(buf);
	return ret;
}

/* Does the data directory hold no data file yet (a first import)? */
static bool datadir_empty(const struct datadir *dd)
{
	char **fss = datadir_filesystems(dd);
	char *global = xasprintf("%s/%s.expunge", dd->dir, GLOBAL_DATA);
	bool empty = !fss[0] && access(global, F_OK);

	free_list(fss);
	free(global);
	return empty;
}

/*
 * Is fs's data file to be written? When it, or its eol/ file, is there,
 * when the directory holds no data file yet (first), or when --fs names
 * it.
 */
static bool wanted(const struct target *tg, bool first,
		   const struct strlist *named)
{
	size_t i;

	if (first || !access(tg->path, F_OK) || !access(tg->eol, F_OK))
		return true;
	for (i = 0; named && i < named->n; i++) {
		if (!strcmp(named->v[i], tg->fs))
			return true;
	}
	return false;
}

/* Say what became of each file's facts, the written files read again */
static void say_counts(const struct target *tg)
{
	struct import_there there = { 0 };
	size_t added = 0, i;

	if (tg->skip) {
		fprintf(stderr, "%s: not written, no such file (--fs %s makes it): %zu lines\n",
			tg->path, tg->fs, tg->nfresh + tg->there + tg->covered);
		return;
	}
	if (tg->nfresh)
		read_there(tg, &there);
	for (i = 0; i < tg->nfresh; i++)
		added += import_there_has(&there, tg->fresh[i]->text);
	fprintf(stderr, "%s: %zu added, %zu already there", tg->path, added,
		tg->there);
	if (added < tg->nfresh + tg->covered)
		fprintf(stderr, ", %zu not written: what they select is there already",
			tg->nfresh - added + tg->covered);
	fputc('\n', stderr);
	import_there_free(&there);
}

/* The facts v[0..n) of one data file sorted out into tg: 0, or 2 */
static int target_of(const struct datadir *dd, bool first, bool user,
		     struct import_line **v, size_t n,
		     const struct strlist *named, struct target *tg)
{
	memset(tg, 0, sizeof(*tg));
	tg->fs = v[0]->fs;
	tg->user = user;
	tg->path = xasprintf("%s/%s.expunge", dd->dir, tg->fs);
	tg->eol = xasprintf("%s/%s/%s.expunge", dd->dir, EOL_DIR, tg->fs);
	tg->global = xasprintf("%s/%s.expunge", dd->dir, GLOBAL_DATA);
	tg->eol_global = xasprintf("%s/%s/%s.expunge", dd->dir, EOL_DIR,
				   GLOBAL_DATA);
	tg->skip = !wanted(tg, first, named);
	return sort_out(tg, v, n);
}

static void targets_free(struct target *tg, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(tg[i].path);
		free(tg[i].eol);
		free(tg[i].global);
		free(tg[i].eol_global);
		free(tg[i].fresh);
	}
	free(tg);
}

/*
 * Merge the new facts into the data files of the data directory, all or
 * none; a file none of whose facts is new is not written at all, and
 * compaction leaves the lines that were there as they are.
 */
static int write_targets(const char *source, struct target *tg, size_t n)
{
	struct strmap keep = { 0 };
	struct strlist paths = { 0 };
	struct strbuf *bufs = xcalloc(n + 1, sizeof(*bufs));
	size_t i, nb = 0;
	int ret = EXIT_OK;

	for (i = 0; i < n && !ret; i++) {
		if (tg[i].skip || !tg[i].nfresh)
			continue;
		ret = merge_one(source, &tg[i], &keep, &bufs[nb++]);
		strlist_add(&paths, xstrdup(tg[i].path));
	}
	if (!ret && nb)
		ret = data_files_write(paths.v, bufs, nb, &keep);
	for (i = 0; i < n && !ret; i++)
		say_counts(&tg[i]);
	for (i = 0; i < nb; i++)
		sb_free(&bufs[i]);
	free(bufs);
	strlist_free(&paths);
	strmap_free(&keep);
	return ret;
}

static int write_data(const char *data, const char *source,
		      const struct strlist *named, struct import_line **v,
		      size_t n)
{
	struct datadir dd = { 0 };
	struct target *tg = NULL;
	char *err = NULL;
	size_t i, j, nt = 0, alloc = 0;
	int ret = EXIT_OK;
	bool first;

	if (datadir_find(data, &dd, &err) || !dd.dir) {
		pr_err("import: %s", err ? err :
		       "--write needs a data directory (--data DIR)");
		free(err);
		datadir_free(&dd);
		return EXIT_USAGE;
	}
	first = datadir_empty(&dd);
	for (i = 0; i < n && !ret; i = j) {
		for (j = i; j < n && !strcmp(v[j]->fs, v[i]->fs); j++)
			;
		ret = target_of(&dd, first, str_starts(source, "user:"),
				v + i, j - i, named,
				array_push(&tg, &nt, &alloc, sizeof(*tg)));
	}
	if (!ret)
		ret = write_targets(source, tg, nt);
	targets_free(tg, nt);
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
	if (rev)
		fprintf(stderr, "import: %s: lists of %s at commit %s (for the commit message)\n",
			importers[idx].name, dir, rev);
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
		ret = write_data(data, source, fs, v, r.n);
	else if (!ret)
		print_lines(v, r.n);
	free(v);
	free(source);
	import_result_free(&r);
	return ret;
}
