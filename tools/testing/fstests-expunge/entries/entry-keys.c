// SPDX-License-Identifier: GPL-2.0
/*
 * The values of the provenance and environment keys of a data line:
 * from=, cause=, crash=, rate=, test-fixed=, env= (see data-format.rst).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "entries/entry-keys.h"
#include "entries/kdevops-kernel.h"
#include "lib/base.h"
#include "lib/strbuf.h"

static const char *const sources[] = {
	"bld", "xfstests-bld", "kdevops", "fstests", "results", "hand", "user",
};

/* Where the harnesses keep their lists, in their trees */
#define BLD_LISTS	"test-appliance/files/root/fs/"
#define KDEVOPS_LISTS	"workflows/fstests/expunges/"

static const char *const switches[] = { "large-disk", "fast", "gce" };

static const char *const causes[] = {
	[CAUSE_NONE] = NULL,
	[CAUSE_KERNEL] = "kernel",
	[CAUSE_TEST] = "test",
	[CAUSE_TOOLS] = "tools",
	[CAUSE_ENV] = "env",
	[CAUSE_UNTRIAGED] = "untriaged",
};

static const char *const crashes[] = {
	[CRASH_NONE] = NULL,
	[CRASH_HANG] = "hang",
	[CRASH_LOCKUP] = "lockup",
	[CRASH_OOPS] = "oops",
	[CRASH_PANIC] = "panic",
	[CRASH_OOM] = "oom",
	[CRASH_ASSERT] = "assert",
};

static bool is_hex(const char *s, size_t n)
{
	return strspn(s, "0123456789abcdef") == n;
}

/* A path of an origin: printable, no white space, ',' or '#' */
static bool valid_path_char(int c)
{
	return isgraph(c) && c != ',' && c != '#';
}

const char *origin_check(const char *origin)
{
	const char *at = strrchr(origin, '@');
	size_t n = strcspn(origin, ":@"), i;
	const char *p;

	for (i = 0; i < ARRAY_SIZE(sources); i++) {
		if (strlen(sources[i]) == n && !strncmp(origin, sources[i], n))
			break;
	}
	if (i == ARRAY_SIZE(sources))
		return "unknown source (known: " ORIGIN_SOURCES ")";
	if (origin[n] == ':') {
		const char *end = at ? at : origin + strlen(origin);

		if (end == origin + n + 1)
			return "empty path after ':'";
		for (p = origin + n + 1; p < end; p++) {
			if (!valid_path_char((unsigned char)*p))
				return "no white space, ',' or '#' in a path";
		}
	}
	if (at) {
		size_t len = strlen(at + 1);

		if (len < 7 || len > 40 || !is_hex(at + 1, len))
			return "@REV is not a commit id (7 to 40 lowercase hex digits)";
	}
	return NULL;
}

/* The length of the source origin names (SOURCE, SOURCE:, SOURCE@), or 0 */
static size_t source_len(const char *origin)
{
	size_t n = strcspn(origin, ":@"), i;

	for (i = 0; i < ARRAY_SIZE(sources); i++) {
		if (strlen(sources[i]) == n && !strncmp(origin, sources[i], n))
			return n;
	}
	return 0;
}

size_t origin_source_len(const char *origin)
{
	size_t n = source_len(origin);

	return n && origin[n] == ':' ? n : 0;
}

void origins_expand(char **list)
{
	size_t i, n;
	char *full;

	for (i = 1; list[0] && list[i]; i++) {
		n = origin_source_len(list[i - 1]);
		if (!n || source_len(list[i]))
			continue;
		full = xasprintf("%.*s%s", (int)n + 1, list[i - 1], list[i]);

		free(list[i]);
		list[i] = full;
	}
}

char *origins_join(char *const *list)
{
	struct strbuf sb = { 0 };
	size_t i, n;

	for (i = 0; list && list[i]; i++) {
		const char *o = list[i];

		n = i ? origin_source_len(list[i - 1]) : 0;
		if (n && !strncmp(o, list[i - 1], n + 1) &&
		    o[n + 1] && !source_len(o + n + 1))
			o += n + 1;
		sb_printf(&sb, "%s%s", i ? "," : "", o);
	}
	return sb.buf ? sb.buf : xstrdup("");
}

/* value split at ',' and expanded: a NULL-terminated list, allocated */
static char **split_expanded(const char *value)
{
	size_t n;
	char **list = split_list(value, &n);

	origins_expand(list);
	return list;
}

char *origins_rejoin(const char *value)
{
	char **list = split_expanded(value);
	char *s = origins_join(list);

	free_list(list);
	return s;
}

char *origins_full(const char *value)
{
	char **list = split_expanded(value);
	struct strbuf sb = { 0 };
	size_t i;

	for (i = 0; list[i]; i++)
		sb_printf(&sb, "%s%s", i ? "," : "", list[i]);
	free_list(list);
	return sb.buf ? sb.buf : xstrdup("");
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && !strcmp(s + n - m, suffix);
}

/* xfstests-bld's list file path (under BLD_LISTS), as bld: names it */
static char *bld_short(const char *path)
{
	const char *slash = strchr(path, '/');
	int n = slash ? (int)(slash - path) : (int)strlen(path);

	if (!strcmp(path, "global_exclude"))
		return xstrdup("bld:global");
	if (!strcmp(path, "exclude.gce"))
		return xstrdup("bld:gce");
	if (slash && !strcmp(slash, "/exclude"))
		return xasprintf("bld:%.*s", n, path);
	if (slash && !strcmp(slash, "/exclude-opt"))
		return xasprintf("bld:%.*s/opt", n, path);
	if (slash && str_starts(slash, "/cfg/") && ends_with(slash, ".exclude"))
		return xasprintf("bld:%.*s/cfg", n, path);
	return xasprintf("bld:%s", path);
}

/* kdevops' list file path (under KDEVOPS_LISTS), as kdevops: names it */
static char *kdevops_short(const char *path)
{
	const char *base = strrchr(path, '/');
	int dir = (int)strcspn(path, "/"), n;

	base = base ? base + 1 : path;
	n = (int)strlen(base) - (ends_with(base, ".txt") ? 4 : 0);
	if (str_starts(path, "any/"))
		return xasprintf("kdevops:any/%.*s", n, base);
	if (n == 3 && !strncmp(base, "all", 3))
		return xasprintf("kdevops:%.*s/all", dir, path);
	return xasprintf("kdevops:%.*s", dir, path);
}

/* The list file origin names, as SOURCE:LIST (kdevops:6.1.72+/all) */
static char *list_short(const char *origin)
{
	static const struct {
		const char *prefix;
		char *(*shorten)(const char *path);
	} lists[] = {
		{ "xfstests-bld:" BLD_LISTS, bld_short },
		{ "kdevops:" KDEVOPS_LISTS, kdevops_short },
	};
	const char *at = strrchr(origin, '@');
	size_t i, n = strlen(origin);
	char *path, *s;

	if (str_starts(origin, "fstests:tests/"))
		return xasprintf("fstests:%s", origin + strlen("fstests:tests/"));
	if (at && !strchr(at, '/'))
		n = at - origin;
	for (i = 0; i < ARRAY_SIZE(lists); i++) {
		size_t len = strlen(lists[i].prefix);

		if (!str_starts(origin, lists[i].prefix) || n <= len)
			continue;
		path = xstrndup(origin + len, n - len);
		s = lists[i].shorten(path);
		free(path);
		return s;
	}
	return xstrdup(origin);
}

/* Is short a kdevops kernel directory's list (kdevops:DIR[/all])? */
static bool kdevops_kernel_list(const char *short_origin, struct kver *v)
{
	const char *dir = short_origin + strlen("kdevops:"), *why;
	size_t n;
	char *name;
	int ret;

	if (!str_starts(short_origin, "kdevops:"))
		return false;
	n = strcspn(dir, "/");
	if (str_starts(dir, "any/") || (dir[n] && strcmp(dir + n, "/all")))
		return false;
	name = xstrndup(dir, n);
	ret = kdevops_kernel_name(name, v, &why);
	free(name);
	return !ret;
}

bool origin_kdevops_kernel(const char *origin, struct kver *v)
{
	char *s = list_short(origin);
	bool ret = kdevops_kernel_list(s, v);

	free(s);
	return ret;
}

const char *origin_kdevops_any(char *const *env, bool has_seen)
{
	if (has_seen)
		return NULL;
	if (!env || !env[0])
		return "kdevops:any/all";
	if (env[1])
		return NULL;
	if (!strcmp(env[0], "fast"))
		return "kdevops:any/over-10s";
	if (!strcmp(env[0], "!large-disk"))
		return "kdevops:any/large-disk";
	return NULL;
}

char *origin_short(const char *origin)
{
	char *s = list_short(origin);
	struct kver v;

	if (!kdevops_kernel_list(s, &v))
		return s;
	free(s);
	return xstrdup("kdevops");
}

/* The index of s in names (n of them, NULL ones skipped), or -1 */
static int name_index(const char *const *names, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (names[i] && !strcmp(s, names[i]))
			return i;
	}
	return -1;
}

int cause_parse(const char *s, enum entry_cause *cause)
{
	int i = name_index(causes, ARRAY_SIZE(causes), s);

	if (i < 0)
		return -1;
	*cause = i;
	return 0;
}

const char *cause_name(enum entry_cause cause)
{
	return causes[cause];
}

int crash_parse(const char *s, enum entry_crash *crash)
{
	int i = name_index(crashes, ARRAY_SIZE(crashes), s);

	if (i < 0)
		return -1;
	*crash = i;
	return 0;
}

const char *crash_name(enum entry_crash crash)
{
	return crashes[crash];
}

/* A number of 1 to 6 digits, no leading 0, at s: its length, or 0 */
static size_t count_at(const char *s, unsigned long *v)
{
	size_t n = strspn(s, "0123456789");

	if (!n || n > 6 || *s == '0')
		return 0;
	*v = strtoul(s, NULL, 10);
	return n;
}

bool rate_valid(const char *s, bool *below_one)
{
	unsigned long f, n;
	size_t a = count_at(s, &f), b;

	if (!a || s[a] != '/')
		return false;
	b = count_at(s + a + 1, &n);
	if (!b || s[a + 1 + b] || f > n)
		return false;
	*below_one = f < n;
	return true;
}

const char *env_name_check(const char *name, bool negation)
{
	if (negation && *name == '!')
		name++;
	if (!*name)
		return "empty switch name";
	if (strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789-") !=
	    strlen(name))
		return "a switch name is lower case letters, digits and '-'";
	return NULL;
}

bool env_defined(const char *name)
{
	return name_index(switches, ARRAY_SIZE(switches), name) >= 0;
}

const char *env_switch(size_t i)
{
	return i < ARRAY_SIZE(switches) ? switches[i] : NULL;
}

static bool stated_has(char *const *stated, const char *name)
{
	for (; stated && *stated; stated++) {
		if (!strcmp(*stated, name))
			return true;
	}
	return false;
}

bool env_holds(char *const *env, char *const *stated)
{
	bool pos = false, hit = false;

	for (; *env; env++) {
		if (**env == '!') {
			if (stated_has(stated, *env + 1))
				return false;
			continue;
		}
		pos = true;
		hit |= stated_has(stated, *env);
	}
	return hit || !pos;
}
