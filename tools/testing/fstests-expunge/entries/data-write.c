// SPDX-License-Identifier: GPL-2.0
/* The data files written: every one parses, and all are written or none. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "entries/data-dir.h"
#include "entries/data-prepare.h"
#include "entries/data-write.h"
#include "entries/entry.h"
#include "lib/fileio.h"

/* 0 when text parses as data; else -1 after saying its errors */
static int parses(const char *path, const struct strbuf *text)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	int ret = 0;

	if (data_parse(&ds, path, text->buf ? text->buf : "", text->len, &d)) {
		diag_print(&d);
		pr_err("%s: the new data would not parse: not written", path);
		ret = -1;
	}
	dataset_free(&ds);
	diag_free(&d);
	return ret;
}

int data_files_write(char *const *paths, const struct strbuf *texts,
		     size_t n, struct strmap *keep)
{
	struct data_files f;
	size_t i;
	int bad = 0, ret = EXIT_OK;

	for (i = 0; i < n; i++)
		bad |= parses(paths[i], &texts[i]);
	if (bad)
		return EXIT_PROBLEM;
	if (data_files_prepare(paths, texts, n, keep, &f)) {
		data_files_free(&f);
		return EXIT_USAGE;
	}
	/* what compaction and eol/ made must parse too */
	for (i = 0; i < f.paths.n; i++)
		bad |= parses(f.paths.v[i], &f.texts[i]);
	if (bad) {
		ret = EXIT_PROBLEM;
	} else if (write_files_atomic(f.paths.v, f.texts, f.paths.n)) {
		pr_err("%s: %s", f.paths.n == 1 ? f.paths.v[0] :
		       "writing the data files", errstr(errno));
		ret = EXIT_USAGE;
	}
	data_files_free(&f);
	return ret;
}

/* The data files of dir (and dir/eol): their paths and texts, sorted */
static int read_dir(const char *dir, struct strlist *paths,
		    struct strbuf **texts)
{
	static const char *const subs[] = { "", "/" EOL_DIR };
	struct dirent **names;
	size_t i;
	int k, n;

	for (i = 0; i < ARRAY_SIZE(subs); i++) {
		char *d = xasprintf("%s%s", dir, subs[i]);

		n = scandir(d, &names, NULL, alphasort);
		for (k = 0; k < n; k++) {
			size_t len = strlen(names[k]->d_name);

			if (names[k]->d_name[0] != '.' && len > 8 &&
			    !strcmp(names[k]->d_name + len - 8, ".expunge"))
				strlist_add(paths, xasprintf("%s/%s", d,
							     names[k]->d_name));
			free(names[k]);
		}
		if (n >= 0)
			free(names);
		free(d);
	}
	*texts = xcalloc(paths->n + 1, sizeof(**texts));
	for (i = 0; i < paths->n; i++) {
		char *buf;
		size_t len;

		if (read_file(paths->v[i], 64 << 20, &buf, &len)) {
			pr_err("%s: %s", paths->v[i], errstr(errno));
			return -1;
		}
		sb_add(&(*texts)[i], buf, len);
		free(buf);
	}
	return 0;
}

int data_dir_rewrite(const char *dir)
{
	struct strlist paths = { 0 };
	struct strbuf *texts = NULL;
	size_t i;
	int ret = EXIT_USAGE;

	if (!read_dir(dir, &paths, &texts))
		ret = data_files_write(paths.v, texts, paths.n, NULL);
	for (i = 0; texts && i < paths.n; i++)
		sb_free(&texts[i]);
	free(texts);
	strlist_free(&paths);
	return ret;
}
