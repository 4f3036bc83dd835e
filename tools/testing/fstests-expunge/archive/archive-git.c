// SPDX-License-Identifier: GPL-2.0
/* The archive is a plain git repository: a run goes in whole or not at all. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "archive/archive-git.h"
#include "lib/base.h"
#include "lib/fileio.h"
#include "lib/git.h"
#include "lib/strbuf.h"

#define STAGE		"runs/.adding"
#define GIT_LINE_MAX	4096

/* The first line git prints for args, with index as the index file */
static char *index_line(const char *dir, const char *index,
			const char *const args[])
{
	char *out;
	size_t len;

	if (git_capture_index(dir, index, args, GIT_LINE_MAX, &out, &len))
		return NULL;
	out[strcspn(out, "\n")] = '\0';
	if (*out)
		return out;
	free(out);
	return NULL;
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

/*
 * Lock the directory: one add at a time. No O_CLOEXEC: the git
 * children hold the lock too, and keep it while they run.
 */
static int lock_dir(struct archive_git *g, char **err)
{
	g->lock = open(g->dir, O_RDONLY | O_DIRECTORY);
	if (g->lock < 0) {
		*err = xasprintf("%s: %s", g->dir, strerror(errno));
		return -1;
	}
	while (flock(g->lock, LOCK_EX))
		if (errno != EINTR) {
			*err = xasprintf("%s: cannot lock: %s", g->dir,
					 strerror(errno));
			return -1;
		}
	return 0;
}

/* An existing repository: its work tree must be the archive itself */
static int check_top(struct archive_git *g, char **err)
{
	static const char *const top[] = {
		"rev-parse", "--show-toplevel", NULL
	};
	char *t = git_line(g->dir, top);
	int ret = 0;

	if (!t) {
		*err = xasprintf("%s: 'git rev-parse' failed: not a git work tree?",
				 g->dir);
		ret = -1;
	} else if (strcmp(t, g->dir)) {
		*err = xasprintf("%s: its git work tree is %s: not an archive",
				 g->dir, t);
		ret = -1;
	}
	free(t);
	return ret;
}

/* What an add killed while it staged a run left: ours now, under the lock */
static int drop_stage(struct archive_git *g, char **err)
{
	char *stage = xasprintf("%s/" STAGE, g->dir);
	struct stat st;
	int ret = 0;

	if (!lstat(stage, &st) && remove_tree(stage)) {
		*err = xasprintf("%s: cannot remove what an earlier add left",
				 stage);
		ret = -1;
	}
	free(stage);
	return ret;
}

int archive_git_open(const char *dir, struct archive_git *g, char **err)
{
	static const char *const init[] = { "init", "-q", NULL };
	static const char *const who[] = { "config", "user.email", NULL };
	struct stat st;
	char *email;

	memset(g, 0, sizeof(*g));
	g->lock = -1;
	if (mkdir(dir, 0777) && errno != EEXIST) {
		*err = xasprintf("%s: %s", dir, strerror(errno));
		return -1;
	}
	g->dir = realpath(dir, NULL);
	if (!g->dir || stat(g->dir, &st) || !S_ISDIR(st.st_mode)) {
		*err = xasprintf("%s: not a directory", dir);
		return -1;
	}
	if (lock_dir(g, err))
		return -1;
	if (git_is_top(g->dir)) {
		if (check_top(g, err) || drop_stage(g, err))
			return -1;
	} else if (!dir_empty(g->dir)) {
		*err = xasprintf("%s: neither a git repository nor empty: not an archive",
				 dir);
		return -1;
	} else if (git_run(g->dir, NULL, init)) {
		*err = xasprintf("%s: 'git init' failed (is git installed?)",
				 dir);
		return -1;
	}
	email = git_line(g->dir, who);
	g->identity = email;
	free(email);
	return 0;
}

void archive_git_close(struct archive_git *g)
{
	if (g->lock >= 0)
		close(g->lock);
	free(g->dir);
	memset(g, 0, sizeof(*g));
	g->lock = -1;
}

bool archive_git_has(const struct archive_git *g, const char *path)
{
	char *spec = xasprintf("HEAD:%s", path);
	const char *const args[] = {
		"rev-parse", "-q", "--verify", spec, NULL
	};
	int ret = git_run(g->dir, NULL, args);

	free(spec);
	return !ret;
}

char *archive_git_stage(const struct archive_git *g, char **err)
{
	char *runs = xasprintf("%s/runs", g->dir);
	char *stage = xasprintf("%s/" STAGE, g->dir);
	char *folder = xasprintf("%s/run", stage);
	struct stat st;

	if (!lstat(runs, &st) && !S_ISDIR(st.st_mode)) {
		*err = xasprintf("%s: not a folder (a symbolic link?): refused",
				 runs);
	} else if ((mkdir(runs, 0777) && errno != EEXIST) ||
		   remove_tree(stage) || mkdir(stage, 0777) ||
		   mkdir(folder, 0777)) {
		*err = xasprintf("%s: %s", stage, strerror(errno));
	} else {
		free(runs);
		free(stage);
		return folder;
	}
	free(runs);
	free(stage);
	free(folder);
	return NULL;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Is path (of dirent type type) a folder, not a link to one? */
static bool is_folder(const char *path, unsigned char type)
{
	struct stat st;

	if (type != DT_UNKNOWN)
		return type == DT_DIR;
	return !lstat(path, &st) && S_ISDIR(st.st_mode);
}

/* The files of folder (under prefix) and of its folders, one level down */
static int list_folder(const char *folder, const char *prefix, int depth,
		       struct strlist *names, char **err)
{
	DIR *d = opendir(folder);
	struct dirent *de;
	int ret = 0;

	if (!d) {
		*err = xasprintf("%s: %s", folder, strerror(errno));
		return -1;
	}
	while (!ret && (de = readdir(d))) {
		char *sub, *pre;

		if (de->d_name[0] == '.')
			continue;
		sub = xasprintf("%s/%s", folder, de->d_name);
		if (!is_folder(sub, de->d_type)) {
			free(sub);
			strlist_add(names, xasprintf("%s%s", prefix,
						     de->d_name));
			continue;
		}
		if (!depth) {
			*err = xasprintf("%s/%s: a folder too deep", folder,
					 de->d_name);
			free(sub);
			ret = -1;
			break;
		}
		pre = xasprintf("%s%s/", prefix, de->d_name);
		ret = list_folder(sub, pre, depth - 1, names, err);
		free(pre);
		free(sub);
	}
	closedir(d);
	return ret;
}

/* The files of the staged run (logs/ and its files too), sorted */
static int list_stage(const char *folder, struct strlist *names, char **err)
{
	if (list_folder(folder, "", 1, names, err))
		return -1;
	if (names->n)
		qsort(names->v, names->n, sizeof(*names->v), cmp_name);
	return 0;
}

/*
 * The files into git's objects, as they are (no filter): then the
 * "--cacheinfo MODE,BLOB,runs/ID/NAME" pairs that name them in a tree.
 */
static int hash_files(const struct archive_git *g, const char *id,
		      const struct strlist *names, struct strlist *info,
		      char **err)
{
	struct strlist args = { 0 };
	char *out, *line, *next;
	size_t i, len;

	strlist_add(&args, xstrdup("hash-object"));
	strlist_add(&args, xstrdup("-w"));
	strlist_add(&args, xstrdup("--no-filters"));
	strlist_add(&args, xstrdup("--"));
	for (i = 0; i < names->n; i++)
		strlist_add(&args, xasprintf(STAGE "/run/%s", names->v[i]));
	if (git_capture(g->dir, (const char *const *)args.v, 1 << 20, &out,
			&len)) {
		strlist_free(&args);
		*err = xasprintf("%s: 'git hash-object' failed", g->dir);
		return -1;
	}
	strlist_free(&args);
	for (i = 0, line = out; i < names->n && line && *line; i++) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		strlist_add(info, xstrdup("--cacheinfo"));
		strlist_add(info, xasprintf("100644,%s,runs/%s/%s", line, id,
					    names->v[i]));
		line = next;
	}
	free(out);
	if (i == names->n)
		return 0;
	*err = xasprintf("%s: 'git hash-object' gave %zu ids for %zu files",
			 g->dir, i, names->n);
	return -1;
}

/* "git update-index --add --replace" of info, in index (NULL: the repo's) */
static int index_add(const struct archive_git *g, const char *index,
		     const struct strlist *info)
{
	struct strlist args = { 0 };
	size_t i;
	int ret;

	strlist_add(&args, xstrdup("update-index"));
	strlist_add(&args, xstrdup("--add"));
	strlist_add(&args, xstrdup("--replace"));
	for (i = 0; i < info->n; i++)
		strlist_add(&args, xstrdup(info->v[i]));
	ret = git_run(g->dir, index, (const char *const *)args.v);
	strlist_free(&args);
	return ret;
}

/*
 * The commit of HEAD's tree and the run: made in an index of the
 * stage's own, seen by nobody until the branch moves to it.
 */
static char *make_commit(const struct archive_git *g, const char *head,
			 const struct strlist *info, const char *msg,
			 char **err)
{
	char *index = xasprintf("%s/" STAGE "/index", g->dir);
	const char *const read[] = {
		"read-tree", head ? head : "--empty", NULL
	};
	static const char *const write[] = { "write-tree", NULL };
	const char *args[16];
	char *tree = NULL, *commit = NULL;
	size_t n = 0;

	if (!git_run(g->dir, index, read) && !index_add(g, index, info))
		tree = index_line(g->dir, index, write);
	if (!tree) {
		*err = xasprintf("%s: git could not make the run's tree",
				 g->dir);
		goto out;
	}
	if (!g->identity) {	/* one of its own where the user has none */
		args[n++] = "-c";
		args[n++] = "user.name=fstests-expunge";
		args[n++] = "-c";
		args[n++] = "user.email=fstests-expunge@localhost";
		args[n++] = "-c";
		args[n++] = "user.useConfigOnly=false";
	}
	args[n++] = "commit-tree";
	args[n++] = tree;
	args[n++] = "-m";
	args[n++] = msg;
	if (head) {
		args[n++] = "-p";
		args[n++] = head;
	}
	args[n] = NULL;
	commit = index_line(g->dir, index, args);
	if (!commit)
		*err = xasprintf("%s: 'git commit-tree' failed", g->dir);
out:
	free(tree);
	free(index);
	return commit;
}

/* Drop rel from the repository's index (not from the work tree) */
static int unstage(const struct archive_git *g, const char *rel)
{
	const char *const args[] = {
		"rm", "-r", "-q", "-f", "--cached", "--ignore-unmatch", "--",
		rel, NULL
	};

	return git_run(g->dir, NULL, args);
}

/*
 * Remove a run folder of runs/ so that no reader sees it half gone: it
 * is first moved into the stage, which readers skip and the next add
 * removes, should this one be killed while it deletes
 */
static int discard(const struct archive_git *g, const char *dest)
{
	char *trash = xasprintf("%s/" STAGE "/discarded", g->dir);
	int ret;

	remove_tree(trash);
	ret = rename(dest, trash) ? -1 : remove_tree(trash);
	free(trash);
	return ret;
}

/* Whatever uncommitted runs/ID holds goes: the add was cut short */
static int forget(const struct archive_git *g, const char *rel,
		  const char *dest, char **err)
{
	struct stat st;

	if (lstat(dest, &st))
		return 0;
	if (unstage(g, rel) || discard(g, dest)) {
		*err = xasprintf("%s: cannot remove what an earlier add left",
				 dest);
		return -1;
	}
	return 0;
}

/* The commit point: the branch moves, if nobody moved it meanwhile */
static int move_head(const struct archive_git *g, const char *commit,
		     const char *head)
{
	const char *const args[] = {
		"update-ref", "-m", "fstests-expunge archive add", "HEAD",
		commit, head ? head : "", NULL
	};

	return git_run(g->dir, NULL, args);
}

/* Move the staged folder to dest, in the index too, and commit it */
static int publish(const struct archive_git *g, const char *rel,
		   const struct strlist *info, const char *commit,
		   const char *head, char **err)
{
	char *folder = xasprintf("%s/" STAGE "/run", g->dir);
	char *dest = xasprintf("%s/%s", g->dir, rel);
	int ret = -1;

	if (forget(g, rel, dest, err))
		goto out;
	if (rename(folder, dest)) {
		*err = xasprintf("%s: %s", dest, strerror(errno));
		goto out;
	}
	if (index_add(g, NULL, info)) {
		*err = xasprintf("%s: 'git update-index' failed (another git at work?)",
				 g->dir);
	} else if (move_head(g, commit, head)) {
		*err = xasprintf("%s: 'git update-ref HEAD' failed", g->dir);
		unstage(g, rel);
	} else {
		ret = 0;
	}
	if (ret)
		discard(g, dest);
out:
	free(folder);
	free(dest);
	return ret;
}

int archive_git_put(const struct archive_git *g, const char *id,
		    const char *msg, char **err)
{
	char *stage = xasprintf("%s/" STAGE, g->dir);
	char *folder = xasprintf("%s/run", stage);
	char *rel = xasprintf("runs/%s", id);
	char *head = git_commit_id(g->dir, "HEAD", 0), *commit = NULL;
	struct strlist names = { 0 }, info = { 0 };
	int ret = -1;

	if (!list_stage(folder, &names, err) &&
	    !hash_files(g, id, &names, &info, err)) {
		commit = make_commit(g, head, &info, msg, err);
		if (commit)
			ret = publish(g, rel, &info, commit, head, err);
	}
	remove_tree(stage);
	strlist_free(&names);
	strlist_free(&info);
	free(commit);
	free(head);
	free(rel);
	free(folder);
	free(stage);
	return ret;
}

char *archive_git_head(const char *dir)
{
	return git_commit_id(dir, "HEAD", 12);
}
