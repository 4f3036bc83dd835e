/* SPDX-License-Identifier: GPL-2.0 */
/* The devices an fstests config section names, as check reads them. */
#ifndef FEXP_FSTESTS_CONFIG_H
#define FEXP_FSTESTS_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strbuf.h"

/* Is name (len bytes) one of the device variables a section may set? */
bool fstests_config_device_var(const char *name, size_t len);

/*
 * The config file check reads in the fstests tree: $HOST_OPTIONS,
 * configs/HOST.config, configs/HOST, else local.config (malloc'd, an
 * absolute path), or NULL if there is none.
 */
char *fstests_config_path(const char *fstests);

/*
 * The devices section uses (TEST_DEV, SCRATCH_DEV, the log, realtime and
 * log-writes devices, SCRATCH_DEV_POOL), from the environment and the
 * config's sections up to and including this one, as check accumulates
 * them. A config with sections but not this one is an error: check would
 * run nothing (0, or -1 with *err naming the file and its sections).
 */
int fstests_config_devices(const char *config, const char *section,
			   struct strlist *devs, char **err);

/*
 * The scratch device of section (SCRATCH_DEV as check would see it, from
 * the environment and the config) into *dev (malloc'd; NULL when the
 * section has none). 0, or -1 with *err as fstests_config_devices().
 */
int fstests_config_scratch(const char *config, const char *section,
			   char **dev, char **err);

#endif
