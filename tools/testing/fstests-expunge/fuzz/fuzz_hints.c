// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: fstests test sources (_fixed_by_kernel_commit lines). */
#include <stdint.h>
#include <stdlib.h>

#include "fstests/hints.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	static const char *const fs[] = { NULL, "xfs", "ext4", "btrfs" };
	struct fstests_hints hs;
	char *err = NULL;

	/* the filesystem decides which hints hold: let the input choose */
	fstests_hints_parse("fuzz/001", (const char *)buf, len, fs[len % 4],
			    &hs, &err);
	fstests_hints_free(&hs);
	free(err);
	return 0;
}
