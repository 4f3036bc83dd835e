// SPDX-License-Identifier: GPL-2.0
/*
 * What a kernel source tree says of itself: its version, and its own
 * kconfig. The kconfig code linked into this binary is one version's; a
 * --srctree of another version (6.1's Kconfig is not valid 6.12 Kconfig,
 * nor the reverse) is resolved by that tree's scripts/kconfig/conf, built
 * once into a cache, as "make olddefconfig" would.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernel/kcond-kconfig.h"
#include "kernel/kcond-spawn.h"
#include "kernel/ktree.h"
#include "lib/base.h"
#include "lib/fileio.h"
#include "lib/strbuf.h"

#ifndef KCONFIG_VERSION
#define KCONFIG_VERSION	""
#endif

/* "NAME = value" of a Makefile's first lines, or NULL */
static char *make_var(const char *text, const char *name)
{
	const char *p = text;
	size_t len = strlen(name);

	for (; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, name, len) && strchr(" =", p[len])) {
			p += len + strspn(p + len, " =");
			return xstrndup(p, strcspn(p, "\n"));
		}
	}
	return NULL;
}

int ktree_version(const char *srctree, struct kver *v)
{
	char *path = xasprintf("%s/Makefile", srctree), *text, *s;
	static const char *const vars[] = {
		"VERSION", "PATCHLEVEL", "SUBLEVEL", "EXTRAVERSION",
	};
	struct strbuf sb = { 0 };
	size_t len, i;
	int ret;

	ret = read_file(path, 1 << 20, &text, &len);
	free(path);
	if (ret)
		return -1;
	for (i = 0; i < ARRAY_SIZE(vars); i++) {
		s = make_var(text, vars[i]);
		sb_printf(&sb, "%s%s", i && i < 3 ? "." : "", s ? trim(s) : "");
		free(s);
	}
	free(text);
	ret = sb.buf ? kver_parse(sb.buf, v) : -1;
	sb_free(&sb);
	return ret;
}

bool ktree_foreign(const char *srctree)
{
	struct kver tree, ours;
	char buf[48];

	if (ktree_version(srctree, &tree) ||
	    kver_parse_prefix(KCONFIG_VERSION, &ours, NULL))
		return false;
	snprintf(buf, sizeof(buf), "%u.%u", tree.major, tree.minor);
	return strcmp(buf, KCONFIG_VERSION);
}

/*
 * Spawn argv in dir, its output in dir/log; with kenv, in the environment
 * kconfig needs. Returns 0 when it exited 0.
 */
static int spawn_in(const char *dir, const char *const argv[], const char *log,
		    const char *kenv_tree, const char *arch)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0600);
		int nul = open("/dev/null", O_RDWR);

		if (fd < 0 || nul < 0 || chdir(dir))
			_exit(127);
		dup2(nul, STDIN_FILENO);
		dup2(fd, STDOUT_FILENO);
		dup2(fd, STDERR_FILENO);
		if (kenv_tree) {
			unsetenv("CONFIG_");
			unsetenv("KCONFIG_CONFIG");
			unsetenv("KCONFIG_WERROR");
			setenv("srctree", kenv_tree, 1);
			setenv("ARCH", arch, 1);
			setenv("SRCARCH", arch, 1);
			setenv("CC", getenv("CC") ? getenv("CC") : "gcc", 1);
			setenv("LD", getenv("LD") ? getenv("LD") : "ld", 1);
		}
		execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

/* The last lines of a log, for an error message */
static char *log_tail(const char *log)
{
	char *buf, *p, *msg;
	size_t len;
	int lines = 0;

	if (read_file(log, 1 << 20, &buf, &len) || !len)
		return xstrdup("(no message)");
	p = buf + len;
	while (p > buf && lines < 4)
		lines += *--p == '\n';
	msg = xstrdup(trim(p));
	free(buf);
	return msg;
}

static char *cache_dir(void)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (xdg && *xdg == '/')
		return xasprintf("%s/fstests-expunge", xdg);
	if (home && *home == '/')
		return xasprintf("%s/.cache/fstests-expunge", home);
	return xasprintf("/tmp/fstests-expunge-%u", (unsigned int)getuid());
}

static int mkdirs(char *path)
{
	char *p;

	for (p = path + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0700) && errno != EEXIST) {
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	return mkdir(path, 0700) && errno != EEXIST ? -1 : 0;
}

/* Build the tree's conf in dir: its own lexer, parser and front end. */
static int build_conf(const char *tree, const char *dir, char **err)
{
	char *k = xasprintf("%s/scripts/kconfig", tree), *log;
	char *inc = xasprintf("-I%s/scripts/include", tree);
	char *kinc = xasprintf("-I%s", k), *src[7], *y, *l;
	static const char *const files[] = {
		"conf", "confdata", "expr", "menu", "preprocess", "symbol",
		"util",
	};
	size_t i;
	int ret;

	log = xasprintf("%s/build.log", dir);
	y = xasprintf("%s/parser.y", k);
	l = xasprintf("%s/lexer.l", k);
	for (i = 0; i < ARRAY_SIZE(files); i++)
		src[i] = xasprintf("%s/%s.c", k, files[i]);
	{
		const char *const bison[] = { "bison", "-o", "parser.tab.c",
				  "--defines=parser.tab.h", "-t", "-l", y, NULL };
		const char *const flex[] = { "flex", "-olexer.lex.c", "-L", l, NULL };
		const char *const cc[] = { "cc", "-O1", "-w", "-D_GNU_SOURCE", "-I.", kinc,
			       inc, "-o", "conf", src[0], src[1], src[2],
			       src[3], src[4], src[5], src[6], "parser.tab.c",
			       "lexer.lex.c", NULL };

		ret = spawn_in(dir, bison, log, NULL, NULL) ||
		      spawn_in(dir, flex, log, NULL, NULL) ||
		      spawn_in(dir, cc, log, NULL, NULL) ? -1 : 0;
	}
	if (ret) {
		char *tail = log_tail(log);

		*err = xasprintf("%s: cannot build its kconfig (needs bison, flex, cc): %s",
				 tree, tail);
		free(tail);
	}
	for (i = 0; i < ARRAY_SIZE(files); i++)
		free(src[i]);
	free(y);
	free(l);
	free(k);
	free(inc);
	free(kinc);
	free(log);
	return ret;
}

/* A name for the tree in the cache: its version and where it is */
static char *cache_key(const char *tree)
{
	struct kver v = { 0 };
	unsigned long h = 5381;
	const char *p;
	char buf[48];

	ktree_version(tree, &v);
	for (p = tree; *p; p++)
		h = h * 33 + (unsigned char)*p;
	return xasprintf("kconfig-%s-%08lx", kver_str(&v, buf),
			 h & 0xffffffffUL);
}

/* The tree's conf: from the cache, else built there (once). */
static char *tree_conf(const char *tree, char **err)
{
	char *top = cache_dir(), *key = cache_key(tree), *dir, *tmp, *conf;
	struct stat st;

	dir = xasprintf("%s/%s", top, key);
	conf = xasprintf("%s/conf", dir);
	tmp = xasprintf("%s/.build.XXXXXX", top);
	free(key);
	if (!stat(conf, &st))
		goto out;
	if (mkdirs(top) || !mkdtemp(tmp)) {
		*err = xasprintf("%s: %s", top, strerror(errno));
	} else if (!build_conf(tree, tmp, err)) {
		/* another run may have built it meanwhile: either will do */
		if (rename(tmp, dir) && stat(conf, &st))
			*err = xasprintf("%s: %s", dir, strerror(errno));
	}
	if (*err) {
		free(conf);
		conf = NULL;
	}
	/* what a failed build or a lost race left */
	if (!access(tmp, F_OK)) {
		const char *const rm[] = { "rm", "-rf", tmp, NULL };

		spawn_in("/", rm, "/dev/null", NULL, NULL);
	}
out:
	free(top);
	free(dir);
	free(tmp);
	return conf;
}

int ktree_olddefconfig(const char *srctree, const struct kconfig_file *cfg,
		       struct kconfig_file *out, char **err)
{
	char *tree = realpath(srctree, NULL), *conf = NULL, *path, *log;
	char scratch[] = "/tmp/fexp-olddefconfig.XXXXXX";
	struct strbuf text = { 0 };
	int ret = -1;

	*err = NULL;
	if (!tree) {
		*err = xasprintf("%s: %s", srctree, strerror(errno));
		return -1;
	}
	conf = tree_conf(tree, err);
	if (!conf || !mkdtemp(scratch)) {
		if (!*err)
			*err = xasprintf("%s: %s", scratch, strerror(errno));
		goto out;
	}
	path = xasprintf("%s/.config", scratch);
	log = xasprintf("%s/log", scratch);
	kcond_write_config(&text, cfg);
	if (write_file_atomic(path, text.buf ? text.buf : "", text.len)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
	} else {
		const char *const argv[] = { conf, "--olddefconfig", "Kconfig", NULL };

		if (spawn_in(scratch, argv, log, tree, kcond_arch(cfg))) {
			char *tail = log_tail(log);

			*err = xasprintf("%s: its kconfig: %s", srctree, tail);
			free(tail);
		} else {
			ret = kconfig_load(path, false, out, err);
		}
	}
	{
		const char *const rm[] = { "rm", "-rf", scratch, NULL };

		spawn_in("/", rm, "/dev/null", NULL, NULL);
	}
	free(path);
	free(log);
out:
	sb_free(&text);
	free(conf);
	free(tree);
	return ret;
}

static struct strlist *walk_names;

/* The symbols a Kconfig file declares: "config X", "menuconfig X" */
static int declared_in(const char *path, const struct stat *st, int type,
		       struct FTW *ftw)
{
	char *buf, *line, *next;
	size_t len;

	if (type == FTW_D && !strcmp(path + ftw->base, ".git"))
		return FTW_SKIP_SUBTREE;
	if (type != FTW_F || !str_starts(path + ftw->base, "Kconfig") ||
	    read_file(path, 4 << 20, &buf, &len))
		return FTW_CONTINUE;
	for (line = buf; line; line = next) {
		char *p = line + strspn(line, " \t");

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (str_starts(p, "menuconfig"))
			p += strlen("menuconfig");
		else if (str_starts(p, "config"))
			p += strlen("config");
		else
			continue;
		if (*p != ' ' && *p != '\t')
			continue;
		p += strspn(p, " \t");
		len = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (len)
			strlist_add(walk_names, xstrndup(p, len));
	}
	free(buf);
	return FTW_CONTINUE;
}

int ktree_declared(const char *srctree, struct strlist *names, char **err)
{
	int ret;

	walk_names = names;
	ret = nftw(srctree, declared_in, 32, FTW_PHYS | FTW_ACTIONRETVAL);
	walk_names = NULL;
	if (ret) {
		*err = xasprintf("%s: %s", srctree, strerror(errno));
		return -1;
	}
	return 0;
}
