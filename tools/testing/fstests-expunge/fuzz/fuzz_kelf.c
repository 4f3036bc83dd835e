// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the kernel ELF reader (release, IKCONFIG). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kelf.h"

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	/* libelf may write to the image: a copy of its own */
	char *copy = malloc(len ? len : 1);
	struct kelf_info ki;
	char *err = NULL;

	memcpy(copy, buf, len);
	if (!kelf_read("fuzz.ko", copy, len, &ki, &err))
		kelf_free(&ki);
	free(err);
	free(copy);
	return 0;
}
