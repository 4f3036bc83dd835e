// SPDX-License-Identifier: GPL-2.0
/*
 * How two entries relate, for compaction and lint: does one cover the
 * other, do they differ only in their sections or version range.
 */
#include <fnmatch.h>
#include <string.h>

#include "entries/compact-rel.h"

bool entry_hand(const struct entry *e)
{
	size_t i;

	for (i = 0; e->from && e->from[i]; i++) {
		if (!strcmp(e->from[i], "hand"))
			return true;
	}
	return !e->from;
}

static bool in_list(char *const *list, const char *s)
{
	for (; list && *list; list++) {
		if (!strcmp(*list, s))
			return true;
	}
	return false;
}

/* Is every word of a in b? (NULL is the empty list) */
static bool list_within(char *const *a, char *const *b)
{
	for (; a && *a; a++) {
		if (!in_list(b, *a))
			return false;
	}
	return true;
}

/* The same words, in any order (NULL only equals NULL) */
bool words_same(char *const *a, char *const *b)
{
	if (!a || !b)
		return a == b;
	return list_within(a, b) && list_within(b, a);
}

static bool kvers_same(bool ha, const struct kver_list *a, bool hb,
		       const struct kver_list *b)
{
	size_t i;

	if (ha != hb || (ha && a->n != b->n))
		return false;
	for (i = 0; ha && i < a->n; i++) {
		if (kver_cmp(&a->v[i], &b->v[i]))
			return false;
	}
	return true;
}

static bool has_negative(char *const *globs)
{
	for (; globs && *globs; globs++) {
		if (**globs == '!')
			return true;
	}
	return false;
}

/*
 * Does every section a is for match b? b NULL is every section. Else a
 * must name sections (no "!GLOB" in either), each a glob of b itself or
 * a plain name a glob of b matches: a section a matches by one of its
 * names (select.h) is then matched by b under that same name.
 */
static bool sections_cover(char *const *b, char *const *a)
{
	if (!b)
		return true;
	if (!a || has_negative(a) || has_negative(b))
		return words_same(a, b);
	for (; *a; a++) {
		char *const *g;

		for (g = b; *g; g++) {
			if (!strcmp(*g, *a) ||
			    (plain_section_name(*a) && !fnmatch(*g, *a, 0)))
				break;
		}
		if (!*g)
			return false;
	}
	return true;
}

bool entry_simple_range(const struct entry *e, const struct kver **lo,
			const struct kver **hi)
{
	const struct kver_list *end = e->has_fixed ? &e->fixed : &e->until;

	if (e->has_fixed && e->has_until)
		return false;
	if ((e->has_since && (e->since.n != 1 ||
			      !kver_is_mainline(&e->since.v[0]))) ||
	    ((e->has_fixed || e->has_until) &&
	     (end->n != 1 || !kver_is_mainline(&end->v[0]))))
		return false;
	*lo = e->has_since ? &e->since.v[0] : NULL;
	*hi = e->has_fixed || e->has_until ? &end->v[0] : NULL;
	return true;
}

/* Does [blo, bhi) hold [alo, ahi)? NULL: open */
static bool range_within(const struct kver *alo, const struct kver *ahi,
			 const struct kver *blo, const struct kver *bhi)
{
	return (!blo || (alo && kver_cmp(blo, alo) <= 0)) &&
	       (!bhi || (ahi && kver_cmp(ahi, bhi) <= 0));
}

static bool versions_cover(const struct entry *b, const struct entry *a)
{
	const struct kver *alo, *ahi, *blo, *bhi;

	if (!b->has_since && !b->has_fixed && !b->has_until)
		return true;
	if (kvers_same(a->has_since, &a->since, b->has_since, &b->since) &&
	    kvers_same(a->has_fixed, &a->fixed, b->has_fixed, &b->fixed) &&
	    kvers_same(a->has_until, &a->until, b->has_until, &b->until))
		return true;
	return entry_simple_range(a, &alo, &ahi) &&
	       entry_simple_range(b, &blo, &bhi) &&
	       range_within(alo, ahi, blo, bhi);
}

/* The fstests fix: b has none (it always holds), or the same as a */
static bool test_fix_covers(const struct entry *b, const struct entry *a)
{
	if (!b->test_fixed_by && !b->test_fixed)
		return true;
	return words_same(a->test_fixed_by, b->test_fixed_by) &&
	       str_same(a->test_fixed, b->test_fixed);
}

bool entry_covers(const struct entry *b, const struct entry *a)
{
	if (strcmp(a->test, b->test) || b->kind > a->kind)
		return false;
	if (b->kind == KIND_FLAKY && entry_retries(b) < entry_retries(a))
		return false;
	/* b ends when the tree has all its fixes: a's must be among them */
	if (b->fixed_by &&
	    (!a->fixed_by || !list_within(a->fixed_by, b->fixed_by)))
		return false;
	if (b->env && !words_same(a->env, b->env))
		return false;
	if (b->cond && !str_same(a->cond, b->cond))
		return false;
	return test_fix_covers(b, a) && sections_cover(b->sections, a->sections) &&
	       versions_cover(b, a);
}

/*
 * Causes one line can say: the same, or an untriaged line's facts taken
 * into a hand-written line that gives its reason in prose (update's new
 * line into the maintainer's); not into another source's cause, which
 * would be said of sections it was not seen in.
 */
static bool causes_merge(const struct entry *a, const struct entry *b)
{
	if (a->cause == b->cause)
		return true;
	if (a->cause == CAUSE_UNTRIAGED) {
		const struct entry *e = a;

		a = b;
		b = e;
	}
	return b->cause == CAUSE_UNTRIAGED && a->cause == CAUSE_NONE &&
	       entry_hand(a);
}

/* The same but for sections, versions (when ranges) and evidence */
static bool same_except(const struct entry *a, const struct entry *b,
			bool ranges)
{
	if (strcmp(a->test, b->test) || a->kind != b->kind ||
	    entry_retries(a) != entry_retries(b) ||
	    !words_same(a->fixed_by, b->fixed_by) ||
	    !words_same(a->test_fixed_by, b->test_fixed_by) ||
	    !str_same(a->test_fixed, b->test_fixed) ||
	    !words_same(a->env, b->env) || !str_same(a->cond, b->cond) ||
	    !causes_merge(a, b) || a->crash != b->crash ||
	    !str_same(a->bug, b->bug))
		return false;
	if (ranges)
		return words_same(a->sections, b->sections);
	return kvers_same(a->has_since, &a->since, b->has_since, &b->since) &&
	       kvers_same(a->has_fixed, &a->fixed, b->has_fixed, &b->fixed) &&
	       kvers_same(a->has_until, &a->until, b->has_until, &b->until);
}

bool entry_section_mergeable(const struct entry *a, const struct entry *b)
{
	return a->sections && b->sections && !has_negative(a->sections) &&
	       !has_negative(b->sections) && same_except(a, b, false);
}

/* hi a before hi b (NULL: open, last) */
static int hi_cmp(const struct kver *a, const struct kver *b)
{
	if (!a || !b)
		return !a - !b;
	return kver_cmp(a, b);
}

bool entry_range_mergeable(const struct entry *a, const struct entry *b)
{
	const struct kver *alo, *ahi, *blo, *bhi;

	if (!same_except(a, b, true) || !entry_simple_range(a, &alo, &ahi) ||
	    !entry_simple_range(b, &blo, &bhi))
		return false;
	if (hi_cmp(ahi, bhi) > 0) {
		const struct entry *e = a;

		a = b;
		b = e;
		entry_simple_range(a, &alo, &ahi);
		entry_simple_range(b, &blo, &bhi);
	}
	if (!ahi)
		return true;	/* both open: from the earlier since= on */
	/* a ends first: with no fix claimed, where b goes on */
	return !a->has_fixed && (!blo || kver_cmp(blo, ahi) <= 0);
}
