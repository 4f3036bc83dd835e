// SPDX-License-Identifier: GPL-2.0
/* The tests of an fstests tree and the groups each belongs to. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fstests/tree.h"
#include "lib/fileio.h"

#define TEST_MAX_SIZE	(4u << 20)	/* a test script, or a group.list */

const char *fstests_dir(const char *opt)
{
	const char *env = getenv("FSTESTS_DIR");

	return opt ? opt : env && *env ? env : NULL;
}

/*
 * The words of a line up to a '#' or its end: the first into *first,
 * the others as a NULL-terminated list.
 */
static char **line_words(const char *s, size_t len, char **first)
{
	struct strlist l = { 0 };
	size_t i = 0, j;

	*first = NULL;
	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == len || s[i] == '#')
			break;
		for (j = i; j < len && s[j] != ' ' && s[j] != '\t'; j++)
			;
		if (!*first)
			*first = xstrndup(s + i, j - i);
		else
			strlist_add(&l, xstrndup(s + i, j - i));
		i = j;
	}
	return l.v ? l.v : xcalloc(1, sizeof(char *));
}

static void add_test(struct fstests_tree *t, const char *sub, char *name,
		     char **groups)
{
	struct fstests_test *x = array_push(&t->t, &t->n, &t->alloc,
					    sizeof(*x));

	x->name = xasprintf("%s/%s", sub, name);
	x->groups = groups;
	free(name);
}

/* tests/SUB/group.list, made by fstests' make: "NAME GROUP..." lines */
static void read_group_list(struct fstests_tree *t, const char *sub,
			    const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	char **groups, *name;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		groups = line_words(p, nl - p, &name);
		if (name)
			add_test(t, sub, name, groups);
		else
			free_list(groups);
	}
}

/* A test script's "_begin_fstest GROUP..." line, or NULL */
static char **begin_line(const char *buf, size_t len)
{
	static const char key[] = "_begin_fstest";
	const char *p = buf, *end = buf + len, *nl;
	size_t n = sizeof(key) - 1;
	char *first;

	for (; p < end; p = nl + 1) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		if ((size_t)(nl - p) > n && !memcmp(p, key, n) &&
		    (p[n] == ' ' || p[n] == '\t')) {
			char **g = line_words(p, nl - p, &first);

			free(first);
			return g;
		}
	}
	return NULL;
}

/* Each test script in tests/SUB: files without a '.' in the name */
static void scan_scripts(struct fstests_tree *t, const char *path,
			 const char *sub, DIR *d)
{
	struct dirent *de;
	char *file, *buf;
	char **groups;
	size_t len;

	while ((de = readdir(d))) {
		if (strchr(de->d_name, '.'))
			continue;
		file = xasprintf("%s/%s", path, de->d_name);
		if (!read_file(file, TEST_MAX_SIZE, &buf, &len)) {
			groups = begin_line(buf, len);
			if (groups)
				add_test(t, sub, xstrdup(de->d_name), groups);
			free(buf);
		}
		free(file);
	}
}

static void read_subdir(struct fstests_tree *t, const char *tests,
			const char *sub)
{
	char *path = xasprintf("%s/%s", tests, sub);
	char *list = xasprintf("%s/group.list", path);
	size_t len;
	char *buf;
	DIR *d;

	if (!read_file(list, TEST_MAX_SIZE, &buf, &len)) {
		read_group_list(t, sub, buf, len);
		free(buf);
	} else {
		d = opendir(path);
		if (d) {
			scan_scripts(t, path, sub, d);
			closedir(d);
		}
	}
	free(list);
	free(path);
}

static int test_cmp(const void *a, const void *b)
{
	const struct fstests_test *x = a, *y = b;

	return strcmp(x->name, y->name);
}

int fstests_tree_read(const char *dir, struct fstests_tree *t, char **err)
{
	char *tests = xasprintf("%s/tests", dir);
	struct dirent *de;
	DIR *d = opendir(tests);

	memset(t, 0, sizeof(*t));
	if (!d) {
		*err = xasprintf("%s: %s (not an fstests tree?)", tests,
				 strerror(errno));
		free(tests);
		return -1;
	}
	t->dir = xstrdup(dir);
	while ((de = readdir(d))) {
		if (de->d_name[0] != '.')
			read_subdir(t, tests, de->d_name);
	}
	closedir(d);
	free(tests);
	if (t->n)
		qsort(t->t, t->n, sizeof(*t->t), test_cmp);
	return 0;
}

size_t fstests_group_tests(const struct fstests_tree *t, const char *group,
			   struct strlist *out)
{
	size_t i, j, n = 0;

	for (i = 0; i < t->n; i++) {
		for (j = 0; t->t[i].groups[j]; j++) {
			if (!strcmp(t->t[i].groups[j], group)) {
				strlist_add(out, xstrdup(t->t[i].name));
				n++;
				break;
			}
		}
	}
	return n;
}

bool fstests_has_test(const struct fstests_tree *t, const char *test)
{
	struct fstests_test key = { .name = (char *)test };

	return t->n && bsearch(&key, t->t, t->n, sizeof(key), test_cmp);
}

void fstests_tree_free(struct fstests_tree *t)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		free(t->t[i].name);
		free_list(t->t[i].groups);
	}
	free(t->t);
	free(t->dir);
	memset(t, 0, sizeof(*t));
}

static bool test_dir_char(int c)
{
	return islower(c) || isdigit(c) || c == '_' || c == '-';
}

static bool test_name_char(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '.';
}

bool valid_test_name(const char *s)
{
	const char *slash = strchr(s, '/');
	const char *p;

	if (!slash || slash == s || !slash[1])
		return false;
	for (p = s; p < slash; p++) {
		if (!test_dir_char((unsigned char)*p))
			return false;
	}
	for (p = slash + 1; *p; p++) {
		if (!test_name_char((unsigned char)*p))
			return false;
	}
	return true;
}
