/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The only file that calls the kernel's kconfig code (lkc_proto.h). Its
 * functions run in a child process: kconfig exits on any error.
 */
#ifndef FEXP_KCONFIG_CHILD_H
#define FEXP_KCONFIG_CHILD_H

#include <stddef.h>
#include <stdio.h>

/*
 * Parse the Kconfig file kconfig, read config (if not NULL), then write
 * one line "INDEX VALUE" to out for each symbol of names: its value as
 * sym_get_string_value() gives it, or "?" when kconfig does not know it.
 */
void kconfig_child_values(const char *kconfig, const char *config,
			  char *const *names, size_t n, FILE *out);

/*
 * Parse kconfig, then write the name of every symbol it declares, one a
 * line, in menu order (a symbol declared twice is written twice).
 */
void kconfig_child_symbols(const char *kconfig, FILE *out);

#endif
