/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Conditions read as text, inside kcond (kcond_lint() and kcond_symbols()
 * are in kcond.h): what the Kconfig generation needs of them.
 */
#ifndef FEXP_KCOND_LEX_H
#define FEXP_KCOND_LEX_H

#include "kcond.h"

/* The index of the name of len bytes at s in names[n], or -1. */
int kcond_find_name(char *const *names, size_t n, const char *s,
		    size_t len);

/*
 * The Kconfig type of a symbol that the config does not set: tristate
 * (so n), unless a condition compares it with a string ("string") or a
 * number ("int", "hex").
 */
const char *kcond_type_from_use(const struct kcond *conds, size_t n,
				const char *name);

#endif
