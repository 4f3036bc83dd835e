// SPDX-License-Identifier: GPL-2.0
/* A kernel git tree's checkout, as git reports it: nothing guessed. */
#include <stdlib.h>
#include <string.h>

#include "kernel/kgit.h"
#include "lib/base.h"
#include "lib/git.h"

#define KGIT_LINE_MAX	4095	/* the longest line of git's kept */

/* s, if it is a line of git's without a carriage return; else NULL */
static char *one_line(char *s)
{
	if (s && (strlen(s) > KGIT_LINE_MAX || strchr(s, '\r'))) {
		free(s);
		return NULL;
	}
	return s;
}

int kgit_read(const char *dir, struct kgit *g, char **err)
{
	const char *const url[] = {
		"config", "--get", "remote.origin.url", NULL
	};
	const char *const branch[] = {
		"symbolic-ref", "-q", "--short", "HEAD", NULL
	};

	memset(g, 0, sizeof(*g));
	if (!git_is_top(dir))
		return 1;
	g->commit = one_line(git_commit_id(dir, "HEAD", 0));
	if (!g->commit) {
		*err = xasprintf("%s: 'git rev-parse HEAD' gave no commit", dir);
		return -1;
	}
	g->dir = xstrdup(dir);
	g->url = one_line(git_line(dir, url));
	g->branch = one_line(git_line(dir, branch));
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
