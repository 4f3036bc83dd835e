// SPDX-License-Identifier: GPL-2.0
/*
 * "update --archive": the runs of a results archive, oldest first, summed
 * up per filesystem and test (memory grows with the tests, not the
 * runs), then turned into data changes: flaky entries with measured
 * rates, fail entries, and removals after passes in a row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/archive.h"
#include "archive/archive-git.h"
#include "update/archive.h"
#include "entries/compact-rel.h"
#include "entries/data-dir.h"
#include "entries/select.h"
#include "fstests/tree.h"
#include "kernel/version.h"
#include "lib/escape.h"
#include "lib/strmap.h"

/* How many seen= versions at most: the newest */
#define SEEN_MAX	4

/* One kernel series (x.y) of a test: its passes since the last failure */
struct series {
	unsigned int major, minor;
	unsigned int trail;
};

struct sect {
	char *name;
	unsigned int runs, fail;
};

/* What every run of the archive says of one test of one filesystem */
struct arow {
	char *fs, *test;
	unsigned int runs, fail, mixed;
	struct sect *s;
	size_t ns, as;
	struct series *ser;
	size_t nser, aser;
	struct kver *seen;	/* failing versions, ascending, no repeats */
	size_t nseen, aseen;
};

struct agg {
	struct strmap ix;
	struct arow *r;
	size_t n, alloc;
	const char *fs;		/* --fs, or NULL */
	const char *archive;	/* its folder, for messages */
	unsigned long runs;
};

static struct arow *row_of(struct agg *a, const char *fs, const char *test)
{
	char *key = xasprintf("%s %s", fs, test);
	bool added;
	int *ix = strmap_get(&a->ix, key, strlen(key), true, &added);

	free(key);
	if (added) {
		*ix = a->n;
		array_push(&a->r, &a->n, &a->alloc, sizeof(*a->r));
		a->r[*ix].fs = xstrdup(fs);
		a->r[*ix].test = xstrdup(test);
	}
	return &a->r[*ix];
}

static struct sect *sect_of(struct arow *r, const char *section)
{
	size_t i;

	for (i = 0; i < r->ns; i++)
		if (!strcmp(r->s[i].name, section))
			return &r->s[i];
	array_push(&r->s, &r->ns, &r->as, sizeof(*r->s));
	r->s[i].name = xstrdup(section);
	return &r->s[i];
}

static struct series *series_of(struct arow *r, const struct kver *v)
{
	size_t i;

	for (i = 0; i < r->nser; i++)
		if (r->ser[i].major == v->major && r->ser[i].minor == v->minor)
			return &r->ser[i];
	array_push(&r->ser, &r->nser, &r->aser, sizeof(*r->ser));
	r->ser[i].major = v->major;
	r->ser[i].minor = v->minor;
	return &r->ser[i];
}

static void add_seen(struct arow *r, const struct kver *v)
{
	size_t i;

	for (i = 0; i < r->nseen; i++)
		if (!kver_cmp(&r->seen[i], v))
			return;
	array_push(&r->seen, &r->nseen, &r->aseen, sizeof(*r->seen));
	for (i = r->nseen - 1; i > 0 && kver_cmp(&r->seen[i - 1], v) > 0; i--)
		r->seen[i] = r->seen[i - 1];
	r->seen[i] = *v;
}

/* One test of one run: its attempts are consecutive testcases */
static void add_outcome(struct agg *a, const struct run_record *rec,
			const struct kver *v, const char *test,
			unsigned int pass, unsigned int fail)
{
	const char *fs = record_get(rec, "fs"), *section;
	struct arow *r = row_of(a, fs ? fs : "unknown", test);
	struct series *ser = series_of(r, v);
	struct sect *s;

	section = record_get(rec, "section");
	s = sect_of(r, section ? section : "unknown");
	r->runs++;
	s->runs++;
	r->fail += !!fail;
	s->fail += !!fail;
	r->mixed += pass && fail;
	ser->trail = fail ? 0 : ser->trail + 1;
	if (fail)
		add_seen(r, v);
}

static void add_file(struct agg *a, const struct run_record *rec,
		     const struct kver *v, const struct result_file *rf)
{
	size_t i, j;

	for (i = 0; i < rf->ncases; i = j) {
		unsigned int pass = 0, fail = 0;

		for (j = i; j < rf->ncases &&
		     !strcmp(rf->cases[j].name, rf->cases[i].name); j++) {
			pass += rf->cases[j].outcome == OUT_PASS;
			fail += rf->cases[j].outcome == OUT_FAIL;
		}
		if (pass || fail)
			add_outcome(a, rec, v, rf->cases[i].name, pass, fail);
	}
	for (i = 0; i < rf->nmore; i++)
		add_file(a, rec, v, &rf->more[i]);
}

/* Runs of the filesystem asked for, with a kernel version */
static bool want(const struct run_record *rec, void *arg)
{
	const struct agg *a = arg;
	const char *fs = record_get(rec, "fs");
	const char *version = record_get(rec, "version");
	struct kver v;

	return (!a->fs || str_same(fs, a->fs)) && version &&
		!kver_parse(version, &v);
}

static int add_run(struct archive_run *run, void *arg)
{
	struct agg *a = arg;
	const char *fs = record_get(&run->rec, "fs");
	struct kver v;
	char *q;

	/* as for a results file: a FSTYP must not choose where update writes */
	if (fs && !valid_fs_name(fs)) {
		q = quote_input(fs, QUOTE_MAX);
		pr_err("%s/runs/%s/run: FSTYP '%s' is not a filesystem name: not read",
		       a->archive, run->id, q);
		free(q);
		return -1;
	}
	a->runs++;
	if (!run->readable ||
	    kver_parse(record_get(&run->rec, "version"), &v))
		return 0;
	add_file(a, &run->rec, &v, &run->rf);
	return 0;
}

static void row_free(struct arow *r)
{
	size_t i;

	for (i = 0; i < r->ns; i++)
		free(r->s[i].name);
	free(r->s);
	free(r->ser);
	free(r->seen);
	free(r->fs);
	free(r->test);
}

static void agg_free(struct agg *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		row_free(&a->r[i]);
	free(a->r);
	strmap_free(&a->ix);
}

static int row_cmp(const void *x, const void *y)
{
	const struct arow *a = x, *b = y;
	int c = strcmp(a->fs, b->fs);

	return c ? c : strcmp(a->test, b->test);
}

/* The planner: the data of one filesystem at a time, and the plan */
struct aplan {
	const struct update_opts *o;
	struct update_plan *p;
	struct datadir dd;
	struct dataset ds;
	char *ds_fs;
	char *origin;		/* from=results:NAME@REV */
};

/* The entries of fs (every one, whatever it applies to) */
static const struct dataset *data_of(struct aplan *pl, const char *fs)
{
	struct diag d = { 0 };
	char *err = NULL;

	if (pl->ds_fs && !strcmp(pl->ds_fs, fs))
		return &pl->ds;
	dataset_free(&pl->ds);
	memset(&pl->ds, 0, sizeof(pl->ds));
	free(pl->ds_fs);
	pl->ds_fs = xstrdup(fs);
	if (datadir_load(&pl->dd, fs, &pl->ds, &d, &err))
		free(err);	/* no data for fs: nothing in it */
	diag_free(&d);
	return &pl->ds;
}

static void add_edit(struct aplan *pl, const char *file, unsigned int line,
		     char *text)
{
	struct data_edit *e = array_push(&pl->p->e, &pl->p->n, &pl->p->alloc,
					 sizeof(*e));

	e->file = xstrdup(file);
	e->line = line;
	e->text = text;
}

/* "6.6.3,6.6.4": the newest failing versions */
static void seen_list(const struct arow *r, struct strbuf *sb)
{
	size_t i = r->nseen > SEEN_MAX ? r->nseen - SEEN_MAX : 0;
	char buf[48];

	for (; i < r->nseen; i++)
		sb_printf(sb, "%s%s", sb->len ? "," : "",
			  kver_str(&r->seen[i], buf));
}

/* " section=a,b" when the test never failed in some other section */
static void section_cond(const struct arow *r, struct strbuf *sb)
{
	bool clean = false;
	size_t i, n = 0;

	for (i = 0; i < r->ns; i++)
		clean |= !r->s[i].fail;
	if (!clean)
		return;
	sb_puts(sb, " section=");
	for (i = 0; i < r->ns; i++)
		if (r->s[i].fail)
			sb_printf(sb, "%s%s", n++ ? "," : "", r->s[i].name);
}

static void sections_evidence(const struct arow *r, struct strbuf *sb)
{
	size_t i;

	for (i = 0; i < r->ns; i++)
		sb_printf(sb, "%s %s %u/%u runs failed", i ? "," : "   ",
			  r->s[i].name, r->s[i].fail, r->s[i].runs);
	sb_puts(sb, "\n");
}

/* A test no entry names that failed: a flaky or a fail entry */
static void propose_new(struct aplan *pl, const struct arow *r)
{
	bool flaky = r->fail < r->runs || r->mixed;
	struct strbuf cond = { 0 }, seen = { 0 };
	char *file;

	section_cond(r, &cond);
	seen_list(r, &seen);
	file = xasprintf("%s/%s.expunge", pl->dd.dir ? pl->dd.dir : "data",
			 r->fs);
	sb_printf(&cond, " from=%s seen=%s", pl->origin, seen.buf);
	add_edit(pl, file, 0,
		 xasprintf("%-12s %s%s  # failed %u/%u runs (%u%%) in the archive%s",
			   r->test, flaky ? "flaky " : "fail  ", cond.buf,
			   r->fail, r->runs, 100 * r->fail / r->runs,
			   r->mixed ? ", passed on a retry in some" : ""));
	sb_printf(&pl->p->message, "%s: new %s entry in %s.expunge: failed %u of %u runs, on %s\n",
		  r->test, flaky ? "flaky" : "fail", r->fs, r->fail, r->runs,
		  seen.buf);
	sections_evidence(r, &pl->p->message);
	free(file);
	sb_free(&cond);
	sb_free(&seen);
}

/* An entry whose test passed the last K runs of every series: removed */
static void propose_removal(struct aplan *pl, const struct arow *r,
			    const struct entry *e)
{
	struct strbuf why = { 0 };
	bool ran = !e->sections;
	size_t i;

	/* only an entry for sections that ran, with no config condition */
	for (i = 0; i < r->ns && !ran; i++)
		ran = section_matches(e->sections, r->fs, r->s[i].name);
	if (!ran || e->cond)
		return;
	for (i = 0; i < r->nser; i++) {
		if (r->ser[i].trail < pl->o->passes) {
			sb_free(&why);
			return;
		}
		sb_printf(&why, "%s%u.%u: %u", i ? ", " : "", r->ser[i].major,
			  r->ser[i].minor, r->ser[i].trail);
	}
	/* a person's line is a person's to remove: said, not done */
	if (!entry_hand(e))
		add_edit(pl, e->file, e->line, NULL);
	sb_printf(&pl->p->message, "%s: passed the last %u runs or more of every series (%s): ",
		  r->test, pl->o->passes, why.buf);
	sb_printf(&pl->p->message, "%s the %s entry (%s:%u)\n",
		  entry_hand(e) ? "hand-written, so not removed:" : "remove",
		  kind_name(e->kind), entry_file(e), e->line);
	sections_evidence(r, &pl->p->message);
	sb_free(&why);
}

static void plan_row(struct aplan *pl, const struct arow *r)
{
	const struct dataset *ds = data_of(pl, r->fs);
	bool named = false;
	size_t i;

	for (i = 0; i < ds->n; i++) {
		const struct entry *e = &ds->entries[i];

		if (strcmp(e->test, r->test))
			continue;
		named = true;
		if (e->kind != KIND_EXPUNGE)
			propose_removal(pl, r, e);
	}
	if (!named && r->fail)
		propose_new(pl, r);
}

/* from=results:NAME@REV: the archive's folder name and its git HEAD */
static char *origin(const char *dir)
{
	const char *base = strrchr(dir, '/');
	char *name, *rev = archive_git_head(dir), *p, *o;

	while (base && !base[1] && base > dir)
		base = memrchr(dir, '/', base - dir);
	name = xstrdup(base ? base + 1 : dir);
	p = strchr(name, '/');
	if (p)
		*p = '\0';
	for (p = name; *p; p++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-",
			    *p))
			*p = '-';
	o = rev ? xasprintf("results:%s@%s", *name ? name : "archive", rev) :
		xasprintf("results:%s", *name ? name : "archive");
	free(name);
	free(rev);
	return o;
}

int update_plan_archive(const struct update_opts *o, struct update_plan *p)
{
	struct agg a = { .fs = o->fs, .archive = o->archive };
	struct aplan pl = { .o = o, .p = p };
	char *err = NULL;
	size_t i;

	if (archive_each(o->archive, want, add_run, &a, &err) ||
	    datadir_find(o->data, &pl.dd, &err)) {
		if (err)	/* else add_run() said why */
			pr_err("%s", err);
		free(err);
		agg_free(&a);
		return EXIT_USAGE;
	}
	pl.origin = origin(o->archive);
	if (a.n)
		qsort(a.r, a.n, sizeof(*a.r), row_cmp);
	for (i = 0; i < a.n; i++)
		if (valid_test_name(a.r[i].test))
			plan_row(&pl, &a.r[i]);
	if (p->n)
		sb_printf(&p->message, "\nMeasured over %lu runs of the results archive %s.\n",
			  a.runs, pl.origin + strlen("results:"));
	agg_free(&a);
	datadir_free(&pl.dd);
	dataset_free(&pl.ds);
	free(pl.ds_fs);
	free(pl.origin);
	return EXIT_OK;
}
