/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How two entries relate, for compaction and lint: does one cover the
 * other, do they differ only in their sections or version range.
 */
#ifndef FEXP_COMPACT_REL_H
#define FEXP_COMPACT_REL_H

#include "entries/entry.h"

/* Written by a person: from=hand among its origins, or no from= at all */
bool entry_hand(const struct entry *e);

/* Do two word lists (NULL-terminated, NULL: none) hold the same words? */
bool words_same(char *const *a, char *const *b);

/*
 * Does b apply wherever a applies (every section, kernel, tree, switch
 * and configuration), with a kind that wins over a's (expunge over fail
 * over flaky, as many retries or more)? Only what can be proved from the
 * two lines alone: false when unsure.
 */
bool entry_covers(const struct entry *b, const struct entry *a);

/*
 * Do a and b say the same but for their sections (each a list of globs
 * none of which is "!GLOB"), so that one line with both lists selects
 * what the two do? Their evidence (from=, seen=, passed=, reason) may
 * differ: it is merged.
 */
bool entry_section_mergeable(const struct entry *a, const struct entry *b);

/*
 * A simple version range: since= absent or one mainline version, fixed=
 * or until= absent or one mainline version, not both. lo, hi NULL for
 * an open end.
 */
bool entry_simple_range(const struct entry *e, const struct kver **lo,
			const struct kver **hi);

/*
 * Do a and b say the same but for their simple ranges, and do the ranges
 * overlap or meet where a's ends with until= (no fix claimed), so that
 * one range selects what the two do? Evidence as above.
 */
bool entry_range_mergeable(const struct entry *a, const struct entry *b);

#endif
