/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The messages a parse or a lint gave, held against the ones a test
 * wants: each begins with its wanted prefix, in order, none more.
 * Include after kselftest_harness.h.
 */
#ifndef FEXP_DIAG_WANT_H
#define FEXP_DIAG_WANT_H

#include <string.h>

#include "entries/entry.h"

/* All messages are logged first, so a failure shows what was said */
static inline void expect_msgs(struct __test_metadata *_metadata,
			       const struct diag *d,
			       const char *const *want, size_t n)
{
	size_t i;

	for (i = 0; i < d->msgs.n; i++)
		TH_LOG("%s", d->msgs.v[i]);
	ASSERT_EQ(n, d->msgs.n);
	for (i = 0; i < n; i++)
		EXPECT_EQ(0, strncmp(d->msgs.v[i], want[i], strlen(want[i])))
			TH_LOG("%s", d->msgs.v[i]);
}

#endif
