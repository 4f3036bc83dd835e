/* SPDX-License-Identifier: GPL-2.0 */
/* A hash map from strings to ints, for lookups that must stay linear. */
#ifndef FEXP_STRMAP_H
#define FEXP_STRMAP_H

#include <stdbool.h>
#include <stddef.h>

struct strmap {
	char **keys;	/* owned copies; NULL for a free slot */
	int *vals;
	size_t n, size;
};

/*
 * The value slot of the len bytes at key, or NULL when absent; with add,
 * an absent key is added with value 0 and *added (if not NULL) is set.
 */
int *strmap_get(struct strmap *m, const char *key, size_t len, bool add,
		bool *added);
void strmap_free(struct strmap *m);

#endif
