// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the .config reader, plain and gzip. */
#include <stdint.h>
#include <stdlib.h>

#include "kernel/kconfig-file.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct kconfig_file cfg;
	char *err = NULL;

	if (!kconfig_parse("fuzz.config", (const char *)buf, len, &cfg, &err))
		kconfig_free(&cfg);
	free(err);
	return 0;
}
