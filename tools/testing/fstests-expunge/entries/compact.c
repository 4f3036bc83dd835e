// SPDX-License-Identifier: GPL-2.0
/*
 * Compaction: a data file's entries as a strictly equivalent, smaller
 * set. Each round drops the lines another covers, then merges lines
 * that differ only in their sections or in their version ranges; the
 * text is parsed again and the next round runs until one changes
 * nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "entries/compact-rel.h"
#include "entries/compact.h"
#include "entries/entry-format.h"
#include "entries/reason.h"
#include "lib/strmap.h"

#define COMPACT_ROUNDS	64

enum fate { KEEP, DROPPED, ABSORBED };

struct plan {
	const struct dataset *ds, *global;
	size_t *order;		/* entries sorted by test */
	size_t *gorder;		/* global's, sorted by test */
	enum fate *fate;
	size_t *by;		/* DROPPED/ABSORBED: into which (or global's) */
	bool *by_global;
	bool *touched;		/* merged this round */
	bool *range;		/* ABSORBED as a range, not a section */
	const bool *frozen;	/* lines to keep as they are, or NULL */
};

static const struct dataset *sort_ds;

static int by_test(const void *a, const void *b)
{
	const struct entry *x = &sort_ds->entries[*(const size_t *)a];
	const struct entry *y = &sort_ds->entries[*(const size_t *)b];
	int c = strcmp(x->test, y->test);

	if (c)
		return c;
	return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static size_t *sorted(const struct dataset *ds)
{
	size_t *o = xcalloc(ds->n + 1, sizeof(*o)), i;

	for (i = 0; i < ds->n; i++)
		o[i] = i;
	sort_ds = ds;
	if (ds->n)
		qsort(o, ds->n, sizeof(*o), by_test);
	return o;
}

static const struct entry *ent(const struct plan *p, size_t i)
{
	return &p->ds->entries[i];
}

/* Is line i kept byte for byte: neither dropped, merged nor rewritten? */
static bool frozen(const struct plan *p, size_t i)
{
	return p->frozen && p->frozen[i];
}

/* Is j to stay rather than i when each covers the other? */
static bool preferred(const struct plan *p, size_t j, size_t i)
{
	bool hj = entry_hand(ent(p, j)), hi = entry_hand(ent(p, i));

	if (frozen(p, j) != frozen(p, i))
		return frozen(p, j);
	return hj != hi ? hj : j < i;
}

/* May i and j become one line? Not when one is to be kept as it is. */
static bool mergeable(const struct plan *p, size_t i, size_t j)
{
	return p->fate[j] == KEEP && !p->touched[j] && !frozen(p, i) &&
	       !frozen(p, j);
}

/* A line of global.expunge that covers entry i, or false */
static bool global_cover(const struct plan *p, size_t i, size_t *g)
{
	const struct dataset *gd = p->global;
	size_t k;

	for (k = 0; gd && k < gd->n; k++) {
		if (entry_covers(&gd->entries[k], ent(p, i))) {
			*g = k;
			return true;
		}
	}
	return false;
}

/* A kept entry of i's test (from run [lo, hi) of order) covering i */
static bool local_cover(const struct plan *p, size_t i, size_t lo, size_t hi,
			bool first_pass, size_t *by)
{
	size_t k, j;

	for (k = lo; k < hi; k++) {
		j = p->order[k];
		if (j == i || p->fate[j] != KEEP)
			continue;
		if (!entry_covers(ent(p, j), ent(p, i)))
			continue;
		if (first_pass && entry_covers(ent(p, i), ent(p, j)) &&
		    !preferred(p, j, i))
			continue;
		*by = j;
		return true;
	}
	return false;
}

/* Drop what another line covers: each dropped line keeps a cover */
static void plan_drops(struct plan *p, size_t lo, size_t hi)
{
	size_t k, i, by;
	bool changed = true;

	for (k = lo; k < hi; k++) {
		i = p->order[k];
		if (entry_hand(ent(p, i)) || frozen(p, i))
			continue;
		if (global_cover(p, i, &by)) {
			p->fate[i] = DROPPED;
			p->by[i] = by;
			p->by_global[i] = true;
		} else if (local_cover(p, i, lo, hi, true, &by)) {
			p->fate[i] = DROPPED;
			p->by[i] = by;
		}
	}
	/* a line dropped for one dropped itself: another cover, or keep it */
	while (changed) {
		changed = false;
		for (k = lo; k < hi; k++) {
			i = p->order[k];
			if (p->fate[i] != DROPPED || p->by_global[i] ||
			    p->fate[p->by[i]] == KEEP)
				continue;
			if (!local_cover(p, i, lo, hi, false, &p->by[i]))
				p->fate[i] = KEEP;
			changed = true;
		}
	}
}

static void absorb(struct plan *p, size_t j, size_t into, bool range)
{
	p->fate[j] = ABSORBED;
	p->by[j] = into;
	p->range[j] = range;
	p->touched[j] = true;
	p->touched[into] = true;
}

static void format_merged(const struct plan *p, size_t i, struct strbuf *out);

/*
 * Absorb j into i unless their one line would be longer than
 * COMPACT_LINE_MAX: then both stay as they are
 */
static void absorb_short(struct plan *p, size_t j, size_t i, bool range)
{
	bool touched = p->touched[i];
	struct strbuf sb = { 0 };

	absorb(p, j, i, range);
	format_merged(p, i, &sb);
	if (sb.len > COMPACT_LINE_MAX) {
		p->fate[j] = KEEP;
		p->range[j] = false;
		p->touched[j] = false;
		p->touched[i] = touched;
	}
	sb_free(&sb);
}

/*
 * Lines of one test that differ only in their sections become one; then
 * one pair of lines that differ only in adjacent ranges. Neither makes a
 * line longer than COMPACT_LINE_MAX.
 */
static void plan_merges(struct plan *p, size_t lo, size_t hi)
{
	size_t a, b, i, j;

	for (a = lo; a < hi; a++) {
		i = p->order[a];
		for (b = a + 1; p->fate[i] == KEEP && b < hi; b++) {
			j = p->order[b];
			if (mergeable(p, i, j) &&
			    entry_section_mergeable(ent(p, i), ent(p, j)))
				absorb_short(p, j, i, false);
		}
	}
	for (a = lo; a < hi; a++) {
		i = p->order[a];
		for (b = a + 1; p->fate[i] == KEEP && !p->touched[i] && b < hi;
		     b++) {
			j = p->order[b];
			if (mergeable(p, i, j) &&
			    entry_range_mergeable(ent(p, i), ent(p, j)))
				absorb_short(p, j, i, true);
		}
	}
}

static void plan_make(struct plan *p, const struct dataset *ds,
		      const struct dataset *global, const bool *kept)
{
	size_t lo, hi;

	memset(p, 0, sizeof(*p));
	p->ds = ds;
	p->global = global;
	p->frozen = kept;
	p->order = sorted(ds);
	p->fate = xcalloc(ds->n + 1, sizeof(*p->fate));
	p->by = xcalloc(ds->n + 1, sizeof(*p->by));
	p->by_global = xcalloc(ds->n + 1, sizeof(*p->by_global));
	p->touched = xcalloc(ds->n + 1, sizeof(*p->touched));
	p->range = xcalloc(ds->n + 1, sizeof(*p->range));
	for (lo = 0; lo < ds->n; lo = hi) {
		for (hi = lo + 1; hi < ds->n &&
		     !strcmp(ent(p, p->order[hi])->test,
			     ent(p, p->order[lo])->test); hi++)
			;
		plan_drops(p, lo, hi);
		plan_merges(p, lo, hi);
	}
}

static void plan_free(struct plan *p)
{
	free(p->order);
	free(p->fate);
	free(p->by);
	free(p->by_global);
	free(p->touched);
	free(p->range);
}

void compact_plan(const struct dataset *ds, const struct dataset *global,
		  struct compact_step **steps, size_t *n)
{
	size_t alloc = 0, i;
	struct plan p;

	*steps = NULL;
	*n = 0;
	plan_make(&p, ds, global, NULL);
	for (i = 0; i < ds->n; i++) {
		struct compact_step *s;

		if (p.fate[i] == KEEP)
			continue;
		s = array_push(steps, n, &alloc, sizeof(*s));
		s->entry = i;
		s->other = p.by[i];
		s->merge = p.fate[i] == ABSORBED;
		s->global = p.by_global[i];
	}
	plan_free(&p);
}

/* The members' evidence and reasons, gathered into one line */
struct gather {
	struct strlist sections, from, rate;
	struct kver_list seen, passed;
	struct strbuf comment;
	bool hand;		/* a member with no from= */
	const struct entry *lo, *hi;	/* ranges: widest ends */
	bool open_lo, open_hi;
};

static void add_words(struct strlist *l, char *const *words)
{
	size_t i;

	for (; words && *words; words++) {
		for (i = 0; i < l->n && strcmp(l->v[i], *words); i++)
			;
		if (i == l->n)
			strlist_add(l, xstrdup(*words));
	}
}

static int kver_qcmp(const void *a, const void *b)
{
	return kver_cmp(a, b);
}

static void add_kvers(struct kver_list *l, bool has,
		      const struct kver_list *src)
{
	size_t i, j;

	for (i = 0; has && i < src->n; i++) {
		for (j = 0; j < l->n && kver_cmp(&l->v[j], &src->v[i]); j++)
			;
		if (j < l->n)
			continue;
		l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
		l->v[l->n++] = src->v[i];
	}
	if (l->n)
		qsort(l->v, l->n, sizeof(*l->v), kver_qcmp);
}

/* The reason gathered so far and c as one (entries/reason.h) */
static void add_comment(struct strbuf *sb, const char *c)
{
	char *m;

	if (!c)
		return;
	m = reason_merge(sb->buf, c);
	sb->len = 0;
	sb_puts(sb, m);
	free(m);
}

static void gather(struct gather *g, const struct entry *e, bool range)
{
	const struct kver *lo, *hi;

	add_words(&g->sections, e->sections);
	add_words(&g->from, e->from);
	add_words(&g->rate, e->rate);
	g->hand |= !e->from;
	add_kvers(&g->seen, e->has_seen, &e->seen);
	add_kvers(&g->passed, e->has_passed, &e->passed);
	add_comment(&g->comment, e->comment);
	if (!range || !entry_simple_range(e, &lo, &hi))
		return;
	g->open_lo |= !lo;
	g->open_hi |= !hi;
	if (lo && (!g->lo || kver_cmp(lo, &g->lo->since.v[0]) < 0))
		g->lo = e;
	if (hi && (!g->hi || kver_cmp(hi, g->hi->has_fixed ?
				      &g->hi->fixed.v[0] :
				      &g->hi->until.v[0]) > 0))
		g->hi = e;
}

/* The line's ends: the widest since= and the latest fixed= or until= */
static void set_range(struct entry *m, const struct gather *g)
{
	m->has_since = !g->open_lo && g->lo;
	m->since = m->has_since ? g->lo->since : (struct kver_list){ 0 };
	m->has_fixed = !g->open_hi && g->hi && g->hi->has_fixed;
	m->fixed = m->has_fixed ? g->hi->fixed : (struct kver_list){ 0 };
	m->has_until = !g->open_hi && g->hi && g->hi->has_until;
	m->until = m->has_until ? g->hi->until : (struct kver_list){ 0 };
}

/* Keeper i with the lines merged into it, as one line */
static void format_merged(const struct plan *p, size_t i, struct strbuf *out)
{
	struct gather g = { 0 };
	struct entry m = *ent(p, i);
	bool sections = false, range = false;
	size_t j;

	gather(&g, &m, true);
	for (j = 0; j < p->ds->n; j++) {
		const struct entry *e = ent(p, j);

		if (p->fate[j] == KEEP || p->by_global[j] || p->by[j] != i)
			continue;
		/* a line dropped only because it says less adds nothing */
		if (p->fate[j] == DROPPED && !entry_covers(e, &m))
			continue;
		sections |= p->fate[j] == ABSORBED && !p->range[j];
		range |= p->range[j];
		gather(&g, e, p->range[j]);
		/* a cause one of them knows over untriaged */
		if (m.cause == CAUSE_UNTRIAGED)
			m.cause = e->cause;
		if (!m.bug && e->bug)
			m.bug = e->bug;
		else if (e->bug && strcmp(e->bug, m.bug))
			add_comment(&g.comment, e->bug);
	}
	if (sections)
		m.sections = g.sections.v;
	if (range)
		set_range(&m, &g);
	if (g.from.n && g.hand) {
		/* a hand-written line stays one, first among its origins */
		struct strlist from = { 0 };

		strlist_add(&from, xstrdup("hand"));
		add_words(&from, g.from.v);
		strlist_free(&g.from);
		g.from = from;
	}
	if (g.from.n)
		m.from = g.from.v;
	if (g.rate.n)
		m.rate = g.rate.v;
	m.has_seen = g.seen.n;
	m.seen = g.seen;
	m.has_passed = g.passed.n;
	m.passed = g.passed;
	m.comment = g.comment.buf;
	entry_format(&m, out);
	strlist_free(&g.sections);
	strlist_free(&g.from);
	strlist_free(&g.rate);
	kver_list_free(&g.seen);
	kver_list_free(&g.passed);
	sb_free(&g.comment);
}

/* Has anything been merged into i (a line, or an equal line's facts)? */
static bool merged_into(const struct plan *p, size_t i)
{
	size_t j;

	for (j = 0; !frozen(p, i) && j < p->ds->n; j++) {
		if (p->fate[j] == KEEP || p->by_global[j] || p->by[j] != i)
			continue;
		if (p->fate[j] == ABSORBED || entry_covers(ent(p, j), ent(p, i)))
			return true;
	}
	return false;
}

/* Which entries of ds (text buf, len) keep holds as they are, or NULL */
static bool *kept_lines(const struct dataset *ds, const char *buf, size_t len,
			struct strmap *keep)
{
	const char *s = buf, *end = buf + len, *nl;
	size_t i = 0, line = 0;
	bool *kept;

	if (!keep || !ds->n)
		return NULL;
	kept = xcalloc(ds->n, sizeof(*kept));
	for (; s < end && i < ds->n; s = nl + 1) {
		nl = memchr(s, '\n', end - s);
		nl = nl ? nl : end;
		if (++line != ds->entries[i].line)
			continue;
		kept[i++] = strmap_get(keep, s, nl - s, false, NULL);
	}
	return kept;
}

/* One round over the text: 1 when it changed, 0 when not, -1 bad */
static int compact_round(const char *name, const char *buf, size_t len,
			 const struct dataset *global, struct strmap *keep,
			 struct strbuf *out, struct compact_stats *st)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	const char *s = buf, *end = buf + len, *nl;
	size_t *at, i, line = 0;
	struct plan p;
	bool *kept;
	int ret = 0;

	if (data_parse(&ds, name, buf, len, &d)) {
		diag_free(&d);
		dataset_free(&ds);
		return -1;
	}
	kept = kept_lines(&ds, buf, len, keep);
	plan_make(&p, &ds, global, kept);
	at = xcalloc(ds.n ? ds.entries[ds.n - 1].line + 2 : 1, sizeof(*at));
	for (i = 0; i < ds.n; i++)
		at[ds.entries[i].line] = i + 1;
	for (; s < end; s = nl + 1) {
		nl = memchr(s, '\n', end - s);
		nl = nl ? nl : end;
		i = ++line <= (ds.n ? ds.entries[ds.n - 1].line : 0) ?
		    at[line] : 0;
		if (i && p.fate[i - 1] != KEEP) {
			st->dropped += p.fate[i - 1] == DROPPED;
			st->merged += p.fate[i - 1] == ABSORBED;
			ret = 1;
			continue;
		}
		if (i && merged_into(&p, i - 1))
			format_merged(&p, i - 1, out);
		else if (i && !frozen(&p, i - 1))
			entry_line_canonical(ent(&p, i - 1), s, nl - s, out);
		else
			sb_add(out, s, nl - s);
		sb_puts(out, "\n");
	}
	free(kept);
	free(at);
	plan_free(&p);
	diag_free(&d);
	dataset_free(&ds);
	return ret;
}

static size_t count_entries(const char *name, const char *buf, size_t len)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	size_t n;

	data_parse(&ds, name, buf, len, &d);
	n = ds.n;
	diag_free(&d);
	dataset_free(&ds);
	return n;
}

int data_compact(const char *name, const char *buf, size_t len,
		 const struct dataset *global, struct strmap *keep,
		 struct strbuf *out, struct compact_stats *st)
{
	struct strbuf cur = { 0 }, next = { 0 };
	int round, ret = 1;

	memset(st, 0, sizeof(*st));
	sb_add(&cur, buf, len);
	for (round = 0; round < COMPACT_ROUNDS && ret == 1; round++) {
		ret = compact_round(name, cur.buf ? cur.buf : "", cur.len,
				    global, keep, &next, st);
		if (ret < 0)
			break;
		sb_free(&cur);
		cur = next;
		memset(&next, 0, sizeof(next));
	}
	sb_free(&next);
	if (ret < 0) {
		sb_free(&cur);
		return -1;
	}
	st->before = count_entries(name, buf, len);
	st->after = count_entries(name, cur.buf ? cur.buf : "", cur.len);
	sb_add(out, cur.buf ? cur.buf : "", cur.len);
	sb_free(&cur);
	return 0;
}
