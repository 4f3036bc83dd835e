// SPDX-License-Identifier: GPL-2.0
/*
 * Which fixes of the tests an fstests tree has: test-fixed-by= from its
 * git history, test-fixed= from its release tag.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fstests/rev.h"
#include "kernel/gitfix.h"
#include "lib/base.h"
#include "lib/git.h"

#define RELEASE_TAG	"v[0-9][0-9][0-9][0-9].[0-9][0-9].[0-9][0-9]"

bool valid_fstests_release(const char *s)
{
	static const char shape[] = "v9999.99.99";
	size_t i;

	if (strlen(s) != strlen(shape))
		return false;
	for (i = 0; shape[i]; i++) {
		if (shape[i] == '9' ? !isdigit((unsigned char)s[i]) :
		    s[i] != shape[i])
			return false;
	}
	return true;
}

/* The newest release tag HEAD descends from: "v2026.01.27", or NULL */
static char *release_tag(const char *dir)
{
	const char *const args[] = {
		"describe", "--tags", "--abbrev=0",
		"--match", RELEASE_TAG, "HEAD", NULL,
	};
	char *out = git_line(dir, args), *tag = NULL;

	if (!out)
		return NULL;	/* no tag: the release is not known */
	if (valid_fstests_release(out))
		tag = xstrdup(out);
	free(out);
	return tag;
}

int fstests_rev_open(const char *dir, struct fstests_rev *r, char **err)
{
	struct stat st;

	memset(r, 0, sizeof(*r));
	if (stat(dir, &st)) {
		*err = xasprintf("fstests tree %s: %s", dir, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		*err = xasprintf("fstests tree %s: not a directory", dir);
		return -1;
	}
	r->dir = xstrdup(dir);
	if (gitfix_open(dir, &r->git, err) < 0) {
		fstests_rev_free(r);
		return -1;
	}
	if (r->git)
		r->release = release_tag(dir);
	return 0;
}

void fstests_rev_free(struct fstests_rev *r)
{
	free(r->dir);
	gitfix_free(r->git);
	free(r->release);
	memset(r, 0, sizeof(*r));
}

static void add_list(struct strbuf *sb, char *const *list)
{
	size_t i;

	for (i = 0; list[i]; i++)
		sb_printf(sb, "%s%s", i ? "," : "", list[i]);
}

/* Every test-fixed-by= commit in the history: say so */
static bool has_commits(const struct fstests_rev *r, char *const *fixed_by,
			struct strbuf *why)
{
	struct gitfix_hit hit;
	size_t i;

	for (i = 0; fixed_by[i]; i++) {
		if (!gitfix_find(r->git, fixed_by[i], &hit))
			return false;
	}
	if (why) {
		sb_puts(why, "the test was fixed by fstests ");
		add_list(why, fixed_by);
		sb_printf(why, ", in %s HEAD %.12s", r->dir,
			  gitfix_head(r->git));
	}
	return true;
}

bool fstests_rev_has_fix(const struct fstests_rev *r, char *const *fixed_by,
			 const char *fixed, struct strbuf *why)
{
	if (!fixed_by && !fixed)
		return false;
	if (r && r->git && fixed_by) {
		if (has_commits(r, fixed_by, why))
			return true;
		if (why) {
			sb_puts(why, "; test-fixed-by=");
			add_list(why, fixed_by);
			sb_printf(why, " not in fstests HEAD %.12s",
				  gitfix_head(r->git));
		}
		return false;
	}
	if (r && r->release && fixed) {
		if (strcmp(r->release, fixed) >= 0) {
			if (why)
				sb_printf(why, "the test was fixed in fstests %s; %s is %s",
					  fixed, r->dir, r->release);
			return true;
		}
		if (why)
			sb_printf(why, "; fstests %s is before test-fixed=%s",
				  r->release, fixed);
		return false;
	}
	if (why)
		sb_printf(why, "; the fstests fix (test-fixed%s) not checked (%s)",
			  fixed_by ? "-by" : "",
			  !r ? "no fstests tree: give --fstests" :
			  "the fstests tree has no git history or release tag");
	return false;
}

/* Where commit moved path to: "generic/746", or NULL (a removal) */
static char *renamed_to(const char *dir, const char *commit, const char *path)
{
	const char *const args[] = {
		"show", "-M", "--name-status", "--format=", commit, NULL,
	};
	char *out = NULL, *line, *next, *to = NULL;
	size_t len, n = strlen(path);

	if (git_capture(dir, args, 16 << 20, &out, &len))
		return NULL;
	/* "R100<TAB>tests/shared/298<TAB>tests/generic/746" */
	for (line = out; line && *line && !to; line = next) {
		char *tab = strchr(line, '\t');

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (line[0] != 'R' || !tab || strncmp(tab + 1, path, n) ||
		    tab[1 + n] != '\t' || strncmp(tab + 2 + n, "tests/", 6))
			continue;
		to = xstrdup(tab + 2 + n + 6);
	}
	free(out);
	return to;
}

/* The first release tag holding commit: "v2024.05.12", or NULL */
static char *first_release(const char *dir, const char *commit)
{
	const char *const args[] = {
		"describe", "--contains", "--match", RELEASE_TAG,
		commit, NULL,
	};
	char *tag = git_line(dir, args);

	if (tag)
		tag[strcspn(tag, "~^")] = '\0';
	if (tag && !valid_fstests_release(tag)) {
		free(tag);
		tag = NULL;
	}
	return tag;
}

bool fstests_rev_gone(const struct fstests_rev *r, const char *test,
		      struct fstests_gone *g)
{
	char *path = xasprintf("tests/%s", test);
	const char *const args[] = {
		"log", "-1", "--format=%H", "--diff-filter=D", "HEAD",
		"--", path, NULL,
	};

	memset(g, 0, sizeof(*g));
	if (r && r->git)
		g->commit = git_line(r->dir, args);
	if (g->commit) {
		g->renamed = renamed_to(r->dir, g->commit, path);
		g->release = first_release(r->dir, g->commit);
	}
	free(path);
	return g->commit;
}

void fstests_gone_free(struct fstests_gone *g)
{
	free(g->commit);
	free(g->renamed);
	free(g->release);
	memset(g, 0, sizeof(*g));
}
