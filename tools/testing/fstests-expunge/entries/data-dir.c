// SPDX-License-Identifier: GPL-2.0
/*
 * Where the data files are: --data, the environment, beside the binary,
 * installed, or built in.
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
#include "lib/base.h"
#include "lib/strbuf.h"

#define DATA_SUFFIX	".expunge"

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

int datadir_find(const char *opt, struct datadir *dd, char **err)
{
	const char *env = getenv(DATA_ENV);
	char exe[PATH_MAX], *slash, *cand;
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
		/* in the source tree, then installed beside bin/ */
		cand = xasprintf("%s/data", exe);
		if (is_dir(cand)) {
			dd->dir = cand;
			dd->from = xstrdup("beside the binary");
			return 0;
		}
		free(cand);
		cand = xasprintf("%s/../share/fstests-expunge", exe);
		if (is_dir(cand)) {
			dd->dir = cand;
			dd->from = xstrdup("installed");
			return 0;
		}
		free(cand);
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

char **datadir_filesystems(const struct datadir *dd)
{
	struct strlist list = { 0 };
	size_t i;
	struct dirent *de;
	DIR *dir;

	if (!dd->dir) {
		for (i = 0; builtin_data[i].name; i++) {
			const char *name = builtin_data[i].name;

			strlist_add(&list,
				    xstrndup(name, strlen(name) - strlen(DATA_SUFFIX)));
		}
	} else {
		dir = opendir(dd->dir);
		while (dir && (de = readdir(dir))) {
			size_t len = strlen(de->d_name);

			if (de->d_name[0] == '.' || len <= strlen(DATA_SUFFIX) ||
			    strcmp(de->d_name + len - strlen(DATA_SUFFIX),
				   DATA_SUFFIX))
				continue;
			strlist_add(&list,
				    xstrndup(de->d_name, len - strlen(DATA_SUFFIX)));
		}
		if (dir)
			closedir(dir);
	}
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

static bool valid_fs_name(const char *fs)
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
	return ret;
}
