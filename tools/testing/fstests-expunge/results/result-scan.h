/* SPDX-License-Identifier: GPL-2.0 */
/* fstests' result.xml at byte-scan speed: the common case without libxml2. */
#ifndef FEXP_RESULT_SCAN_H
#define FEXP_RESULT_SCAN_H

#include <stdbool.h>

#include <libxml/parser.h>

#include "results/xmlfilter.h"

enum scan_ret {
	SCAN_DONE,	/* the whole document, every event handed on */
	SCAN_GIVE_UP,	/* not the simple form: read it with libxml2 */
};

/*
 * Read the filtered bytes of xf as libxml2's SAX2 parser would, calling
 * the startElementNs, endElementNs, characters and cdataBlock handlers of
 * sax with ctx, for the form fstests writes: elements without a prefix,
 * double-quoted attribute values with the five named references and
 * ASCII text, whitespace between elements, CDATA, and an XML declaration
 * for UTF-8. Anything else (comments, other text, character references,
 * other bytes, a document that is cut short or not well-formed, or *stop
 * set by a handler) gives up: the events handed on so far must then be
 * forgotten and the document read again with libxml2 from its start.
 * SCAN_DONE is only given for a well-formed document that libxml2 reads
 * with the same events in the same order.
 */
enum scan_ret result_scan(struct xml_filter *xf, const xmlSAXHandler *sax,
			  void *ctx, const bool *stop);

#endif
