// SPDX-License-Identifier: GPL-2.0
/* "update": the data changes that results support, with their evidence. */
#include <stdlib.h>
#include <string.h>

#include "compare/side.h"
#include "update/rules.h"
#include "update/update.h"
#include "entries/for-kernel.h"
#include "fstests/tree.h"
#include "lib/escape.h"
#include "lib/fileio.h"
#include "results/result-paths.h"

struct evidence {
	struct obs *o;
	size_t n, alloc;
};

/* A suite of a file counts when it is of fs_only (or any) filesystem. */
static bool wanted(const struct result_file *rf, const char *fs_only)
{
	const char *fs = result_prop(rf, "FSTYP");

	return fs && *fs && (!fs_only || !strcmp(fs, fs_only));
}

/*
 * Of the <testsuite>s of rf (rf itself, then rf->more), keep those
 * wanted(), the first at the top; false when none is.
 */
static bool keep_suites(struct result_file *rf, const char *fs_only)
{
	struct result_file *more = rf->more, keep = { 0 };
	size_t nmore = rf->nmore, i;
	bool any = wanted(rf, fs_only);

	rf->more = NULL;
	rf->nmore = 0;
	rf->amore = 0;
	if (any)
		keep = *rf;
	else
		result_free(rf);
	for (i = 0; i < nmore; i++) {
		struct result_file *to = &keep;

		if (!wanted(&more[i], fs_only)) {
			result_free(&more[i]);
			continue;
		}
		if (any)
			to = array_push(&keep.more, &keep.nmore, &keep.amore,
					sizeof(keep));
		*to = more[i];
		any = true;
	}
	free(more);
	*rf = keep;
	return any;
}

/*
 * The run as from= names it: results:SECTION/START (its start_timestamp),
 * else results:SECTION/DIR (the folder of its file), in the characters
 * an origin may hold.
 */
static char *run_origin(const struct side_section *s, const char *path)
{
	const char *end = strrchr(path, '/'), *dir = end;
	char *o, *q;

	while (dir && dir > path && dir[-1] != '/')
		dir--;
	if (s->started)
		o = xasprintf("results:%s/%s", s->name, s->started);
	else if (end && dir < end)
		o = xasprintf("results:%s/%.*s", s->name, (int)(end - dir),
			      dir);
	else
		o = xasprintf("results:%s", s->name);
	for (q = o + strlen("results:"); *q; q++)
		if (*q <= ' ' || *q > '~' || strchr(",#@'\"", *q))
			*q = '-';
	return o;
}

/* The tallies of a section of one run: its observations. */
static void add_section(struct evidence *ev, const struct side_section *s,
			const char *path)
{
	const char *fs = section_prop(s, "FSTYP");
	const char *kernel = s->kernel ? s->kernel : "unknown";
	char *from = run_origin(s, path);
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct tally *t = &s->t[i];
		struct obs *o;

		if (!t->pass && !t->fail)
			continue;	/* not run says nothing */
		o = array_push(&ev->o, &ev->n, &ev->alloc, sizeof(*o));
		o->fs = xstrdup(fs);
		o->kernel = xstrdup(kernel);
		o->version = s->kernel_version ? xstrdup(s->kernel_version) : NULL;
		o->section = xstrdup(s->name);
		o->test = xstrdup(t->name);
		o->runs = 1;
		o->pass = !t->fail;
		o->fail = !t->pass;
		o->att = t->pass + t->fail;
		o->att_fail = t->fail;
		o->from = t->fail ? xstrdup(from) : NULL;
	}
	free(from);
}

/*
 * One file is one run; each <testsuite> of it a section, of the
 * filesystem and kernel its properties name: the tallies of their tests
 * become observations. Suites of one section are attempts of the run.
 */
static void add_file(struct evidence *ev, struct result_file *rf,
		     const char *fs_only)
{
	struct side sd = { 0 };
	size_t i;

	if (!keep_suites(rf, fs_only))
		return;
	side_add(&sd, rf, "run");
	side_finish(&sd);
	for (i = 0; i < sd.n; i++) {
		const struct side_section *s = &sd.s[i];

		if (s->settings_differ || s->kernels_differ)
			pr_warn("%s: section %s: suites set up differently (%s) taken as one run of %s on %s",
				sd.runs[0].f[0].path, s->name,
				s->settings_differ ? s->settings_differ :
				"KERNEL", section_prop(s, "FSTYP"),
				s->kernel ? s->kernel : "unknown");
		add_section(ev, s, sd.runs[0].f[0].path);
	}
	side_free(&sd);
}

static int obs_cmp(const void *a, const void *b)
{
	const struct obs *x = a, *y = b;
	int c = strcmp(x->fs, y->fs);

	if (!c)
		c = strcmp(x->test, y->test);
	if (!c)
		c = strcmp(x->kernel, y->kernel);
	return c ? c : strcmp(x->section, y->section);
}

static void obs_free(struct obs *o)
{
	free(o->fs);
	free(o->kernel);
	free(o->version);
	free(o->section);
	free(o->test);
	free(o->from);
}

/* from= of d and s: d's origins, then each of s's not among them */
static void add_origins(struct obs *d, const struct obs *s)
{
	size_t n = s->from ? strlen(s->from) : 0;
	const char *p;
	char *both;

	if (!s->from)
		return;
	if (!d->from) {
		d->from = xstrdup(s->from);
		return;
	}
	for (p = d->from; (p = strstr(p, s->from)); p++)
		if ((p == d->from || p[-1] == ',') && (!p[n] || p[n] == ','))
			return;
	both = xasprintf("%s,%s", d->from, s->from);
	free(d->from);
	d->from = both;
}

/* Sort, then fold the runs of one fs, test, kernel and section. */
static void fold(struct evidence *ev)
{
	size_t i, n = 0;

	if (!ev->n)
		return;
	qsort(ev->o, ev->n, sizeof(*ev->o), obs_cmp);
	for (i = 1; i < ev->n; i++) {
		struct obs *d = &ev->o[n], *s = &ev->o[i];

		if (!obs_cmp(d, s)) {
			d->runs += s->runs;
			d->pass += s->pass;
			d->fail += s->fail;
			d->att += s->att;
			d->att_fail += s->att_fail;
			add_origins(d, s);
			obs_free(s);
		} else {
			ev->o[++n] = *s;
		}
	}
	ev->n = n + 1;
}

/*
 * A FSTYP that is not a filesystem's data file name ("../x", "global")
 * would choose where update writes: the file is refused.
 */
static bool bad_fstyp(const struct result_file *rf, char **err)
{
	size_t i;

	for (i = 0; i <= rf->nmore; i++) {
		const struct result_file *f = i ? &rf->more[i - 1] : rf;
		const char *fs = result_prop(f, "FSTYP");
		char *q;

		if (!fs || !*fs || valid_fs_name(fs))
			continue;
		q = quote_input(fs, QUOTE_MAX);
		*err = xasprintf("%s: FSTYP '%s' is not a filesystem name: not read",
				 rf->path, q);
		free(q);
		return true;
	}
	return false;
}

struct collect_state {
	struct evidence *ev;
	const char *fs;
	int ret;
};

/* One file read: its observations (each file is one run). */
static void collect_one(void *ctx, struct result_file *rf, const char *run)
{
	struct collect_state *cs = ctx;
	char *err = NULL;

	if (bad_fstyp(rf, &err)) {
		pr_err("%s", err);
		free(err);
		result_free(rf);
		cs->ret = -1;
		return;
	}
	add_file(cs->ev, rf, cs->fs);
}

/* The observations in the results under paths; -1 after saying why */
static int collect(const struct strlist *paths, const char *fs,
		   struct evidence *ev)
{
	struct collect_state cs = { .ev = ev, .fs = fs };
	int ret = results_read_paths(paths, NULL, collect_one, &cs);

	fold(ev);
	return ret < 0 || cs.ret ? -1 : 0;
}

/* What the data says of an observation's test, for its kernel. */
static const struct applied *data_for(struct planner *pl,
				      const struct obs *o,
				      struct applied_set *set,
				      bool *undecided)
{
	const struct kdata *kd;

	kd = kdata_for_section_version(&pl->kc, o->fs, o->kernel, o->version,
				       o->section, set);
	if (!kd) {
		pl->broken = true;
		return NULL;
	}
	*undecided |= kd->conds_unknown;
	return applied_find(set, o->test);
}

/*
 * An entry of the test with an "if" condition, applying here or not (a
 * fixed= reached, a condition of a config the results do not have).
 */
static const struct entry *with_cond(struct planner *pl, const char *fs,
				     const char *test)
{
	char *err = NULL;
	size_t i;

	if (!pl->ds_fs || strcmp(pl->ds_fs, fs)) {
		struct diag d = { 0 };

		dataset_free(&pl->ds);
		memset(&pl->ds, 0, sizeof(pl->ds));
		free(pl->ds_fs);
		pl->ds_fs = xstrdup(fs);
		if (datadir_load(&pl->dd, fs, &pl->ds, &d, &err))
			free(err);	/* no data for fs: nothing in it */
		diag_free(&d);
	}
	for (i = 0; i < pl->ds.n; i++) {
		if (!strcmp(pl->ds.entries[i].test, test) &&
		    pl->ds.entries[i].cond)
			return &pl->ds.entries[i];
	}
	return NULL;
}

/* An entry left alone because its "if" is undecided: said, as compare does */
static void note_undecided(const struct obs *o, const struct entry *e)
{
	pr_warn("%s:%u: %s: its 'if' condition cannot be decided for kernel %s (no config of it is known): the entry is not changed",
		e->file, e->line, o->test, o->kernel);
}

/*
 * A flaky entry whose test failed every attempt of every run, retries
 * and all: compare's regression, which update leaves to a person (a
 * flaky entry is never changed), so it says so.
 */
static void note_flaky_failing(const struct obs *o, const struct applied *a)
{
	if (o->fail < o->runs || o->att < o->runs * (a->retries + 1U))
		return;
	pr_warn("%s:%u: %s: flaky, but every attempt failed in %s on %s (%u of %u): a regression for compare; flaky entries are not changed",
		a->entry->file, a->entry->line, o->test, o->section,
		o->kernel, o->att_fail, o->att);
}

/* The same line of data (each kernel's data is read on its own) */
static bool same_line(const struct entry *a, const struct entry *b)
{
	return a->line == b->line && !strcmp(a->file, b->file);
}

/*
 * The observations of one test, each against what the data says for its
 * kernel and section, as compare classifies: those a fail entry explains
 * may get fixed=; those no entry explains (whatever entries there are
 * for other sections or kernels) are new data; an expunge entry (not
 * run) or a flaky one (what retries are for) leaves its part alone.
 */
static void plan_test(struct planner *pl, const struct obs *o, size_t n)
{
	struct obs *known = xcalloc(n, sizeof(*known));
	struct obs *rest = xcalloc(n, sizeof(*rest));
	const struct entry *fail = NULL, *e;
	bool undecided = false;
	size_t i, nk = 0, nr = 0;

	for (i = 0; i < n && !pl->broken; i++) {
		struct applied_set set;
		const struct applied *a = data_for(pl, &o[i], &set,
						   &undecided);

		/* an expunge applied only on a guess (no config) tells nothing */
		if (a && a->kind == KIND_EXPUNGE && a->entry->cond && undecided)
			a = NULL;
		if (!a && !pl->broken) {
			rest[nr++] = o[i];
		} else if (a && a->kind == KIND_FAIL &&
			   (!fail || same_line(a->entry, fail))) {
			fail = a->entry;
			known[nk++] = o[i];
		} else if (a && a->kind == KIND_FLAKY) {
			note_flaky_failing(&o[i], a);
		}
		applied_free(&set);
	}
	if (fail && !pl->broken)
		update_known_fail(pl, known, nk, fail);
	e = nr && !pl->broken ? with_cond(pl, o[0].fs, o[0].test) : NULL;
	if (undecided && e)
		note_undecided(o, e);
	else if (nr && !pl->broken)
		update_new_entry(pl, rest, nr);
	free(known);
	free(rest);
}

int update_plan(const struct update_opts *o, const struct strlist *paths,
		struct update_plan *p)
{
	struct planner pl = { .o = o, .p = p };
	struct evidence ev = { 0 };
	char *err = NULL;
	size_t i, j;
	int ret = EXIT_OK;

	if (collect(paths, o->fs, &ev))
		ret = EXIT_USAGE;
	if (!ret && datadir_find(o->data, &pl.dd, &err)) {
		pr_err("%s", err);
		free(err);
		ret = EXIT_USAGE;
	}
	pl.kopts.data = o->data;
	pl.kopts.env = o->env;
	kdata_init(&pl.kc, &pl.kopts);
	for (i = 0; !ret && i < ev.n; i = j) {
		for (j = i; j < ev.n && !strcmp(ev.o[j].fs, ev.o[i].fs) &&
		     !strcmp(ev.o[j].test, ev.o[i].test); j++)
			;
		if (valid_test_name(ev.o[i].test))
			plan_test(&pl, &ev.o[i], j - i);
		if (pl.broken)
			ret = EXIT_USAGE;
	}
	kdata_free(&pl.kc);
	datadir_free(&pl.dd);
	dataset_free(&pl.ds);
	dataset_free(&pl.global);
	free(pl.ds_fs);
	for (i = 0; i < ev.n; i++)
		obs_free(&ev.o[i]);
	free(ev.o);
	return ret;
}

void update_plan_free(struct update_plan *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		free(p->e[i].file);
		free(p->e[i].text);
	}
	free(p->e);
	sb_free(&p->message);
	memset(p, 0, sizeof(*p));
}
