// SPDX-License-Identifier: GPL-2.0
/* The release an x86 bzImage (vmlinuz) states in its boot setup header. */
#include <stdlib.h>
#include <string.h>

#include "kernel/kimage.h"
#include "lib/base.h"
#include "lib/escape.h"

/* The setup header's fields (Documentation/arch/x86/boot.rst) */
#define HDR_MAGIC_OFF	0x202	/* "HdrS" */
#define HDR_VERSION_OFF	0x206	/* the boot protocol, 0x020f for 2.15 */
#define HDR_KVER_OFF	0x20e	/* kernel_version: the string's offset - 0x200 */
#define HDR_KVER_BASE	0x200
#define KVER_MAX	512	/* the longest version string read */
#define CUT_SHORT	"a bzImage cut short"

static unsigned int le16(const char *p)
{
	const unsigned char *u = (const unsigned char *)p;

	return u[0] | u[1] << 8;
}

bool kimage_is_bzimage(const char *buf, size_t len)
{
	return len >= HDR_MAGIC_OFF + 4 &&
	       !memcmp(buf + HDR_MAGIC_OFF, "HdrS", 4);
}

/* The version string's offset in buf: 0, or -1 with *err */
static int version_at(const char *name, const char *buf, size_t len,
		      size_t *at, char **err)
{
	unsigned int proto, off;

	if (len < HDR_KVER_OFF + 2) {
		*err = xasprintf("%s: %s: %zu bytes, its setup header ends at 0x%x",
				 name, CUT_SHORT, len, HDR_KVER_OFF + 2);
		return -1;
	}
	proto = le16(buf + HDR_VERSION_OFF);
	if (proto < 0x0200) {
		*err = xasprintf("%s: a bzImage of boot protocol %u.%02u: %s",
				 name, proto >> 8, proto & 0xff,
				 "no kernel version in its setup header (2.00 and later have one)");
		return -1;
	}
	off = le16(buf + HDR_KVER_OFF);
	if (!off) {
		*err = xasprintf("%s: a bzImage without a kernel version (kernel_version is 0)",
				 name);
		return -1;
	}
	*at = HDR_KVER_BASE + (size_t)off;
	if (*at >= len) {
		*err = xasprintf("%s: %s: its kernel version is at 0x%zx, the file has %zu bytes",
				 name, CUT_SHORT, *at, len);
		return -1;
	}
	return 0;
}

int kimage_read(const char *name, const char *buf, size_t len,
		struct kelf_info *ki, char **err)
{
	size_t at, n, max;
	const char *s;

	memset(ki, 0, sizeof(*ki));
	if (version_at(name, buf, len, &at, err))
		return -1;
	s = buf + at;
	max = len - at < KVER_MAX ? len - at : KVER_MAX;
	n = strnlen(s, max);
	if (n == max) {
		*err = xasprintf("%s: a bzImage whose kernel version at 0x%zx %s %zu bytes",
				 name, at, "has no end in", max);
		return -1;
	}
	ki->banner = xstrndup(s, n);
	ki->release = xstrndup(s, strcspn(s, " "));
	if (!*ki->release || has_control(ki->banner)) {
		char *q = quote_input(ki->banner, QUOTE_MAX);

		*err = xasprintf("%s: a bzImage whose kernel version at 0x%zx is no version: '%s'",
				 name, at, q);
		free(q);
		kelf_free(ki);
		return -1;
	}
	ki->release_from = "setup header";
	return 0;
}
