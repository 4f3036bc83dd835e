// SPDX-License-Identifier: GPL-2.0
/* A run to archive: its result.xml files as read, and its record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fstests/commit.h"
#include "archive/run-make.h"
#include "kernel/kernel.h"
#include "kernel/version.h"
#include "lib/escape.h"
#include "lib/fileio.h"
#include "results/results.h"

#define RESULT_MAX	(1024u * 1024 * 1024)
#define CONFIG_MAX	(64u * 1024 * 1024)
/* a result file from a pipe or device is held whole: the manual's bound */
#define STREAM_MAX	(64u * 1024 * 1024)

/*
 * The kind of device a TEST_DEV names: a memory filesystem has none
 * (kdevops sets tmpfs' TEST_DEV to its mount point), a path outside
 * /dev is a folder, not a block device.
 */
static const char *device_kind(const char *fs, const char *dev)
{
	static const struct { const char *prefix, *kind; } kinds[] = {
		{ "/dev/loop", "loop" }, { "/dev/nvme", "nvme" },
		{ "/dev/vd", "virtio" }, { "/dev/sd", "scsi" },
		{ "/dev/pmem", "pmem" }, { "/dev/mapper/", "dm" },
		{ "/dev/dm-", "dm" }, { "/dev/ram", "ram" },
		{ "/dev/zram", "zram" }, { "/dev/nbd", "nbd" },
	};
	size_t i;

	if (fs && (!strcmp(fs, "tmpfs") || !strcmp(fs, "ramfs")))
		return "memory";
	if (!dev || !*dev)
		return "unknown";
	for (i = 0; i < ARRAY_SIZE(kinds); i++)
		if (str_starts(dev, kinds[i].prefix))
			return kinds[i].kind;
	if (strchr(dev, ':'))
		return "network";
	if (str_starts(dev, "/dev/"))
		return "block";
	return *dev == '/' ? "folder" : "other";
}

/*
 * The path component n levels above the file (0: its folder), or NULL:
 * kdevops keeps <kernel>/<section>/result.xml.
 */
static char *path_part(const char *path, unsigned int n)
{
	const char *end = strrchr(path, '/'), *start;

	while (end && n--) {
		while (end > path && end[-1] == '/')
			end--;
		end = end > path ? memrchr(path, '/', end - path) : NULL;
	}
	if (!end)
		return NULL;
	start = end > path ? memrchr(path, '/', end - path - 1) : NULL;
	start = start ? start + 1 : path;
	return end > start ? xstrndup(start, end - start) : NULL;
}

/* The counts of a run, and its first failures for the commit message */
struct tally {
	unsigned long tests, fail, notrun;
	struct strbuf failed;
	struct strlist *names;	/* every failing test, once */
	char *why;		/* corrupt or incomplete, or NULL */
	bool corrupt;
};

static void count(struct tally *t, const struct result_file *rf)
{
	size_t i;

	for (i = 0; i < rf->ncases; i++) {
		const struct result_case *c = &rf->cases[i];

		t->tests++;
		if (c->outcome == OUT_NOTRUN)
			t->notrun++;
		if (c->outcome != OUT_FAIL)
			continue;
		t->fail++;
		if (!t->names->n ||
		    strcmp(t->names->v[t->names->n - 1], c->name))
			strlist_add(t->names, xstrdup(c->name));
		if (t->failed.len < 600)
			sb_printf(&t->failed, " %s", c->name);
	}
	for (i = 0; i < rf->nmore; i++)
		count(t, &rf->more[i]);
	if (rf->incomplete && !t->why)
		t->why = xstrdup(rf->why_incomplete ? rf->why_incomplete :
				 "the run stopped early");
}

/* The kernel: KERNEL, else a kdevops <kernel>/<section>/ folder name */
static char *kernel_of(const struct result_file *rf, const char *path)
{
	char *kernel = NULL;
	struct kver v;

	if (rf && result_prop(rf, "KERNEL"))
		kernel = xstrdup(result_prop(rf, "KERNEL"));
	if (!kernel) {
		kernel = path_part(path, 1);
		if (kernel && kver_parse_prefix(kernel, &v, NULL)) {
			free(kernel);
			kernel = NULL;
		}
	}
	return kernel;
}

/*
 * The set-up: a hash of what makes runs of one machine differ (device,
 * mkfs and mount options, the kernel's config), so that runs of other
 * set-ups are never counted together.
 */
void run_set_setup(struct run_record *r)
{
	static const char *const keys[] = {
		"device", "mkfs", "mount", "config-hash", "cpus",
	};
	struct strbuf sb = { 0 };
	char hash[9];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		sb_printf(&sb, "%s=%s\n", keys[i], record_get(r, keys[i]) ?: "");
	snprintf(hash, sizeof(hash), "%08llx",
		 (unsigned long long)(fnv1a(sb.buf, sb.len) & 0xffffffffu));
	record_set(r, "setup", hash);
	sb_free(&sb);
}

/* What the first file says of the run: its kernel, fs, section... */
static void describe(struct new_run *run, const struct result_file *rf,
		     const char *path, const struct add_opts *o)
{
	struct run_record *r = &run->rec;
	char *kernel = kernel_of(rf, path), *section, *fs_guess = NULL;
	char *host = rf && rf->hostname ? xstrdup(rf->hostname) : NULL;
	char *commit = fstests_commit_of_run(o->fstests, path);
	char buf[48];
	const char *fs = rf ? result_prop(rf, "FSTYP") : NULL, *how;
	struct kver v;

	record_set(r, "kernel", kernel ? kernel : "unknown");
	if (kernel && !upstream_version(kernel, NULL, NULL, &v, &how))
		record_set(r, "version", kver_str(&v, buf));
	section = rf && rf->section ? xstrdup(rf->section) : path_part(path, 0);
	if ((!fs || !*fs) && section && strchr(section, '_'))
		fs_guess = xstrndup(section, strchr(section, '_') - section);
	if (fs_guess)
		fs = fs_guess;
	record_set(r, "fs", fs ? fs : "unknown");
	record_set(r, "section", section ? section : "unknown");
	record_set(r, "mkfs", rf ? result_prop(rf, "MKFS_OPTIONS") : NULL);
	record_set(r, "mount", rf ? result_prop(rf, "MOUNT_OPTIONS") : NULL);
	record_set(r, "device", device_kind(fs, rf ? result_prop(rf, "TEST_DEV") :
					    NULL));
	record_set(r, "cpus", rf ? result_prop(rf, "CPUS") : NULL);
	record_set(r, "fstests", commit ? commit : "unknown");
	record_set(r, "started", rf ? rf->started : NULL);
	record_set(r, "host", host);
	/* what the results say, never a folder name (a date, a number) */
	record_set(r, "machine", o->machine ?: host ?: "unknown");
	free(kernel);
	free(section);
	free(host);
	free(fs_guess);
	free(commit);
}

/* The run's id: a hash of its files' content */
static void set_id(struct new_run *run)
{
	uint64_t h = 0;
	size_t i;

	for (i = 0; i < run->n; i++)
		h = h * 1099511628211ull ^ fnv1a(run->f[i].data, run->f[i].len) ^
			run->f[i].len;
	snprintf(run->id, sizeof(run->id), "%016llx", (unsigned long long)h);
}

static int read_files(char *const *paths, size_t n, bool named,
		      struct new_run *run, char **err)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct run_file *f = array_push(&run->f, &run->n, &run->alloc,
						sizeof(*f));
		bool stream = named && is_named_stream(paths[i]);

		if ((named ? read_named : read_file)(paths[i], stream ?
						     STREAM_MAX : RESULT_MAX,
						     &f->data, &f->len)) {
			*err = errno == EFBIG && stream ?
			       xasprintf("%s: a pipe or device of over 64 MiB: name a file",
					 paths[i]) :
			       xasprintf("%s: %s", paths[i], errstr(errno));
			return -1;
		}
	}
	return 0;
}

static void summarize(struct new_run *run, const struct tally *t,
		      const char *source)
{
	const struct run_record *r = &run->rec;

	sb_printf(&run->summary, "%s %s on %s (%s): %lu tests, %lu failures\n\n",
		  record_get(r, "fs"), record_get(r, "section"),
		  record_get(r, "kernel"), record_get(r, "machine"),
		  t->tests, t->fail);
	sb_printf(&run->summary, "Status: %s\n", record_get(r, "status"));
	sb_printf(&run->summary, "Tests: %lu, failures: %lu, not run: %lu\n",
		  t->tests, t->fail, t->notrun);
	if (t->failed.len)
		sb_printf(&run->summary, "Failures:%s%s\n", t->failed.buf,
			  t->failed.len >= 600 ? " ..." : "");
	sb_printf(&run->summary, "Source: %s\nRun: %s\n", source, run->id);
	/* a commit message is UTF-8: a name's other bytes as \xNN */
	if (utf8_valid_len(run->summary.buf, run->summary.len) !=
	    run->summary.len) {
		struct strbuf valid = { 0 };

		sb_add_utf8(&valid, run->summary.buf, run->summary.len);
		sb_free(&run->summary);
		run->summary = valid;
	}
}

static int add_config(struct new_run *run, const char *path, char **err)
{
	char *buf;
	size_t len;
	char hash[17];

	/* --config: named on the command line, a pipe will do */
	if (read_named(path, CONFIG_MAX, &buf, &len)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		return -1;
	}
	snprintf(hash, sizeof(hash), "%016llx",
		 (unsigned long long)fnv1a(buf, len));
	record_set(&run->rec, "config-hash", hash);
	sb_add(&run->config, buf, len);
	free(buf);
	return 0;
}

/*
 * Where the run came from, as the archive keeps it: from the last
 * component of the RESULTS named down ("results/ext4_4k/result.xml"),
 * the folders above it left out.
 */
char *run_source(const char *path, const char *root)
{
	size_t len = root ? strlen(root) : 0;
	const char *base, *rest = "";

	while (len > 1 && root[len - 1] == '/')
		len--;
	if (!len || strncmp(path, root, len) ||
	    (path[len] && path[len] != '/' && root[len - 1] != '/')) {
		base = strrchr(path, '/');
		return xstrdup(base ? base + 1 : path);
	}
	rest = path + len;
	while (*rest == '/')
		rest++;
	base = memrchr(root, '/', len - 1);
	base = base ? base + 1 : root;
	len -= base - root;
	if (!len || (len == 1 && *base == '.') ||
	    (len == 2 && !strncmp(base, "..", 2)) || *base == '/')
		return xstrdup(*rest ? rest : "result.xml");
	return *rest ? xasprintf("%.*s/%s", (int)len, base, rest) :
		       xstrndup(base, len);
}

int run_make(char *const *paths, size_t n, bool named,
	     const struct add_opts *o, struct new_run *run, char **err)
{
	char *source;
	int ret;

	if (read_files(paths, n, named, run, err))
		return -1;
	source = run_source(paths[0], o->root);
	ret = run_make_read(paths[0], source, o, run, err);
	free(source);
	if (!ret && !(named && is_named_stream(paths[0]))) {
		char count[24];

		run_logs_read(paths, n, &run->failed, &run->logs);
		snprintf(count, sizeof(count), "%zu", run->logs.n);
		if (run->logs.n)
			record_set(&run->rec, "logs", count);
	}
	return ret;
}

/* Parse each file, count; *rf holds the first when it parses */
static bool parse_all(const struct new_run *run, const char *source,
		      struct result_file *rf, struct tally *t)
{
	bool parsed = false;
	char *why = NULL;
	size_t i;

	for (i = 0; i < run->n; i++) {
		struct result_file one = { 0 };

		/* messages name the source, never a local path */
		if (result_read_buf(source, run->f[i].data, run->f[i].len,
				    i ? &one : rf, &why)) {
			t->corrupt = true;
			if (!t->why)
				t->why = why;
			else
				free(why);
			continue;
		}
		count(t, i ? &one : rf);
		parsed |= !i;
		if (i)
			result_free(&one);
	}
	return parsed;
}

int run_make_read(const char *path, const char *source,
		  const struct add_opts *o, struct new_run *run, char **err)
{
	struct result_file rf = { 0 };
	struct tally t = { .names = &run->failed };
	bool parsed;
	char *why;
	int ret = 0;

	set_id(run);
	parsed = parse_all(run, source, &rf, &t);
	record_set(&run->rec, "run", run->id);
	describe(run, parsed ? &rf : NULL, path, o);
	if (o->config && add_config(run, o->config, err))
		ret = -1;
	run_set_setup(&run->rec);
	why = xasprintf("%s%s%s", t.corrupt ? "corrupt" : t.why ? "incomplete" :
			"complete", t.why ? ": " : "", t.why ? t.why : "");
	record_set(&run->rec, "status", why);
	free(why);
	why = xasprintf("%lu %lu %lu", t.tests, t.fail, t.notrun);
	record_set(&run->rec, "tests-failures-notrun", why);
	free(why);
	record_set(&run->rec, "source", source);
	summarize(run, &t, source);
	if (parsed)
		result_free(&rf);
	free(t.why);
	sb_free(&t.failed);
	return ret;
}

void new_run_free(struct new_run *run)
{
	size_t i;

	for (i = 0; i < run->n; i++)
		free(run->f[i].data);
	free(run->f);
	record_free(&run->rec);
	sb_free(&run->config);
	sb_free(&run->summary);
	strlist_free(&run->failed);
	run_logs_free(&run->logs);
	memset(run, 0, sizeof(*run));
}
