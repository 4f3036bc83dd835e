// SPDX-License-Identifier: GPL-2.0
/* "Did you mean ...?": the closest of a list of names to a misspelt one. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "lib/suggest.h"

static size_t min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

static bool same(char a, char b)
{
	return tolower((unsigned char)a) == tolower((unsigned char)b);
}

/* Damerau-Levenshtein, optimal string alignment: three rows */
size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d;
	size_t *prev2 = xcalloc(lb + 1, sizeof(size_t));
	size_t *prev = xcalloc(lb + 1, sizeof(size_t));
	size_t *cur = xcalloc(lb + 1, sizeof(size_t));
	size_t *t;

	for (j = 0; j <= lb; j++)
		prev[j] = j;
	for (i = 1; i <= la; i++) {
		cur[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t cost = same(a[i - 1], b[j - 1]) ? 0 : 1;

			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
				      prev[j - 1] + cost);
			if (i > 1 && j > 1 && same(a[i - 1], b[j - 2]) &&
			    same(a[i - 2], b[j - 1]) && prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	d = prev[lb];
	free(prev2);
	free(prev);
	free(cur);
	return d;
}

const char *suggest_name(const char *name, char *const *names, size_t n)
{
	size_t len = strlen(name), limit = len / 3, best_d = (size_t)-1, i;
	const char *best = NULL;

	if (!limit)
		limit = 1;
	for (i = 0; i < n; i++) {
		size_t l = strlen(names[i]), d;

		/* the length difference alone costs that many edits */
		if ((l > len ? l - len : len - l) > limit)
			continue;
		d = edit_distance(name, names[i]);
		if (d <= limit && d < best_d && strcmp(name, names[i])) {
			best = names[i];
			best_d = d;
		}
	}
	return best;
}
