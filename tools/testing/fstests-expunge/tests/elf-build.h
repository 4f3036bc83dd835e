/* SPDX-License-Identifier: GPL-2.0 */
/* Helpers for the ELF tests: kernel-like objects built at test time. */
#ifndef FEXP_ELF_BUILD_H
#define FEXP_ELF_BUILD_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/compiler.h>

#include "test-util.h"

/* What Debian 12's 6.1.0-28-amd64 says of itself. */
#define DEB_RELEASE	"6.1.0-28-amd64"
#define DEB_BANNER	"Linux version 6.1.0-28-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)"
#define DEB_VERMAGIC	"vermagic=6.1.0-28-amd64 SMP preempt mod_unload modversions "

/* A trimmed real config: 400 lines, each a different symbol. */
#define REAL_CONFIG	FIXTURE_PATH("config-6.12-amd64-part")
#define REAL_CONFIG_SYMS 400

/* The parts of a kernel-like object; NULL leaves a part out. */
struct kobj_spec {
	const char *decoy;	/* a "Linux version" string before the banner */
	const char *banner;	/* linux_banner, without its newline */
	const char *vermagic;	/* a .modinfo entry, "vermagic=..." */
	const char *ikconfig;	/* a file put between IKCFG_ST and IKCFG_ED */
	bool no_end_marker;	/* leave IKCFG_ED out */
};

/*
 * Assemble dir/name from spec with "cc -c", laid out as the kernel does
 * (init/version-timestamp.c, kernel/configs.c, modpost's .modinfo).
 * Returns the object's path.
 */
static inline char *build_kobj(const char *dir, const char *name,
			       const struct kobj_spec *spec)
{
	char *src = str_printf("%s/%s.s", dir, name);
	char *obj = str_printf("%s/%s", dir, name);
	FILE *f = fopen(src, "w");

	if (!f)
		abort();
	fprintf(f, "\t.section .rodata, \"a\"\n");
	if (spec->decoy)
		fprintf(f, "decoy:\n\t.asciz \"%s\"\n", spec->decoy);
	if (spec->banner)
		fprintf(f, "\t.globl linux_banner\nlinux_banner:\n\t.asciz \"%s\\n\"\n",
			spec->banner);
	if (spec->ikconfig) {
		fprintf(f, "\t.ascii \"IKCFG_ST\"\n\t.globl kernel_config_data\n"
			"kernel_config_data:\n\t.incbin \"%s\"\n", spec->ikconfig);
		if (!spec->no_end_marker)
			fprintf(f, "\t.ascii \"IKCFG_ED\"\n");
	}
	if (spec->vermagic)
		fprintf(f, "\t.section .modinfo, \"a\"\n\t.asciz \"license=GPL\"\n"
			"\t.asciz \"%s\"\n\t.asciz \"name=configs\"\n",
			spec->vermagic);
	if (fclose(f) || shell_call("cc -c -o '%s' '%s'", obj, src))
		abort();
	free(src);
	return obj;
}

/* dir/name: the fixture config, gzip-compressed as kernel/Makefile does. */
static inline char *real_config_gz(const char *dir)
{
	char *gz = str_printf("%s/config_data.gz", dir);

	if (shell_call("gzip -n -9 -c '%s' > '%s'", REAL_CONFIG, gz))
		abort();
	return gz;
}

#endif
