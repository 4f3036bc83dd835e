// SPDX-License-Identifier: GPL-2.0
/* The fstests config the guest's check reads: the user's, on virtio disks. */
#include <stdlib.h>
#include <string.h>

#include "fstests/config.h"
#include "lib/base.h"
#include "run/vm-config.h"

char *vm_disk_name(size_t n)
{
	if (n < 26)
		return xasprintf("/dev/vd%c", (char)('a' + n));
	return xasprintf("/dev/vd%c%c", (char)('a' + n / 26 - 1),
			 (char)('a' + n % 26));
}

/* One word of a device value: the disk that stands for it, or itself */
static void map_word(struct strbuf *out, const char *w, size_t len,
		     const struct strlist *devs)
{
	size_t i;
	char *disk;

	for (i = 0; i < devs->n; i++) {
		if (strlen(devs->v[i]) == len && !memcmp(devs->v[i], w, len)) {
			disk = vm_disk_name(i);
			sb_puts(out, disk);
			free(disk);
			return;
		}
	}
	sb_add(out, w, len);
}

/* "  export SCRATCH_DEV_POOL='/dev/a /dev/b'  # c": the devices mapped */
static bool device_line(struct strbuf *out, const char *line, size_t len,
			const struct strlist *devs)
{
	const char *p = line, *end = line + len, *name, *eq, *v, *vend, *w;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p > 7 && !memcmp(p, "export", 6) && (p[6] == ' ' || p[6] == '\t'))
		for (p += 6; p < end && (*p == ' ' || *p == '\t'); p++)
			;
	name = p;
	eq = memchr(p, '=', end - p);
	if (!eq || !fstests_config_device_var(name, eq - name))
		return false;
	v = eq + 1;
	vend = v + strcspn(v, "#\n");
	if (vend > end)
		vend = end;
	while (vend > v && (vend[-1] == ' ' || vend[-1] == '\t'))
		vend--;
	if (vend - v >= 2 && (*v == '"' || *v == '\'') && vend[-1] == *v) {
		v++;
		vend--;
	}
	sb_add(out, line, eq + 1 - line);
	sb_puts(out, "\"");
	for (p = v; p < vend;) {
		for (w = p; w < vend && *w != ' ' && *w != '\t'; w++)
			;
		map_word(out, p, w - p, devs);
		for (p = w; p < vend && (*p == ' ' || *p == '\t'); p++)
			sb_add(out, p, 1);
	}
	sb_puts(out, "\"\n");
	return true;
}

char *vm_guest_config(const char *text, const char *section, const char *fs,
		      struct strlist *devs)
{
	struct strbuf out = { 0 };
	const char *line, *end;
	size_t len;

	sb_puts(&out, "# made by fstests-expunge run --vm: ");
	sb_puts(&out, "the devices are the guest's virtio disks\n");
	if (!text) {
		strlist_add(devs, xstrdup("TEST_DEV"));
		strlist_add(devs, xstrdup("SCRATCH_DEV"));
		sb_printf(&out, "[%s]\nFSTYP=%s\n", section, fs);
		sb_puts(&out, "TEST_DEV=/dev/vda\nTEST_DIR=/mnt/test\n");
		sb_puts(&out, "SCRATCH_DEV=/dev/vdb\nSCRATCH_MNT=/mnt/scratch\n");
		return out.buf;
	}
	for (line = text; *line; line = end) {
		end = strchrnul(line, '\n');
		len = end - line;
		if (*end)
			end++;
		if (!device_line(&out, line, len, devs))
			sb_add(&out, line, end - line);
	}
	return out.buf;
}
