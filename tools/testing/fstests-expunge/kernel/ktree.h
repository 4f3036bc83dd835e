/* SPDX-License-Identifier: GPL-2.0 */
/* What a kernel source tree says of itself: its version, its own kconfig. */
#ifndef FEXP_KTREE_H
#define FEXP_KTREE_H

#include "kernel/kconfig-file.h"
#include "kernel/version.h"
#include "lib/strbuf.h"

/*
 * The version a tree's Makefile states (VERSION, PATCHLEVEL, SUBLEVEL,
 * EXTRAVERSION -rcN). Returns 0, or -1 when it has no such Makefile.
 */
int ktree_version(const char *srctree, struct kver *v);

/*
 * Does srctree need its own kconfig: is its version another than that of
 * the kconfig code built into this binary? A tree without a Makefile
 * (a bare Kconfig) is read with the built-in code.
 */
bool ktree_foreign(const char *srctree);

/*
 * cfg as srctree's own kconfig resolves it ("make olddefconfig"): the
 * tree's scripts/kconfig/conf, built once into a cache, run on a copy of
 * cfg in a scratch directory. Returns 0 with *out, or -1 with *err.
 */
int ktree_olddefconfig(const char *srctree, const struct kconfig_file *cfg,
		       struct kconfig_file *out, char **err);

/*
 * Every symbol the Kconfig files of a tree of another version declare
 * ("config X", "menuconfig X", found as scripts/checkkconfigsymbols.py
 * finds them), unsorted, into names. Returns 0, or -1 with *err.
 */
int ktree_declared(const char *srctree, struct strlist *names, char **err);

#endif
