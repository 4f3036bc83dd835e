// SPDX-License-Identifier: GPL-2.0
/* The kdevops importer's kernel series: the one after a directory's. */
#include "import/kdevops.h"

struct kver kd_next_series(const struct kver *v)
{
	/* the last minor version before each new major one */
	static const unsigned int last[][2] = {
		{ 2, 6 }, { 3, 19 }, { 4, 20 }, { 5, 19 },
	};
	struct kver n = { .major = v->major, .minor = v->minor + 1, .rc = 1 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(last); i++) {
		if (v->major == last[i][0] && v->minor == last[i][1]) {
			n.major++;
			n.minor = 0;
		}
	}
	return n;
}
