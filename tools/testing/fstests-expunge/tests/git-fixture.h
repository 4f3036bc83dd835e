/* SPDX-License-Identifier: GPL-2.0 */
/* Git repositories made at test time: mainline and stable-style commits. */
#ifndef FEXP_GIT_FIXTURE_H
#define FEXP_GIT_FIXTURE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/compiler.h>

#include "test-util.h"

/* A fresh directory; git and the cache see only it (HOME, XDG). */
static inline char *git_sandbox(void)
{
	char *dir = strdup("/tmp/fexp-git.XXXXXX");
	char *cache;

	if (!mkdtemp(dir))
		abort();
	if (asprintf(&cache, "%s/cache", dir) < 0)
		abort();
	setenv("HOME", dir, 1);
	setenv("XDG_CACHE_HOME", cache, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_AUTHOR_NAME", "A U Thor", 1);
	setenv("GIT_AUTHOR_EMAIL", "author@example.org", 1);
	setenv("GIT_COMMITTER_NAME", "A U Thor", 1);
	setenv("GIT_COMMITTER_EMAIL", "author@example.org", 1);
	free(cache);
	return dir;
}

/* A new repository dir/name with one commit; returns its path. */
static inline char *git_repo(const char *dir, const char *name)
{
	char *path;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		abort();
	if (shell_call("git init -q -b master %s && git -C %s commit -q --allow-empty -m init",
		       path, path))
		abort();
	return path;
}

/*
 * An empty commit in repo with message msg (a file keeps newlines);
 * returns its full id.
 */
static inline char *git_commit(const char *repo, const char *msg)
{
	char path[] = "/tmp/fexp-msg.XXXXXX";
	char id[64] = "";
	char *cmd;
	FILE *f;
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, msg, strlen(msg)) != (ssize_t)strlen(msg))
		abort();
	close(fd);
	if (shell_call("git -C %s commit -q --allow-empty -F %s", repo, path))
		abort();
	unlink(path);
	if (asprintf(&cmd, "git -C %s rev-parse HEAD", repo) < 0)
		abort();
	f = popen(cmd, "r");
	if (!f || !fgets(id, sizeof(id), f))
		abort();
	pclose(f);
	free(cmd);
	id[strcspn(id, "\n")] = '\0';
	return strdup(id);
}

#endif
