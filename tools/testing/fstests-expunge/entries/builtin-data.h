/* SPDX-License-Identifier: GPL-2.0 */
/* The data files compiled into the binary, for a bare test VM. */
#ifndef FEXP_BUILTIN_DATA_H
#define FEXP_BUILTIN_DATA_H

#include <stddef.h>

struct builtin_file {
	const char *name;
	const char *text;
	size_t len;
};

/* Ends with an entry whose name is NULL. */
extern const struct builtin_file builtin_data[];

#endif
