// SPDX-License-Identifier: GPL-2.0
/* The archive is a plain git repository: git is run as a child. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "archive/archive-git.h"
#include "lib/base.h"
#include "lib/git.h"

/* Run git with args in dir; its output thrown away. 0 or -1. */
static int git(const char *dir, const char *const args[])
{
	char *out;
	size_t len;

	if (git_capture(dir, args, 1024 * 1024, &out, &len))
		return -1;
	free(out);
	return 0;
}

/* Is dir empty (no entry but . and ..)? */
static bool dir_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool empty = true;

	if (!d)
		return false;
	while (empty && (de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			empty = false;
	closedir(d);
	return empty;
}

int archive_git_open(const char *dir, char **err)
{
	static const char *const top[] = {
		"rev-parse", "--show-toplevel", NULL
	};
	static const char *const init[] = { "init", "-q", NULL };
	struct stat st;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		*err = xasprintf("%s: %s", dir, strerror(errno));
		return -1;
	}
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		*err = xasprintf("%s: not a directory", dir);
		return -1;
	}
	if (git_is_top(dir)) {
		if (!git(dir, top))
			return 0;
		*err = xasprintf("%s: 'git rev-parse' failed: not a git work tree?",
				 dir);
		return -1;
	}
	if (!dir_empty(dir)) {
		*err = xasprintf("%s: neither a git repository nor empty: not an archive",
				 dir);
		return -1;
	}
	if (git(dir, init)) {
		*err = xasprintf("%s: 'git init' failed (is git installed?)", dir);
		return -1;
	}
	return 0;
}

int archive_git_commit(const char *dir, const char *path, const char *msg,
		       char **err)
{
	const char *const add[] = { "add", "--", path, NULL };
	/* an identity of its own where the user has none set */
	const char *const commit[] = {
		"-c", "user.useConfigOnly=false",
		"-c", "user.name=fstests-expunge",
		"-c", "user.email=fstests-expunge@localhost",
		"commit", "-q", "--no-verify", "-m", msg, "--", path, NULL
	};
	const char *const commit_own[] = {
		"commit", "-q", "--no-verify", "-m", msg, "--", path, NULL
	};
	static const char *const who[] = {
		"config", "user.email", NULL
	};

	if (git(dir, add)) {
		*err = xasprintf("%s: 'git add %s' failed", dir, path);
		return -1;
	}
	if (git(dir, git(dir, who) ? commit : commit_own)) {
		*err = xasprintf("%s: 'git commit' of %s failed", dir, path);
		return -1;
	}
	return 0;
}

char *archive_git_head(const char *dir)
{
	return git_commit_id(dir, "HEAD", 12);
}
