// SPDX-License-Identifier: GPL-2.0
/* "update": the data changes that results support, with their evidence. */
#include <stdlib.h>
#include <string.h>

#include "compare/side.h"
#include "compare/update-rules.h"
#include "entries/for-kernel.h"
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

/* The tallies of a section of one run: its observations. */
static void add_section(struct evidence *ev, const struct side_section *s)
{
	const char *fs = section_prop(s, "FSTYP");
	const char *kernel = s->kernel ? s->kernel : "unknown";
	size_t i;

	for (i = 0; i < s->n; i++) {
		const struct tally *t = &s->t[i];
		struct obs *o;

		if (!t->pass && !t->fail)
			continue;	/* not run says nothing */
		o = array_push(&ev->o, &ev->n, &ev->alloc, sizeof(*o));
		o->fs = xstrdup(fs);
		o->kernel = xstrdup(kernel);
		o->section = xstrdup(s->name);
		o->test = xstrdup(t->name);
		o->runs = 1;
		o->pass = !t->fail;
		o->fail = !t->pass;
		o->att = t->pass + t->fail;
		o->att_fail = t->fail;
	}
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
		add_section(ev, s);
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
	free(o->section);
	free(o->test);
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

	kd = kdata_for_section(&pl->kc, o->fs, o->kernel, o->section, set);
	if (!kd) {
		pl->broken = true;
		return NULL;
	}
	*undecided |= kd->conds_unknown;
	return applied_find(set, o->test);
}

/*
 * The first entry of the data for the test, applying here or not (a
 * fixed= reached, a condition of a config the results do not have): if
 * there is one, it is not for update to add another.
 */
static const struct entry *in_data(struct planner *pl, const char *fs,
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
		if (!strcmp(pl->ds.entries[i].test, test))
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

/* The observations of one test: what the data says decides the rule. */
static void plan_test(struct planner *pl, const struct obs *o, size_t n)
{
	const struct entry *fail = NULL, *e;
	bool undecided = false;
	size_t i;

	for (i = 0; i < n; i++) {
		struct applied_set set;
		const struct applied *a = data_for(pl, &o[i], &set,
						   &undecided);

		/* expunge did not run; flaky is what retries are for */
		if (a && a->kind != KIND_FAIL) {
			applied_free(&set);
			return;
		}
		if (a && !fail)
			fail = a->entry;
		applied_free(&set);
	}
	if (fail) {
		update_known_fail(pl, o, n, fail);
		return;
	}
	e = in_data(pl, o[0].fs, o[0].test);
	if (!e)
		update_new_entry(pl, o, n);
	else if (undecided && e->cond)
		note_undecided(o, e);
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
