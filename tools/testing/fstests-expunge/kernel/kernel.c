// SPDX-License-Identifier: GPL-2.0
/* Which kernel: its release, upstream version and config. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "kernel/kelf.h"
#include "kernel/kernel.h"
#include "kernel/kfile.h"
#include "kernel/kimage.h"
#include "kernel/ktree.h"
#include "lib/escape.h"
#include "lib/fileio.h"

int upstream_version(const char *release, const char *banner,
		     const char *signature, struct kver *v, const char **how)
{
	const char *p;

	/* Debian: "#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)" */
	for (p = banner; p && (p = strstr(p, " Debian ")); p++) {
		if (!kver_parse_prefix(p + 8, v, NULL)) {
			*how = "Debian version in the banner";
			return 0;
		}
	}
	/* Ubuntu: "Ubuntu 5.15.0-91.101-generic 5.15.131" */
	if (signature && str_starts(signature, "Ubuntu ")) {
		p = strrchr(signature, ' ');
		if (p && !kver_parse_prefix(p + 1, v, NULL)) {
			*how = "Ubuntu version signature";
			return 0;
		}
	}
	if (release && !kver_parse_prefix(release, v, NULL)) {
		*how = "release";
		return 0;
	}
	return -1;
}

/* A small text file's first line, or NULL. */
static char *read_line(const char *path)
{
	char *buf, *nl;
	size_t len;

	if (read_file(path, 64 << 10, &buf, &len))
		return NULL;
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return buf;
}

/*
 * Release, banner and IKCONFIG of a vmlinux or module, maybe compressed;
 * named: given on the command line (a pipe will do), not searched for.
 */
static int read_elf(const char *path, bool named, struct kelf_info *ki,
		    char **err)
{
	struct kfile f;
	int ret;

	if ((named ? kfile_load_named : kfile_load)(path, KFILE_MAX_SIZE, &f,
						    err))
		return -1;	/* errno tells a missing file */
	if (kimage_is_bzimage(f.buf, f.len))
		ret = kimage_read(path, f.buf, f.len, ki, err);
	else
		ret = kelf_read(path, f.buf, f.len, ki, err);
	kfile_free(&f);
	errno = 0;
	return ret;
}

/* --kernel: its release (unless --release says), banner and IKCONFIG. */
static int identify_file(const struct kernel_opts *o, struct kernel *k,
			 char **banner, char **err)
{
	struct kelf_info ki;

	if (read_elf(o->kernel, true, &ki, err))
		return -1;
	if (!o->release) {
		k->release = ki.release;
		ki.release = NULL;
		k->release_from = xasprintf("%s, %s", o->kernel,
					    strcmp(ki.release_from, "vermagic") ?
					    ki.release_from :
					    ".modinfo vermagic");
	}
	/* The banner tells the upstream version only of its own release */
	if (!o->release || !strcmp(o->release, ki.release)) {
		*banner = ki.banner;
		ki.banner = NULL;
	}
	k->bzimage = !strcmp(ki.release_from, "setup header");
	k->ikconfig = ki.ikconfig;
	k->ikconfig_len = ki.ikconfig_len;
	ki.ikconfig = NULL;
	kelf_free(&ki);
	return 0;
}

/*
 * A build directory's banner: UTS_VERSION of include/generated/compile.h
 * ("#1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)"), or NULL.
 */
static char *build_banner(const char *dir, char **from)
{
	char *path = xasprintf("%s/include/generated/compile.h", dir);
	char *text, *p, *banner = NULL;
	size_t len;

	if (!read_file(path, 64 << 10, &text, &len)) {
		p = strstr(text, "UTS_VERSION");
		if (p)
			banner = xstrndup(p, strcspn(p, "\n"));
		free(text);
	}
	if (banner)
		*from = path;
	else
		free(path);
	return banner;
}

/*
 * The version the tree a build came from states (the build directory's
 * "source" link of an O= build, or the build directory itself), when it
 * is of the release's own series and says more: 6.1.119 for 6.1.0-28.
 */
static int build_tree_version(struct kernel *k, const char *dir)
{
	char *const trees[] = { xasprintf("%s/source", dir), xstrdup(dir) };
	struct kver v;
	size_t i;
	int ret = -1;

	for (i = 0; i < ARRAY_SIZE(trees) && ret; i++) {
		if (ktree_version(trees[i], &v) || v.major != k->version.major ||
		    v.minor != k->version.minor ||
		    kver_cmp(&v, &k->version) <= 0)
			continue;
		k->version = v;
		free(k->version_from);
		k->version_from = xasprintf("%s/Makefile", trees[i]);
		ret = 0;
	}
	for (i = 0; i < ARRAY_SIZE(trees); i++)
		free(trees[i]);
	return ret;
}

/* --version, or what the build directory says beyond the release */
static int better_version(const struct kernel_opts *o, struct kernel *k,
			  char **err)
{
	if (o->version) {
		if (kver_parse(o->version, &k->version)) {
			*err = xasprintf("--version %s: not a kernel version (X.Y.Z)",
					 o->version);
			return -1;
		}
		free(k->version_from);
		k->version_from = xstrdup("--version");
		return 0;
	}
	if (o->build_dir && !strcmp(k->version_from, k->release_from))
		build_tree_version(k, o->build_dir);
	return 0;
}

/* The release: --release, the build directory's, or uname -r. */
static int identify_release(const struct kernel_opts *o, struct kernel *k,
			    const struct utsname *uts, char **err)
{
	if (o->release) {
		k->release = xstrdup(o->release);
		k->release_from = xstrdup(o->release_from ? o->release_from :
					  "--release");
	} else if (o->build_dir && !o->kernel) {
		char *path = xasprintf("%s/include/config/kernel.release",
				       o->build_dir);

		k->release = read_line(path);
		if (!k->release || !*trim(k->release)) {
			*err = xasprintf("%s: %s", path,
					 k->release ? "empty" : errstr(errno));
			free(path);
			return -1;
		}
		k->release_from = path;
	}
	if (!k->release) {
		k->release = xstrdup(uts->release);
		k->release_from = xstrdup("uname -r");
	}
	if (has_control(k->release)) {
		char *q = quote_input(k->release, QUOTE_MAX);

		/* it would end up in exclude files and reports */
		*err = xasprintf("%s: release '%s' has a control character",
				 k->release_from, q);
		free(q);
		return -1;
	}
	return 0;
}

int kernel_identify(const struct kernel_opts *o, struct kernel *k,
		    char **err)
{
	char *banner = NULL, *signature = NULL, *banner_from = NULL;
	struct utsname uts;
	const char *how, *cerr;

	memset(k, 0, sizeof(*k));
	k->opts = *o;
	if (o->srctree)
		k->srctree = xstrdup(o->srctree);
	if (o->kernel) {
		if (identify_file(o, k, &banner, err))
			return -1;
		if (banner)
			banner_from = xasprintf("%s, linux_banner", o->kernel);
	}
	if (uname(&uts)) {
		*err = xasprintf("uname: %s", strerror(errno));
		free(banner);
		free(banner_from);
		return -1;
	}
	if (identify_release(o, k, &uts, err)) {
		free(banner);
		free(banner_from);
		return -1;
	}
	k->running = !strcmp(k->release, uts.release) && !o->build_dir &&
		     !o->kernel;
	if (k->running) {
		banner = read_line("/proc/version");
		banner_from = xstrdup("/proc/version");
		signature = read_line("/proc/version_signature");
	} else if (o->build_dir && !banner) {
		banner = build_banner(o->build_dir, &banner_from);
	}
	if (upstream_version(k->release, banner, signature, &k->version,
			     &how)) {
		char *q = quote_input(k->release, QUOTE_MAX);

		*err = xasprintf("%s: no kernel version in release '%s'",
				 k->release_from, q);
		free(q);
		free(banner);
		free(banner_from);
		free(signature);
		return -1;
	}
	/* an explicit --config is read now: missing or corrupt is an error */
	if (o->config && !kernel_config(k, &cerr)) {
		*err = xstrdup(cerr);
		free(banner);
		free(banner_from);
		free(signature);
		return -1;
	}
	if (!strcmp(how, "release"))
		k->version_from = xstrdup(k->release_from);
	else
		k->version_from = xasprintf("%s (%s)", how,
					    str_starts(how, "Ubuntu") ?
					    "/proc/version_signature" :
					    banner_from);
	free(banner);
	free(banner_from);
	free(signature);
	return better_version(o, k, err);
}

/* Parse IKCONFIG data of path: 0, or -1 with k->config_err set. */
static int parse_ikconfig(struct kernel *k, const char *path,
			  const char *data, size_t len)
{
	char *name = xasprintf("%s (IKCONFIG)", path);
	char *err = NULL;
	int ret;

	ret = kconfig_parse(name, data, len, &k->config, &err);
	free(name);
	if (ret) {
		k->config_err = err;
		return -1;
	}
	k->has_config = true;
	return 0;
}

/*
 * A config that could not be read (errno says why): 0 when it is not
 * there, the place added to those tried; else -1, err kept to be said.
 */
static int not_there(struct kernel *k, const char *path, char *err)
{
	if (errno == ENOENT) {
		sb_printf(&k->tried, "\n  %s: not found", path);
		free(err);
		return 0;
	}
	k->config_err = err;
	return -1;
}

/* A configs.ko: 1 found, 0 not there, -1 there but unreadable. */
static int try_config_module(struct kernel *k, const char *path)
{
	struct kelf_info ki;
	char *err = NULL;
	int ret;

	if (read_elf(path, false, &ki, &err))
		return not_there(k, path, err);
	if (!ki.ikconfig) {
		k->config_err = xasprintf("%s: no IKCONFIG in it", path);
		ret = -1;
	} else {
		ret = parse_ikconfig(k, path, ki.ikconfig, ki.ikconfig_len) ?
		      -1 : 1;
	}
	kelf_free(&ki);
	return ret;
}

/*
 * Try one place (named: the --config the user gave); 1 found, 0 not
 * there, -1 there but unreadable.
 */
static int try_config(struct kernel *k, const char *path, bool named)
{
	char *err = NULL;

	if (strstr(path, "/configs.ko"))
		return try_config_module(k, path);
	if (!kconfig_load(path, named, &k->config, &err)) {
		k->has_config = true;
		return 1;
	}
	return not_there(k, path, err);
}

const struct kconfig_file *kernel_config(struct kernel *k, const char **err)
{
	const struct kernel_opts *o = &k->opts;
	static const char * const ko_ext[] = { "", ".xz", ".zst", ".gz" };
	char *paths[8] = { NULL };
	size_t n = 0, i;
	int ret = 0;

	if (k->config_tried)
		goto out;
	k->config_tried = true;
	if (o->config) {
		paths[n++] = xstrdup(o->config);
	} else if (k->ikconfig) {
		ret = parse_ikconfig(k, o->kernel, k->ikconfig,
				     k->ikconfig_len);
	} else if (o->build_dir) {
		paths[n++] = xasprintf("%s/.config", o->build_dir);
	} else {
		if (o->kernel)
			sb_printf(&k->tried, "\n  %s: %s", o->kernel,
				  k->bzimage ? BZIMAGE_NO_CONFIG : "no IKCONFIG in it");
		/* an unpacked package: boot/config-R beside boot/vmlinuz-R */
		if (o->kernel && k->bzimage)
			paths[n++] = xasprintf("%.*sconfig-%s",
					       (int)(strrchr(o->kernel, '/') ?
						     strrchr(o->kernel, '/') + 1 - o->kernel : 0),
					       o->kernel, k->release);
		if (k->running)
			paths[n++] = xstrdup("/proc/config.gz");
		paths[n++] = xasprintf("/boot/config-%s", k->release);
		paths[n++] = xasprintf("/lib/modules/%s/build/.config",
				       k->release);
		for (i = 0; i < ARRAY_SIZE(ko_ext); i++)
			paths[n++] = xasprintf("/lib/modules/%s/kernel/kernel/configs.ko%s",
					       k->release, ko_ext[i]);
	}
	for (i = 0; i < n && !ret; i++)
		ret = try_config(k, paths[i], !!o->config);
	if (!ret && !k->has_config)
		k->config_err = xasprintf("no kernel config found for %s; tried:%s",
					  k->release, k->tried.buf);
	for (i = 0; i < n; i++)
		free(paths[i]);
out:
	*err = k->config_err;
	return k->has_config ? &k->config : NULL;
}

void kernel_free(struct kernel *k)
{
	free(k->release);
	free(k->release_from);
	free(k->version_from);
	free(k->srctree);
	free(k->ikconfig);
	kconfig_free(&k->config);
	free(k->config_err);
	sb_free(&k->tried);
}
