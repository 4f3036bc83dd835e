// SPDX-License-Identifier: GPL-2.0
/* The logs of a failing test: their kinds, names and which are there. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lib/base.h"
#include "results/result-logs.h"

const char *const log_exts[NR_LOGS] = { "out.bad", "dmesg", "full" };

char *log_stem(const char *test)
{
	const char *p;
	char *stem, *s;

	if (!*test || strlen(test) > 200)
		return NULL;
	for (p = test; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_-./", *p))
			return NULL;
	for (p = test; p; p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL)
		if (*p == '/' || *p == '.' || !*p)
			return NULL;
	stem = xstrdup(test);
	for (s = stem; *s; s++)
		if (*s == '/')
			*s = '+';
	return stem;
}

unsigned int logs_in(const char *dir, const char *name)
{
	unsigned int logs = 0;
	struct stat st;
	char *path;
	size_t i;

	for (i = 0; i < NR_LOGS; i++) {
		path = xasprintf("%s/%s.%s", dir, name, log_exts[i]);
		if (!lstat(path, &st) && S_ISREG(st.st_mode))
			logs |= 1u << i;
		free(path);
	}
	return logs;
}
