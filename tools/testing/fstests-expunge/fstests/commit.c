// SPDX-License-Identifier: GPL-2.0
/* Which fstests commit a run was made with. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fstests/commit.h"
#include "lib/base.h"
#include "lib/fileio.h"
#include "lib/git.h"

/* The first line of s, if it is a commit id (SHA-1 or SHA-256): s */
static char *commit_id(char *s)
{
	size_t n;

	if (!s)
		return NULL;
	n = strcspn(s, "\n");
	s[n] = '\0';
	if ((n == 40 || n == 64) && strspn(s, "0123456789abcdef") == n)
		return s;
	free(s);
	return NULL;
}

char *fstests_commit(const char *dir)
{
	/* its own repository, not one it happens to lie in */
	if (!git_is_top(dir))
		return NULL;
	return commit_id(git_commit_id(dir, "HEAD", 0));
}

/* What "run" recorded in the folder of path */
static char *recorded(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *file, *buf;
	size_t len;

	file = slash ? xasprintf("%.*s/%s", (int)(slash - path), path,
				 FSTESTS_COMMIT_FILE) :
		       xstrdup(FSTESTS_COMMIT_FILE);
	if (read_file(file, 4096, &buf, &len))
		buf = NULL;
	free(file);
	return commit_id(buf);
}

static bool is_fstests_tree(const char *dir)
{
	char *check = xasprintf("%s/check", dir);
	char *tests = xasprintf("%s/tests", dir);
	struct stat a, b;
	bool yes = !stat(check, &a) && S_ISREG(a.st_mode) &&
		   !stat(tests, &b) && S_ISDIR(b.st_mode);

	free(check);
	free(tests);
	return yes;
}

/* The fstests tree that path lies in (results/SECTION/result.xml) */
static char *enclosing_tree(const char *path)
{
	char buf[PATH_MAX], *slash;

	if (!realpath(path, buf))
		return NULL;
	while ((slash = strrchr(buf, '/')) && slash > buf) {
		*slash = '\0';
		if (is_fstests_tree(buf))
			return fstests_commit(buf);
	}
	return NULL;
}

char *fstests_commit_of_run(const char *opt, const char *path)
{
	const char *env = getenv("FSTESTS_DIR");
	char *c;

	if (opt)
		return fstests_commit(opt);
	c = recorded(path);
	if (!c)
		c = enclosing_tree(path);
	if (!c && env && *env)
		c = fstests_commit(env);
	return c;
}
