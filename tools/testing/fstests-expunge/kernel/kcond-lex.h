/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Conditions read as text, before kconfig sees them (kcond.h evaluates
 * them): their checks, the symbols they name, how they compare them.
 */
#ifndef FEXP_KCOND_LEX_H
#define FEXP_KCOND_LEX_H

#include <stddef.h>

struct strmap;

/* Symbols of this prefix are ours: neither config nor data may use it. */
#define KCOND_PREFIX	"FSTESTS_EXPUNGE_"

struct kcond {
	const char *expr;	/* in */
	char value;		/* out: 'n', 'm' or 'y' */
	char *error;		/* out: why there is no value (malloc'd) */
};

/*
 * Parentheses nested deeper than this are refused: kconfig's parser
 * gives up on deep nesting (its stack) with no word of why.
 */
#define KCOND_DEPTH_MAX	64

/*
 * Check what kconfig would not report well, or not safely: characters
 * outside Kconfig expressions (the kconfig preprocessor would run
 * "$(shell,...)"), keywords, our reserved prefix, unbalanced
 * parentheses or parentheses nested too deep. Returns NULL or a
 * malloc'd message.
 */
char *kcond_lint(const char *expr);

/* The config symbols an expression names, without duplicates. */
char **kcond_symbols(const char *expr, size_t *n);

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
