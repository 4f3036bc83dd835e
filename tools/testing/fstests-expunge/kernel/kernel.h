/* SPDX-License-Identifier: GPL-2.0 */
/* Which kernel: its release, upstream version and config. */
#ifndef FEXP_KERNEL_H
#define FEXP_KERNEL_H

#include <stdbool.h>

#include "kernel/kconfig-file.h"
#include "kernel/version.h"
#include "lib/strbuf.h"

/* The options every command that needs a kernel takes. */
struct kernel_opts {
	const char *release;	/* --release */
	const char *config;	/* --config */
	const char *kernel;	/* --kernel (vmlinux, module or bzImage) */
	const char *build_dir;	/* --build-dir */
	const char *srctree;	/* --srctree */
	const char *data;	/* --data */
	const char *version;	/* --version: the upstream version */
	/*
	 * Not about the kernel, but about what its data selects (read by
	 * entries/select.c): --env switches stated, the fstests tree whose
	 * fixes retire test-fixed-by=/test-fixed= entries.
	 */
	struct strlist env;
	const char *fstests;
	/* where release comes from, when not --release: "the KERNEL property" */
	const char *release_from;
};

struct kernel {
	char *release;		/* as uname -r prints it */
	char *release_from;
	struct kver version;	/* the upstream version */
	char *version_from;
	bool running;		/* the kernel this machine runs */
	char *srctree;
	bool bzimage;		/* --kernel is a bzImage: no IKCONFIG read */
	char *ikconfig;		/* gzip config data of --kernel, or NULL */
	size_t ikconfig_len;

	/* Read when first needed: kernel_config() */
	bool config_tried;
	struct kconfig_file config;
	bool has_config;
	char *config_err;
	struct strbuf tried;	/* every place looked at, for the error */

	struct kernel_opts opts;	/* a copy: the caller's may be gone */
};

/* Identify the kernel from the options (the running one by default). */
int kernel_identify(const struct kernel_opts *o, struct kernel *k,
		    char **err);
/* Its config: NULL with *err listing every place tried. */
const struct kconfig_file *kernel_config(struct kernel *k, const char **err);
void kernel_free(struct kernel *k);

/*
 * The upstream version behind a release string: from a Debian banner
 * ("... Debian 6.1.119-1 ...", in /proc/version or linux_banner), an
 * Ubuntu /proc/version_signature ("Ubuntu 5.15.0-91.101-generic
 * 5.15.131"), or else the start of the release itself. Either text may
 * be NULL. *how says which. Returns -1 when nothing gives a version.
 */
int upstream_version(const char *release, const char *banner,
		     const char *signature, struct kver *v, const char **how);

#endif
