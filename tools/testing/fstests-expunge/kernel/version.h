/* SPDX-License-Identifier: GPL-2.0 */
/* Kernel versions: parsing, ordering and the since=/fixed= list rule. */
#ifndef FEXP_VERSION_H
#define FEXP_VERSION_H

#include <stdbool.h>
#include <stddef.h>

struct kver {
	unsigned int major;
	unsigned int minor;
	unsigned int patch;
	unsigned int rc;	/* N for x.y-rcN, 0 for a release */
};

/*
 * Parse a version at the start of s: x.y, x.y.z or x.y-rcN (also
 * x.y.0-rcN, as "make kernelversion" prints it). *end, if not NULL, is
 * set past what was read. Returns 0, or -1 if s does not start with one.
 */
int kver_parse_prefix(const char *s, struct kver *v, const char **end);
/* The same, but the whole string must be a version. */
int kver_parse(const char *s, struct kver *v);

int kver_cmp(const struct kver *a, const struct kver *b);
/* A mainline version: x.y, x.y.0 or x.y-rcN. */
bool kver_is_mainline(const struct kver *v);
/*
 * The first kernel after v's series: x.(y+1)-rc1 for any x.y, x.y.z or
 * x.y-rcN (4.20.y ends at 4.21-rc1, which is before 5.0). series=V is
 * since=V until=kver_series_end(V).
 */
struct kver kver_series_end(const struct kver *v);
/* Format as x.y, x.y.z or x.y-rcN; buf must hold 48 bytes. */
const char *kver_str(const struct kver *v, char *buf);

/* What a release string is a build of */
enum kernel_line {
	KLINE_UPSTREAM,	/* a release, or a point release with a build suffix */
	KLINE_NEXT,	/* a linux-next build (-next-YYYYMMDD) */
	KLINE_PATCHED,	/* a tree a tester patched, or ahead of its tag */
};

/*
 * The line of release: linux-next and patched kernels
 * (6.5.0-rc3-next-20230725, 6.6.0-rc4-dagmcr-lbs-..., 6.15.0-rc2-g57265e6ac675,
 * 6.9.0-rc6+) are kept apart from the upstream version they are based on;
 * a point release with a build suffix (6.18.44-fc-v1300, 6.4.6-200.fc38.x86_64)
 * and a distribution's ABI name (6.1.0-57-amd64) are that version.
 */
enum kernel_line kernel_line(const char *release);
const char *kernel_line_name(enum kernel_line line);

struct kver_list {
	struct kver *v;
	size_t n;
};

/*
 * Parse "V[,V...]". Returns 0, or -1 with *bad pointing at a copy of the
 * offending item (to be freed by the caller).
 */
int kver_list_parse(const char *s, struct kver_list *list, char **bad);
void kver_list_free(struct kver_list *list);
/* Does list name exactly v? */
bool kver_list_has(const struct kver_list *list, const struct kver *v);

/*
 * Does the list match k? True when k is at or after a listed stable
 * version of k's own series (x.y.z, z > 0), or at or after a listed
 * mainline version. *which, if not NULL, is set to the deciding entry.
 */
bool kver_list_matches(const struct kver_list *list, const struct kver *k,
		       const struct kver **which);

#endif
