// SPDX-License-Identifier: GPL-2.0
/*
 * The fixes fstests' own tests name (_fixed_by_kernel_commit,
 * _fixed_by_git_commit kernel) as data lines for the kernel tree being
 * judged: a test whose fix the tree's git history lacks (backports
 * counted) is a known failure there, until a tree has the commit. With
 * no git history nothing can be judged, and nothing is imported.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "entries/entry.h"
#include "fstests/hints.h"
#include "import/import.h"
#include "lib/fileio.h"

static void add_hints(const char *top, const char *test, const char *fs,
		      const struct gitfix *git, struct import_result *r)
{
	struct fstests_hints hs;
	char *err = NULL;
	size_t i;

	if (fstests_hints_read(top, test, fs, &hs, &err)) {
		import_add_skip(r, xasprintf("%s/tests/%s", top, test), err);
		return;
	}
	fstests_hints_check(&hs, git);
	for (i = 0; i < hs.n; i++) {
		const struct fstests_hint *h = &hs.h[i];
		char *line;

		if (h->wants || h->in_tree)
			continue;
		line = xasprintf("%s fail fixed-by=%s cause=kernel %s%s",
				 test, h->sha, "from=fstests:tests/", test);

		import_add_line(r, fs, xasprintf("%s  # the kernel lacks the fix%s%s%s",
						 line, h->subject ? " \"" : "",
						 h->subject ? h->subject : "",
						 h->subject ? "\"" : ""),
				xasprintf("%s:%u", hs.file, h->line));
		free(line);
	}
	fstests_hints_free(&hs);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* Every test file of tests/<d> for the filesystems in fs */
static void read_dir(const char *top, const char *d, const struct strlist *fs,
		     const struct gitfix *git, struct import_result *r)
{
	char *path = xasprintf("%s/tests/%s", top, d);
	struct dirent **names;
	int i, n = scandir(path, &names, NULL, by_name);
	size_t j;

	if (n < 0) {
		/* its tests would vanish: the import is incomplete */
		if (errno == ENOTDIR)	/* tests/Makefile */
			free(path);
		else
			import_add_unreadable(r, path);
		return;
	}

	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		char *test = xasprintf("%s/%s", d, name);

		/* tests are files named by a number; .out, group.list are not */
		if (strspn(name, "0123456789") == strlen(name) && *name) {
			for (j = 0; j < fs->n; j++)
				if (test_runs_on(test, fs->v[j]))
					add_hints(top, test, fs->v[j], git, r);
		}
		free(test);
		free(names[i]);
	}
	free(names);
	free(path);
}

/* Each directory of tests/ */
static void read_all(const char *dir, const struct strlist *fs,
		     const struct gitfix *git, struct import_result *r)
{
	char *path = xasprintf("%s/tests", dir);
	struct dirent **names;
	int i, n = scandir(path, &names, NULL, by_name);

	if (n < 0) {
		import_add_unreadable(r, path);
		return;
	}
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.')
			read_dir(dir, names[i]->d_name, fs, git, r);
		free(names[i]);
	}
	free(names);
	free(path);
}

int import_fstests(const char *dir, const struct strlist *fs,
		   struct import_result *r)
{
	struct gitfix *git = NULL;
	char *err = NULL, *tests = xasprintf("%s/tests/generic", dir);
	struct stat st;

	if (stat(tests, &st) || !S_ISDIR(st.st_mode)) {
		pr_err("%s: no tests/generic: not an fstests tree", dir);
		free(tests);
		return -1;
	}
	free(tests);
	if (!fs->n) {
		pr_err("import --from fstests: name the filesystems (--fs FS)");
		return -1;
	}
	/* a --srctree that is not there is a typo, not a tree without git */
	if (r->srctree) {
		int bad = stat(r->srctree, &st) ? errno :
			  S_ISDIR(st.st_mode) ? 0 : ENOTDIR;

		if (bad) {
			pr_err("import --from fstests: --srctree %s: %s",
			       r->srctree, strerror(bad));
			return -1;
		}
	}
	if (!r->srctree || gitfix_open(r->srctree, &git, &err)) {
		if (err) {
			pr_err("%s: %s", r->srctree, err);
			free(err);
			return -1;
		}
		pr_warn("import --from fstests: %s: nothing imported",
			r->srctree ? "the --srctree has no git history" :
			"no --srctree: no kernel whose fixes can be looked up");
		return 0;
	}
	read_all(dir, fs, git, r);
	gitfix_free(git);
	return 0;
}
