// SPDX-License-Identifier: GPL-2.0
/*
 * The KCIDB checkout of a kernel: its commit, repository, branch and tree
 * from the kernel's git tree (--srctree, or a --build-dir in it), its
 * start from the results. A value the schema would refuse is said on
 * stderr and left out, never written.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernel/kgit.h"
#include "lib/escape.h"
#include "lib/json-writer.h"
#include "report/report.h"

#define SHA1_HEX	40

/* The git tree of the kernel: --srctree, else the --build-dir's */
static int git_tree(const struct kernel_opts *o, struct kgit *g)
{
	char *err = NULL, *source;
	int ret = 1;

	if (o->srctree) {
		ret = kgit_read(o->srctree, g, &err);
	} else if (o->build_dir) {
		ret = kgit_read(o->build_dir, g, &err);
		/* an O= build: its source symlink names the tree */
		if (ret == 1) {
			source = xasprintf("%s/source", o->build_dir);
			ret = kgit_read(source, g, &err);
			free(source);
		}
	}
	if (ret < 0) {
		pr_warn("%s: the KCIDB checkout carries no git fields", err);
		free(err);
	}
	return ret;
}

/* Do the sections of the run name one kernel (or none)? */
static bool one_kernel(const struct report *r)
{
	const char *first = NULL, *k;
	size_t i;

	for (i = 0; i < r->n; i++) {
		if (!r->sc[i].cand)
			continue;
		k = kcidb_kernel(&r->sc[i]);
		if (first && strcmp(first, k))
			return false;
		first = k;
	}
	return true;
}

void kcidb_checkout_source(const struct compare_opts *co,
			   struct compare_result *cr)
{
	const struct kdata_cache *kc = &cr->cmp.kc;
	struct report *r = &cr->r;
	size_t i;

	if (git_tree(&co->k, &cr->git))
		return;
	for (i = 0; kc->release_given && i < kc->n; i++)
		if (kc->kd[i]->have_k) {
			r->git_release = kc->kd[i]->k.release;
			break;
		}
	if (!r->git_release && !one_kernel(r)) {
		pr_warn("%s: the results are of several kernels: name the one this git tree built (--release, --kernel or --build-dir) to have its commit in KCIDB",
			cr->git.dir);
		return;
	}
	r->git = &cr->git;
}

/* A git value as a message quotes it: escaped, cut */
static void warn_left_out(const struct kgit *g, const char *what,
			  const char *value, const char *why)
{
	char *q = quote_input(value, QUOTE_MAX);

	pr_warn("%s: %s %s %s: left out of the KCIDB checkout", g->dir, what,
		q, why);
	free(q);
}

static bool is_sha1(const char *s)
{
	return strlen(s) == SHA1_HEX &&
	       strspn(s, "0123456789abcdef") == SHA1_HEX;
}

/* An https:// URL with a host, nothing in it to escape */
static bool is_https(const char *s)
{
	const char *p;

	if (strncmp(s, "https://", 8) || !s[8] || s[8] == '/')
		return false;
	for (p = s; *p; p++)
		if ((unsigned char)*p <= ' ' || *p == 0x7f || *p == '"' ||
		    *p == '<' || *p == '>' || *p == '\\')
			return false;
	return true;
}

/* The well-known trees, by the last two parts of their URL */
static const struct {
	const char *owner, *repo, *name;
} trees[] = {
	{ "torvalds", "linux", "mainline" },
	{ "next", "linux-next", "next" },
	{ "stable", "linux-stable-rc", "stable-rc" },
	{ "stable", "linux-stable", "stable" },
	{ "stable", "linux", "stable" },
};

/*
 * The tree's name from its URL: a well-known tree's ("mainline"), else
 * the repository's name (".../tytso/ext4.git": "ext4"), its owner's
 * when that is just "linux".
 */
static char *tree_name(const char *url)
{
	char *u = xstrdup(url + 8), *repo, *owner, *name;
	size_t len = strlen(u), i;

	while (len && u[len - 1] == '/')
		u[--len] = '\0';
	if (len > 4 && !strcmp(u + len - 4, ".git"))
		u[len - 4] = '\0';
	repo = strrchr(u, '/');
	if (!repo || !repo[1]) {
		free(u);
		return NULL;
	}
	*repo++ = '\0';
	owner = strrchr(u, '/');
	owner = owner ? owner + 1 : NULL;
	name = repo;
	for (i = 0; owner && i < ARRAY_SIZE(trees); i++)
		if (!strcmp(owner, trees[i].owner) &&
		    !strcmp(repo, trees[i].repo))
			name = (char *)trees[i].name;
	if (name == repo && !strcmp(repo, "linux") && owner && *owner)
		name = owner;
	name = xstrdup(name);
	free(u);
	return name;
}

static void git_fields(struct json_writer *w, const struct kgit *g)
{
	char *tree;

	if (is_sha1(g->commit))
		jsonw_string_field(w, "git_commit_hash", g->commit);
	else
		warn_left_out(g, "commit", g->commit,
			      "is not 40 hex digits (KCIDB takes SHA-1 ids)");
	if (g->url && is_https(g->url)) {
		jsonw_string_field(w, "git_repository_url", g->url);
		tree = tree_name(g->url);
		if (tree)
			jsonw_string_field(w, "tree_name", tree);
		free(tree);
	} else if (g->url) {
		warn_left_out(g, "remote origin", g->url,
			      "is not an https:// URL (KCIDB takes no other)");
	}
	if (g->branch)
		jsonw_string_field(w, "git_repository_branch", g->branch);
}

/*
 * An RFC 3339 time (fstests' "2024-01-01T00:00:00+00:00") as seconds
 * since the epoch; false when s is not one (no time zone: not known).
 */
static bool rfc3339(const char *s, time_t *t)
{
	struct tm tm = { 0 };
	int n = 0, oh = 0, om = 0;
	const char *p;

	if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon,
		   &tm.tm_mday, &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &n) != 6 ||
	    n != 19 || tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 ||
	    tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 ||
	    tm.tm_sec > 60)
		return false;
	p = s + n;
	if (*p == '.' && p[1] >= '0' && p[1] <= '9')
		p += 1 + strspn(p + 1, "0123456789");
	if (!strcmp(p, "Z") || !strcmp(p, "z"))
		p = "+00:00";
	n = 0;
	if ((*p != '+' && *p != '-') ||
	    sscanf(p + 1, "%2d:%2d%n", &oh, &om, &n) != 2 || n != 5 ||
	    p[6] || oh > 23 || om > 59)
		return false;
	tm.tm_year -= 1900;
	tm.tm_mon--;
	*t = timegm(&tm) - (*p == '-' ? -1 : 1) * (oh * 3600 + om * 60);
	return true;
}

/* start_time: the earliest start of the kernel's sections that says one */
static void checkout_start(struct json_writer *w, const struct report *r,
			   const char *kernel)
{
	const char *first = NULL, *bad = NULL;
	time_t t, min = 0;
	char *k, *q;
	size_t i;

	for (i = 0; i < r->n; i++) {
		const struct side_section *c = r->sc[i].cand;

		if (!c || !c->started || strcmp(kcidb_kernel(&r->sc[i]), kernel))
			continue;
		if (!rfc3339(c->started, &t)) {
			bad = c->started;
		} else if (!first || t < min) {
			first = c->started;
			min = t;
		}
	}
	if (first) {
		jsonw_string_field(w, "start_time", first);
	} else if (bad) {
		k = quote_input(kernel, QUOTE_MAX);
		q = quote_input(bad, QUOTE_MAX);
		pr_warn("kernel %s: its start %s is not an RFC 3339 time with a zone: no start_time in its KCIDB checkout",
			k, q);
		free(k);
		free(q);
	}
}

void kcidb_checkout(struct json_writer *w, const struct report *r,
		    const char *kernel)
{
	if (r->git && (!r->git_release || !strcmp(r->git_release, kernel)))
		git_fields(w, r->git);
	checkout_start(w, r, kernel);
}
