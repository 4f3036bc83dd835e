// SPDX-License-Identifier: GPL-2.0
/* run: the large-disk switch, decided from the scratch device's size. */
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "entries/entry-keys.h"
#include "fstests/config.h"
#include "run/large-disk.h"

#define SWITCH	"large-disk"

/* --env large-disk or --env '!large-disk' */
static bool stated(const struct strlist *env)
{
	return strlist_has(env, SWITCH) || strlist_has(env, "!" SWITCH);
}

/* The size of a file or block device: 0, or -1 with *err */
static int device_bytes(const char *path, unsigned long long *bytes,
			char **err)
{
	struct stat st;
	int fd, ret = 0;
	__u64 size;

	if (stat(path, &st)) {
		*err = xasprintf("%s", strerror(errno));
		return -1;
	}
	if (S_ISREG(st.st_mode)) {
		*bytes = st.st_size;
		return 0;
	}
	if (!S_ISBLK(st.st_mode)) {
		*err = xstrdup("neither a file nor a block device");
		return -1;
	}
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0 || ioctl(fd, BLKGETSIZE64, &size)) {
		*err = xasprintf("cannot read its size: %s", strerror(errno));
		ret = -1;
	} else {
		*bytes = size;
	}
	if (fd >= 0)
		close(fd);
	return ret;
}

/* "20.0 GiB, at least the 10 GiB ..." into ld, on or off by the size */
static void by_size(struct large_disk *ld, const char *what,
		    unsigned long long bytes)
{
	/* in tenths of GiB, down: a byte under 10 GiB is under it */
	unsigned long long tenths = (bytes >> 20) * 10 >> 10;

	ld->dec.on = bytes >= (unsigned long long)LARGE_DISK_GIB << 30;
	ld->why = xasprintf("%s: %llu.%llu GiB, %s the %d GiB its tests need",
			    what, tenths / 10, tenths % 10,
			    ld->dec.on ? "at least" : "under", LARGE_DISK_GIB);
}

/* SCRATCH_DEV of the section, measured */
static void measure(struct large_disk *ld, const char *config,
		    const char *fstests, const char *section)
{
	char *dev = NULL, *path, *err = NULL, *what;
	unsigned long long bytes;

	if (fstests_config_scratch(config, section, &dev, &err)) {
		ld->why = xasprintf("%s; the default", err);
		free(err);
		return;
	}
	if (!dev) {
		ld->why = xasprintf("section %s has no SCRATCH_DEV; the default",
				    section);
		return;
	}
	path = *dev == '/' ? xstrdup(dev) : xasprintf("%s/%s", fstests, dev);
	what = xasprintf("scratch device %s", dev);
	if (device_bytes(path, &bytes, &err)) {
		ld->why = xasprintf("%s: %s, size unknown; the default", what,
				    err);
		free(err);
	} else {
		by_size(ld, what, bytes);
	}
	free(what);
	free(path);
	free(dev);
}

void large_disk_decide(struct large_disk *ld, const struct strlist *env,
		       const char *config, const char *fstests,
		       const char *section, unsigned int disk_gib)
{
	size_t i;

	memset(ld, 0, sizeof(*ld));
	for (i = 0; i < env->n; i++)
		strlist_add(&ld->env, xstrdup(env->v[i]));
	if (stated(env)) {
		pr_note("run: env switch %s as --env states it: the scratch device is not measured",
			SWITCH);
		return;
	}
	if (disk_gib)
		by_size(ld, "the guest's scratch disk (--vm-disk-size)",
			(unsigned long long)disk_gib << 30);
	else
		measure(ld, config, fstests, section);
	ld->dec.name = SWITCH;
	ld->dec.why = ld->why;
	if (ld->dec.on)
		strlist_add(&ld->env, xstrdup(SWITCH));
	pr_note("run: env switch %s %s (%s); %s", SWITCH,
		ld->dec.on ? "on" : "off", ld->why,
		ld->dec.on ? "--env '!" SWITCH "' keeps its tests out" :
		"--env " SWITCH " runs its tests");
}

void large_disk_free(struct large_disk *ld)
{
	free(ld->why);
	strlist_free(&ld->env);
}
