// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: result.xml, through the byte filter, and then the
 * byte scanner or libxml2: both must read the same.
 */
#include <stdint.h>
#include <stdlib.h>

#include "results/results.h"
#include "lib/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct result_file rf, xml;
	char *err = NULL, *xerr = NULL;
	int ret, xret;

	ret = result_read_buf("fuzz.xml", (const char *)buf, len, &rf, &err);
	xret = result_read_buf_xml("fuzz.xml", (const char *)buf, len, &xml,
				   &xerr);
	if (ret != xret || !str_same(err, xerr) ||
	    (!ret && result_diff(&rf, &xml)))
		abort();
	result_free(&rf);
	result_free(&xml);
	free(err);
	free(xerr);
	return 0;
}
