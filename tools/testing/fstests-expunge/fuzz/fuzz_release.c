// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: kernel releases and versions: the upstream version
 * behind a release, banner and signature (three NUL-separated strings),
 * and version lists.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "kernel/version.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	char *text = malloc(len + 3), *part[3], *bad = NULL;
	struct kver_list list = { 0 };
	struct kver v;
	const char *how, *end;
	char vs[48];
	size_t i;

	/* three strings, whatever the input holds */
	memcpy(text, buf, len);
	memset(text + len, 0, 3);
	part[0] = text;
	for (i = 1; i < 3; i++)
		part[i] = part[i - 1] + strlen(part[i - 1]) +
			  (part[i - 1] < text + len);
	if (!upstream_version(part[0], part[1], part[2], &v, &how))
		kver_str(&v, vs);
	if (!kver_parse_prefix(part[0], &v, &end))
		kver_list_matches(&list, &v, NULL);
	if (!kver_list_parse(part[0], &list, &bad) &&
	    !kver_parse(part[1], &v))
		kver_list_matches(&list, &v, NULL);
	kver_list_free(&list);
	free(bad);
	free(text);
	return 0;
}
