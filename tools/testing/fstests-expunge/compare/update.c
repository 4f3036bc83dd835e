// SPDX-License-Identifier: GPL-2.0
/* "update": the data changes that results support, with their evidence. */
#include <stdlib.h>
#include <string.h>

#include "compare/side.h"
#include "compare/update.h"
#include "entries/for-kernel.h"
#include "lib/fileio.h"
#include "results/result-find.h"
#include "results/result-pool.h"

/* What the runs of one kernel and section say of one test. */
struct obs {
	char *fs, *kernel, *section, *test;
	unsigned int runs, pass, fail;	/* runs: all passed, all failed */
	unsigned int att, att_fail;	/* attempts, failed attempts */
};

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

struct collect_state {
	struct evidence *ev;
	const char *fs;
	int ret;
};

/* One file read, in the order found: its observations. */
static void collect_one(void *ctx, size_t i, struct result_file *rf,
			int ret, char *err)
{
	struct collect_state *cs = ctx;

	if (ret) {
		pr_err("%s", err);
		free(err);
		result_free(rf);
		cs->ret = -1;
		return;
	}
	add_file(cs->ev, rf, cs->fs);
}

static int collect(const struct strlist *paths, const char *fs,
		   struct evidence *ev)
{
	struct collect_state cs = { .ev = ev, .fs = fs };
	struct found_list fl = { 0 };
	char **paths_read;
	char *err = NULL;
	size_t i;

	for (i = 0; i < paths->n; i++) {
		if (results_find(paths->v[i], &fl, &err)) {
			pr_err("%s", err);
			free(err);
			err = NULL;
			cs.ret = -1;
		}
	}
	/* a warning, as compare gives it: the rest is evidence still */
	for (i = 0; i < fl.notes.n; i++)
		pr_warn("%s", fl.notes.v[i]);
	if (fl.skipped)
		pr_warn("%zu place(s) that may hold results were left out (see the notes)",
			fl.skipped);
	paths_read = found_paths(&fl);
	result_read_many(paths_read, fl.n, collect_one, &cs);
	free(paths_read);
	found_free(&fl);
	fold(ev);
	return cs.ret;
}

struct planner {
	const struct update_opts *o;
	struct kdata_cache kc;
	struct kernel_opts kopts;
	struct update_plan *p;
	struct datadir dd;	/* where new entries go (dd.dir NULL: built in) */
	struct dataset ds;	/* every entry of ds_fs, whatever it applies to */
	char *ds_fs;
	bool broken;		/* the data has errors */
};

/* What the data says of an observation's test, for its kernel. */
static const struct applied *data_for(struct planner *pl,
				      const struct obs *o,
				      struct applied_set *set)
{
	const struct kdata *kd;
	char *err = NULL;

	memset(set, 0, sizeof(*set));
	kd = kdata_for_results(&pl->kc, o->fs, o->kernel, &err);
	if (!kd) {
		pr_err("%s", err);
		free(err);
		pl->broken = true;
		return NULL;
	}
	if (kd->have_sel)
		select_section(&kd->sel, o->section, set);
	return applied_find(set, o->test);
}

static bool kernel_version(const char *release, struct kver *v)
{
	const char *how;

	return !upstream_version(release, NULL, NULL, v, &how);
}

/* "6.6.30-foo: ext4_4k 2/2 failed, ext4_1k 0/3 failed" per kernel */
static void evidence(struct strbuf *sb, const struct obs *o, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!i || strcmp(o[i].kernel, o[i - 1].kernel))
			sb_printf(sb, "%s    %s:", i ? "\n" : "", o[i].kernel);
		sb_printf(sb, " %s %u/%u runs failed", o[i].section,
			  o[i].fail, o[i].runs);
		if (o[i].att > o[i].runs)
			sb_printf(sb, " (%u/%u attempts)", o[i].att_fail,
				  o[i].att);
		sb_puts(sb, i + 1 < n && !strcmp(o[i].kernel, o[i + 1].kernel) ?
			"," : "");
	}
	sb_puts(sb, "\n");
}

static void add_edit(struct planner *pl, const char *file, unsigned int line,
		     char *text)
{
	struct data_edit *e;

	e = array_push(&pl->p->e, &pl->p->n, &pl->p->alloc, sizeof(*e));
	e->file = xstrdup(file);
	e->line = line;
	e->text = text;
}

static bool all_failed(const struct obs *o)
{
	return o->fail == o->runs;
}

/* The sections of o[] where every run failed (or, not failing, not). */
static char *sections_where(const struct obs *o, size_t n, bool failing)
{
	struct strbuf sb = { 0 };
	size_t i, j;

	for (i = 0; i < n; i++) {
		bool seen = false;

		if (all_failed(&o[i]) != failing)
			continue;
		for (j = 0; j < i && !seen; j++)
			seen = all_failed(&o[j]) == failing &&
			       !strcmp(o[j].section, o[i].section);
		if (!seen)
			sb_printf(&sb, "%s%s", sb.len ? "," : "",
				  o[i].section);
	}
	return sb.buf ? sb.buf : xstrdup("");
}

/* A test no entry covers: a fail or a flaky entry, if it failed. */
static void new_entry(struct planner *pl, const struct obs *o, size_t n)
{
	unsigned int runs = 0, fail = 0, att = 0, att_fail = 0;
	bool mixed = false, some_pass = false;
	char *failing, *passing, *cond, *file;
	size_t i;

	for (i = 0; i < n; i++) {
		runs += o[i].runs;
		fail += o[i].fail;
		att += o[i].att;
		att_fail += o[i].att_fail;
		mixed |= o[i].fail != o[i].runs && o[i].pass != o[i].runs;
		some_pass |= o[i].pass > 0;
	}
	if (!att_fail)
		return;
	failing = sections_where(o, n, true);
	passing = sections_where(o, n, false);
	/* a section both passes and fails: that is a flake, not a bug */
	if (!mixed && *failing && *passing) {
		char **f = split_list(failing, &i);
		char **p = split_list(passing, &i), **x, **y;

		for (x = f; *x; x++)
			for (y = p; *y; y++)
				mixed |= !strcmp(*x, *y);
		free_list(f);
		free_list(p);
	}
	if (mixed)
		cond = xasprintf("flaky  # failed %u of %u attempts in %u runs",
				 att_fail, att, runs);
	else if (some_pass)
		cond = xasprintf("fail   section=%s  # failed %u of %u runs",
				 failing, fail, runs);
	else
		cond = xasprintf("fail   # failed %u of %u runs", fail, runs);
	file = xasprintf("%s/%s.expunge", pl->dd.dir ? pl->dd.dir : "data",
			 o[0].fs);
	add_edit(pl, file, 0, xasprintf("%-12s %s (update)", o[0].test, cond));
	sb_printf(&pl->p->message, "%s: new %s entry in %s.expunge\n",
		  o[0].test, mixed ? "flaky" : "fail", o[0].fs);
	evidence(&pl->p->message, o, n);
	free(file);
	free(cond);
	free(failing);
	free(passing);
}

/* Line n of a data file, without its newline; NULL if not there. */
static char *file_line(const char *path, unsigned int n)
{
	char *buf, *p, *end, *line = NULL;
	unsigned int i;
	size_t len;

	if (read_file(path, 16 << 20, &buf, &len))
		return NULL;
	end = buf + len;
	for (p = buf, i = 1; i < n && p < end; i++) {
		char *nl = memchr(p, '\n', end - p);

		p = nl ? nl + 1 : end;
	}
	if (p < end) {
		char *nl = memchr(p, '\n', end - p);

		line = xstrndup(p, (nl ? nl : end) - p);
	}
	free(buf);
	return line;
}

/* Where the conditions of an entry line end: at " if " or a comment. */
static size_t conditions_end(const char *line)
{
	size_t i, n = strlen(line);

	for (i = 1; i < n; i++) {
		bool space = line[i - 1] == ' ' || line[i - 1] == '\t';

		if (space && (line[i] == '#' || str_starts(line + i, "if ")))
			break;
	}
	while (i > 0 && (line[i - 1] == ' ' || line[i - 1] == '\t'))
		i--;
	return i < n ? i : n;
}

/* The line with version v added to its fixed= list (or a new one). */
static char *add_fixed(const char *line, const char *v)
{
	size_t stop = conditions_end(line), at;
	const char *f = strstr(line, " fixed=");

	if (!f)
		f = strstr(line, "\tfixed=");
	if (f && (size_t)(f - line) < stop) {
		at = f + 1 - line + strcspn(f + 1, " \t");
		return xasprintf("%.*s,%s%s", (int)at, line, v, line + at);
	}
	return xasprintf("%.*s fixed=%s%s", (int)stop, line, v, line + stop);
}

/*
 * A known failure that passes: fixed= for each kernel with at least
 * min_runs passing runs and no failure; removed when that is every
 * kernel the results have.
 */
static void known_fail(struct planner *pl, const struct obs *o, size_t n,
		       const struct entry *e)
{
	struct strbuf line = { 0 }, vers = { 0 };
	char *text = file_line(e->file, e->line), *next;
	bool everywhere = true;
	size_t i, j;

	if (!text)
		return;
	for (i = 0; i < n; i = j) {
		unsigned int pass = 0, bad = 0;
		struct kver v;
		char vbuf[48];

		for (j = i; j < n && !strcmp(o[j].kernel, o[i].kernel); j++) {
			pass += o[j].pass;
			bad += o[j].runs - o[j].pass;
		}
		if (bad || pass < pl->o->min_runs ||
		    !kernel_version(o[i].kernel, &v)) {
			everywhere = false;
			continue;
		}
		if (e->has_fixed && kver_list_matches(&e->fixed, &v, NULL))
			continue;
		kver_str(&v, vbuf);
		next = add_fixed(line.buf ? line.buf : text, vbuf);
		line.len = 0;
		sb_puts(&line, next);
		sb_printf(&vers, "%s%s", vers.len ? "," : "", vbuf);
		free(next);
	}
	if (everywhere) {
		add_edit(pl, e->file, e->line, NULL);
		sb_printf(&pl->p->message, "%s: passes everywhere: remove the fail entry (%s:%u)\n",
			  o[0].test, entry_file(e), e->line);
	} else if (vers.len) {
		add_edit(pl, e->file, e->line, xstrdup(line.buf));
		sb_printf(&pl->p->message, "%s: passes on %s: fixed=%s (%s:%u)\n",
			  o[0].test, vers.buf, vers.buf, entry_file(e), e->line);
	}
	if (everywhere || vers.len)
		evidence(&pl->p->message, o, n);
	free(text);
	sb_free(&line);
	sb_free(&vers);
}

/*
 * Has the data any entry for the test, applying here or not (a fixed=
 * reached, a condition of a config the results do not have)? Then it
 * is not for update to add another.
 */
static bool in_data(struct planner *pl, const char *fs, const char *test)
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
			return true;
	}
	return false;
}

/* The observations of one test: what the data says decides the rule. */
static void plan_test(struct planner *pl, const struct obs *o, size_t n)
{
	const struct entry *fail = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		struct applied_set set;
		const struct applied *a = data_for(pl, &o[i], &set);

		/* expunge did not run; flaky is what retries are for */
		if (a && a->kind != KIND_FAIL) {
			applied_free(&set);
			return;
		}
		if (a && !fail)
			fail = a->entry;
		applied_free(&set);
	}
	if (fail)
		known_fail(pl, o, n, fail);
	else if (!in_data(pl, o[0].fs, o[0].test))
		new_entry(pl, o, n);
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
