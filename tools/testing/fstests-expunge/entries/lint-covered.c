// SPDX-License-Identifier: GPL-2.0
/*
 * Lint rule: a line other lines cover together. Deleting it changes no
 * exclude or flaky answer: wherever it applies (section, kernel, switch)
 * one of them applies with a kind as strong. Decided over the points
 * where the answer can change: the versions the lines name and the ones
 * just before, the sections they name (a glob by a name it matches),
 * no section and one no line names, every set of switches.
 */
#include <stdlib.h>
#include <string.h>

#include "entries/compact-rel.h"
#include "entries/data-dir.h"
#include "entries/entry-keys.h"
#include "entries/lint-covered.h"
#include "entries/select.h"
#include "lib/base.h"

#define NO_SECTION	NULL
#define OTHER_SECTION	"fstests-expunge-no-such-section"

/* The family of a data file: "DIR:xfs" for DIR/xfs.expunge, DIR/eol/xfs.expunge */
static char *family(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t dir = base ? (size_t)(base - file) : 0;
	size_t n;

	base = base ? base + 1 : file;
	n = strlen(base);
	if (n > 8 && !strcmp(base + n - 8, ".expunge"))
		n -= 8;
	if (dir >= 3 && !strncmp(file + dir - 3, "eol", 3) &&
	    (dir == 3 || file[dir - 4] == '/'))
		dir = dir > 3 ? dir - 4 : 0;
	return xasprintf("%.*s:%.*s", (int)dir, file, (int)n, base);
}

static bool is_global_family(const char *fam)
{
	const char *c = strrchr(fam, ':');

	return c && !strcmp(c + 1, GLOBAL_DATA);
}

/* The filesystem a family is for, as section names are matched */
static const char *family_fs(const char *fam)
{
	const char *c = strrchr(fam, ':');

	return c ? c + 1 : fam;
}

struct points {
	struct kver *v;
	size_t nv, av;
	char **sec;	/* section names; NO_SECTION among them */
	size_t ns, as;
	bool env;	/* try every set of switches */
};

static void add_kver(struct points *p, struct kver v)
{
	size_t i;

	for (i = 0; i < p->nv; i++) {
		if (!kver_cmp(&p->v[i], &v))
			return;
	}
	*(struct kver *)array_push(&p->v, &p->nv, &p->av, sizeof(v)) = v;
}

/*
 * v and what comes right before it; for a stable version also the end
 * of its series and what comes right after, where its claim stops
 */
static void add_version(struct points *p, const struct kver *v)
{
	struct kver b = *v;

	add_kver(p, *v);
	if (v->patch) {
		b.patch--;
		add_kver(p, b);
		b.patch = 999999;
		add_kver(p, b);
		b = (struct kver){ v->major, v->minor + 1, 0, 1 };
		add_kver(p, b);
	} else if (v->rc > 1) {
		b.rc--;
		add_kver(p, b);
	} else if (!v->rc) {
		b.rc = 999;
		add_kver(p, b);
	} else if (v->minor) {
		b = (struct kver){ v->major, v->minor - 1, 999999, 0 };
		add_kver(p, b);
	} else if (v->major) {
		b = (struct kver){ v->major - 1, 999, 999999, 0 };
		add_kver(p, b);
	}
}

static void add_versions(struct points *p, bool has,
			 const struct kver_list *l)
{
	size_t i;

	for (i = 0; has && i < l->n; i++)
		add_version(p, &l->v[i]);
}

static void add_section(struct points *p, const char *s)
{
	size_t i;

	for (i = 0; i < p->ns; i++) {
		if (p->sec[i] == s || (p->sec[i] && s && !strcmp(p->sec[i], s)))
			return;
	}
	*(char **)array_push(&p->sec, &p->ns, &p->as, sizeof(char *)) =
		s ? xstrdup(s) : NULL;
}

/* Names a glob matches: its wildcards as nothing, and as letters */
static void add_glob(struct points *p, const char *g)
{
	struct strbuf a = { 0 }, b = { 0 };
	const char *q;

	if (*g == '!')
		g++;
	for (q = g; *q; q++) {
		if (*q == '*') {
			sb_puts(&b, "zq");
		} else if (*q == '?') {
			sb_puts(&a, "q");
			sb_puts(&b, "q");
		} else if (*q == '[') {
			const char *end = strchr(q + 1, ']');
			char c = q[1] == '!' || q[1] == '^' ? '~' : q[1];

			sb_printf(&a, "%c", c);
			sb_printf(&b, "%c", c);
			q = end ? end : q + strlen(q) - 1;
		} else {
			sb_printf(&a, "%c", *q);
			sb_printf(&b, "%c", *q);
		}
	}
	add_section(p, a.len ? a.buf : OTHER_SECTION);
	add_section(p, b.len ? b.buf : OTHER_SECTION);
	sb_free(&a);
	sb_free(&b);
}

static void add_entry(struct points *p, const struct entry *e)
{
	char *const *s;

	add_versions(p, e->has_since, &e->since);
	add_versions(p, e->has_fixed, &e->fixed);
	add_versions(p, e->has_until, &e->until);
	for (s = e->sections; s && *s; s++) {
		if (plain_section_name(*s))
			add_section(p, *s);
		else
			add_glob(p, *s);
	}
	p->env |= !!e->env;
}

static void points_free(struct points *p)
{
	size_t i;

	for (i = 0; i < p->ns; i++)
		free(p->sec[i]);
	free(p->sec);
	free(p->v);
}

/*
 * Can b stand in for a where the points do not tell them apart: the
 * same test, no "if" or fstests fix that a lacks. A fixed-by= of b is
 * taken as its fixed= (the version lists decide without --srctree); one
 * without fixed= ends b where the version lists cannot tell: b covers
 * only lines with the same fix.
 */
static bool may_cover(const struct entry *b, const struct entry *a)
{
	if (strcmp(a->test, b->test) || b->kind > a->kind)
		return false;
	if (b->fixed_by && !b->has_fixed && !words_same(a->fixed_by, b->fixed_by))
		return false;
	if (b->cond && !str_same(a->cond, b->cond))
		return false;
	if ((b->test_fixed_by || b->test_fixed) &&
	    (!words_same(a->test_fixed_by, b->test_fixed_by) ||
	     !str_same(a->test_fixed, b->test_fixed)))
		return false;
	return true;
}

/* Does e apply to section (NULL: none given), version k, switches env? */
static bool applies(const struct entry *e, const char *fs, const char *section,
		    const struct kver *k, char *const *env)
{
	char *const *g;
	bool positive = false;

	if (e->sections) {
		for (g = e->sections; *g; g++)
			positive |= **g != '!';
		if (section ? !section_matches(e->sections, fs, section) :
		    positive)
			return false;
	}
	if ((e->has_since && !kver_list_matches(&e->since, k, NULL)) ||
	    (e->has_fixed && kver_list_matches(&e->fixed, k, NULL)) ||
	    (e->has_until && kver_list_matches(&e->until, k, NULL)))
		return false;
	return !e->env || env_holds(e->env, env);
}

/* Is b's kind there as strong as a's (as many retries for flaky)? */
static bool as_strong(const struct entry *b, const struct entry *a)
{
	if (b->kind != a->kind)
		return b->kind < a->kind;
	return a->kind != KIND_FLAKY || entry_retries(b) >= entry_retries(a);
}

/*
 * Is a covered by the lines of cand (n of them) at every point: for each
 * point where a applies, one of them applies with a kind as strong?
 * used[i] is set for the lines that did.
 */
static bool covered(const struct entry *a, const struct entry **cand,
		    size_t n, const char *fs, bool *used)
{
	struct points p = { 0 };
	size_t i, v, s, set, sets, nsw, m, bit;
	bool ok = true;
	char **env;

	add_entry(&p, a);
	for (i = 0; i < n; i++)
		add_entry(&p, cand[i]);
	add_kver(&p, (struct kver){ 0, 1, 0, 0 });
	add_kver(&p, (struct kver){ 999, 0, 0, 0 });
	add_section(&p, NO_SECTION);
	add_section(&p, OTHER_SECTION);
	/* every switch data-format.rst defines, on and off */
	for (nsw = 0; env_switch(nsw); nsw++)
		;
	env = xcalloc(nsw + 1, sizeof(*env));
	sets = p.env ? 1u << nsw : 1;
	for (set = 0; ok && set < sets; set++) {
		for (bit = m = 0; bit < nsw; bit++) {
			if (set & (1u << bit))
				env[m++] = (char *)env_switch(bit);
		}
		env[m] = NULL;
		for (v = 0; ok && v < p.nv; v++) {
			for (s = 0; ok && s < p.ns; s++) {
				if (!applies(a, fs, p.sec[s], &p.v[v], env))
					continue;
				for (i = 0; i < n; i++) {
					if (as_strong(cand[i], a) &&
					    applies(cand[i], fs, p.sec[s],
						    &p.v[v], env))
						break;
				}
				if (i == n)
					ok = false;
				else
					used[i] = true;
			}
		}
	}
	free(env);
	points_free(&p);
	return ok;
}

static void say(const struct entry *a, const struct entry **cand, size_t n,
		const bool *used, struct diag *d)
{
	struct strbuf by = { 0 };
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		if (used[i])
			sb_printf(&by, "%s%s:%u", k++ ? ", " : "",
				  entry_file(cand[i]), cand[i]->line);
	}
	diag_add(d, false, a->file, a->line,
		 "%s: covered by %s (wherever this line applies, %s, as strong or stronger): deleting it changes no selection, delete it (carry its facts into %s if they matter)",
		 a->test, k ? by.buf : "nothing", k > 1 ? "one of them does" :
		 "that line does", k > 1 ? "them" : "it");
	sb_free(&by);
}

bool entries_cover(const struct dataset *ds, const struct entry *a,
		   const char *fs)
{
	const struct entry **cand = xcalloc(ds->n + 1, sizeof(*cand));
	bool *used = xcalloc(ds->n + 1, sizeof(*used));
	size_t i, n = 0;
	bool ret;

	for (i = 0; i < ds->n; i++) {
		if (&ds->entries[i] != a && may_cover(&ds->entries[i], a))
			cand[n++] = &ds->entries[i];
	}
	ret = n && covered(a, cand, n, fs, used);
	free(cand);
	free(used);
	return ret;
}

void lint_covered(const struct dataset *ds, bool *gone, struct diag *d)
{
	const struct entry **cand = xcalloc(ds->n + 1, sizeof(*cand));
	char **fam = xcalloc(ds->n + 1, sizeof(*fam));
	bool *used = xcalloc(ds->n + 1, sizeof(*used));
	size_t i, j, n;

	for (i = 0; i < ds->n; i++)
		fam[i] = family(ds->entries[i].file);
	for (i = 0; i < ds->n; i++) {
		const struct entry *a = &ds->entries[i];

		if (gone[i] || entry_group(a))
			continue;
		for (j = n = 0; j < ds->n; j++) {
			if (j == i || gone[j] ||
			    !may_cover(&ds->entries[j], a))
				continue;
			if (strcmp(fam[j], fam[i]) &&
			    (is_global_family(fam[i]) ||
			     !is_global_family(fam[j]) ||
			     strncmp(fam[j], fam[i],
				     strrchr(fam[i], ':') - fam[i] + 1)))
				continue;
			cand[n++] = &ds->entries[j];
		}
		memset(used, 0, n * sizeof(*used));
		if (!n || !covered(a, cand, n, family_fs(fam[i]), used))
			continue;
		gone[i] = true;
		/* one line that covers it alone is the one to name */
		for (j = 0; j < n; j++) {
			bool one = false;

			if (used[j] && covered(a, &cand[j], 1,
					       family_fs(fam[i]), &one))
				break;
		}
		if (j < n) {
			memset(used, 0, n * sizeof(*used));
			used[j] = true;
		}
		say(a, cand, n, used, d);
	}
	for (i = 0; i < ds->n; i++)
		free(fam[i]);
	free(fam);
	free(cand);
	free(used);
}
