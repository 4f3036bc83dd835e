/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel modules the guest needs before it can mount its root. */
#ifndef FEXP_VM_MODULES_H
#define FEXP_VM_MODULES_H

#include <stddef.h>

#include "lib/strbuf.h"

/*
 * The modules that load names (each with what it depends on, first), in
 * the order to insmod them: paths as modules.dep gives them (relative
 * to its directory) into load; a name that modules.builtin lists is
 * left out. dep and builtin are those files' texts (builtin may be
 * NULL). Returns 0, or -1 with *err (malloc'd) naming a module found in
 * neither.
 */
int vm_modules_order(const char *dep, const char *builtin,
		     const char *const *names, size_t n, struct strlist *load,
		     char **err);

/*
 * The modules directory of release: given (--modules: a
 * lib/modules/RELEASE directory, or a root holding one), else beside
 * the kernel image (an unpacked package: boot/vmlinuz-R beside
 * lib/modules/R), else none (*dir NULL: built in). Returns 0, or -1
 * with *err when the directory given holds no modules of release.
 */
int vm_modules_dir(const char *given, const char *kernel,
		   const char *release, char **dir, char **err);

#endif
