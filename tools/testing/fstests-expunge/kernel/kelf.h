/* SPDX-License-Identifier: GPL-2.0 */
/* A kernel's release and embedded config (IKCONFIG) from its ELF image. */
#ifndef FEXP_KELF_H
#define FEXP_KELF_H

#include <stdbool.h>
#include <stddef.h>

struct kelf_info {
	char *release;		/* as uname -r would print it */
	const char *release_from; /* "linux_banner", "vermagic", ".rodata" */
	char *banner;		/* the linux_banner text, when there is one */
	bool module;		/* it has a .modinfo section */
	char *ikconfig;		/* the IKCONFIG gzip data, or NULL */
	size_t ikconfig_len;
};

/*
 * Read the ELF image buf (len bytes; libelf may write to it): the release
 * from linux_banner (by symbol, else the "Linux version " string in
 * .rodata) or from .modinfo vermagic, and the IKCONFIG data between its
 * IKCFG_ST and IKCFG_ED markers. Every offset is checked against len.
 * Returns 0, or -1 with *err (malloc'd) naming the problem and name.
 */
int kelf_read(const char *name, char *buf, size_t len, struct kelf_info *ki,
	      char **err);
void kelf_free(struct kelf_info *ki);

#endif
