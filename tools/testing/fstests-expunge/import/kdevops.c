// SPDX-License-Identifier: GPL-2.0
/*
 * kdevops lists as data lines. kdevops keeps one set of lists per kernel
 * it tested; here each test's sets become version ranges, one stable
 * series at a time: an entry holds from the first tested kernel whose
 * list names the test up to the next tested kernel of that series whose
 * list for the same section does not (a kernel between two tested ones
 * is taken to be as the older one was). A series with no tested kernel,
 * and a section with no list at a kernel, say nothing. Ranges of several
 * series share a line where the version rule lets them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/kdevops.h"

/* A test named by a list: where, for which filesystem and section */
struct hit {
	const struct kd_list *list;
	const struct kd_test *test;
	const struct kd_point *point;
};

/* A filesystem, section and kernel that have a list: tested there */
struct tested {
	const char *fs, *section, *env;
	const struct kd_point *point;
};

static int cmp_str(const char *a, const char *b)
{
	/* NULL (every section) first */
	if (!a || !b)
		return !!a - !!b;
	return strcmp(a, b);
}

static int cmp_point(const struct kd_point *a, const struct kd_point *b)
{
	if (a->any || b->any)
		return b->any - a->any;
	return kver_cmp(&a->v, &b->v);
}

static int cmp_tested(const void *x, const void *y)
{
	const struct tested *a = x, *b = y;
	int c = strcmp(a->fs, b->fs);

	if (!c)
		c = cmp_str(a->section, b->section);
	if (!c)
		c = cmp_str(a->env, b->env);
	return c ? c : cmp_point(a->point, b->point);
}

static int cmp_hit(const void *x, const void *y)
{
	const struct hit *a = x, *b = y;
	int c = strcmp(a->list->fs, b->list->fs);

	if (!c)
		c = cmp_str(a->list->section, b->list->section);
	if (!c)
		c = cmp_str(a->list->env, b->list->env);
	if (!c)
		c = import_test_cmp(a->test->test, b->test->test);
	if (!c)
		c = cmp_point(a->point, b->point);
	return c ? c : (a < b ? -1 : a > b);
}

static bool same_series(const struct kd_point *a, const struct kd_point *b)
{
	return a->v.major == b->v.major && a->v.minor == b->v.minor;
}

/* The hits of one test, for one filesystem and section */
struct group {
	const struct kd_tree *tree;
	const struct hit *h;
	size_t n;
	const struct tested *t;	/* where that section was tested */
	size_t nt;
};

/* A stretch of tested kernels of one series whose lists name the test */
struct span {
	const struct kd_point *since, *fixed;	/* fixed NULL: still open */
	size_t from, to;			/* its hits */
	struct kd_note note;
};

/* A release the comments say has the fix, if it is after every span */
static void fixed_release(const struct span *s, size_t n,
			  const struct kd_note *note, struct strbuf *sb)
{
	struct kver f;
	size_t i;

	if (!note->fixed || kver_parse_prefix(note->fixed, &f, NULL))
		return;
	for (i = 0; i < n; i++)
		if (kver_cmp(&s[i].since->v, &f) >= 0)
			return;
	sb_printf(sb, " fixed=%s", note->fixed);
}

/*
 * since= the first listing kernel of each span, fixed= the release the
 * comments say has the fix (fixed_release()); until= where the lists
 * stop saying anything: the next tested kernel of the series that does
 * not list the test, or the end of the series a mainline span starts
 * in. Neither since= nor until= is a fix: no list says why a test left
 * it.
 */
static void version_lists(const struct span *s, size_t n,
			  const struct kd_note *note, struct strbuf *sb)
{
	struct strbuf until = { 0 };
	char buf[48];
	size_t i;

	for (i = 0; i < n; i++) {
		const struct kver *v = &s[i].since->v;

		sb_printf(sb, "%s%s", i ? "," : " since=", kver_str(v, buf));
		if (s[i].fixed)
			sb_printf(&until, "%s%s", until.len ? "," : "",
				  kver_str(&s[i].fixed->v, buf));
		/* a span that starts at a mainline kernel ends with its series */
		if (kver_is_mainline(v) &&
		    (!s[i].fixed || !kver_is_mainline(&s[i].fixed->v))) {
			struct kver next = kd_next_series(v);

			sb_printf(&until, "%s%s", until.len ? "," : "",
				  kver_str(&next, buf));
		}
	}
	fixed_release(s, n, note, sb);
	if (until.len)
		sb_printf(sb, " until=%s", until.buf);
	sb_free(&until);
}

/* The newest listing kernel of each series: seen=, and its lists: from= */
static void evidence(const struct group *g, size_t from, size_t to,
		     const struct import_result *r, struct strbuf *sb)
{
	struct strbuf seen = { 0 };
	struct strlist orig = { 0 };
	char *env[2] = { NULL, NULL };
	const char *any;
	char buf[48];
	size_t i;

	for (i = from; i < to; i++) {
		const struct hit *h = &g->h[i];
		bool last = i + 1 == to || g->h[i + 1].point->any ||
			!same_series(h->point, g->h[i + 1].point);

		if (h->point->any || !last)
			continue;
		sb_printf(&seen, "%s%s", seen.len ? "," : "",
			  kver_str(&h->point->v, buf));
	}
	for (i = from; i < to; i++) {
		const struct hit *h = &g->h[i];
		bool last = i + 1 == to ||
			h->point->any != g->h[i + 1].point->any ||
			(!h->point->any && !same_series(h->point,
							g->h[i + 1].point));

		if (last || h->point->any)
			strlist_add(&orig, xasprintf("%s%s",
						     r->user ? "user:" : "kdevops:",
						     r->user ? h->list->path :
						     h->list->rel));
	}
	/* a list for every kernel: "kdevops" where env= says which */
	env[0] = (char *)g->h[from].list->env;
	any = r->user ? NULL : origin_kdevops_any(env, seen.len);
	for (i = 0; any && i < orig.n; i++) {
		char *s = origin_short(orig.v[i]);

		if (!strcmp(s, any)) {
			free(orig.v[i]);
			orig.v[i] = xstrdup("kdevops");
		}
		free(s);
	}
	import_put_from(sb, &orig);
	if (seen.len)
		sb_printf(sb, " seen=%s", seen.buf);
	sb_free(&seen);
	strlist_free(&orig);
}

/* "  # NOTE" on one line, or what the list does when it says nothing */
static void user_note(const char *note, struct strbuf *sb)
{
	size_t start = sb->len;
	char *p;

	sb_printf(sb, "  # %s", note && *note ? note : "excluded by this list");
	for (p = sb->buf + start; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = ' ';
}

/* One data line for the spans s (none: any/, every kernel) */
static void emit(const struct group *g, const struct span *s, size_t n,
		 const struct kd_note *note, size_t from, size_t to,
		 struct import_result *r)
{
	const struct kd_list *l = g->h[from].list;
	struct strbuf sb = { 0 };
	size_t i;

	sb_printf(&sb, "%s %s", g->h[from].test->test,
		  kind_name(note->kind));
	if (l->section)
		sb_printf(&sb, " section=%s", l->section);
	version_lists(s, n, note, &sb);
	for (i = 0; i < note->fixed_by.n; i++)
		sb_printf(&sb, "%s%s", i ? "," : " fixed-by=",
			  note->fixed_by.v[i]);
	if (l->env)
		sb_printf(&sb, " env=%s", l->env);
	if (note->bug)
		sb_printf(&sb, " bug=%s", note->bug);
	/*
	 * a user's list has no cause to say: no "untriaged" either; a line
	 * with no reason says it with from= and seen= (data-format.rst)
	 */
	if (note->cause && (strcmp(note->cause, "untriaged") ||
			    (!r->user && (note->text.len || note->bug ||
					  note->fixed_by.n))))
		sb_printf(&sb, " cause=%s", note->cause);
	for (i = 0; i < note->rates.n; i++)
		sb_printf(&sb, "%s%s", i ? "," : " rate=", note->rates.v[i]);
	evidence(g, from, to, r, &sb);
	if (note->cond)
		sb_printf(&sb, " if %s", note->cond);
	if (r->user) {
		/* a user's own list: their words stay theirs */
		user_note(g->h[from].test->note, &sb);
	} else if (note->text.len) {
		sb_printf(&sb, "  # %s", note->text.buf);
	}
	for (i = from; i < to; i++) {
		if (g->h[i].test->listed_as) {
			sb_printf(&sb, "%s(listed as %s)",
				  r->user || note->text.len ? " " : "  # ",
				  g->h[i].test->listed_as);
			break;
		}
	}
	import_add_line(r, l->fs, sb.buf,
			xasprintf("%s:%u", l->path, g->h[from].test->line));
}

/*
 * A switch's list says why by its name: a test for a large scratch
 * device, or one over 10 s; a time a note gives is kept.
 */
static void switch_note(const struct group *g, size_t from, size_t to,
			struct kd_note *note)
{
	const char *env = g->h[from].list->env;
	unsigned int secs = 0;
	size_t i;

	for (i = from; i < to && !secs; i++) {
		const char *n = g->h[i].test->note, *p;

		p = n ? strstr(n, "takes ") : NULL;
		if (p && sscanf(p, "takes %u", &secs) != 1)
			secs = 0;
	}
	note->kind = KIND_EXPUNGE;
	note->cause = "env";
	strlist_free(&note->rates);
	note->text.len = 0;
	sb_puts(&note->text, strcmp(env, "fast") ?
		"needs a larger scratch device than a default run has" :
		"runs over 10 s: left out of a fast run");
	if (secs)
		sb_printf(&note->text, " (took %u s)", secs);
}

static void make_note(const struct group *g, size_t from, size_t to,
		      struct kd_note *note)
{
	const char **notes = xcalloc(to - from + 1, sizeof(*notes));
	size_t i;

	for (i = from; i < to; i++)
		notes[i - from] = g->h[i].test->note;
	kd_note_make(notes, to - from, note);
	free(notes);
	if (g->h[from].list->env)
		switch_note(g, from, to, note);
}

static bool same_rates(const struct strlist *a, const struct strlist *b)
{
	size_t i;

	for (i = 0; a->n == b->n && i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]))
			return false;
	return a->n == b->n;
}

static bool same_note(const struct kd_note *a, const struct kd_note *b)
{
	return a->kind == b->kind && a->text.len == b->text.len &&
		(!a->text.len || !strcmp(a->text.buf, b->text.buf)) &&
		str_same(a->bug, b->bug) && str_same(a->cause, b->cause) &&
		str_same(a->cond, b->cond) && str_same(a->fixed, b->fixed) &&
		same_rates(&a->rates, &b->rates);
}

/*
 * Spans of several series on one line, when the lists say the same of
 * them: any number that start at a stable update (x.y.z holds for its
 * own series only), then at most one that starts at an rc or release,
 * last (its mainline versions hold for every later series, which the
 * fixed= of its own series then ends).
 */
static void emit_spans(const struct group *g, struct span *s, size_t n,
		       struct import_result *r)
{
	size_t i, j;

	for (i = 0; i < n; i = j) {
		for (j = i + 1; !kver_is_mainline(&s[j - 1].since->v) &&
		     j < n && same_note(&s[i].note, &s[j].note) &&
		     !same_series(s[j - 1].since, s[j].since); j++)
			;
		emit(g, s + i, j - i, &s[i].note, s[i].from, s[j - 1].to, r);
	}
	for (i = 0; i < n; i++)
		kd_note_free(&s[i].note);
}

static void add_span(struct span **s, size_t *n, size_t *alloc,
		     const struct group *g, const struct kd_point *since,
		     const struct kd_point *fixed, size_t from, size_t to)
{
	struct span *sp = array_push(s, n, alloc, sizeof(*sp));

	sp->since = since;
	sp->fixed = fixed;
	sp->from = from;
	sp->to = to;
	make_note(g, from, to, &sp->note);
}

/*
 * One span per stretch of tested kernels of a series whose lists name
 * the test: from its first such kernel to the next one that does not.
 */
static void convert_group(const struct group *g, struct import_result *r)
{
	const struct kd_point *start = NULL;
	size_t j = 0, from = 0, i, n = 0, alloc = 0;
	struct span *s = NULL;
	struct kd_note note;

	while (j < g->n && g->h[j].point->any)
		j++;
	if (j) {
		make_note(g, 0, j, &note);
		emit(g, NULL, 0, &note, 0, j, r);
		kd_note_free(&note);
	}
	for (i = 0; i < g->nt; i++) {
		const struct kd_point *p = g->t[i].point;
		bool listed = j < g->n && g->h[j].point == p;

		if (p->any)
			continue;
		if (start && !same_series(start, p)) {
			add_span(&s, &n, &alloc, g, start, NULL, from, j);
			start = NULL;
		}
		if (listed && !start) {
			start = p;
			from = j;
		} else if (!listed && start) {
			add_span(&s, &n, &alloc, g, start, p, from, j);
			start = NULL;
		}
		while (j < g->n && g->h[j].point == p)
			j++;
	}
	if (start)
		add_span(&s, &n, &alloc, g, start, NULL, from, j);
	emit_spans(g, s, n, r);
	free(s);
}

static struct tested *tested_sets(const struct kd_tree *t, size_t *n)
{
	struct tested *v = xcalloc(t->nlists + 1, sizeof(*v));
	size_t i, k = 0;

	for (i = 0; i < t->nlists; i++) {
		v[i].fs = t->lists[i].fs;
		v[i].section = t->lists[i].section;
		v[i].env = t->lists[i].env;
		v[i].point = &t->points[t->lists[i].point];
	}
	qsort(v, t->nlists, sizeof(*v), cmp_tested);
	for (i = 0; i < t->nlists; i++)
		if (!k || cmp_tested(&v[k - 1], &v[i]))
			v[k++] = v[i];
	*n = k;
	return v;
}

/* Lists of one filesystem, section and switch */
static bool same_set(const struct hit *a, const struct hit *b)
{
	return !strcmp(a->list->fs, b->list->fs) &&
		!cmp_str(a->list->section, b->list->section) &&
		!cmp_str(a->list->env, b->list->env);
}

static bool tested_for(const struct tested *t, const struct hit *h)
{
	return !strcmp(t->fs, h->list->fs) &&
		!cmp_str(t->section, h->list->section) &&
		!cmp_str(t->env, h->list->env);
}

static void convert(const struct kd_tree *t, struct import_result *r)
{
	struct hit *h = xcalloc(t->ntests + 1, sizeof(*h));
	size_t i, j, k = 0, nt;
	struct tested *tv = tested_sets(t, &nt);

	for (i = 0; i < t->ntests; i++) {
		h[i].test = &t->tests[i];
		h[i].list = &t->lists[t->tests[i].list];
		h[i].point = &t->points[h[i].list->point];
	}
	qsort(h, t->ntests, sizeof(*h), cmp_hit);
	for (i = 0; i < t->ntests; i = j) {
		struct group g = { .tree = t, .h = h + i };

		for (j = i; j < t->ntests && same_set(&h[j], &h[i]) &&
		     !strcmp(h[j].test->test, h[i].test->test); j++)
			;
		g.n = j - i;
		/* the tested sets come in the same order as the hits */
		while (k < nt && !tested_for(&tv[k], &h[i]))
			k++;
		g.t = tv + k;
		while (g.t + g.nt < tv + nt && tested_for(&g.t[g.nt], &h[i]))
			g.nt++;
		convert_group(&g, r);
	}
	free(tv);
	free(h);
}

int import_kdevops(const char *dir, const struct strlist *fs,
		   struct import_result *r)
{
	struct kd_tree t;

	if (kd_walk(dir, fs, &t, r)) {
		kd_tree_free(&t);
		return -1;
	}
	convert(&t, r);
	kd_tree_free(&t);
	return 0;
}
