/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Conditions ("if EXPR" in the data): Kconfig expressions evaluated by the
 * kernel's own kconfig code, in a child process, since kconfig keeps
 * global state and calls exit() on errors.
 */
#ifndef FEXP_KCOND_H
#define FEXP_KCOND_H

#include <stdbool.h>
#include <stddef.h>

struct kconfig_file;
struct strlist;

/* Symbols of this prefix are ours: neither config nor data may use it. */
#define KCOND_PREFIX	"FSTESTS_EXPUNGE_"

struct kcond {
	const char *expr;	/* in */
	char value;		/* out: 'n', 'm' or 'y' */
	char *error;		/* out: why there is no value (malloc'd) */
};

/*
 * Check what kconfig would not report well, or not safely: characters
 * outside Kconfig expressions (the kconfig preprocessor would run
 * "$(shell,...)"), keywords, our reserved prefix, unbalanced
 * parentheses. Returns NULL or a malloc'd message.
 */
char *kcond_lint(const char *expr);

/* The config symbols an expression names, without duplicates. */
char **kcond_symbols(const char *expr, size_t *n);

/*
 * Evaluate conds against cfg. Without srctree, the config's values are
 * taken as written; with it, the tree's whole Kconfig is parsed and the
 * config read as "make olddefconfig" would. Returns 0 when every
 * condition has a value, 1 when some have an error instead, -1 (with
 * *err) when nothing could be evaluated.
 */
int kcond_eval(struct kcond *conds, size_t n, const struct kconfig_file *cfg,
	       const char *srctree, char **err);

/*
 * Every config symbol srctree's Kconfig declares, sorted, without
 * duplicates (a NULL-terminated list in *names). Returns 0, or -1 with
 * *err.
 */
int kcond_tree_declared(const char *srctree, struct strlist *names,
			char **err);

#endif
