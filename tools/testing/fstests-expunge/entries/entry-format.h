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

/*
 * The data line (line, len, no newline) of entry e into sb, its words in
 * the order entry_format() gives them: the line as it is when its words
 * already come in that order (its spacing kept), else entry_format()'s.
 * Every writer of data lines (import, update, compaction) goes through
 * it, so that one entry is one line whoever wrote it. Returns true when
 * the line was rewritten.
 */
bool entry_line_canonical(const struct entry *e, const char *line, size_t len,
			  struct strbuf *sb);

/*
 * One data line (no newline) of a file called name, as
 * entry_line_canonical() writes it: a new string. A line that is not
 * one entry (a comment, a parse error, a '\r') comes back as it is.
 */
char *data_line_canonical(const char *name, const char *line);

#endif
