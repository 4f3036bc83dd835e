// SPDX-License-Identifier: GPL-2.0
/*
 * The kdevops expunges tree: <kernel>/<fs>/<category>/[P<n>/]<name>.txt,
 * kernel directories named as "uname -r" prints, symbolic links between
 * them (real ones, or the ones a copy records in SYMLINKS.tsv).
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "entries/data-dir.h"
#include "fstests/tree.h"
#include "import/kdevops.h"
#include "lib/fileio.h"
#include "lib/strmap.h"

#define EXPUNGES	"workflows/fstests/expunges"
#define MAX_HOPS	40
#define MAX_FILE	(16 << 20)
/* what kdevops section names are made of: no globs, commas or spaces */
#define NAME_CHARS	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

static const char *link_target(const struct kd_tree *t, const char *p,
			       size_t len)
{
	int *i = t->link_index ? strmap_get(t->link_index, p, len, false,
					    NULL) : NULL;

	return i ? t->links[*i].target : NULL;
}

/* p without "." and ".." parts or empty ones; NULL if it leaves the top */
static char *normalize(const char *p)
{
	char *copy = xstrdup(p), *save = NULL, *part;
	struct strbuf sb = { 0 };
	bool above = false;

	for (part = strtok_r(copy, "/", &save); part;
	     part = strtok_r(NULL, "/", &save)) {
		if (!strcmp(part, "."))
			continue;
		if (strcmp(part, "..")) {
			sb_printf(&sb, "%s%s", sb.len ? "/" : "", part);
		} else if (sb.len) {
			char *slash = strrchr(sb.buf, '/');

			sb.len = slash ? (size_t)(slash - sb.buf) : 0;
			sb.buf[sb.len] = 0;
		} else {
			above = true;
		}
	}
	free(copy);
	if (above) {
		sb_free(&sb);
		return NULL;
	}
	return sb.buf ? sb.buf : xstrdup("");
}

static char *resolve_hops(const struct kd_tree *t, const char *p, int hops)
{
	const char *end = p, *target;
	char *next, *joined;

	if (hops > MAX_HOPS)
		return NULL;
	for (;;) {
		end = strchr(end + (end != p), '/');
		if (!end)
			end = p + strlen(p);
		target = link_target(t, p, end - p);
		if (target)
			break;
		if (!*end)
			return normalize(p);
	}
	/* a link's target is relative to the directory holding the link */
	while (end > p && end[-1] != '/')
		end--;
	joined = xasprintf("%.*s%s%s", (int)(end - p), p, target,
			   end + strcspn(end, "/"));
	next = normalize(joined);
	free(joined);
	if (!next)
		return NULL;
	joined = resolve_hops(t, next, hops + 1);
	free(next);
	return joined;
}

char *kd_resolve(const struct kd_tree *t, const char *p)
{
	return resolve_hops(t, p, 0);
}

/* SYMLINKS.tsv: "path<TAB>target" lines, '#' comments */
static int load_links(struct kd_tree *t)
{
	char *path = xasprintf("%s/SYMLINKS.tsv", t->top), *buf = NULL;
	char *line, *save = NULL, *tab;
	bool added;
	size_t len;
	int *i;

	if (read_file(path, MAX_FILE, &buf, &len)) {
		int err = errno;

		free(path);
		return err == ENOENT ? 0 : -1;
	}
	free(path);
	t->link_index = xcalloc(1, sizeof(*t->link_index));
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct kd_link *l;

		tab = strchr(line, '\t');
		if (*line == '#' || !tab)
			continue;
		/* the first line for a path holds, as it always did */
		i = strmap_get(t->link_index, line, tab - line, true, &added);
		if (!added)
			continue;
		*i = t->nlinks;
		l = array_push(&t->links, &t->nlinks, &t->links_alloc,
			       sizeof(*l));
		l->path = xstrndup(line, tab - line);
		l->target = xstrdup(tab + 1);
	}
	free(buf);
	return 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void unreadable(struct import_result *r, const struct kd_tree *t,
		       const char *rel);

/*
 * The names in directory rel (resolved), sorted; NULL if not one. A
 * directory that cannot be read is said in r.
 */
static char **list_dir(const struct kd_tree *t, const char *rel,
		       char **phys, struct import_result *r)
{
	struct strlist names = { 0 };
	struct dirent *de;
	char *path;
	DIR *d;

	*phys = kd_resolve(t, rel);
	if (!*phys)
		return NULL;
	path = xasprintf("%s/%s", t->top, *phys);
	d = opendir(path);
	free(path);
	if (!d && errno != ENOTDIR)
		unreadable(r, t, rel);
	if (!d)
		return NULL;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			strlist_add(&names, xstrdup(de->d_name));
	closedir(d);
	if (!names.v)
		strlist_add(&names, NULL);
	qsort(names.v, names.n, sizeof(*names.v), by_name);
	return names.v;
}

/* Once each: a list two kernel names link to is read twice */
static void skip_once(struct import_result *r, char *origin, char *why)
{
	size_t i;

	for (i = 0; i < r->nskips; i++) {
		if (!strcmp(r->skips[i].origin, origin)) {
			free(origin);
			free(why);
			return;
		}
	}
	import_add_skip(r, origin, why);
}

static void skip(struct import_result *r, const struct kd_tree *t,
		 const char *rel, const char *why)
{
	skip_once(r, xasprintf("%s/%s", t->top, rel), xstrdup(why));
}

/* rel cannot be read (errno): once, however many links lead to it */
static void unreadable(struct import_result *r, const struct kd_tree *t,
		       const char *rel)
{
	char *origin = xasprintf("%s/%s", t->top, rel);
	int err = errno;
	size_t i;

	for (i = 0; i < r->nskips; i++) {
		if (!strcmp(r->skips[i].origin, origin)) {
			free(origin);
			return;
		}
	}
	errno = err;
	import_add_unreadable(r, origin);
}

/* One test line: "generic/001  # note", or a comment, or blank */
static void add_line(struct kd_tree *t, size_t list, char *s,
		     unsigned int line, struct import_result *r)
{
	struct kd_test *k;
	char *note = strchr(s, '#'), *test;
	size_t len;

	if (note)
		*note++ = 0;
	test = trim(s);
	if (!*test)
		return;
	if (strcspn(test, " \t") != strlen(test) || !valid_test_name(test)) {
		skip_once(r, xasprintf("%s:%u", t->lists[list].path, line),
			  xasprintf("'%s' is not a test name", test));
		return;
	}
	k = array_push(&t->tests, &t->ntests, &t->tests_alloc, sizeof(*k));
	k->list = list;
	/*
	 * "xfs/191-input-validation": an old name; "check -E" reads it as
	 * xfs/191 (^TEST\b), so the entry is for that test
	 */
	len = strcspn(strchr(test, '/'), "-") + (strchr(test, '/') - test);
	k->test = xstrndup(test, len);
	if (test[len])
		k->listed_as = xstrdup(test);
	k->line = line;
	note = note ? trim(note) : NULL;
	k->note = note && *note ? xstrdup(note) : NULL;
}

static void add_list(struct kd_tree *t, size_t point, const char *fs,
		     const char *rel, const char *name, const char *env,
		     struct import_result *r)
{
	size_t len = strlen(name) - 4, n;
	char *phys = kd_resolve(t, rel), *path, *buf = NULL, *line, *next;
	unsigned int no = 1;
	struct kd_list *l;

	path = phys ? xasprintf("%s/%s", t->top, phys) : NULL;
	if (!path || read_file(path, MAX_FILE, &buf, &n)) {
		if (!path)
			errno = ELOOP;
		unreadable(r, t, rel);
		free(path);
		free(phys);
		return;
	}
	free(phys);
	if (!buf)
		n = 0;
	l = array_push(&t->lists, &t->nlists, &t->lists_alloc, sizeof(*l));
	l->point = point;
	l->fs = xstrdup(fs);
	l->path = path;
	l->env = env;
	l->rel = xasprintf("%s%s", *t->root ? "" : EXPUNGES "/", rel);
	if (!env && strncmp(name, "all.txt", 7) &&
	    strncmp(name, "progs.txt", 9))
		l->section = xstrndup(name, len);
	for (line = buf; n && line < buf + n; line = next + 1, no++) {
		next = memchr(line, '\n', buf + n - line);
		if (!next)
			next = buf + n;
		*next = 0;
		add_line(t, t->nlists - 1, line, no, r);
	}
	free(buf);
}

/*
 * 'd' for a directory, 'f' for a regular file, 0 otherwise; -1 when it
 * cannot be told (a link to nothing, a loop of links), said in r.
 */
static int type_of(const struct kd_tree *t, const char *rel,
		   struct import_result *r)
{
	char *phys = kd_resolve(t, rel), *path;
	struct stat st;
	int ret = -1;

	errno = ELOOP;
	path = phys ? xasprintf("%s/%s", t->top, phys) : NULL;
	if (path && !stat(path, &st))
		ret = S_ISDIR(st.st_mode) ? 'd' : S_ISREG(st.st_mode) ? 'f' : 0;
	else
		unreadable(r, t, rel);
	free(path);
	free(phys);
	return ret;
}

static const char *ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n > m && !strcmp(s + n - m, suffix) ? s + n - m : NULL;
}

/*
 * The lists kdevops passes by a switch of its own, as env= switches:
 * large-disk.txt unless --large-disk, over-10s.txt with --fast-tests.
 */
static const char *list_env(const char *name)
{
	if (!strcmp(name, "large-disk.txt"))
		return "!large-disk";
	if (!strcmp(name, "over-10s.txt"))
		return "fast";
	return NULL;
}

/* Why kdevops files outside a category directory are not imported */
static const char *why_not_list(const char *name)
{
	if (list_env(name))
		return "a switch's list outside any/: kdevops reads it only there";
	return "not in diff/, unassigned/ or assigned/: a collection kdevops uses on request";
}

/* any/<name>, any/<fs>/<name>: a switch's list, for every kernel */
static bool add_env_list(struct kd_tree *t, size_t point, const char *fs,
			 const char *rel, const char *name,
			 struct import_result *r)
{
	if (!t->points[point].any || !list_env(name) ||
	    type_of(t, rel, r) != 'f')
		return false;
	add_list(t, point, fs, rel, name, list_env(name), r);
	return true;
}

/* A list name kdevops would use: all, progs or a section (no globs) */
static bool list_name(const char *name)
{
	const char *txt = ends_with(name, ".txt");

	return txt && strspn(name, NAME_CHARS ".") == (size_t)(txt - name) + 4;
}

static void walk_lists(struct kd_tree *t, size_t point, const char *fs,
		       const char *rel, bool top, struct import_result *r)
{
	char *phys, **names = list_dir(t, rel, &phys, r), **p;

	for (p = names; p && *p; p++) {
		char *sub = xasprintf("%s/%s", rel, *p);
		int type = type_of(t, sub, r);

		if (type == 'f' && list_name(*p))
			add_list(t, point, fs, sub, *p, NULL, r);
		else if (type == 'd' && top && (*p)[0] == 'P' &&
			 (*p)[1] >= '0' && (*p)[1] <= '5' && !(*p)[2])
			walk_lists(t, point, fs, sub, false, r);
		else if (type >= 0)	/* else said by type_of() */
			skip(r, t, sub, type == 'f' ?
			     "a file name kdevops never passes to check" :
			     "not a list file or priority directory (P0..P5)");
		free(sub);
	}
	free_list(names);
	free(phys);
}

static void walk_fs(struct kd_tree *t, size_t point, const char *fs,
		    const char *rel, struct import_result *r)
{
	static const char *const categories[] = {
		"diff", "unassigned", "assigned",
	};
	char *phys, **names = list_dir(t, rel, &phys, r), **p;
	size_t i;

	for (p = names; p && *p; p++) {
		char *sub = xasprintf("%s/%s", rel, *p);

		for (i = 0; i < ARRAY_SIZE(categories); i++)
			if (!strcmp(*p, categories[i]))
				break;
		if (i < ARRAY_SIZE(categories) && type_of(t, sub, r) == 'd')
			walk_lists(t, point, fs, sub, true, r);
		else if (!add_env_list(t, point, fs, sub, *p, r))
			skip(r, t, sub, why_not_list(*p));
		free(sub);
	}
	free_list(names);
	free(phys);
}

static bool wanted(const struct strlist *fs, const char *name)
{
	size_t i;

	for (i = 0; i < fs->n; i++)
		if (!strcmp(fs->v[i], name))
			return true;
	return !fs->n;
}

/* any/large-disk.txt and the like: every filesystem's, global data */
static bool env_list(struct kd_tree *t, size_t point, const struct strlist *fs,
		     const char *rel, const char *name, struct import_result *r)
{
	return wanted(fs, GLOBAL_DATA) &&
		add_env_list(t, point, GLOBAL_DATA, rel, name, r);
}

static void walk_kernel(struct kd_tree *t, size_t point, const char *rel,
			const struct strlist *fs, struct import_result *r)
{
	char *phys, **names = list_dir(t, rel, &phys, r), **p;

	for (p = names; p && *p; p++) {
		char *sub = xasprintf("%s/%s", rel, *p);
		int type = type_of(t, sub, r);

		/* a README has no lists */
		if (type == 'd' && wanted(fs, *p))
			walk_fs(t, point, *p, sub, r);
		else if (type >= 0 && type != 'd' &&
			 !env_list(t, point, fs, sub, *p, r) &&
			 !fs->n && !ends_with(*p, ".md"))
			skip(r, t, sub, why_not_list(*p));
		free(sub);
	}
	free_list(names);
	free(phys);
}

static size_t find_point(struct kd_tree *t, const struct kver *v,
			 bool any, const char *name)
{
	struct kd_point *pt;
	size_t i;

	for (i = 0; i < t->npoints; i++) {
		pt = &t->points[i];
		if (pt->any == any && (any || !kver_cmp(&pt->v, v)))
			return i;
	}
	pt = array_push(&t->points, &t->npoints, &t->points_alloc,
			sizeof(*pt));
	if (v)
		pt->v = *v;
	pt->any = any;
	pt->name = xstrdup(name);
	return t->npoints - 1;
}

/* A distribution's directories: <ID>/<VERSION_ID>, for its own kernel */
static void skip_distro(struct kd_tree *t, const char *rel,
			struct import_result *r)
{
	char *phys, **names = list_dir(t, rel, &phys, r), **p;

	if (!names)
		skip(r, t, rel, "not a kernel directory");
	for (p = names; p && *p; p++) {
		char *sub = xasprintf("%s/%s", rel, *p);

		skip(r, t, sub, "a distribution's release: no kernel version in it");
		free(sub);
	}
	free_list(names);
	free(phys);
}

static void walk_top(struct kd_tree *t, const struct strlist *fs,
		     struct import_result *r)
{
	char *phys, **names = list_dir(t, t->root, &phys, r), **p;

	for (p = names; p && *p; p++) {
		char *sub = xasprintf("%s%s%s", t->root, *t->root ? "/" : "",
				      *p);
		const char *why = NULL;
		struct kver v;

		if (!strcmp(*p, "any"))
			walk_kernel(t, find_point(t, NULL, true, *p), sub, fs,
				    r);
		else if (!kdevops_kernel_name(*p, &v, &why) &&
			 type_of(t, sub, r) == 'd')
			walk_kernel(t, find_point(t, &v, false, *p), sub, fs,
				    r);
		else if (why && strcmp(why, "not a kernel version"))
			skip(r, t, sub, why);
		else if (!ends_with(*p, ".md"))
			skip_distro(t, sub, r);
		free(sub);
	}
	free_list(names);
	free(phys);
}

int kd_walk(const char *dir, const struct strlist *fs, struct kd_tree *t,
	    struct import_result *r)
{
	char *root = xasprintf("%s/" EXPUNGES, dir), *any;
	struct stat st;
	int ret = 0;

	memset(t, 0, sizeof(*t));
	t->top = xstrdup(dir);
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		pr_err("%s: %s", dir, access(dir, F_OK) ? errstr(errno) :
		       "not a directory");
		free(root);
		return -1;
	}
	t->root = xstrdup(stat(root, &st) || !S_ISDIR(st.st_mode) ? "" :
			  EXPUNGES);
	/* the tree itself, or a copy of its expunges directory: any/ */
	any = xasprintf("%s/%s%sany", dir, t->root, *t->root ? "/" : "");
	/* without any/: a user's own lists in kdevops' layout, from=user: */
	if (stat(any, &st) && dir[strcspn(dir, " \t\n#,")]) {
		pr_err("%s: a directory whose name holds a space, '#' or ',' cannot be named in from=",
		       dir);
		ret = -1;
	} else if (load_links(t)) {
		pr_err("%s/SYMLINKS.tsv: %s", dir, errstr(errno));
		ret = -1;
	} else {
		if (stat(any, &st))
			r->user = xstrdup(dir);
		walk_top(t, fs, r);
	}
	if (!ret && r->user && !t->nlists) {
		pr_err("%s: not a kdevops tree (no %s/any, no lists under a kernel's directory)",
		       dir, EXPUNGES);
		ret = -1;
	}
	free(any);
	free(root);
	return ret;
}

void kd_tree_free(struct kd_tree *t)
{
	size_t i;

	for (i = 0; i < t->nlinks; i++) {
		free(t->links[i].path);
		free(t->links[i].target);
	}
	for (i = 0; i < t->npoints; i++)
		free(t->points[i].name);
	for (i = 0; i < t->nlists; i++) {
		free(t->lists[i].fs);
		free(t->lists[i].section);
		free(t->lists[i].path);
		free(t->lists[i].rel);
	}
	for (i = 0; i < t->ntests; i++) {
		free(t->tests[i].test);
		free(t->tests[i].note);
		free(t->tests[i].listed_as);
	}
	if (t->link_index)
		strmap_free(t->link_index);
	free(t->link_index);
	free(t->links);
	free(t->points);
	free(t->lists);
	free(t->tests);
	free(t->top);
	free(t->root);
	memset(t, 0, sizeof(*t));
}
