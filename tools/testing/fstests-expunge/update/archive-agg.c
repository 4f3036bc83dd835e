// SPDX-License-Identifier: GPL-2.0
/*
 * "update --archive": the runs of a results archive, oldest first, summed
 * up per filesystem and test, apart per section, machine and kernel
 * (memory grows with the tests and cells, not the runs). Broken runs and
 * runs of linux-next or patched kernels are left out, and said.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entries/data-dir.h"
#include "entries/select.h"
#include "lib/escape.h"
#include "update/archive-agg.h"

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

static struct cell *cell_of(struct arow *r, const char *section,
			    const char *machine)
{
	struct cell *c;
	size_t i;

	for (i = 0; i < r->nc; i++)
		if (!strcmp(r->c[i].section, section) &&
		    !strcmp(r->c[i].machine, machine))
			return &r->c[i];
	c = array_push(&r->c, &r->nc, &r->ac, sizeof(*c));
	c->section = xstrdup(section);
	c->machine = xstrdup(machine);
	return c;
}

static struct kstate *kstate_of(struct cell *c, const char *kernel,
				const struct kver *v)
{
	struct kstate *k;
	size_t i;

	for (i = 0; i < c->nk; i++)
		if (!strcmp(c->k[i].kernel, kernel))
			return &c->k[i];
	k = array_push(&c->k, &c->nk, &c->ak, sizeof(*k));
	k->kernel = xstrdup(kernel);
	k->v = *v;
	return k;
}

static struct series *series_of(struct cell *c, const struct kver *v)
{
	size_t i;

	for (i = 0; i < c->nser; i++)
		if (c->ser[i].last.major == v->major &&
		    c->ser[i].last.minor == v->minor)
			break;
	if (i == c->nser)
		array_push(&c->ser, &c->nser, &c->aser, sizeof(*c->ser));
	if (kver_cmp(&c->ser[i].last, v) < 0)
		c->ser[i].last = *v;
	return &c->ser[i];
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

/* What a run is, for the test lines it gives */
struct run_ctx {
	const struct archive_run *run;
	const char *fs, *section, *kernel;
	char *machine;
	struct kver v;
};

/* One test of one run: failed (fail), passed (pass) or both (retries) */
static void add_outcome(struct agg *a, const struct run_ctx *x,
			const char *test, unsigned int pass, unsigned int fail)
{
	struct arow *r = row_of(a, x->fs, test);
	struct cell *c = cell_of(r, x->section, x->machine);
	struct series *ser = series_of(c, &x->v);
	struct kstate *k;

	ser->trail = fail ? 0 : ser->trail + 1;
	if (fail)
		add_seen(r, &x->v);
	if (x->run->summary_only) {	/* a failure observed, nothing more */
		c->sfail++;
		return;
	}
	k = kstate_of(c, x->kernel, &x->v);
	k->fail += !!fail;
	k->pass += !fail;
	k->mixed += pass && fail;
	if (fail && !k->first_fail)
		k->first_fail = xasprintf("%s (%s)", x->run->id,
					  record_get(&x->run->rec, "started") ?: "no date");
	if (!fail && !k->fail)
		k->lead++;
	if (!fail && k->fail)
		k->pass_after_fail = true;
}

static void add_file(struct agg *a, const struct run_ctx *x,
		     const struct result_file *rf)
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
			add_outcome(a, x, rf->cases[i].name, pass, fail);
	}
	for (i = 0; i < rf->nmore; i++)
		add_file(a, x, &rf->more[i]);
}

/* Runs of the filesystem asked for, with a kernel version */
bool agg_want(const struct run_record *rec, void *arg)
{
	const struct agg *a = arg;
	const char *fs = record_get(rec, "fs");
	const char *version = record_get(rec, "version");
	struct kver v;

	return (!a->fs || str_same(fs, a->fs)) && version &&
		!kver_parse(version, &v);
}

/* A run left out: broken, or of a kernel kept apart. Said, and true */
static bool left_out(struct agg *a, const struct archive_run *run)
{
	const struct run_record *rec = &run->rec;
	const char *kernel = record_get(rec, "kernel") ?: "unknown";
	size_t i;

	if (run->broken) {
		a->broken++;
		pr_warn("update: a broken run, left out of every rate: %s (%s %s on %s, %s): %s",
			record_get(rec, "source") ?: run->id,
			record_get(rec, "fs"), record_get(rec, "section"), kernel,
			record_get(rec, "machine"), run->broken);
		return true;
	}
	if (kernel_line(kernel) == KLINE_UPSTREAM)
		return false;
	a->apart++;
	for (i = 0; i < a->apart_kernels.n; i++)
		if (!strcmp(a->apart_kernels.v[i], kernel))
			return true;
	strlist_add(&a->apart_kernels, xstrdup(kernel));
	return true;
}

int agg_add_run(struct archive_run *run, void *arg)
{
	struct agg *a = arg;
	struct run_ctx x = { .run = run };
	size_t i;
	char *q;

	x.fs = record_get(&run->rec, "fs");
	/* as for a results file: a FSTYP must not choose where update writes */
	if (x.fs && !valid_fs_name(x.fs)) {
		q = quote_input(x.fs, QUOTE_MAX);
		pr_err("%s/runs/%s/run: FSTYP '%s' is not a filesystem name: not read",
		       a->archive, run->id, q);
		free(q);
		return -1;
	}
	a->runs++;
	if ((!run->readable && !run->summary_only) || left_out(a, run) ||
	    kver_parse(record_get(&run->rec, "version"), &x.v))
		return 0;
	a->used++;
	a->summary += run->summary_only;
	x.fs = x.fs ?: "unknown";
	x.section = record_get(&run->rec, "section") ?: "unknown";
	x.kernel = record_get(&run->rec, "kernel") ?: "unknown";
	x.machine = xasprintf("%s [%s]", record_get(&run->rec, "machine") ?: "unknown",
			      record_get(&run->rec, "setup") ?: "-");
	if (run->summary_only)
		for (i = 0; i < run->failed.n; i++)
			add_outcome(a, &x, run->failed.v[i], 0, 1);
	else
		add_file(a, &x, &run->rf);
	free(x.machine);
	return 0;
}

enum kclass kstate_class(const struct kstate *k, unsigned int min_runs)
{
	if (!k->fail)
		return KC_PASS;
	if (!k->pass && !k->mixed)
		return KC_FAIL;
	/* passes, then failures only, min_runs of them: something changed */
	if (k->lead == k->pass && !k->pass_after_fail && !k->mixed &&
	    k->fail >= min_runs)
		return KC_CHANGE;
	return KC_MIXED;
}

static int row_cmp(const void *x, const void *y)
{
	const struct arow *a = x, *b = y;
	int c = strcmp(a->fs, b->fs);

	return c ? c : strcmp(a->test, b->test);
}

void agg_sort(struct agg *a)
{
	if (a->n)
		qsort(a->r, a->n, sizeof(*a->r), row_cmp);
}

static void row_free(struct arow *r)
{
	size_t i, j;

	for (i = 0; i < r->nc; i++) {
		for (j = 0; j < r->c[i].nk; j++) {
			free(r->c[i].k[j].kernel);
			free(r->c[i].k[j].first_fail);
		}
		free(r->c[i].k);
		free(r->c[i].ser);
		free(r->c[i].section);
		free(r->c[i].machine);
	}
	free(r->c);
	free(r->seen);
	free(r->fs);
	free(r->test);
}

void agg_free(struct agg *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		row_free(&a->r[i]);
	free(a->r);
	strmap_free(&a->ix);
	strlist_free(&a->apart_kernels);
}
