// SPDX-License-Identifier: GPL-2.0
/*
 * Kernels out of maintenance. An entry's versions decide with "k is at
 * or after v" tests (version.h), so whether it applies changes only at a
 * listed version or where a series starts: trying those kernels of each
 * maintained range is enough to know it applies to none.
 */
#include "entries/eol.h"

/* The stable series maintained, and where mainline is */
static const struct kver maintained[] = {
	{ 5, 10, 0, 0 }, { 5, 15, 0, 0 }, { 6, 1, 0, 0 }, { 6, 6, 0, 0 },
	{ 6, 12, 0, 0 }, { 6, 18, 0, 0 },
};

static const struct kver mainline_from = { 6, 19, 0, 1 };

bool kver_maintained(const struct kver *v)
{
	size_t i;

	if (kver_cmp(v, &mainline_from) >= 0)
		return true;
	/* a stable series: its releases, not the -rc before them */
	for (i = 0; i < ARRAY_SIZE(maintained); i++) {
		if (v->major == maintained[i].major &&
		    v->minor == maintained[i].minor && !v->rc)
			return true;
	}
	return false;
}

static bool versions_hold(const struct entry *e, const struct kver *k)
{
	if (e->has_since && !kver_list_matches(&e->since, k, NULL))
		return false;
	if (e->has_fixed && kver_list_matches(&e->fixed, k, NULL))
		return false;
	return !(e->has_until && kver_list_matches(&e->until, k, NULL));
}

/* k, and the start of the series after k's, if maintained and held */
static bool probe(const struct entry *e, const struct kver *k)
{
	const struct kver next[] = {
		{ k->major, k->minor + 1, 0, 1 }, { k->major, k->minor + 1, 0, 0 },
		{ k->major + 1, 0, 0, 1 }, { k->major + 1, 0, 0, 0 },
	};
	size_t i;

	if (kver_maintained(k) && versions_hold(e, k))
		return true;
	for (i = 0; i < ARRAY_SIZE(next); i++) {
		if (kver_maintained(&next[i]) && versions_hold(e, &next[i]))
			return true;
	}
	return false;
}

static bool probe_list(const struct entry *e, bool has,
		       const struct kver_list *l)
{
	size_t i;

	for (i = 0; has && i < l->n; i++) {
		if (probe(e, &l->v[i]))
			return true;
	}
	return false;
}

bool entry_eol_only(const struct entry *e)
{
	size_t i;

	if (versions_hold(e, &mainline_from))
		return false;
	for (i = 0; i < ARRAY_SIZE(maintained); i++) {
		if (versions_hold(e, &maintained[i]))
			return false;
	}
	return !probe_list(e, e->has_since, &e->since) &&
	       !probe_list(e, e->has_fixed, &e->fixed) &&
	       !probe_list(e, e->has_until, &e->until);
}
