// SPDX-License-Identifier: GPL-2.0
/* The harness list files behind the short from= origins of data lines. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "entries/entry-keys.h"
#include "entries/select.h"
#include "import/kdevops.h"
#include "import/sources.h"
#include "lib/escape.h"
#include "lib/fileio.h"
#include "lib/git.h"

#define BLD_LISTS	"test-appliance/files/root/fs"
#define KDEVOPS_LISTS	"workflows/fstests/expunges"
#define REV_DIGITS	12
#define PROVENANCE_MAX	(1024u * 1024)
#define LIST_MAX	(4u * 1024 * 1024)
#define COMMENT_MAX	20

static bool is_dir(const char *dir, const char *sub)
{
	char *path = xasprintf("%s/%s", dir, sub);
	struct stat st;
	bool ret = !stat(path, &st) && S_ISDIR(st.st_mode);

	free(path);
	return ret;
}

/* The first run of 40 hex digits in text, as a word, or NULL */
static char *first_commit(const char *text)
{
	const char *hex = "0123456789abcdef", *p;
	size_t n;

	for (p = text; *p; p += n ? n : 1) {
		n = strspn(p, hex);
		if (n == 40 && (p == text || !strchr(hex, p[-1])))
			return xstrndup(p, REV_DIGITS);
	}
	return NULL;
}

/* git's HEAD, else what PROVENANCE.md names, else NULL */
static char *tree_rev(const char *dir)
{
	char *path, *buf = NULL, *rev = NULL;
	size_t len;

	if (git_is_top(dir))
		return git_commit_id(dir, "HEAD", REV_DIGITS);
	path = xasprintf("%s/PROVENANCE.md", dir);
	if (!read_file(path, PROVENANCE_MAX, &buf, &len))
		rev = first_commit(buf);
	free(buf);
	free(path);
	return rev;
}

/* kdevops' parser: every test of every list, with its place */
static int read_kdevops(struct source_tree *t, struct import_result *r)
{
	struct strlist all = { 0 };
	struct kd_tree kt;
	size_t i;
	int ret = kd_walk(t->dir, &all, &kt, r);

	for (i = 0; !ret && i < kt.ntests; i++) {
		const struct kd_test *x = &kt.tests[i];
		const struct kd_list *l = &kt.lists[x->list];

		/* any/large-disk.txt names no filesystem: every one */
		import_listing_add(&t->listing, l->fs ? l->fs : "global",
				   x->test, l->section, l->rel, l->path,
				   x->line);
	}
	kd_tree_free(&kt);
	return ret;
}

/*
 * The lists and directories r could not read, each with why: an answer
 * without them would be wrong, "no list names the test"
 */
static char *unreadable_lists(const char *dir, const struct import_result *r)
{
	struct strbuf sb = { 0 };
	size_t i;

	sb_printf(&sb, "%s: %zu list(s) or directories cannot be read:", dir,
		  r->unreadable);
	for (i = 0; i < r->nskips; i++) {
		if (str_starts(r->skips[i].why, "cannot read"))
			sb_printf(&sb, " %s (%s);", r->skips[i].origin,
				  r->skips[i].why);
	}
	sb.buf[--sb.len] = '\0';
	return sb.buf;
}

int sources_add(struct sources *s, const char *dir, char **err)
{
	struct import_result r = { 0 };
	struct strlist all = { 0 };
	struct source_tree *t;
	size_t i;
	int ret;

	t = array_push(&s->t, &s->n, &s->alloc, sizeof(*t));
	t->dir = xstrdup(dir);
	r.listing = &t->listing;
	if (is_dir(dir, BLD_LISTS)) {
		t->harness = "xfstests-bld";
		ret = import_xfstests_bld(dir, &all, &r);
	} else if (is_dir(dir, KDEVOPS_LISTS)) {
		t->harness = "kdevops";
		ret = read_kdevops(t, &r);
	} else {
		*err = xasprintf("%s: neither an xfstests-bld tree (%s/) nor a kdevops one (%s/)",
				 dir, BLD_LISTS, KDEVOPS_LISTS);
		ret = -1;
	}
	if (!ret && r.unreadable) {
		*err = unreadable_lists(dir, &r);
		ret = -1;
	}
	import_result_free(&r);
	if (!ret && !t->listing.n) {
		*err = xasprintf("%s: no %s list names a test", dir,
				 t->harness);
		ret = -1;
	}
	if (ret) {
		if (!*err)
			*err = xasprintf("%s: the %s lists cannot be read", dir,
					 t->harness);
		return -1;
	}
	t->rev = tree_rev(dir);
	t->origin = xcalloc(t->listing.n, sizeof(*t->origin));
	t->kernel = xcalloc(t->listing.n, sizeof(*t->kernel));
	for (i = 0; i < t->listing.n; i++) {
		char *o = xasprintf("%s:%s", t->harness, t->listing.v[i].path);

		t->origin[i] = origin_short(o);
		if (!origin_kdevops_kernel(o, &t->kernel[i]))
			t->kernel[i] = (struct kver){ 0 };
		free(o);
	}
	return 0;
}

/* Does the list (for fs and section) hold for a line of data file fs? */
static bool fits(const struct import_listed *x, const struct entry *e,
		 const char *fs)
{
	if (strcmp(fs, "global") && strcmp(x->fs, "global") &&
	    strcmp(x->fs, fs))
		return false;
	return !x->section || !e->sections ||
	       section_matches(e->sections, x->fs, x->section);
}

/* The start of the line before the one at p (buf < p), or NULL */
static const char *line_before(const char *buf, const char *p)
{
	if (p == buf)
		return NULL;
	for (p--; p > buf && p[-1] != '\n'; p--)
		;
	return p;
}

/* A comment line: kdevops' "#", xfstests-bld's "//" (cpp reads it) */
static bool is_comment(const char *p, const char *end)
{
	static const char *const cpp[] = {
		"#if", "#el", "#endif", "#define", "#undef", "#include",
	};
	size_t i, n = end - p;

	if (n >= 2 && !strncmp(p, "//", 2))
		return true;
	if (!n || *p != '#')
		return false;
	for (i = 0; i < ARRAY_SIZE(cpp); i++) {
		if (n >= strlen(cpp[i]) && !strncmp(p, cpp[i], strlen(cpp[i])))
			return false;
	}
	return true;
}

/*
 * The line of the list that names x (in the tree dir) as the source
 * wrote it, with the comment lines right above it (xfstests-bld says
 * its cause there, kdevops on the line: the cause, links to its logs),
 * each line escaped for a terminal and after "      > "; NULL where it
 * cannot be read
 */
static char *list_line(const char *dir, const struct import_listed *x)
{
	char *path = x->opened ? xstrdup(x->opened) :
		xasprintf("%s/%s", dir, x->path), *buf = NULL;
	unsigned int n = x->line;
	const char *p, *q, *from, *end;
	struct strbuf sb = { 0 };
	unsigned int above = 0;
	size_t len;

	if (read_file(path, LIST_MAX, &buf, &len))
		goto out;
	end = buf + len;
	for (p = buf; p < end && --n; p = q ? q + 1 : end)
		q = memchr(p, '\n', end - p);
	if (n || p >= end)
		goto out;
	for (from = p; above < COMMENT_MAX; above++) {
		q = line_before(buf, from);
		if (!q || !is_comment(q, from - 1))
			break;
		from = q;
	}
	for (; from <= p; from = q + 1) {
		q = memchr(from, '\n', end - from);
		q = q ? q : end;
		sb_puts(&sb, "      > ");
		sb_add_escaped(&sb, from, q - from);
		sb_puts(&sb, "\n");
	}
out:
	free(buf);
	free(path);
	return sb.buf;
}

/* Every list of t behind origin that names e's test: how many */
static size_t describe_tree(const struct source_tree *t, const char *origin,
			    const struct entry *e, const char *fs,
			    struct strbuf *sb)
{
	struct strlist said = { 0 };
	char *place, *text, *last = NULL;
	size_t i, n;

	for (i = 0; i < t->listing.n; i++) {
		const struct import_listed *x = &t->listing.v[i];

		if (strcmp(t->origin[i], origin) || strcmp(x->test, e->test) ||
		    !fits(x, e, fs))
			continue;
		/* "kdevops": the lists of the kernel directories of seen= */
		if (t->kernel[i].major &&
		    !kver_list_has(&e->seen, &t->kernel[i]))
			continue;
		/* a list that two configurations include is one line */
		place = xasprintf("%s:%s%s%s, line %u", t->harness, x->path,
				  t->rev ? "@" : "", t->rev ? t->rev : "",
				  x->line);
		if (strlist_has(&said, place)) {
			free(place);
			continue;
		}
		sb_printf(sb, "    from %s: %s\n", origin, place);
		strlist_add(&said, place);
		/* its words, once where the lists of kernels repeat them */
		text = list_line(t->dir, x);
		if (text && (!last || strcmp(text, last))) {
			sb_puts(sb, text);
			free(last);
			last = text;
		} else {
			free(text);
		}
	}
	free(last);
	n = said.n;
	strlist_free(&said);
	return n;
}

/* "bld:ext4" is xfstests-bld's, "kdevops" and "kdevops:..." kdevops' */
static const char *harness_of(const char *origin)
{
	if (str_starts(origin, "bld:") || str_starts(origin, "xfstests-bld:"))
		return "xfstests-bld";
	if (!strcmp(origin, "kdevops") || str_starts(origin, "kdevops:"))
		return "kdevops";
	return NULL;
}

void sources_describe(const struct sources *s, const struct entry *e,
		      const char *fs, struct strbuf *sb)
{
	char **o;
	size_t i, n, trees;

	for (o = e->from; o && *o; o++) {
		const char *harness = harness_of(*o);
		char *origin;

		if (!harness)
			continue;
		origin = origin_short(*o);
		for (i = n = trees = 0; i < s->n; i++) {
			if (strcmp(s->t[i].harness, harness))
				continue;
			trees++;
			n += describe_tree(&s->t[i], origin, e, fs, sb);
		}
		if (!trees)
			sb_printf(sb,
				  "    from %s: no %s tree given (--sources DIR)\n",
				  origin, harness);
		else if (!n)
			sb_printf(sb,
				  "    from %s: no list of the %s tree names %s for these sections\n",
				  origin, harness, e->test);
		free(origin);
	}
}

void sources_free(struct sources *s)
{
	size_t i, j;

	for (i = 0; i < s->n; i++) {
		struct source_tree *t = &s->t[i];

		for (j = 0; t->origin && j < t->listing.n; j++)
			free(t->origin[j]);
		free(t->origin);
		free(t->kernel);
		import_listing_free(&t->listing);
		free(t->dir);
		free(t->rev);
	}
	free(s->t);
	memset(s, 0, sizeof(*s));
}
