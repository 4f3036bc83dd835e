/* SPDX-License-Identifier: GPL-2.0 */
/* Text from input made safe to show: control characters, markup. */
#ifndef FEXP_ESCAPE_H
#define FEXP_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strbuf.h"

/* Does s hold a control character (newline, escape, ...)? */
bool has_control(const char *s);
/* The same for n bytes */
bool has_control_n(const char *s, size_t n);
/*
 * Append s with control characters (C0, DEL, C1) and bytes that are not
 * UTF-8 written as C escapes (\\n, \\x1b): safe for a terminal.
 */
void sb_add_escaped(struct strbuf *sb, const char *s, size_t len);
/*
 * Append s as XML or HTML text or attribute value: the markup characters
 * as entities, newline, CR and tab as character references, and any
 * other control character (none is XML) as '?'.
 */
void sb_add_markup(struct strbuf *sb, const char *s);
/*
 * How much of the len bytes at s fits in max without cutting a UTF-8
 * character in two: len, or max less a character's first bytes.
 */
size_t utf8_cut(const char *s, size_t len, size_t max);
/*
 * Append text as lines of at most width bytes, the first starting with
 * first, the others with indent, broken at spaces only: a word longer
 * than the room (a URL, a commit id) is never split, it has a line of
 * its own however long. Nothing for an empty text.
 */
void sb_wrap(struct strbuf *out, const char *first, const char *indent,
	     const char *text, size_t width);
/* How many of the n bytes at s are valid UTF-8 before the first that is not */
size_t utf8_valid_len(const char *s, size_t n);
/*
 * Append s as valid UTF-8, for an output that must be (JSON, KCIDB,
 * HTML): unchanged when it is; else each byte that is no part of a
 * UTF-8 character is written \xNN and each backslash \\, so that the
 * original bytes can be read back: two names (a machine, a kernel
 * release, a section) that differ only in such bytes stay two.
 */
void sb_add_name(struct strbuf *sb, const char *s, size_t len);
/*
 * The same for a whole document (a report): only the bytes that are no
 * part of a UTF-8 character change, to \xNN.
 */
void sb_add_utf8(struct strbuf *sb, const char *s, size_t len);
/*
 * s as one line of UTF-8 text, to copy into a data line (malloc'd): a
 * control character (escape, CR, tab...) becomes '?', a byte that is
 * no UTF-8 \xNN.
 */
char *text_line(const char *s);
/* Input for a message: escaped, at most max bytes of it (malloc'd). */
char *quote_input(const char *s, size_t max);
#define QUOTE_MAX	200

#endif
