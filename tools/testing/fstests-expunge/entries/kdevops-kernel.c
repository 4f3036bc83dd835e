// SPDX-License-Identifier: GPL-2.0
/* kdevops kernel directory names ("uname -r"), as versions of ours. */
#include <ctype.h>
#include <string.h>

#include "entries/kdevops-kernel.h"

/* "-2-amd64": a distribution's ABI number and flavour */
static bool distro_suffix(const char *s)
{
	if (*s++ != '-' || !isdigit((unsigned char)*s))
		return false;
	while (isdigit((unsigned char)*s))
		s++;
	if (*s++ != '-' || !*s)
		return false;
	return strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789") == strlen(s);
}

int kdevops_kernel_name(const char *name, struct kver *v, const char **why)
{
	const char *end;

	if (kver_parse_prefix(name, v, &end)) {
		*why = "not a kernel version";
		return -1;
	}
	/* kdevops itself falls back from "X+" to "X": the same kernel */
	if (!*end || !strcmp(end, "+"))
		return 0;
	if (distro_suffix(end))
		*why = "a distribution kernel: its name does not say which stable update it is";
	else if (strstr(end, "-next-"))
		*why = "a linux-next kernel: no release carries what was found there";
	else
		*why = "a topic-branch kernel: no release carries what was found there";
	return -1;
}
