// SPDX-License-Identifier: GPL-2.0
/*
 * Placeholder until the kdevops reader lands: says so, and fails, so that
 * "import --from kdevops" never prints an empty list as if it were one.
 */
#include "import.h"

int import_kdevops(const char *dir, const struct strlist *fs,
		   struct import_result *r)
{
	(void)fs;
	(void)r;
	pr_err("%s: reading kdevops lists is not built in yet", dir);
	return -1;
}
