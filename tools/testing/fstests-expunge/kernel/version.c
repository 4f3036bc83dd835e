// SPDX-License-Identifier: GPL-2.0
/* Kernel versions: parsing, ordering and the since=/fixed= list rule. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/version.h"
#include "lib/base.h"
#include "lib/strbuf.h"

static int parse_num(const char *s, unsigned int *n, const char **end)
{
	unsigned long v;
	char *e;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoul(s, &e, 10);
	if (errno || v > 65535)
		return -1;
	*n = v;
	*end = e;
	return 0;
}

int kver_parse_prefix(const char *s, struct kver *v, const char **end)
{
	struct kver k = { 0 };
	const char *p;

	if (parse_num(s, &k.major, &p) || *p != '.' ||
	    parse_num(p + 1, &k.minor, &p))
		return -1;
	if (*p == '.' && isdigit((unsigned char)p[1])) {
		if (parse_num(p + 1, &k.patch, &p))
			return -1;
	}
	if (!k.patch && str_starts(p, "-rc") &&
	    isdigit((unsigned char)p[3])) {
		if (parse_num(p + 3, &k.rc, &p) || !k.rc)
			return -1;
	}
	*v = k;
	if (end)
		*end = p;
	return 0;
}

int kver_parse(const char *s, struct kver *v)
{
	const char *end;

	if (kver_parse_prefix(s, v, &end) || *end)
		return -1;
	return 0;
}

int kver_cmp(const struct kver *a, const struct kver *b)
{
	/* x.y-rcN comes before x.y, which is x.y.0 */
	unsigned int arc = a->rc ? a->rc : UINT_MAX;
	unsigned int brc = b->rc ? b->rc : UINT_MAX;

	if (a->major != b->major)
		return a->major < b->major ? -1 : 1;
	if (a->minor != b->minor)
		return a->minor < b->minor ? -1 : 1;
	if (arc != brc)
		return arc < brc ? -1 : 1;
	if (a->patch != b->patch)
		return a->patch < b->patch ? -1 : 1;
	return 0;
}

bool kver_is_mainline(const struct kver *v)
{
	return v->patch == 0;
}

struct kver kver_series_end(const struct kver *v)
{
	return (struct kver){ v->major, v->minor + 1, 0, 1 };
}

const char *kver_str(const struct kver *v, char *buf)
{
	if (v->rc)
		sprintf(buf, "%u.%u-rc%u", v->major, v->minor, v->rc);
	else if (v->patch)
		sprintf(buf, "%u.%u.%u", v->major, v->minor, v->patch);
	else
		sprintf(buf, "%u.%u", v->major, v->minor);
	return buf;
}

int kver_list_parse(const char *s, struct kver_list *list, char **bad)
{
	size_t n, i;
	char **items = split_list(s, &n);

	list->v = xcalloc(n, sizeof(*list->v));
	list->n = n;
	for (i = 0; i < n; i++) {
		if (kver_parse(items[i], &list->v[i])) {
			*bad = xstrdup(items[i]);
			free_list(items);
			kver_list_free(list);
			return -1;
		}
	}
	free_list(items);
	return 0;
}

void kver_list_free(struct kver_list *list)
{
	free(list->v);
	list->v = NULL;
	list->n = 0;
}

bool kver_list_has(const struct kver_list *list, const struct kver *v)
{
	size_t i;

	for (i = 0; i < list->n; i++) {
		if (!kver_cmp(&list->v[i], v))
			return true;
	}
	return false;
}

bool kver_list_matches(const struct kver_list *list, const struct kver *k,
		       const struct kver **which)
{
	size_t i;

	for (i = 0; i < list->n; i++) {
		const struct kver *v = &list->v[i];

		if (!kver_is_mainline(v) &&
		    (v->major != k->major || v->minor != k->minor))
			continue;
		if (kver_cmp(k, v) >= 0) {
			if (which)
				*which = v;
			return true;
		}
	}
	return false;
}

/* "-next-" and eight digits, or a "next-" release */
static bool next_build(const char *release)
{
	const char *p;

	if (str_starts(release, "next-"))
		return true;
	for (p = release; (p = strstr(p, "-next-")); p++)
		if (strspn(p + 6, "0123456789") == 8)
			return true;
	return false;
}

/* git describe's "-gHEX" (and "-N-gHEX"): commits past a tag */
static bool git_describe(const char *rest)
{
	const char *p;

	for (p = rest; (p = strstr(p, "-g")); p++)
		if (strspn(p + 2, "0123456789abcdef") >= 7)
			return true;
	return false;
}

enum kernel_line kernel_line(const char *release)
{
	const char *rest;
	struct kver v;

	if (!release || next_build(release))
		return KLINE_NEXT;
	if (kver_parse_prefix(release, &v, &rest))
		return KLINE_PATCHED;
	if (!*rest)
		return KLINE_UPSTREAM;
	if (git_describe(rest))
		return KLINE_PATCHED;
	if (v.patch)		/* a point release: its suffix is a build's */
		return KLINE_UPSTREAM;
	/* a distribution's x.y.0-ABI-flavour (Debian 6.1.0-57-amd64) */
	if (rest[0] == '-' && isdigit((unsigned char)rest[1]) &&
	    rest[1 + strspn(rest + 1, "0123456789")] == '-' && !v.rc)
		return KLINE_UPSTREAM;
	return KLINE_PATCHED;
}

const char *kernel_line_name(enum kernel_line line)
{
	return line == KLINE_NEXT ? "linux-next" :
		line == KLINE_PATCHED ? "patched" : "upstream";
}
