// SPDX-License-Identifier: GPL-2.0
/* Which data entries apply to a kernel and a section, and why. */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "entries/entry-keys.h"
#include "fstests/rev.h"
#include "entries/select.h"
#include "kernel/gitfix.h"
#include "kernel/kcond.h"
#include "kernel/ktree.h"
#include "lib/strmap.h"

/* The distinct conditions of ds, and which entry uses which. */
static size_t collect_conds(const struct dataset *ds, struct kcond **conds,
			    size_t *idx)
{
	struct strmap seen = { 0 };	/* expression -> its index */
	size_t alloc = 0, n = 0, i;
	bool added;
	int *j;

	*conds = NULL;
	for (i = 0; i < ds->n; i++) {
		const char *expr = ds->entries[i].cond;

		if (!expr)
			continue;
		j = strmap_get(&seen, expr, strlen(expr), true, &added);
		if (added) {
			struct kcond *c = array_push(conds, &n, &alloc,
						     sizeof(*c));

			c->expr = expr;
			*j = n - 1;
		}
		idx[i] = *j;
	}
	strmap_free(&seen);
	return n;
}

static bool any_fixed_by(const struct dataset *ds)
{
	size_t i;

	for (i = 0; i < ds->n; i++) {
		if (ds->entries[i].fixed_by)
			return true;
	}
	return false;
}

/* The commit a release built from git names: "6.1.119-00123-gabcdef123456" */
static char *release_commit(const char *release)
{
	const char *g = strstr(release, "-g");
	size_t n;

	for (; g; g = strstr(g + 1, "-g")) {
		n = strspn(g + 2, "0123456789abcdef");
		if (n >= 7 && (!g[2 + n] || g[2 + n] == '-' || g[2 + n] == '+'))
			return xstrndup(g + 2, n);
	}
	return NULL;
}

/*
 * The history fixed-by= is read from: the commit the release names, or
 * HEAD, saying so when the tree's version is not the kernel's.
 */
static int open_history(struct selector *s, const struct kernel *k,
			char **err)
{
	char *commit = release_commit(k->release), vb[48], kb[48];
	struct kver tree;
	int ret;

	if (commit) {
		ret = gitfix_open_at(k->srctree, commit, &s->git, err);
		if (ret >= 0) {
			free(commit);
			return ret;
		}
		pr_warn("%s; the history of HEAD is read instead", *err);
		free(*err);
		*err = NULL;
		free(commit);
	}
	ret = gitfix_open(k->srctree, &s->git, err);
	if (ret == 0 && !ktree_version(k->srctree, &tree) &&
	    kver_cmp(&tree, &k->version))
		pr_warn("%s: HEAD is %s (its Makefile), the kernel judged %s: fixed-by= is read from HEAD's history",
			k->srctree, kver_str(&tree, vb),
			kver_str(&k->version, kb));
	return ret;
}

/* No config: every condition undecided ('?'); how many there are */
static size_t mark_undecided(struct selector *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->ds->n; i++) {
		if (s->ds->entries[i].cond) {
			s->cond[i] = '?';
			n++;
		}
	}
	return n;
}

int selector_init(struct selector *s, const struct dataset *ds,
		  struct kernel *k, struct diag *d, char **err)
{
	const struct kconfig_file *cfg;
	size_t *idx = xcalloc(ds->n, sizeof(*idx));
	struct kcond *conds;
	const char *cerr;
	size_t n, i;
	int ret = -1;

	s->ds = ds;
	s->k = k;
	s->cond = xcalloc(ds->n, 1);
	s->undecided = 0;
	s->git = NULL;
	n = collect_conds(ds, &conds, idx);
	if (k->srctree && any_fixed_by(ds) && open_history(s, k, err) < 0)
		goto out;
	if (!n) {
		ret = 0;
		goto out;
	}
	cfg = kernel_config(k, &cerr);
	if (!cfg && s->undecided_ok) {
		s->undecided = mark_undecided(s);
		ret = 0;
		goto out;
	}
	if (!cfg) {
		*err = xasprintf("%s\n(the data has 'if' conditions: %s)", cerr,
				 "give --config, --kernel or --build-dir");
		goto out;
	}
	if (kcond_eval(conds, n, cfg, k->srctree, err) < 0)
		goto out;
	for (i = 0; i < ds->n; i++) {
		const struct entry *e = &ds->entries[i];
		struct kcond *c = &conds[idx[i]];

		if (!e->cond)
			continue;
		if (c->error) {
			diag_cond(d, e, c->error);
			/* a condition that cannot be read never holds */
			s->cond[i] = 'n';
			continue;
		}
		s->cond[i] = c->value;
	}
	ret = 0;
out:
	if (ret)
		selector_free(s);
	for (i = 0; i < n; i++)
		free(conds[i].error);
	free(conds);
	free(idx);
	return ret;
}

void selector_free(struct selector *s)
{
	free(s->cond);
	s->cond = NULL;
	gitfix_free(s->git);
	s->git = NULL;
}

#define SECTION_NAMES	4

/*
 * The names one section goes by for fs (see select.h): as given, and X,
 * F_X, F/X with X the name without an "F_" or "F/" in front.
 */
static size_t section_names(const char *fs, const char *section,
			    char *names[SECTION_NAMES])
{
	size_t n = fs ? strlen(fs) : 0, i = 0;
	const char *bare = section;

	if (n && !strncasecmp(section, fs, n) &&
	    (section[n] == '_' || section[n] == '/') && section[n + 1])
		bare = section + n + 1;
	names[i++] = xstrdup(section);
	if (n) {
		names[i++] = xstrdup(bare);
		names[i++] = xasprintf("%s_%s", fs, bare);
		names[i++] = xasprintf("%s/%s", fs, bare);
	}
	return i;
}

bool section_matches(char *const *globs, const char *fs,
		     const char *section)
{
	bool pos = false, hit = false, neg = false;
	char *names[SECTION_NAMES];
	size_t i, j, n = section_names(fs, section, names);

	for (i = 0; globs[i]; i++) {
		bool not = globs[i][0] == '!';

		pos |= !not;
		for (j = 0; j < n; j++) {
			/* EXT4_4K is ext4_4k: case does not tell sections */
			if (fnmatch(globs[i] + not, names[j], FNM_CASEFOLD))
				continue;
			if (not)
				neg = true;
			else
				hit = true;
		}
	}
	for (j = 0; j < n; j++)
		free(names[j]);
	return (hit || !pos) && !neg;
}

static void add_list(struct strbuf *sb, char *const *list)
{
	size_t i;

	for (i = 0; list[i]; i++)
		sb_printf(sb, "%s%s", i ? "," : "", list[i]);
}

static void add_versions(struct strbuf *sb, const struct kver_list *l)
{
	char buf[48];
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_printf(sb, "%s%s", i ? "," : "", kver_str(&l->v[i], buf));
}

/*
 * Does the tree have every fixed-by= commit of e? If so, say which
 * commits decided: "fixed by 0123abcd as backport e5f6a7b8c9d0 in HEAD
 * 1a2b3c4d5e6f".
 */
static bool has_fixes(const struct gitfix *git, const struct entry *e,
		      struct strbuf *why)
{
	struct gitfix_hit hit;
	size_t j;

	for (j = 0; e->fixed_by[j]; j++) {
		if (!gitfix_find(git, e->fixed_by[j], &hit))
			return false;
	}
	if (!why)
		return true;
	sb_puts(why, "fixed by ");
	for (j = 0; e->fixed_by[j]; j++) {
		gitfix_find(git, e->fixed_by[j], &hit);
		sb_printf(why, "%s%s", j ? " and " : "", e->fixed_by[j]);
		if (hit.backport)
			sb_printf(why, " as backport %.12s", hit.commit);
	}
	sb_printf(why, " in HEAD %.12s", gitfix_head(git));
	return true;
}

/* "; fixed-by=X,Y not in HEAD 1a2b3c4d5e6f" for the commits missing */
static void add_missing(struct strbuf *why, const struct gitfix *git,
			const struct entry *e)
{
	struct gitfix_hit hit;
	size_t j, n = 0;

	for (j = 0; e->fixed_by[j]; j++) {
		if (gitfix_find(git, e->fixed_by[j], &hit) || !hit.reverted)
			continue;
		sb_printf(why, "; fixed-by=%s reverted by %.12s", e->fixed_by[j],
			  hit.revert);
	}
	for (j = 0; e->fixed_by[j]; j++) {
		if (gitfix_find(git, e->fixed_by[j], &hit) || hit.reverted)
			continue;
		sb_printf(why, "%s%s", n++ ? "," : "; fixed-by=",
			  e->fixed_by[j]);
	}
	if (n)
		sb_printf(why, " not in HEAD %.12s", gitfix_head(git));
}

static bool has_positive(char *const *globs)
{
	for (; *globs; globs++) {
		if (**globs != '!')
			return true;
	}
	return false;
}

/* section=: APPLIES, NEEDS_SECTION or NOT_SECTION */
static enum verdict check_section(const struct selector *s,
				  const struct entry *e, const char *section,
				  struct strbuf *why)
{
	/* only "!GLOB": no section is none of those it leaves out */
	if (!e->sections || (!section && !has_positive(e->sections)))
		return APPLIES;
	if (!section) {
		if (why) {
			sb_puts(why, "only for sections ");
			add_list(why, e->sections);
			sb_puts(why, "; no --section given");
		}
		return NEEDS_SECTION;
	}
	if (!section_matches(e->sections, s->fs, section)) {
		if (why) {
			sb_printf(why, "section %s is not ", section);
			add_list(why, e->sections);
		}
		return NOT_SECTION;
	}
	return APPLIES;
}

/* since=, fixed=, until=: APPLIES or which ended it */
static enum verdict check_versions(const struct entry *e, const struct kver *k,
				   struct strbuf *why)
{
	const struct kver *at;
	char buf[48], kbuf[48];
	bool series = entry_series(e);

	if (e->has_since && !kver_list_matches(&e->since, k, NULL)) {
		if (why) {
			sb_printf(why, "%s is before %s=", kver_str(k, kbuf),
				  series ? "series" : "since");
			add_versions(why, &e->since);
		}
		return NOT_SINCE;
	}
	if (e->has_fixed && kver_list_matches(&e->fixed, k, &at)) {
		if (why)
			sb_printf(why, "fixed in %s (kernel %s)",
				  kver_str(at, buf), kver_str(k, kbuf));
		return NOT_FIXED;
	}
	if (e->has_until && kver_list_matches(&e->until, k, &at)) {
		if (why && series)
			sb_printf(why,
				  "after the %u.%u.y series, nothing known from there on (series=%s; kernel %s)",
				  e->since.v[0].major, e->since.v[0].minor,
				  kver_str(&e->since.v[0], buf),
				  kver_str(k, kbuf));
		else if (why)
			sb_printf(why, "until %s, nothing known from there on (until=; kernel %s)",
				  kver_str(at, buf), kver_str(k, kbuf));
		return NOT_UNTIL;
	}
	return APPLIES;
}

/* "--env a,b" or "no --env" */
static void describe_env(struct strbuf *why, char *const *stated)
{
	if (!stated || !*stated) {
		sb_puts(why, "no --env");
		return;
	}
	sb_puts(why, "--env ");
	add_list(why, stated);
}

/* The --env switches stated: the selector's own, else the kernel's */
static char *const *stated_env(const struct selector *s)
{
	return s->env ? s->env : s->k->opts.env.v;
}

/* fixed-by=, the fstests fix, env=, if: APPLIES or which ended it */
static enum verdict check_retired(const struct selector *s, size_t i,
				  struct strbuf *why)
{
	const struct entry *e = &s->ds->entries[i];

	if (e->fixed_by && s->git && has_fixes(s->git, e, why))
		return NOT_FIXED_BY;
	if (fstests_rev_has_fix(s->fstests, e->test_fixed_by, e->test_fixed,
				NULL)) {
		if (why)
			fstests_rev_has_fix(s->fstests, e->test_fixed_by,
					    e->test_fixed, why);
		return NOT_TEST_FIXED;
	}
	if (e->env && !env_holds(e->env, stated_env(s))) {
		if (why) {
			sb_puts(why, "env=");
			add_list(why, e->env);
			sb_puts(why, " does not hold (");
			describe_env(why, stated_env(s));
			sb_puts(why, ")");
		}
		return NOT_ENV;
	}
	if (e->cond && s->cond[i] == 'n') {
		if (why)
			sb_printf(why, "if %s: n", e->cond);
		return NOT_COND;
	}
	/* undecided: the test is not run, but no failure is explained */
	if (e->cond && s->cond[i] == '?' && e->kind != KIND_EXPUNGE) {
		if (why)
			sb_printf(why, "if %s: %s", e->cond, UNDECIDED_NOT);
		return NOT_COND;
	}
	return APPLIES;
}

/* An entry that applies: to what, and what was not checked */
static void explain_applies(const struct selector *s, size_t i,
			    const char *section, struct strbuf *why)
{
	const struct entry *e = &s->ds->entries[i];
	char kbuf[48];

	sb_printf(why, "applies to %s", kver_str(&s->k->version, kbuf));
	if (section)
		sb_printf(why, ", section %s", section);
	if (e->env) {
		sb_puts(why, "; env=");
		add_list(why, e->env);
		sb_puts(why, " holds (");
		describe_env(why, stated_env(s));
		sb_puts(why, ")");
	}
	if (e->cond && s->cond[i] == '?')
		sb_printf(why, "; if %s: %s", e->cond, UNDECIDED_EXPUNGE);
	else if (e->cond)
		sb_printf(why, "; if %s: %c", e->cond, s->cond[i]);
	if (e->fixed_by && s->git) {
		add_missing(why, s->git, e);
	} else if (e->fixed_by) {
		sb_puts(why, "; fixed-by=");
		add_list(why, e->fixed_by);
		sb_puts(why, " not checked (no git tree)");
	}
	fstests_rev_has_fix(s->fstests, e->test_fixed_by, e->test_fixed,
			    why);
}

enum verdict selector_check(const struct selector *s, size_t i,
			    const char *section, struct strbuf *why)
{
	const struct entry *e = &s->ds->entries[i];
	enum verdict v;

	v = check_section(s, e, section, why);
	if (v == APPLIES)
		v = check_versions(e, &s->k->version, why);
	if (v == APPLIES)
		v = check_retired(s, i, why);
	if (v == APPLIES && why)
		explain_applies(s, i, section, why);
	return v;
}

size_t select_undecided(const struct selector *s, const char *section,
			const char *sep, struct strbuf *sb)
{
	size_t i, n = 0;

	for (i = 0; s->undecided && i < s->ds->n; i++) {
		const struct entry *e = &s->ds->entries[i];
		enum verdict v;

		if (!e->cond || s->cond[i] != '?')
			continue;
		/* the condition is the last check: NOT_COND is it alone */
		v = selector_check(s, i, section, NULL);
		if (v != APPLIES && v != NOT_COND)
			continue;
		sb_printf(sb, "%s%s %s %s (%s:%u: if %s)", n ? sep : "",
			  e->test, kind_name(e->kind),
			  e->kind == KIND_EXPUNGE ? "applied" : "not applied",
			  entry_file(e), e->line, e->cond);
		n++;
	}
	return n;
}

static int applied_cmp(const void *a, const void *b)
{
	const struct applied *x = a, *y = b;

	return strcmp(x->test, y->test);
}

void select_section(const struct selector *s, const char *section,
		    struct applied_set *set)
{
	size_t alloc = 0, i, j;

	memset(set, 0, sizeof(*set));
	for (i = 0; i < s->ds->n; i++) {
		const struct entry *e = &s->ds->entries[i];
		struct applied *a;

		if (selector_check(s, i, section, NULL) != APPLIES)
			continue;
		a = array_push(&set->a, &set->n, &alloc, sizeof(*a));
		a->test = e->test;
		a->kind = e->kind;
		a->retries = e->kind == KIND_FLAKY ? entry_retries(e) : 0;
		a->entry = e;
		a->passed_here = e->kind == KIND_FAIL && e->has_passed &&
			kver_list_matches(&e->passed, &s->k->version, NULL);
	}
	if (!set->n)
		return;
	qsort(set->a, set->n, sizeof(*set->a), applied_cmp);
	/* Merge entries for one test: expunge > fail > flaky */
	for (i = 0, j = 1; j < set->n; j++) {
		struct applied *a = &set->a[i], *b = &set->a[j];

		if (strcmp(a->test, b->test)) {
			set->a[++i] = *b;
			continue;
		}
		if (b->retries > a->retries)
			a->retries = b->retries;
		if (b->kind < a->kind) {
			a->kind = b->kind;
			a->entry = b->entry;
			a->passed_here = b->passed_here;
		} else if (b->kind == a->kind) {
			/* every fail entry of the test must know of the pass */
			a->passed_here = a->passed_here && b->passed_here;
		}
	}
	set->n = i + 1;
}

const struct applied *applied_find(const struct applied_set *set,
				   const char *test)
{
	struct applied key = { .test = test };

	if (!set->n)
		return NULL;
	return bsearch(&key, set->a, set->n, sizeof(key), applied_cmp);
}

void applied_free(struct applied_set *set)
{
	free(set->a);
	memset(set, 0, sizeof(*set));
}

void entry_describe(const struct entry *e, struct strbuf *sb)
{
	sb_printf(sb, "%s", kind_name(e->kind));
	if (e->kind == KIND_FLAKY)
		sb_printf(sb, " (retries %d)", entry_retries(e));
	if (e->comment)
		sb_printf(sb, ": %s", e->comment);
	if (e->bug)
		sb_printf(sb, " %s", e->bug);
	if (e->fixed_by) {
		sb_puts(sb, " fixed-by ");
		add_list(sb, e->fixed_by);
	}
	entry_evidence(e, sb);
	sb_printf(sb, " (%s:%u)", entry_file(e), e->line);
}

/*
 * since= and until= as what applies: "6.1.y only" when they bracket one
 * series (since 6.1-rc4 or 6.1, until 6.2-rc1), else "since 6.1-rc4;
 * until 6.6.30" (since alone says nothing of an entry that applies).
 * Returns the next separator.
 */
static const char *add_bounds(const struct entry *e, const char *sep,
			      struct strbuf *sb)
{
	const struct kver *s = e->has_since && e->since.n == 1 ?
			       &e->since.v[0] : NULL;
	const struct kver *u = e->has_until && e->until.n == 1 ?
			       &e->until.v[0] : NULL;

	if (s && u && !s->patch && u->rc == 1 && !u->patch &&
	    ((u->major == s->major && u->minor == s->minor + 1) ||
	     (u->major == s->major + 1 && !u->minor && s->minor >= 19))) {
		sb_printf(sb, "%s%u.%u.y only", sep, s->major, s->minor);
		return "; ";
	}
	if (e->has_since && e->has_until) {
		sb_printf(sb, "%ssince ", sep);
		add_versions(sb, &e->since);
		sep = "; ";
	}
	if (e->has_until) {
		sb_printf(sb, "%suntil ", sep);
		add_versions(sb, &e->until);
		sep = "; ";
	}
	return sep;
}

/* " [cause test; seen 6.12.3; ...]": what the line says of itself */
void entry_evidence(const struct entry *e, struct strbuf *sb)
{
	const char *sep = " [";

	if (e->cause != CAUSE_NONE) {
		sb_printf(sb, "%scause %s", sep, cause_name(e->cause));
		sep = "; ";
	}
	if (e->has_seen) {
		sb_printf(sb, "%sseen ", sep);
		add_versions(sb, &e->seen);
		sep = "; ";
	}
	if (e->has_passed) {
		sb_printf(sb, "%spassed ", sep);
		add_versions(sb, &e->passed);
		sep = "; ";
	}
	if (e->has_until)
		sep = add_bounds(e, sep, sb);
	if (e->test_fixed_by || e->test_fixed) {
		sb_printf(sb, "%sfstests fix ", sep);
		if (e->test_fixed_by)
			add_list(sb, e->test_fixed_by);
		if (e->test_fixed)
			sb_printf(sb, "%s%s", e->test_fixed_by ? " " : "",
				  e->test_fixed);
		sep = "; ";
	}
	if (e->env) {
		sb_printf(sb, "%senv ", sep);
		add_list(sb, e->env);
		sep = "; ";
	}
	if (*sep == ';')
		sb_puts(sb, "]");
}
