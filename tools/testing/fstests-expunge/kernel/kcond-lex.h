/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Conditions read as text, inside kcond (kcond_lint() and kcond_symbols()
 * are in kcond.h): what the Kconfig generation needs of them.
 */
#ifndef FEXP_KCOND_LEX_H
#define FEXP_KCOND_LEX_H

#include "kernel/kcond.h"

struct strmap;

/* What comparisons say of a symbol the config does not set. */
enum kcond_use { USE_TRISTATE, USE_STRING, USE_INT, USE_HEX };

/*
 * The Kconfig type of each symbol that a condition compares with a
 * string or a number (enum kcond_use by name; tristate, so n, for the
 * rest), all conditions read once.
 */
void kcond_use_types(const struct kcond *conds, size_t n,
		     struct strmap *types);

#endif
