// SPDX-License-Identifier: GPL-2.0
/*
 * Where the data files are: --data, the environment, beside the binary,
 * the tree the binary was built from, installed, or built in.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "entries/builtin-data.h"
#include "entries/data-dir.h"
#include "entries/known-names.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "lib/suggest.h"

#define DATA_SUFFIX	".expunge"

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* dir/name exists */
static bool has(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	bool ok = !access(path, F_OK);

	free(path);
	return ok;
}

/*
 * Where the build put the binary (O=, or the source tree) and the data/
 * of the tree it was built from (the Makefile says both)
 */
#ifndef FEXP_BUILD_DIR
#define FEXP_BUILD_DIR	""
#endif
#ifndef FEXP_SOURCE_DATA
#define FEXP_SOURCE_DATA	""
#endif

/* Is dir where this binary was built? */
static bool built_here(const char *dir)
{
	char *real = *FEXP_BUILD_DIR ? realpath(FEXP_BUILD_DIR, NULL) : NULL;
	bool same = real && !strcmp(real, dir);

	free(real);
	return same;
}

/*
 * The tool's own data, found from where the binary is: data/ of the
 * source tree it sits in (main.c beside it), data/ of the tree it was
 * built from when it is still where the build put it (O=), or installed
 * in ../share/fstests-expunge. A data/ beside a binary copied elsewhere
 * is someone else's: it is not read, and that is said; so is a tree the
 * binary was built from that has no data/ any more.
 */
static void find_own(const char *exe, struct datadir *dd)
{
	char *src = xasprintf("%s/data", exe);
	char *inst = xasprintf("%s/../share/fstests-expunge", exe);
	bool here = built_here(exe);

	if (has(exe, "main.c") && is_dir(src)) {
		dd->dir = src;
		dd->from = xstrdup("the source tree");
		free(inst);
		return;
	}
	if (here && is_dir(FEXP_SOURCE_DATA)) {
		dd->dir = xstrdup(FEXP_SOURCE_DATA);
		dd->from = xstrdup("the source tree it was built from");
	} else if (is_dir(inst)) {
		dd->dir = inst;
		dd->from = xstrdup("installed");
		inst = NULL;
	} else if (here) {
		pr_warn("%s: gone, the tree this binary was built from has no data; the built-in data is used (--data DIR or %s=DIR to read another)",
			FEXP_SOURCE_DATA, DATA_ENV);
	} else if (is_dir(src)) {
		pr_warn("%s: not read, it is beside no source tree of this tool; the built-in data is used (--data DIR or %s=DIR to read it)",
			src, DATA_ENV);
	}
	free(src);
	free(inst);
}

int datadir_find(const char *opt, struct datadir *dd, char **err)
{
	const char *env = getenv(DATA_ENV);
	char exe[PATH_MAX], *slash;
	ssize_t n;

	memset(dd, 0, sizeof(*dd));
	if (opt || (env && *env)) {
		const char *dir = opt ? opt : env;

		if (!is_dir(dir)) {
			*err = xasprintf("%s %s: not a directory",
					 opt ? "--data" : DATA_ENV, dir);
			return -1;
		}
		dd->dir = xstrdup(dir);
		dd->from = xstrdup(opt ? "--data" : DATA_ENV);
		return 0;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		find_own(exe, dd);
		if (dd->dir)
			return 0;
	}
	dd->from = xstrdup("built in");
	return 0;
}

void datadir_free(struct datadir *dd)
{
	free(dd->dir);
	free(dd->from);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names of sub's data files ("" or "eol/"), without the suffix */
static void list_names(const struct datadir *dd, const char *sub,
		       struct strlist *list)
{
	size_t i, n = strlen(DATA_SUFFIX), m = strlen(sub);
	struct dirent *de;
	char *path;
	DIR *dir;

	if (!dd->dir) {
		for (i = 0; builtin_data[i].name; i++) {
			const char *name = builtin_data[i].name;

			/* "eol/xfs.expunge" is not a file of "" */
			if (strncmp(name, sub, m) || strchr(name + m, '/'))
				continue;
			strlist_add(list, xstrndup(name + m,
						   strlen(name + m) - n));
		}
		return;
	}
	path = xasprintf("%s/%s", dd->dir, sub);
	dir = opendir(path);
	free(path);
	while (dir && (de = readdir(dir))) {
		size_t len = strlen(de->d_name);

		if (de->d_name[0] == '.' || len <= n ||
		    strcmp(de->d_name + len - n, DATA_SUFFIX))
			continue;
		strlist_add(list, xstrndup(de->d_name, len - n));
	}
	if (dir)
		closedir(dir);
}

static char **sorted_names(const struct datadir *dd, const char *sub)
{
	struct strlist list = { 0 };
	size_t i;

	list_names(dd, sub, &list);
	/* global.expunge is not a filesystem */
	for (i = 0; i < list.n; i++) {
		if (!strcmp(list.v[i], GLOBAL_DATA)) {
			free(list.v[i]);
			list.v[i] = list.v[--list.n];
			list.v[list.n] = NULL;
			break;
		}
	}
	if (list.n)
		qsort(list.v, list.n, sizeof(*list.v), name_cmp);
	else
		strlist_add(&list, NULL);
	return list.v;
}

char **datadir_filesystems(const struct datadir *dd)
{
	return sorted_names(dd, "");
}

int datadir_load_name(const struct datadir *dd, const char *name,
		      struct dataset *ds, struct diag *d, char **err)
{
	char *path;
	size_t i;

	if (!dd->dir) {
		char *file = xasprintf("%s%s", name, DATA_SUFFIX);

		for (i = 0; builtin_data[i].name; i++) {
			if (!strcmp(builtin_data[i].name, file))
				break;
		}
		if (!builtin_data[i].name) {
			*err = xasprintf("no built-in data file %s", file);
			free(file);
			return -1;
		}
		path = xasprintf("(built in)/%s", file);
		data_parse(ds, path, builtin_data[i].text,
			   builtin_data[i].len, d);
		free(path);
		free(file);
		return 0;
	}
	path = xasprintf("%s/%s%s", dd->dir, name, DATA_SUFFIX);
	if (access(path, F_OK)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	data_load_file(ds, path, d);
	free(path);
	return 0;
}

bool valid_fs_name(const char *fs)
{
	const char *p;

	if (!*fs || !strcmp(fs, GLOBAL_DATA))
		return false;
	for (p = fs; *p; p++) {
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		      *p == '_' || *p == '-'))
			return false;
	}
	return true;
}

int opt_fs(const struct opt *o, const char *arg)
{
	static char name[64];
	size_t i;

	if (strlen(arg) >= sizeof(name)) {
		pr_err("--fs %.20s...: no filesystem has so long a name", arg);
		return -1;
	}
	for (i = 0; arg[i]; i++)
		name[i] = arg[i] >= 'A' && arg[i] <= 'Z' ? arg[i] - 'A' + 'a' :
			  arg[i];
	name[i] = '\0';
	*(const char **)o->value = name;
	return 0;
}

/*
 * "no filesystem 'ext5': no data file, and no FSTYP fstests runs (there
 * is data for: ...; did you mean ext4?)"
 */
static char *no_such_fs(const struct datadir *dd, const char *fs)
{
	char **known = datadir_filesystems(dd);
	struct strbuf sb = { 0 }, close = { 0 }, msg = { 0 };
	size_t i, n;
	const char *best;

	for (n = 0; known[n]; n++)
		sb_printf(&sb, " %s", known[n]);
	/* every name as close as the closest, when that is a likely typo */
	best = suggest_name(fs, known, n);
	for (i = 0; best && i < n; i++) {
		if (edit_distance(fs, known[i]) == edit_distance(fs, best))
			sb_printf(&close, "%s%s", close.len ? " or " : "; did you mean ",
				  known[i]);
	}
	if (close.len)
		sb_puts(&close, "?");
	sb_printf(&msg, "no filesystem '%s': no data file in %s, ", fs,
		  dd->dir ? dd->dir : "the built-in data");
	sb_printf(&msg, "and no FSTYP fstests runs (there is data for:%s%s; ",
		  sb.buf ? sb.buf : " none", close.buf ? close.buf : "");
	sb_printf(&msg, "fstests also runs: %s)", fstyp_names);
	free_list(known);
	sb_free(&sb);
	sb_free(&close);
	return msg.buf;
}

/* "no data for filesystem 'fs' in DIR (there is data for: ...)" */
static char *no_data(const struct datadir *dd, const char *fs)
{
	char **known = datadir_filesystems(dd), *msg;
	struct strbuf sb = { 0 };
	size_t i;

	for (i = 0; known[i]; i++)
		sb_printf(&sb, " %s", known[i]);
	msg = xasprintf("no data for filesystem '%s' in %s (there is data for:%s)",
			fs, dd->dir ? dd->dir : "the built-in data",
			sb.buf ? sb.buf : " none");
	free_list(known);
	sb_free(&sb);
	return msg;
}

/* eol/global.expunge and eol/FS.expunge, when there are */
static void load_eol(const struct datadir *dd, const char *fs,
		     struct dataset *ds, struct diag *d)
{
	const char *const names[] = { GLOBAL_DATA, fs };
	char *name, *why = NULL;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		name = xasprintf("%s/%s", EOL_DIR, names[i]);
		if (datadir_load_name(dd, name, ds, d, &why))
			free(why);
		why = NULL;
		free(name);
	}
}

int datadir_load(const struct datadir *dd, const char *fs,
		 struct dataset *ds, struct diag *d, char **err)
{
	char *why = NULL;
	int ret = 0;

	if (!valid_fs_name(fs)) {
		*err = no_data(dd, fs);
		return -1;
	}
	if (datadir_load_name(dd, fs, ds, d, &why)) {
		free(why);
		why = NULL;
		if (!fstyp_known(fs)) {
			*err = no_such_fs(dd, fs);
			return -1;
		}
		ret = 1;
	}
	/* global.expunge holds for every filesystem, one without a file too */
	if (datadir_load_name(dd, GLOBAL_DATA, ds, d, &why)) {
		free(why);
		if (ret) {
			*err = no_data(dd, fs);
			return -1;
		}
	}
	if (ret) {
		why = no_data(dd, fs);
		*err = xasprintf("%s: global.expunge only", why);
		free(why);
	}
	load_eol(dd, fs, ds, d);
	return ret;
}

int datadir_load_all(const struct datadir *dd, struct dataset *ds,
		     struct diag *d, char **err)
{
	const char *const subs[] = { "", EOL_DIR "/" };
	char **fs, *name;
	size_t i, j;
	int ret = 0;

	for (j = 0; j < ARRAY_SIZE(subs) && !ret; j++) {
		name = xasprintf("%s%s", subs[j], GLOBAL_DATA);
		if (datadir_load_name(dd, name, ds, d, err))
			free(*err);
		*err = NULL;
		free(name);
		fs = sorted_names(dd, subs[j]);
		for (i = 0; fs[i] && !ret; i++) {
			name = xasprintf("%s%s", subs[j], fs[i]);
			ret = datadir_load_name(dd, name, ds, d, err);
			free(name);
		}
		free_list(fs);
	}
	return ret;
}
