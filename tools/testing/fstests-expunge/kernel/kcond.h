/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Conditions ("if EXPR" in the data): Kconfig expressions evaluated by the
 * kernel's own kconfig code, in a child process, since kconfig keeps
 * global state and calls exit() on errors.
 */
#ifndef FEXP_KCOND_H
#define FEXP_KCOND_H

#include <stddef.h>

#include "kernel/kcond-lex.h"

struct kconfig_file;
struct strlist;

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
