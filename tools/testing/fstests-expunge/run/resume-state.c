// SPDX-License-Identifier: GPL-2.0
/* What run keeps beside a section's results so that it can be resumed. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "results/result-write.h"
#include "run/resume-state.h"

#define LOG_MAX		(256u << 20)	/* the largest log file kept */
#define BOOT_ID		"/proc/sys/kernel/random/boot_id"

static const char *const log_exts[] = {
	".full", ".dmesg", ".out.bad", ".notrun", ".hints", ".console",
};

char *run_state_path(const struct run_state *st, const char *name)
{
	return xasprintf("%s/%s", st->dir, name);
}

/* Forget an earlier run: every file of the state directory. */
static void clear_dir(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((de = readdir(d))) {
		char *path;
		struct stat sb;

		if (de->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, de->d_name);
		if (!lstat(path, &sb) && S_ISREG(sb.st_mode))
			unlink(path);
		free(path);
	}
	closedir(d);
}

/* A log fstests -L or run kept: NAME.rerunN */
static bool rerun_name(const char *name)
{
	const char *p = strstr(name, ".rerun");

	if (!p)
		return false;
	p += strlen(".rerun");
	return *p && strspn(p, "0123456789") == strlen(p);
}

/* The .rerunN logs an earlier run left in the test directories. */
static void clear_reruns(const char *secdir)
{
	struct dirent *de, *te;
	DIR *d = opendir(secdir), *t;

	while (d && (de = readdir(d))) {
		char *sub;

		if (de->d_name[0] == '.' || !strcmp(de->d_name, RUN_STATE_DIR))
			continue;
		sub = xasprintf("%s/%s", secdir, de->d_name);
		t = opendir(sub);
		while (t && (te = readdir(t))) {
			char *path = xasprintf("%s/%s", sub, te->d_name);
			struct stat sb;

			if (rerun_name(te->d_name) && !lstat(path, &sb) &&
			    S_ISREG(sb.st_mode))
				unlink(path);
			free(path);
		}
		if (t)
			closedir(t);
		free(sub);
	}
	if (d)
		closedir(d);
}

/* When the run began: when its args file was written (0: not yet). */
static void read_since(struct run_state *st)
{
	char *path = run_state_path(st, "args");
	struct stat sb;

	memset(&st->since, 0, sizeof(st->since));
	if (!stat(path, &sb))
		st->since = sb.st_mtim;
	free(path);
}

int run_state_open(struct run_state *st, const char *base,
		   const char *section, bool fresh, char **err)
{
	struct stat sb;

	st->section = section;
	st->secdir = xasprintf("%s/%s", base, section);
	st->dir = xasprintf("%s/" RUN_STATE_DIR, st->secdir);
	if (mkdir_p(st->dir) || lstat(st->dir, &sb) || !S_ISDIR(sb.st_mode)) {
		*err = xasprintf("%s: %s", st->dir, errno ? strerror(errno) :
				 "not a directory");
		return -1;
	}
	if (fresh) {
		clear_dir(st->dir);
		clear_reruns(st->secdir);
	}
	read_since(st);
	return 0;
}

void run_state_free(struct run_state *st)
{
	free(st->secdir);
	free(st->dir);
}

static char *piece_name(const char *kind, unsigned int n)
{
	return xasprintf("%s-%u.xml", kind, n);
}

char *run_state_piece(const struct run_state *st, const char *kind,
		      unsigned int n)
{
	char *name = piece_name(kind, n), *path = run_state_path(st, name);

	free(name);
	return path;
}

unsigned int run_state_count(const struct run_state *st, const char *kind)
{
	unsigned int n;

	for (n = 0;; n++) {
		char *name = piece_name(kind, n + 1);
		char *path = run_state_path(st, name);
		bool there = !access(path, F_OK);

		free(name);
		free(path);
		if (!there)
			return n;
	}
}

int run_state_save_args(struct run_state *st, char *const *args, int n)
{
	struct strbuf sb = { 0 };
	char *path = run_state_path(st, "args");
	int i, ret;

	for (i = 0; i < n; i++)
		sb_add(&sb, args[i], strlen(args[i]) + 1);
	ret = write_file_atomic(path, sb.buf ? sb.buf : "", sb.len);
	if (ret)
		pr_err("%s: %s", path, strerror(errno));
	free(path);
	sb_free(&sb);
	read_since(st);
	return ret;
}

int run_state_load_args(const struct run_state *st, struct strlist *args)
{
	char *path = run_state_path(st, "args"), *buf;
	size_t len, i;

	if (read_file(path, 1 << 20, &buf, &len)) {
		free(path);
		return errno == ENOENT ? 0 : -1;
	}
	for (i = 0; i < len; i += strlen(buf + i) + 1) {
		if (!memchr(buf + i, '\0', len - i))
			break;	/* cut short: not an argument */
		strlist_add(args, xstrdup(buf + i));
	}
	free(buf);
	free(path);
	return 0;
}

/* An empty run of the section: what check wrote when it wrote nothing. */
static int write_empty(const struct run_state *st, const char *path)
{
	struct result_file rf = { .section = (char *)st->section };
	struct strbuf sb = { 0 };
	int ret;

	result_write(&rf, false, &sb);
	ret = write_file_atomic(path, sb.buf, sb.len);
	sb_free(&sb);
	return ret;
}

/* Move check's result.xml to the next piece of kind; its name in *name. */
static int take(const struct run_state *st, const char *kind, char **name)
{
	char *src = xasprintf("%s/result.xml", st->secdir), *dst;
	int ret;

	*name = piece_name(kind, run_state_count(st, kind) + 1);
	dst = run_state_path(st, *name);
	ret = rename(src, dst);
	if (ret && errno == ENOENT)
		ret = write_empty(st, dst);
	if (ret)
		pr_err("%s: %s", dst, strerror(errno));
	free(src);
	free(dst);
	return ret;
}

int run_state_take(const struct run_state *st, const char *kind)
{
	char *name = NULL;
	int ret = take(st, kind, &name);

	free(name);
	return ret;
}

/* Did the piece (a file of the state directory) record test? */
static bool piece_has(const struct run_state *st, const char *name,
		      const char *test)
{
	char *path = run_state_path(st, name), *err = NULL;
	struct result_file rf;
	bool found = false;
	size_t i;

	if (!result_read(path, &rf, &err)) {
		for (i = 0; i < rf.ncases && !found; i++)
			found = !strcmp(rf.cases[i].name, test);
	}
	free(err);
	result_free(&rf);
	free(path);
	return found;
}

static int note_crash(const struct run_state *st, const char *piece,
		      const char *test, const char *signature)
{
	char *path = run_state_path(st, "crashed"), *old = NULL;
	struct strbuf sb = { 0 };
	size_t len = 0;
	int ret;

	if (read_file(path, 1 << 20, &old, &len) && errno != ENOENT) {
		pr_err("%s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	sb_add(&sb, old ? old : "", len);
	sb_printf(&sb, "%s %s", piece, test);
	/* one line: a signature is the kernel's, of no set length */
	if (signature)
		sb_printf(&sb, "\t%.*s", (int)strcspn(signature, "\n"), signature);
	sb_puts(&sb, "\n");
	ret = write_file_atomic(path, sb.buf, sb.len);
	if (ret)
		pr_err("%s: %s", path, strerror(errno));
	free(old);
	free(path);
	sb_free(&sb);
	return ret;
}

/* This boot of the machine, or "" where the kernel does not say. */
static const char *boot_id(void)
{
	static char id[40];
	FILE *f;

	if (id[0])
		return id;
	f = fopen(BOOT_ID, "r");
	if (!f || fscanf(f, "%39s", id) != 1)
		id[0] = '\0';
	if (f)
		fclose(f);
	return id;
}

char *run_state_running_text(unsigned int round, const char *test)
{
	return xasprintf("%u %s %s\n", round, test, boot_id());
}

/*
 * The machine went down while test ran: the run stopped in an earlier
 * boot (or one that said none). In this boot, run itself was killed
 * (check died with it): the test runs again, it did not crash.
 */
static bool went_down(const char *boot)
{
	return !boot[0] || !boot_id()[0] || strcmp(boot, boot_id());
}

static int recover(const struct run_state *st, bool check_died,
		   const char *signature)
{
	char *path = run_state_path(st, "running"), *buf, *name = NULL;
	char test[160], boot[40] = "";
	unsigned int round;
	size_t len;
	int ret = 0;

	if (read_file(path, 4096, &buf, &len)) {
		free(path);
		return 0;	/* nothing was running */
	}
	if (sscanf(buf, "%u %159s %39s", &round, test, boot) < 2) {
		pr_warn("%s: not a test: ignored", path);
	} else {
		ret = take(st, round ? "retry" : "main", &name);
		if (ret || piece_has(st, name, test)) {
			/* it finished */
		} else if (!check_died && !went_down(boot)) {
			pr_warn("%s: %s was running when run was killed: it runs again",
				st->section, test);
		} else {
			pr_warn("%s: %s was running when %s: crashed",
				st->section, test, signature ? signature :
				check_died ? "check died" :
				"the machine went down");
			ret = note_crash(st, name, test, signature);
		}
	}
	if (!ret)
		unlink(path);
	free(name);
	free(buf);
	free(path);
	return ret;
}

int run_state_recover(const struct run_state *st, bool check_died)
{
	return recover(st, check_died, NULL);
}

int run_state_crashed(const struct run_state *st, const char *signature)
{
	return recover(st, true, signature);
}

/* Does the file start as XML does (a result.xml a crash cut short)? */
static bool xml_start(const char *path)
{
	char head[64] = "";
	FILE *f = fopen(path, "r");
	size_t n = f ? fread(head, 1, sizeof(head) - 1, f) : 0;

	if (f)
		fclose(f);
	head[n] = '\0';
	return head[strspn(head, " \t\r\n")] == '<';
}

/*
 * A piece check wrote: a result file, or what a crash of check leaves of
 * one (empty, or cut short)
 */
static int piece_ok(const struct run_state *st, const char *kind,
		    unsigned int n)
{
	char *name = piece_name(kind, n), *path = run_state_path(st, name);
	struct result_file rf = { 0 };
	char *why = NULL;
	struct stat sb;
	int ret = 0;

	if ((stat(path, &sb) || sb.st_size) &&
	    result_read_whole(path, &rf, &why) && !xml_start(path)) {
		pr_err("%s", why);
		ret = -1;
	}
	result_free(&rf);
	free(why);
	free(path);
	free(name);
	return ret;
}

/* "running": "ROUND TEST BOOT", as run_state_running_text() wrote it */
static int running_ok(const struct run_state *st)
{
	char *path = run_state_path(st, "running"), *buf;
	char test[160], boot[40];
	unsigned int round;
	size_t len;
	int ret = 0;

	if (read_file(path, 4096, &buf, &len)) {
		ret = errno == ENOENT ? 0 : -1;
		buf = NULL;
	} else if (memchr(buf, '\0', len) ||
		   sscanf(buf, "%u %159s %39s", &round, test, boot) < 2 ||
		   !strchr(test, '/')) {
		ret = -1;
	}
	if (ret)
		pr_err("%s: not what run writes there", path);
	free(buf);
	free(path);
	return ret;
}

/* A line of "crashed": "main-K TEST" or "retry-K TEST", K a piece */
static bool crash_line_ok(const char *line, size_t nparts, size_t nretries,
			  unsigned int *k)
{
	const char *test = strchr(line, ' ');
	bool main_run = str_starts(line, "main-");

	return test && (main_run || str_starts(line, "retry-")) &&
	       sscanf(line + (main_run ? 5 : 6), "%u", k) == 1 && *k &&
	       *k <= (main_run ? nparts : nretries) && strchr(test, '/');
}

static int crashed_ok(const struct run_state *st, size_t nparts,
		      size_t nretries)
{
	char *path = run_state_path(st, "crashed"), *buf, *line, *p;
	unsigned int k, n = 0;
	size_t len;
	int ret = 0;

	if (read_file(path, 1 << 20, &buf, &len)) {
		ret = errno == ENOENT ? 0 : -1;
		if (ret)
			pr_err("%s: %s", path, strerror(errno));
		free(path);
		return ret;
	}
	for (line = buf; !ret && line < buf + len; line = p + 1) {
		p = memchr(line, '\n', buf + len - line);
		if (!p)
			p = buf + len;
		*p = '\0';
		n++;
		if (!crash_line_ok(line, nparts, nretries, &k)) {
			pr_err("%s:%u: not what run writes there", path, n);
			ret = -1;
		}
	}
	free(buf);
	free(path);
	return ret;
}

int run_state_check(const struct run_state *st)
{
	unsigned int nparts = run_state_count(st, "main");
	unsigned int nretries = run_state_count(st, "retry");
	unsigned int i;
	int ret = 0;

	for (i = 1; i <= nparts; i++)
		ret |= piece_ok(st, "main", i);
	for (i = 1; i <= nretries; i++)
		ret |= piece_ok(st, "retry", i);
	ret |= running_ok(st) | crashed_ok(st, nparts, nretries);
	if (ret)
		pr_err("%s: the state of the run is damaged: it cannot be resumed",
		       st->dir);
	return ret;
}

static void read_pieces(const struct run_state *st, const char *kind,
			struct result_file **out, size_t *n)
{
	size_t i;

	*n = run_state_count(st, kind);
	*out = xcalloc(*n + 1, sizeof(**out));
	for (i = 0; i < *n; i++) {
		char *name = piece_name(kind, i + 1);
		char *path = run_state_path(st, name), *err = NULL;

		/* check writes result.xml in place: a crash may empty it */
		if (result_read_whole(path, &(*out)[i], &err)) {
			pr_warn("%s", err);
			result_free(&(*out)[i]);
			(*out)[i].section = xstrdup(st->section);
		}
		free(err);
		free(path);
		free(name);
	}
}

/*
 * "TEST" or "TEST\tSIGNATURE" (run --vm: the kernel's crash, whose first
 * lines are in TEST.oops beside the results)
 */
static void add_crash(const struct run_state *st, struct result_file *rf,
		      char *test)
{
	char *sig = strchr(test, '\t'), *path;
	struct result_case *c;
	size_t len;

	if (sig)
		*sig++ = '\0';
	c = array_push(&rf->cases, &rf->ncases, &rf->acases, sizeof(*c));
	c->name = xstrdup(test);
	c->outcome = OUT_FAIL;
	c->msg = sig ? xasprintf("crashed: %s", sig) :
		 xstrdup("crashed: the machine went down while it ran");
	c->text = xcalloc(1, sizeof(*c->text));
	path = xasprintf("%s/%s.oops", st->secdir, test);
	if (sig && read_file(path, 1 << 20, &c->text->klog, &len))
		c->text->klog = NULL;
	free(path);
	c->text->message = xstrdup(c->msg);
	c->text->type = xstrdup(RESULT_CRASH_TYPE);
	c->crashed = true;
}

int run_state_load(const struct run_state *st, struct result_file **parts,
		   size_t *nparts, struct result_file **retries,
		   size_t *nretries)
{
	char *path = run_state_path(st, "crashed"), *buf = NULL, *line, *p;
	unsigned int k;
	size_t len;

	read_pieces(st, "main", parts, nparts);
	read_pieces(st, "retry", retries, nretries);
	if (read_file(path, 1 << 20, &buf, &len)) {
		free(path);
		return errno == ENOENT ? 0 : -1;
	}
	for (line = strtok_r(buf, "\n", &p); line;
	     line = strtok_r(NULL, "\n", &p)) {
		if (!crash_line_ok(line, *nparts, *nretries, &k)) {
			pr_warn("%s: '%s': ignored", path, line);
			continue;
		}
		add_crash(st, &(str_starts(line, "main-") ? *parts :
				*retries)[k - 1], strchr(line, ' ') + 1);
	}
	free(buf);
	free(path);
	return 0;
}

static bool older(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/*
 * Copy file "from" to "to" if it is a regular file written at or after
 * since (NULL: whenever) and "to" is not there.
 */
static void copy_new(const char *from, const char *to,
		     const struct timespec *since)
{
	struct stat sb;
	size_t len;
	char *buf;

	if (lstat(from, &sb) || !S_ISREG(sb.st_mode) || !access(to, F_OK) ||
	    (since && older(&sb.st_mtim, since)) ||
	    read_file(from, LOG_MAX, &buf, &len))
		return;
	if (write_file_atomic(to, buf, len))
		pr_warn("%s: %s", to, strerror(errno));
	free(buf);
}

void run_state_stash(const struct run_state *st, const char *test,
		     unsigned int attempt, bool back)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(log_exts); i++) {
		char *file = xasprintf("%s/%s%s", st->secdir, test, log_exts[i]);
		char *kept = xasprintf("%s.rerun%u", file, attempt);

		if (back)
			copy_new(kept, file, NULL);
		else
			copy_new(file, kept, &st->since);
		free(file);
		free(kept);
	}
}
