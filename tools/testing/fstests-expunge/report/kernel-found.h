/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel command's report: the kernel and data found, and where. */
#ifndef FEXP_KERNEL_FOUND_H
#define FEXP_KERNEL_FOUND_H

#include "entries/data-dir.h"
#include "kernel/kernel.h"

/* What was found, as every format shows it. */
struct kernel_found {
	struct kernel k;
	char version[48];
	const struct kconfig_file *cfg;
	struct datadir dd;
	char **fs;		/* NULL when the data cannot be found */
};

/*
 * Identify the kernel the options name, find its config and the data.
 * Returns 0; EXIT_USAGE when the config or the data cannot be found (f
 * can still be shown); -1 when the kernel cannot be identified. Each
 * failure is said on stderr.
 */
int kernel_find_all(const struct kernel_opts *o, struct kernel_found *f);

/* f appended to sb: the display, key=value lines, JSON (report/format.c) */
void kernel_found_text(const struct kernel_found *f, struct strbuf *sb);
void kernel_found_keys(const struct kernel_found *f, struct strbuf *sb);
void kernel_found_json(const struct kernel_found *f, struct strbuf *sb);

void kernel_found_free(struct kernel_found *f);

#endif
