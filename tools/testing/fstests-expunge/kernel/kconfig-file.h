/* SPDX-License-Identifier: GPL-2.0 */
/* A kernel .config, as written: symbols and their raw values. */
#ifndef FEXP_KCONFIG_FILE_H
#define FEXP_KCONFIG_FILE_H

#include <stdbool.h>
#include <stddef.h>

struct kconfig_sym {
	char *name;	/* without CONFIG_ */
	char *value;	/* y, m, n (not set), "string", 123 or 0x1f */
	size_t line;
};

struct kconfig_file {
	struct kconfig_sym *syms;	/* sorted by name */
	size_t n;
	char *source;			/* where it was read from */
};

/*
 * Longest symbol name accepted (the kernel's longest is under 60): the
 * kconfig lexer takes quadratic time over a huge one.
 */
#define KCONFIG_NAME_MAX	256

/* Largest config accepted (after decompression): real ones are ~300 KiB. */
#define KCONFIG_MAX_SIZE	(64u << 20)

/*
 * Parse config text (plain or gzip). name is used in messages. Returns
 * 0, or -1 with a message that names file and line in *err (malloc'd).
 */
int kconfig_parse(const char *name, const char *buf, size_t len,
		  struct kconfig_file *cfg, char **err);
/*
 * Read and parse a file; -1 with *err set, errno kept for ENOENT. named:
 * a path the user gave (--config), which may be a pipe or a device
 * (read_named()); else a place searched, which must be a regular file.
 */
int kconfig_load(const char *path, bool named, struct kconfig_file *cfg,
		 char **err);
const char *kconfig_get(const struct kconfig_file *cfg, const char *name);
void kconfig_free(struct kconfig_file *cfg);

/* Is c allowed in a Kconfig symbol name? */
static inline int kconfig_sym_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

#endif
