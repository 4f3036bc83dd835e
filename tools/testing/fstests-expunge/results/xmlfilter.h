/* SPDX-License-Identifier: GPL-2.0 */
/* Repairs fstests result.xml bytes on their way to the XML parser. */
#ifndef FEXP_XMLFILTER_H
#define FEXP_XMLFILTER_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strbuf.h"

/*
 * fstests writes the failure message (and, before 2023, property values)
 * without XML escaping, and puts whole log files in CDATA. This filter
 * sits between the file and libxml2 and, streaming:
 * - escapes '&', '<', '>' and '"' in the value of those attributes,
 *   finding the value's end by the tag's fixed tail, followed by the
 *   line's end or the next element (compact XML);
 * - keeps only the first XF_CDATA_KEEP bytes of each CDATA section (cut
 *   at a line end) and drops the rest without holding it;
 * - replaces bytes that are not UTF-8 text by '?' in what it keeps;
 * - refuses DOCTYPE and other declarations (no entities to expand).
 * Lines dropped from CDATA are remembered, so that a parser's line
 * number can be turned back into the file's (xf_line()).
 */
#define XF_CDATA_KEEP	(16 << 10)
#define XF_TAG_MAX	(64 << 10)	/* a repaired tag's longest line */

struct xf_skip {
	unsigned long out_line;	/* from this output line on ... */
	unsigned long skipped;	/* ... this many input lines were dropped */
};

struct xml_filter {
	int fd;			/* input, or -1: all of it in the window */
	char *in;		/* the input window */
	size_t pos, len, size;
	bool eof;
	bool own_in;

	struct strbuf out;	/* output not yet handed over */
	size_t out_pos;

	int state;
	struct strbuf keep;	/* the start of the current CDATA */
	unsigned long drop_lines;	/* newlines dropped in it */
	size_t dropped;		/* bytes dropped in it */

	bool no_lines;		/* lines not counted: see xf_no_lines() */
	unsigned long out_lines;	/* newlines handed on */
	unsigned long skipped_total;
	struct xf_skip *skips;
	size_t nskips, askips;

	unsigned long repaired;	/* attribute values that were escaped */
	unsigned long cdata_dropped;	/* bytes of CDATA dropped, in all */
	char *error;		/* why it stopped, with the input line */
};

/* Read from fd (not closed here). */
void xf_init_fd(struct xml_filter *f, int fd);
/* Filter a buffer held by the caller. */
void xf_init_buf(struct xml_filter *f, const char *buf, size_t len);
void xf_free(struct xml_filter *f);

/*
 * Fill buf with up to len filtered bytes: returns how many, 0 at the
 * end, -1 on a read error or refused input (f->error says why).
 */
int xf_read(struct xml_filter *f, char *buf, int len);

/*
 * The filtered bytes without a copy: at least want of them unless the
 * input ends first. Returns them (*avail of them, perhaps none), or
 * NULL when the filter stopped (f->error). They stay until consumed.
 */
const char *xf_peek(struct xml_filter *f, size_t want, size_t *avail);
/* Done with n bytes xf_peek() gave. */
void xf_consume(struct xml_filter *f, size_t n);

/*
 * Do not count lines, for a reader that on an error reads the input
 * again through a new filter: xf_lines() and xf_line() then say nothing.
 */
void xf_no_lines(struct xml_filter *f);

/* The lines of input read so far (all of them at the end). */
unsigned long xf_lines(const struct xml_filter *f);

/* The input line of an output line the parser reports. */
unsigned long xf_line(const struct xml_filter *f, unsigned long out_line);

/*
 * Escape an attribute value of len bytes for XML into sb: '&' unless it
 * starts a reference, '<', '>', '"'; bytes that are not UTF-8 text
 * become '?'. Returns true if anything changed.
 */
bool xf_escape_attr(struct strbuf *sb, const char *s, size_t len);

/* Append text, bytes that are not UTF-8 text replaced by '?'. */
void xf_sanitize(struct strbuf *sb, const char *s, size_t len);

#endif
