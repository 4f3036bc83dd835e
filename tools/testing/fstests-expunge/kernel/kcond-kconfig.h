/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Kconfig and .config that kcond hands to kconfig: the tree's own
 * Kconfig, or without a tree one made up from the config, and one
 * def_tristate symbol per condition.
 */
#ifndef FEXP_KCOND_KCONFIG_H
#define FEXP_KCOND_KCONFIG_H

#include "kernel/kcond-lex.h"
#include "lib/strbuf.h"

struct kconfig_file;

/* Condition i is the symbol KCOND_COND_SYM "i" */
#define KCOND_COND_SYM	KCOND_PREFIX "COND_"

/*
 * The Kconfig to evaluate conds with, into sb: srctree's top Kconfig
 * (which sources the rest), or without srctree one declaring what cfg
 * sets; then the conditions' symbols. Returns 0, or -1 with *err.
 */
int kcond_write_kconfig(struct strbuf *sb, const struct kconfig_file *cfg,
			const char *srctree, const struct kcond *conds,
			size_t n, char **err);

/* The tree's top Kconfig alone; 0, or -1 with *err. */
int kcond_top_kconfig(struct strbuf *sb, const char *srctree, char **err);

/* cfg as a .config that kconfig reads (NULL: an empty one). */
void kcond_write_config(struct strbuf *sb, const struct kconfig_file *cfg);

#endif
