// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the data file parser (data/<fs>.expunge). */
#include <stdint.h>

#include "entries/entry.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	data_parse(&ds, "fuzz.expunge", (const char *)buf, len, &d);
	dataset_free(&ds);
	diag_free(&d);
	return 0;
}
