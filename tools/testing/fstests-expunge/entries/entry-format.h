/* SPDX-License-Identifier: GPL-2.0 */
/* An entry written back as one data line. */
#ifndef FEXP_ENTRY_FORMAT_H
#define FEXP_ENTRY_FORMAT_H

#include "entries/entry.h"

/*
 * The data line of e, no newline, into sb: the test and kind in columns,
 * the keys in a fixed order (what selects first, then the evidence),
 * "if EXPR", then "  # comment". It parses back to the same entry.
 */
void entry_format(const struct entry *e, struct strbuf *sb);

#endif
