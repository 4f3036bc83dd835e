// SPDX-License-Identifier: GPL-2.0
/* A kernel git tree's checkout, as git reports it: nothing guessed. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/kgit.h"
#include "lib/base.h"
#include "lib/spawn.h"

#define KGIT_OUT_MAX	4096	/* one line of git's output */

/* The first line git prints for argv in dir, or NULL */
static char *git_line(const char *dir, const char *const argv[])
{
	size_t len;
	char *out;

	if (spawn_capture(argv, dir, KGIT_OUT_MAX, &out, &len))
		return NULL;
	out[strcspn(out, "\n")] = '\0';
	if (!*out || strlen(out) != strcspn(out, "\r")) {
		free(out);
		return NULL;
	}
	return out;
}

int kgit_read(const char *dir, struct kgit *g, char **err)
{
	const char *const head[] = {
		"git", "rev-parse", "--verify", "-q", "HEAD^{commit}", NULL
	};
	const char *const url[] = {
		"git", "config", "--get", "remote.origin.url", NULL
	};
	const char *const branch[] = {
		"git", "symbolic-ref", "-q", "--short", "HEAD", NULL
	};
	char *dotgit = xasprintf("%s/.git", dir);
	struct stat st;
	int gone = lstat(dotgit, &st);

	free(dotgit);
	memset(g, 0, sizeof(*g));
	if (gone)
		return 1;
	g->commit = git_line(dir, head);
	if (!g->commit) {
		*err = xasprintf("%s: 'git rev-parse HEAD' gave no commit", dir);
		return -1;
	}
	g->dir = xstrdup(dir);
	g->url = git_line(dir, url);
	g->branch = git_line(dir, branch);
	return 0;
}

void kgit_free(struct kgit *g)
{
	free(g->dir);
	free(g->commit);
	free(g->url);
	free(g->branch);
	memset(g, 0, sizeof(*g));
}
