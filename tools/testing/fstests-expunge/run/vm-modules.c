// SPDX-License-Identifier: GPL-2.0
/* The kernel modules the guest needs before it can mount its root. */
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/base.h"
#include "run/vm-modules.h"

/* "kernel/fs/9p/9p.ko.xz" is module 9p; '-' and '_' are one */
static bool is_module(const char *path, size_t len, const char *name)
{
	const char *base = path, *p;
	size_t i, n;

	for (p = path; p < path + len; p++) {
		if (*p == '/')
			base = p + 1;
	}
	p = strstr(base, ".ko");
	if (!p || p > path + len)
		return false;
	n = p - base;
	if (n != strlen(name))
		return false;
	for (i = 0; i < n; i++) {
		char a = base[i] == '-' ? '_' : base[i];
		char b = name[i] == '-' ? '_' : name[i];

		if (a != b)
			return false;
	}
	return true;
}

/* The line of modules.dep (or modules.builtin) for name, or NULL */
static const char *find_line(const char *text, const char *name,
			     size_t *keylen)
{
	const char *line, *end;
	size_t k;

	for (line = text; line && *line; line = end ? end + 1 : NULL) {
		end = strchr(line, '\n');
		k = strcspn(line, ":\n");
		if (is_module(line, k, name)) {
			*keylen = k;
			return line;
		}
	}
	return NULL;
}

static void add_once(struct strlist *l, const char *path, size_t len)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (strlen(l->v[i]) == len && !memcmp(l->v[i], path, len))
			return;
	}
	strlist_add(l, xstrndup(path, len));
}

/* A module's dependencies, last first (modprobe's order), then itself */
static void add_module(struct strlist *load, const char *line, size_t keylen)
{
	const char *deps = line + keylen + 1, *end = strchr(line, '\n');
	const char *p, *w;
	size_t n;

	if (!end)
		end = line + strlen(line);
	for (p = end; p > deps;) {
		while (p > deps && p[-1] == ' ')
			p--;
		for (w = p; w > deps && w[-1] != ' '; w--)
			;
		n = p - w;
		if (n)
			add_once(load, w, n);
		p = w;
	}
	add_once(load, line, keylen);
}

int vm_modules_order(const char *dep, const char *builtin,
		     const char *const *names, size_t n, struct strlist *load,
		     char **err)
{
	const char *line;
	size_t i, keylen;

	for (i = 0; i < n; i++) {
		line = find_line(dep, names[i], &keylen);
		if (line && line[keylen] == ':') {
			add_module(load, line, keylen);
			continue;
		}
		if (builtin && find_line(builtin, names[i], &keylen))
			continue;
		*err = xasprintf("module %s: in neither modules.dep nor modules.builtin",
				 names[i]);
		return -1;
	}
	return 0;
}

static bool has_dep(const char *dir)
{
	char *p = xasprintf("%s/modules.dep", dir);
	bool there = !access(p, R_OK);

	free(p);
	return there;
}

/*
 * The directory as an absolute path, which the guest finds again under
 * its root and QEMU shares: a relative one is neither
 */
static char *absolute(char *dir)
{
	char *abs = realpath(dir, NULL);

	if (!abs)
		return dir;
	free(dir);
	return abs;
}

/* --modules DIR: DIR/lib/modules/R, or DIR itself named R */
static int given_dir(const char *given, const char *release, char **dir,
		     char **err)
{
	char *sub = xasprintf("%s/lib/modules/%s", given, release);
	char *copy = xstrdup(given), *base;

	if (has_dep(sub)) {
		*dir = absolute(sub);
		free(copy);
		return 0;
	}
	free(sub);
	base = basename(copy);
	if (!has_dep(given))
		*err = xasprintf("--modules %s: %s lib/modules/%s (run depmod)",
				 given, "no modules.dep there nor in", release);
	else if (strcmp(base, release))
		*err = xasprintf("--modules %s: modules of release %s, not of the kernel's %s",
				 given, base, release);
	else
		*dir = absolute(xstrdup(given));
	free(copy);
	return *dir ? 0 : -1;
}

int vm_modules_dir(const char *given, const char *kernel,
		   const char *release, char **dir, char **err)
{
	char buf[PATH_MAX], *copy, *try;

	*dir = NULL;
	if (given)
		return given_dir(given, release, dir, err);
	if (!kernel || !realpath(kernel, buf))
		return 0;
	/* DIR/boot/vmlinuz-R: DIR/lib/modules/R */
	copy = xstrdup(buf);
	try = xasprintf("%s/../lib/modules/%s", dirname(copy), release);
	free(copy);
	if (has_dep(try) && realpath(try, buf))
		*dir = xstrdup(buf);
	free(try);
	return 0;
}
