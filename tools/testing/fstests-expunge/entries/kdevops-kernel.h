/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kdevops' kernel directory names ("uname -r" of the kernel its lists
 * are for), as versions of ours: what the importer makes of a
 * directory, and what from= reads back from seen= (data-format.rst).
 */
#ifndef FEXP_KDEVOPS_KERNEL_H
#define FEXP_KDEVOPS_KERNEL_H

#include "kernel/version.h"

/*
 * What a kernel directory name stands for. Returns 0 with *v set for a
 * release, a stable update or an rc (a trailing '+' allowed: 6.1.72+ is
 * 6.1.72, 6.6.0-rc2+ is 6.6-rc2), or -1 with *why saying why the lists
 * there cannot be tied to a version.
 */
int kdevops_kernel_name(const char *name, struct kver *v, const char **why);

#endif
