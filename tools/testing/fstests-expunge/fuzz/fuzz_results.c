// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: result.xml, through the byte filter and libxml2. */
#include <stdint.h>
#include <stdlib.h>

#include "results.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct result_file rf;
	char *err = NULL;

	result_read_buf("fuzz.xml", (const char *)buf, len, &rf, &err);
	result_free(&rf);
	free(err);
	return 0;
}
