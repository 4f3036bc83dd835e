// SPDX-License-Identifier: GPL-2.0
/*
 * "update --archive": the runs of a results archive summed up
 * (archive-agg.c), then turned into data changes: flaky and fail entries
 * whose rates are measured per section and machine, and removals after
 * passes in a row.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/archive-git.h"
#include "entries/compact-rel.h"
#include "entries/data-dir.h"
#include "entries/select.h"
#include "fstests/tree.h"
#include "update/archive.h"
#include "update/archive-agg.h"
#include "update/rules.h"

/* How many seen= versions at most: the newest */
#define SEEN_MAX	4
/* How many cells a line's comment names at most */
#define COMMENT_CELLS	2

/* The planner: the data of one filesystem at a time, and the plan */
struct aplan {
	const struct update_opts *o;
	struct update_plan *p;
	struct datadir dd;
	struct dataset ds;
	char *ds_fs;
	char *origin;		/* from=results:NAME */
	char *rev;		/* the archive's commit, for the message */
	unsigned long few;	/* tests failing in fewer than --min-runs runs */
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

/* A cell's counts over its kernels: runs, failed runs, and its class */
struct tally {
	unsigned int runs, fail, sfail;
	bool mixed, change, failed;
};

/*
 * Over the kernels of a cell (oldest first, as the runs came): mixed
 * where one kernel passed and failed (not a change point), or where
 * failing and passing kernels take turns more than once (a regression
 * or a fix changes once).
 */
static struct tally cell_tally(const struct cell *c, unsigned int min_runs)
{
	struct tally t = { .sfail = c->sfail };
	unsigned int turns = 0;
	int last = -1;
	size_t i;

	for (i = 0; i < c->nk; i++) {
		enum kclass k = kstate_class(&c->k[i], min_runs);
		int failing = k != KC_PASS;

		t.runs += c->k[i].pass + c->k[i].fail;
		t.fail += c->k[i].fail;
		t.mixed |= k == KC_MIXED;
		t.change |= k == KC_CHANGE;
		turns += last >= 0 && failing != last;
		last = failing;
	}
	t.mixed |= turns > 1;
	t.failed = t.fail || t.sfail;
	return t;
}

/* Is section the section of more than one cell (machines, set-ups)? */
static bool shared_section(const struct arow *r, const char *section)
{
	size_t i, n = 0;

	for (i = 0; i < r->nc; i++)
		n += !strcmp(r->c[i].section, section);
	return n > 1;
}

/* "failed 5/5 runs in xfs_crc, 2/9 in xfs_nocrc": each cell's own rate */
static void comment_rates(const struct arow *r, unsigned int min_runs,
			  struct strbuf *sb)
{
	size_t i, n = 0, more = 0;

	sb_puts(sb, "  # failed");
	for (i = 0; i < r->nc; i++) {
		struct tally t = cell_tally(&r->c[i], min_runs);

		if (!t.failed)
			continue;
		if (n++ >= COMMENT_CELLS) {
			more++;
			continue;
		}
		sb_printf(sb, "%s %u/%u%s in %s", n > 1 ? "," : "", t.fail,
			  t.runs, n > 1 ? "" : " runs", r->c[i].section);
		if (shared_section(r, r->c[i].section))
			sb_printf(sb, " on %s", r->c[i].machine);
		if (t.sfail)
			sb_printf(sb, " +%u summary", t.sfail);
	}
	if (more)
		sb_printf(sb, ", %zu more", more);
	sb_puts(sb, " (archive)");
}

/* The evidence: each cell, each kernel, and the change points */
static void evidence(const struct arow *r, unsigned int min_runs,
		     struct strbuf *sb)
{
	size_t i, j;

	for (i = 0; i < r->nc; i++) {
		const struct cell *c = &r->c[i];

		sb_printf(sb, "    %s on %s:", c->section, c->machine);
		for (j = 0; j < c->nk; j++)
			sb_printf(sb, "%s %s %u/%u runs failed", j ? "," : "",
				  c->k[j].kernel, c->k[j].fail,
				  c->k[j].pass + c->k[j].fail);
		if (c->sfail)
			sb_printf(sb, "%s failing in %u summary-only run(s)",
				  c->nk ? "," : "", c->sfail);
		sb_puts(sb, "\n");
		for (j = 0; j < c->nk; j++)
			if (kstate_class(&c->k[j], min_runs) == KC_CHANGE)
				sb_printf(sb,
					  "      change point on %s: %s %u runs, then failed %u from run %s\n",
					  c->k[j].kernel, "passed", c->k[j].lead,
					  c->k[j].fail, c->k[j].first_fail);
	}
}

/* The sections it failed in, for section= */
static void failing_sections(const struct arow *r, unsigned int min_runs,
			     struct strbuf *sb)
{
	size_t i, j;

	for (i = 0; i < r->nc; i++) {
		if (!cell_tally(&r->c[i], min_runs).failed)
			continue;
		for (j = 0; j < i; j++)
			if (!strcmp(r->c[j].section, r->c[i].section) &&
			    cell_tally(&r->c[j], min_runs).failed)
				break;
		if (j == i)
			sb_printf(sb, "%s%s", sb->len ? "," : "", r->c[i].section);
	}
}

/*
 * A test no entry names that failed: a flaky entry where a cell mixed
 * passes and failures on one kernel (not a change point), else a fail
 * entry; either only with failures in --min-runs runs or more.
 */
static void propose_new(struct aplan *pl, const struct arow *r)
{
	unsigned int min_runs = pl->o->min_runs, failed = 0;
	struct strbuf line = { 0 }, sect = { 0 }, seen = { 0 };
	bool flaky = false, change = false;
	char *file;
	size_t i;

	for (i = 0; i < r->nc; i++) {
		struct tally t = cell_tally(&r->c[i], min_runs);

		failed += t.fail + t.sfail;
		flaky |= t.mixed;
		change |= t.change;
	}
	if (failed < min_runs) {
		pl->few += failed > 0;
		return;
	}
	failing_sections(r, min_runs, &sect);
	seen_list(r, &seen);
	sb_printf(&line, "%s %s section=%s from=%s seen=%s", r->test,
		  flaky ? "flaky" : "fail", sect.buf, pl->origin, seen.buf);
	comment_rates(r, min_runs, &line);
	file = xasprintf("%s/%s.expunge", pl->dd.dir ? pl->dd.dir : "data",
			 r->fs);
	if (update_line_ok(file, 0, line.buf)) {
		add_edit(pl, file, 0, xstrdup(line.buf));
		sb_printf(&pl->p->message, "%s: new %s entry in %s.expunge: %s %u run(s) on %s%s\n",
			  r->test, flaky ? "flaky" : "fail", r->fs, "failed in", failed,
			  seen.buf, change ? " (a change point, not a flake)" : "");
		evidence(r, min_runs, &pl->p->message);
	}
	free(file);
	sb_free(&line);
	sb_free(&sect);
	sb_free(&seen);
}

/* Does entry e apply to version v (since=, fixed=, until=)? */
static bool applies_to(const struct entry *e, const struct kver *v)
{
	return (!e->has_since || kver_list_matches(&e->since, v, NULL)) &&
		(!e->has_fixed || !kver_list_matches(&e->fixed, v, NULL)) &&
		(!e->has_until || !kver_list_matches(&e->until, v, NULL));
}

/*
 * Did the test pass the last K runs of every series the entry applies to,
 * in every cell (section, machine) of the entry's sections? *why: the
 * trails. False when no such cell and series ran.
 */
static bool passes_where_it_applies(const struct aplan *pl,
				    const struct arow *r,
				    const struct entry *e, struct strbuf *why)
{
	size_t i, j, n = 0;
	char buf[48];

	for (i = 0; i < r->nc; i++) {
		const struct cell *c = &r->c[i];

		if (e->sections && !section_matches(e->sections, r->fs,
						    c->section))
			continue;
		for (j = 0; j < c->nser; j++) {
			if (!applies_to(e, &c->ser[j].last))
				continue;
			if (c->ser[j].trail < pl->o->passes)
				return false;
			if (n++ < 3)
				sb_printf(why, "%s%s %s: %u", n > 1 ? ", " : "",
					  c->section, kver_str(&c->ser[j].last, buf),
					  c->ser[j].trail);
		}
	}
	if (n > 3)
		sb_printf(why, ", %zu more", n - 3);
	return n > 0;
}

/* An entry whose test passed the last K runs wherever it applies: removed */
static void propose_removal(struct aplan *pl, const struct arow *r,
			    const struct entry *e)
{
	struct strbuf why = { 0 };

	/* only an entry with no config condition, where it ran */
	if (e->cond || !passes_where_it_applies(pl, r, e, &why)) {
		sb_free(&why);
		return;
	}
	/* a person's line is a person's to remove: said, not done */
	if (!entry_hand(e))
		add_edit(pl, e->file, e->line, NULL);
	sb_printf(&pl->p->message, "%s: passed the last %u runs or more %s (%s): ",
		  r->test, pl->o->passes, "wherever the entry applies", why.buf);
	sb_printf(&pl->p->message, "%s the %s entry (%s:%u)\n",
		  entry_hand(e) ? "hand-written, so not removed:" : "remove",
		  kind_name(e->kind), entry_file(e), e->line);
	evidence(r, pl->o->min_runs, &pl->p->message);
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
	if (!named && r->nseen)
		propose_new(pl, r);
}

/* from=results:NAME: the archive's folder name (its commit is said apart) */
static char *origin(const char *dir)
{
	const char *base = strrchr(dir, '/');
	char *name, *p, *o;

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
	o = xasprintf("results:%s", *name ? name : "archive");
	free(name);
	return o;
}

/* What was left out, said once on stderr; the message's last lines */
static void say_left_out(const struct aplan *pl, const struct agg *a)
{
	struct strbuf k = { 0 };
	size_t i;

	for (i = 0; i < a->apart_kernels.n && i < 4; i++)
		sb_printf(&k, "%s%s", i ? ", " : "", a->apart_kernels.v[i]);
	if (a->apart)
		pr_warn("update: %lu runs of linux-next or patched kernels kept apart from upstream versions, not counted (%s%s)",
			a->apart, k.buf, a->apart_kernels.n > 4 ? ", ..." : "");
	if (pl->few)
		pr_warn("update: %lu tests failed in fewer than --min-runs %u runs: no entry",
			pl->few, pl->o->min_runs);
	if (pl->p->n)
		sb_printf(&pl->p->message,
			  "\nMeasured over %lu of the %lu runs of the results archive %s%s%s\n",
			  a->used, a->runs, pl->origin + strlen("results:"),
			  pl->rev ? "@" : "", pl->rev ?: "");
	if (pl->p->n)
		sb_printf(&pl->p->message,
			  "(%lu summary-only: failures only; %lu broken and %lu %s).\n",
			  a->summary, a->broken, a->apart,
			  "of linux-next or patched kernels left out");
	sb_free(&k);
}

int update_plan_archive(const struct update_opts *o, struct update_plan *p)
{
	struct agg a = { .fs = o->fs, .archive = o->archive };
	struct aplan pl = { .o = o, .p = p };
	char *err = NULL;
	size_t i;

	if (archive_each(o->archive, agg_want, agg_add_run, &a, &err) ||
	    datadir_find(o->data, &pl.dd, &err)) {
		if (err)	/* else agg_add_run() said why */
			pr_err("%s", err);
		free(err);
		agg_free(&a);
		return EXIT_USAGE;
	}
	pl.origin = origin(o->archive);
	pl.rev = archive_git_head(o->archive);
	agg_sort(&a);
	for (i = 0; i < a.n; i++)
		if (valid_test_name(a.r[i].test))
			plan_row(&pl, &a.r[i]);
	say_left_out(&pl, &a);
	agg_free(&a);
	datadir_free(&pl.dd);
	dataset_free(&pl.ds);
	free(pl.ds_fs);
	free(pl.origin);
	free(pl.rev);
	return EXIT_OK;
}
