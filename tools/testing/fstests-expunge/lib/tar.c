// SPDX-License-Identifier: GPL-2.0
/* The members of a tar archive held in memory (ustar, GNU long names). */
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "lib/tar.h"

#define BLOCK	512

/* An octal field, or GNU's base-256 for large sizes; -1 if malformed */
static long long field_num(const char *f, size_t len)
{
	unsigned long long v = 0;
	size_t i = 0;

	if ((unsigned char)f[0] & 0x80) {
		for (i = 1; i < len; i++) {
			if (v >> 55)
				return -1;
			v = v << 8 | (unsigned char)f[i];
		}
		return (long long)v;
	}
	while (i < len && f[i] == ' ')
		i++;
	for (; i < len && f[i] >= '0' && f[i] <= '7'; i++) {
		if (v >> 60)
			return -1;
		v = v * 8 + (f[i] - '0');
	}
	if (i < len && f[i] && f[i] != ' ')
		return -1;
	return (long long)v;
}

static bool checksum_ok(const char *h)
{
	long long want = field_num(h + 148, 8);
	unsigned long sum = 0;
	size_t i;

	for (i = 0; i < BLOCK; i++)
		sum += (i >= 148 && i < 156) ? ' ' : (unsigned char)h[i];
	return want >= 0 && (unsigned long)want == sum;
}

bool is_tar(const char *buf, size_t len)
{
	return len >= BLOCK && checksum_ok(buf);
}

static bool zero_block(const char *h)
{
	size_t i;

	for (i = 0; i < BLOCK; i++)
		if (h[i])
			return false;
	return true;
}

/* The name of header h: ustar's prefix/name, or the GNU long name */
static char *member_name(const char *h, const char *longname)
{
	if (longname)
		return xstrdup(longname);
	if (!memcmp(h + 257, "ustar", 5) && h[345])
		return xasprintf("%.155s/%.100s", h + 345, h);
	return xstrndup(h, 100);
}

int tar_each(const char *buf, size_t len,
	     int (*fn)(const struct tar_member *m, void *arg), void *arg,
	     const char **why)
{
	char *longname = NULL;
	size_t at = 0;
	int ret = 0;

	while (!ret && at + BLOCK <= len && !zero_block(buf + at)) {
		const char *h = buf + at;
		long long size = field_num(h + 124, 12);
		struct tar_member m = { 0 };
		char type = h[156];

		if (!checksum_ok(h) || size < 0 ||
		    (unsigned long long)size > len - at - BLOCK) {
			/* a member cut short ends the walk, not an error */
			if (checksum_ok(h) && size >= 0)
				break;
			*why = "not a tar archive, or a damaged header";
			ret = -1;
			break;
		}
		at += BLOCK;
		if (type == 'L') {	/* GNU: the next member's long name */
			free(longname);
			longname = xstrndup(buf + at, size);
		} else if (type != 'K' && type != 'x' && type != 'g') {
			char *name = member_name(h, longname);

			m.name = name;
			m.data = buf + at;
			m.len = size;
			m.regular = type == '0' || type == '\0' || type == '7';
			ret = fn(&m, arg);
			free(name);
			free(longname);
			longname = NULL;
		}
		at += (size + BLOCK - 1) / BLOCK * BLOCK;
	}
	free(longname);
	return ret;
}
