// SPDX-License-Identifier: GPL-2.0
/*
 * compare, from the paths to the report model: read both sides, choose
 * the data for each section, compare each section, add the --fstests
 * hints, total the classes.
 */
#include <stdlib.h>
#include <string.h>

#include "compare/compare.h"
#include "fstests/hints.h"
#include "kernel/gitfix.h"
#include "results/result-paths.h"

/* One file read: into the side, as an attempt of its run. */
static void add_read(void *ctx, struct result_file *rf, const char *run)
{
	side_add(ctx, rf, run);
}

/*
 * Read every file of the paths into one side; -1 after saying why, 1
 * when the walk left out something that may hold results (said in the
 * notes and on stderr).
 */
static int read_side(const struct strlist *paths, struct side *sd,
		     struct strlist *notes)
{
	int ret = results_read_paths(paths, notes, add_read, sd);

	side_finish(sd);
	return ret;
}

/* The baseline section for a section of the run: --map, or its name. */
static const char *mapped(const struct strlist *maps, const char *section)
{
	size_t i;

	for (i = 0; i < maps->n; i++) {
		const char *eq = strchr(maps->v[i], '=');

		if (!strcmp(eq + 1, section))
			return xstrndup(maps->v[i], eq - maps->v[i]);
	}
	return NULL;
}

/* Every --map names a section of each side: -1 after saying which not */
static int check_maps(const struct strlist *maps, const struct side *base,
		      const struct side *cand, bool have_base)
{
	size_t i;

	for (i = 0; i < maps->n; i++) {
		const char *m = maps->v[i], *eq = strchr(m, '=');
		char *b = xstrndup(m, eq - m);
		bool bad_base = have_base && !side_section(base, b);

		free(b);
		if (bad_base || !side_section(cand, eq + 1)) {
			pr_err("compare: --map %s: no section %.*s in the %s",
			       m, bad_base ? (int)(eq - m) : (int)strlen(eq + 1),
			       bad_base ? m : eq + 1,
			       bad_base ? "baseline" : "results");
			return -1;
		}
	}
	return 0;
}

static int section_cmp_order(const void *a, const void *b)
{
	const struct section_cmp *x = a, *y = b;

	return strcmp(x->name, y->name);
}

/*
 * A section of the run with no baseline section of its name, where the
 * baseline has it with the filesystem's prefix added or taken away
 * (xfstests-bld says 4k, kdevops ext4_4k): say that --map compares them.
 */
#define PREFIX_HINT \
	"%s: not in the baseline, which has %s: the same section? --map %s=%s compares them"

static void hint_prefix(const struct side *base, const struct side *cand,
			const struct side_section *c, struct strlist *notes)
{
	const char *fs = section_prop(c, "FSTYP");
	size_t n = fs ? strlen(fs) : 0, i;
	char *names[3] = { NULL };

	if (!n)
		return;
	if (!strncmp(c->name, fs, n) && (c->name[n] == '_' ||
					 c->name[n] == '/') && c->name[n + 1])
		names[0] = xstrdup(c->name + n + 1);
	names[1] = xasprintf("%s_%s", fs, c->name);
	names[2] = xasprintf("%s/%s", fs, c->name);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (names[i] && side_section(base, names[i]) &&
		    !side_section(cand, names[i])) {
			char *note = xasprintf(PREFIX_HINT, c->name, names[i],
					       names[i], c->name);

			strlist_add(notes, note);
			break;
		}
	}
	for (i = 0; i < ARRAY_SIZE(names); i++)
		free(names[i]);
}

#define SET_UP_APART	"runs set up differently (%s) merged as attempts"

/*
 * A note several sections may share ("undecided, no config of ...", on
 * every section of a run): said once, naming them all.
 */
struct shared_note {
	char *text;
	struct strbuf sections;
	size_t n;
	bool warn;	/* said on stderr too */
};

struct shared_notes {
	struct shared_note *v;
	size_t n, alloc;
};

/* text (taken over) said of section */
static void share_note(struct shared_notes *sn, const char *section,
		       char *text, bool warn)
{
	struct shared_note *s;
	size_t i;

	for (i = 0; i < sn->n; i++) {
		if (!strcmp(sn->v[i].text, text))
			break;
	}
	if (i < sn->n) {
		free(text);
		s = &sn->v[i];
	} else {
		s = array_push(&sn->v, &sn->n, &sn->alloc, sizeof(*s));
		memset(s, 0, sizeof(*s));
		s->text = text;
		s->warn = warn;
	}
	sb_printf(&s->sections, "%s%s", s->n++ ? ", " : "", section);
}

/* Each shared note once, after its sections: "a, b: TEXT" */
static void say_shared(struct shared_notes *sn, const char *lead,
		       struct strlist *notes)
{
	size_t i;

	for (i = 0; i < sn->n; i++) {
		struct shared_note *s = &sn->v[i];

		strlist_add(notes, xasprintf("%s%s%s: %s", lead,
					     *lead ? (s->n > 1 ? "s " : " ") : "",
					     s->sections.buf, s->text));
		if (s->warn)
			pr_warn("%s", notes->v[notes->n - 1]);
		free(s->text);
		sb_free(&s->sections);
	}
	free(sn->v);
	memset(sn, 0, sizeof(*sn));
}

/*
 * No config for the section's kernel: its entries with an undecided
 * condition (an expunge applied, a fail or flaky not), in the notes and
 * on stderr.
 */
static void note_undecided(const struct kdata *kd, const char *section,
			   struct shared_notes *sn)
{
	struct strbuf sb = { 0 };

	if (select_undecided(&kd->sel, section, "; ", &sb))
		share_note(sn, section, xasprintf("undecided, no config of %s: %s",
						  kd->k.release, sb.buf), true);
	sb_free(&sb);
}

/* "not run in the baseline: a, b": the sections of one side only */
static void note_one_side(const char *what, const struct strlist *names,
			  struct strlist *notes)
{
	struct strbuf sb = { 0 };
	size_t i;

	for (i = 0; i < names->n; i++)
		sb_printf(&sb, "%s%s", i ? ", " : "", names->v[i]);
	if (names->n)
		strlist_add(notes, xasprintf("not run in %s: %s", what, sb.buf));
	sb_free(&sb);
}

/*
 * The failures no entry explains (regressions, crashes, still failing):
 * the entries of their test that do not apply to this section and
 * kernel, and why not, so that triage needs no grep
 */
static void note_elsewhere(struct section_cmp *sc, const struct kdata *kd)
{
	struct strbuf sb = { 0 }, why = { 0 };
	size_t i, j;

	for (i = 0; kd->have_sel && i < sc->n; i++) {
		struct test_verdict *v = &sc->v[i];

		if (v->data || (v->cls != CLS_REGRESSION &&
				v->cls != CLS_CRASH &&
				v->cls != CLS_STILL_FAILING))
			continue;
		for (j = 0; j < kd->ds.n; j++) {
			const struct entry *e = &kd->ds.entries[j];

			if (strcmp(e->test, v->test))
				continue;
			why.len = 0;
			if (why.buf)
				why.buf[0] = '\0';
			if (selector_check(&kd->sel, j, sc->name, &why) == APPLIES)
				continue;
			sb_printf(&sb, "%s%s:%u: %s, not here: %s",
				  sb.len ? "\n" : "", entry_file(e), e->line,
				  kind_name(e->kind), why.buf ? why.buf : "");
		}
		v->elsewhere = sb.buf;
		memset(&sb, 0, sizeof(sb));
	}
	sb_free(&why);
}

static int compare_all(const struct compare_opts *co, const struct side *base,
		       const struct side *cand, struct comparison *cmp,
		       struct strlist *notes)
{
	bool have_base = co->base_paths.n > 0;
	bool *used = xcalloc(base->n + 1, sizeof(*used));
	struct shared_notes sn = { 0 }, bsn = { 0 };
	size_t i, j;
	int ret = 0;

	/* co->k.fstests: its fixes retire test-fixed-by= entries */
	kdata_init(&cmp->kc, &co->k);
	cmp->sets = xcalloc(cand->n + 1, sizeof(*cmp->sets));
	cmp->base_names = xcalloc(cand->n + 1, sizeof(*cmp->base_names));
	for (i = 0; i < cand->n && !ret; i++) {
		const struct side_section *c = &cand->s[i];
		const char *bname = cmp->base_names[i] = (char *)mapped(&co->maps,
									 c->name);
		struct side_section *b = side_section(base, bname ? bname : c->name);
		struct section_cmp *sc;
		const struct kdata *kd;

		kd = kdata_for_section_version(&cmp->kc, section_prop(c, "FSTYP"),
					       c->kernel, c->kernel_version,
					       c->name, &cmp->sets[i]);
		if (!kd) {
			ret = -1;
			break;
		}
		if (kd->conds_unknown)
			note_undecided(kd, c->name, &sn);
		if (c->kernels_differ && !cmp->kc.release_given)
			share_note(&sn, c->name,
				   xasprintf("runs of several kernels; the data is for %s",
					     c->kernel), false);
		if (c->settings_differ)
			share_note(&sn, c->name, xasprintf(SET_UP_APART,
							   c->settings_differ),
				   false);
		if (b) {
			used[b - base->s] = true;
		} else if (have_base) {
			strlist_add(&cmp->not_in_base, xstrdup(c->name));
			hint_prefix(base, cand, c, notes);
		}
		sc = array_push(&cmp->sc, &cmp->n, &cmp->alloc, sizeof(*sc));
		sc->name = c->name;
		sc->base_name = bname;
		sc->data = xstrdup(kd->have_sel ? kd->desc : kd->none);
		compare_section(sc, b, have_base, c, &cmp->sets[i]);
		note_elsewhere(sc, kd);
	}
	/* a section of the baseline only is one note, not its every test */
	for (j = 0; j < base->n && !ret; j++) {
		if (base->s[j].settings_differ)
			share_note(&bsn, base->s[j].name,
				   xasprintf(SET_UP_APART, base->s[j].settings_differ),
				   false);
		if (!used[j])
			strlist_add(&cmp->not_in_run, xstrdup(base->s[j].name));
	}
	note_one_side("the baseline", &cmp->not_in_base, notes);
	note_one_side("this run", &cmp->not_in_run, notes);
	say_shared(&sn, "", notes);
	say_shared(&bsn, "baseline section", notes);
	if (cmp->n)
		qsort(cmp->sc, cmp->n, sizeof(*cmp->sc), section_cmp_order);
	free(used);
	return ret;
}

static void comparison_free(struct comparison *cmp, size_t ncand)
{
	size_t i;

	for (i = 0; i < cmp->n; i++)
		section_cmp_free(&cmp->sc[i]);
	/* nothing was compared when a side could not be read */
	for (i = 0; cmp->sets && i < ncand; i++) {
		applied_free(&cmp->sets[i]);
		free(cmp->base_names[i]);
	}
	free(cmp->sc);
	free(cmp->sets);
	free(cmp->base_names);
	strlist_free(&cmp->not_in_base);
	strlist_free(&cmp->not_in_run);
	kdata_free(&cmp->kc);
}

/*
 * compare --fstests: the kernel fixes each failing test names, and with a
 * git --srctree whether the tree has them: the backports a stable queue
 * may be missing.
 */
static int add_hints(const struct compare_opts *co, struct comparison *cmp)
{
	struct gitfix *git = NULL;
	char *err = NULL;
	size_t i, j;

	if (co->k.srctree && gitfix_open(co->k.srctree, &git, &err) < 0) {
		pr_err("%s", err);
		free(err);
		return -1;
	}
	for (i = 0; i < cmp->n; i++) {
		struct section_cmp *sc = &cmp->sc[i];
		const char *fs = sc->cand ? section_prop(sc->cand, "FSTYP") :
				 NULL;

		for (j = 0; j < sc->n; j++) {
			struct test_verdict *v = &sc->v[j];
			struct strbuf sb = { 0 };

			if (!v->cand || !v->cand->fail)
				continue;
			if (fstests_hints_describe(co->k.fstests, v->test, fs, git,
						   "", &sb, &err) < 0) {
				pr_warn("%s", err);
				free(err);
				err = NULL;
			}
			if (sb.len && sb.buf[sb.len - 1] == '\n')
				sb.buf[--sb.len] = '\0';
			v->hints = sb.buf;
		}
	}
	gitfix_free(git);
	return 0;
}

/* Every note once, where it was first said */
static void notes_once(struct strlist *notes)
{
	size_t i, j, n = 0;

	for (i = 0; i < notes->n; i++) {
		for (j = 0; j < n && strcmp(notes->v[j], notes->v[i]); j++)
			;
		if (j < n)
			free(notes->v[i]);
		else
			notes->v[n++] = notes->v[i];
	}
	notes->n = n;
	if (notes->v)
		notes->v[n] = NULL;
}

int compare_pipeline(const struct compare_opts *co, struct compare_result *cr)
{
	struct report *r = &cr->r;
	int bad = co->bisect ? EXIT_SKIP : EXIT_USAGE;
	int ret, partial;

	ret = read_side(&co->base_paths, &cr->base, &cr->notes);
	partial = read_side(&co->paths, &cr->cand, &cr->notes);
	if (partial < 0 || ret < 0)
		return bad;
	partial |= ret;
	if (check_maps(&co->maps, &cr->base, &cr->cand,
		       co->base_paths.n > 0) ||
	    compare_all(co, &cr->base, &cr->cand, &cr->cmp, &cr->notes) ||
	    (co->k.fstests && add_hints(co, &cr->cmp)))
		return bad;
	r->sc = cr->cmp.sc;
	r->n = cr->cmp.n;
	r->base = &cr->base;
	r->cand = &cr->cand;
	r->have_base = co->base_paths.n > 0;
	r->all = co->all;
	r->notes = &cr->notes;
	r->origin = co->origin;
	r->not_in_base = &cr->cmp.not_in_base;
	r->not_in_run = &cr->cmp.not_in_run;
	notes_once(&cr->notes);
	compare_totals(cr->cmp.sc, cr->cmp.n, &r->totals);
	r->totals.not_in_run = cr->cmp.not_in_run.n;
	r->exit_code = compare_exit(&r->totals, co->bisect);
	/*
	 * some results may be missing: they may hold a regression, so no
	 * exit 0 (and bisect cannot tell); one seen is bad all the same
	 */
	if (partial && r->exit_code != EXIT_PROBLEM) {
		pr_err("compare: results were left out (named above): the answer may be incomplete");
		r->exit_code = bad;
	}
	return 0;
}

void compare_result_free(struct compare_result *cr)
{
	comparison_free(&cr->cmp, cr->cand.n);
	side_free(&cr->base);
	side_free(&cr->cand);
	strlist_free(&cr->notes);
	kgit_free(&cr->git);
}
