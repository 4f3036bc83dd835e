// SPDX-License-Identifier: GPL-2.0
/*
 * A rerun of matrix -o DIR that writes fewer pages than the last one
 * removes the rest: a page or log no index links must not stay to be
 * found and taken for current. Only names of the shapes the matrix
 * makes are touched.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"
#include "report/matrix-stale.h"

/* A number as %zu writes it, at s: its length, or 0 */
static size_t number_len(const char *s)
{
	size_t n = strspn(s, "0123456789");

	return n > 1 && *s == '0' ? 0 : n;
}

/* tN.html or tN-K.html, K from 2: the names page_name() makes */
static bool table_page_name(const char *s)
{
	size_t n;

	if (*s++ != 't')
		return false;
	n = number_len(s);
	if (!n)
		return false;
	s += n;
	if (*s == '-') {
		n = number_len(++s);
		if (!n || (n == 1 && *s < '2'))
			return false;
		s += n;
	}
	return !strcmp(s, ".html");
}

/* Are the n bytes at s all letters, digits or of extra? */
static bool only_of(const char *s, size_t n, const char *extra)
{
	for (; n; s++, n--)
		if (!isalnum((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return true;
}

/* test-NAME.html, NAME of letters, digits, '_' and '-' (test_page()) */
static bool test_page_name(const char *s)
{
	size_t n = strlen(s);

	return n > strlen("test-.html") && str_starts(s, "test-") &&
		!strcmp(s + n - 5, ".html") && only_of(s + 5, n - 10, "_-");
}

/* RUN-STEM.EXT: a run id of 16 hex digits, a log_stem(), a log's EXT */
static bool log_name(const char *s)
{
	size_t n = strlen(s), i, ext;

	if (n < 19 || strspn(s, "0123456789abcdef") != 16 || s[16] != '-')
		return false;
	for (i = 0; i < MX_LOGS; i++) {
		ext = strlen(mx_log_exts[i]) + 1;
		if (n > 17 + ext && s[n - ext] == '.' &&
		    !strcmp(s + n - ext + 1, mx_log_exts[i]))
			return only_of(s + 17, n - 17 - ext, "_-.+");
	}
	return false;
}

static void keep(struct strmap *kept, const char *name)
{
	strmap_get(kept, name, strlen(name), true, NULL);
}

/* What m wrote: its pages (paths less "dir/") and its logs */
static void written(const struct matrix *m, const char *dir,
		    char *const *paths, size_t n, struct strmap *kept)
{
	size_t skip = strlen(dir) + 1, i, j, k, e;
	char *name;

	for (i = 0; i < n; i++)
		keep(kept, paths[i] + skip);
	for (i = 0; i < m->n; i++) {
		const struct mx_table *t = &m->tab[i];

		for (j = 0; j < t->nt; j++)
			for (k = 0; k < t->nk; k++) {
				const struct mx_cell *c = &t->t[j].cells[k];

				for (e = 0; e < MX_LOGS; e++) {
					if (!(c->logs & (1u << e)))
						continue;
					name = xasprintf("%s.%s", c->log_page,
							 mx_log_exts[e]);
					keep(kept, name);
					free(name);
				}
			}
	}
}

/*
 * Remove the files and links in the folder at fd (shown as shown, its
 * names prefix in kept) whose name ours() takes and kept has not
 */
static int remove_in(int fd, const char *shown, const char *prefix,
		     bool (*ours)(const char *), struct strmap *kept,
		     char **err)
{
	DIR *d = fdopendir(fd);
	struct dirent *de;
	struct stat st;
	char *key;
	int ret = 0;

	if (!d) {
		close(fd);
		*err = xasprintf("%s: %s", shown, errstr(errno));
		return -1;
	}
	while (!ret && (de = readdir(d))) {
		if (!ours(de->d_name) ||
		    fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
		    !(S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
			continue;
		key = xasprintf("%s%s", prefix, de->d_name);
		if (!strmap_get(kept, key, strlen(key), false, NULL) &&
		    unlinkat(fd, de->d_name, 0) && errno != ENOENT) {
			*err = xasprintf("%s/%s: cannot remove it (of an earlier matrix): %s",
					 shown, de->d_name, errstr(errno));
			ret = -1;
		}
		free(key);
	}
	closedir(d);
	return ret;
}

/* A page the matrix writes in DIR, index.html aside: never stale */
static bool page_name(const char *s)
{
	return table_page_name(s) || test_page_name(s);
}

int mx_remove_stale(const struct matrix *m, const char *dir,
		    char *const *paths, size_t n, char **err)
{
	struct strmap kept = { 0 };
	char *logs = xasprintf("%s/logs", dir);
	int fd, sub, ret = -1;

	written(m, dir, paths, n, &kept);
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0) {
		*err = xasprintf("%s: %s", dir, errstr(errno));
		goto out;
	}
	/* DIR/logs: a folder of its own, never one a link leads to */
	sub = openat(fd, "logs", O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
	ret = remove_in(fd, dir, "", page_name, &kept, err);
	if (sub >= 0 && ret)
		close(sub);
	else if (sub >= 0)
		ret = remove_in(sub, logs, "logs/", log_name, &kept, err);
out:
	strmap_free(&kept);
	free(logs);
	return ret;
}
