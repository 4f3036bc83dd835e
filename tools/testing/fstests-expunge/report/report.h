/* SPDX-License-Identifier: GPL-2.0 */
/* The compare report, in each of its formats, from one model. */
#ifndef FEXP_REPORT_H
#define FEXP_REPORT_H

#include "compare/compare.h"

struct json_writer;

void report_text(const struct report *r, struct strbuf *out);
void report_json(const struct report *r, struct strbuf *out);
void report_ktap(const struct report *r, struct strbuf *out);
void report_kcidb(const struct report *r, struct strbuf *out);
void report_email(const struct report *r, struct strbuf *out);
void report_html(const struct report *r, struct strbuf *out);

/* KCIDB: the kernel of a section of the run (its KERNEL, or "unknown") */
const char *kcidb_kernel(const struct section_cmp *sc);
/*
 * KCIDB: the git tree of the kernel co names (--srctree, --build-dir),
 * for the checkout of that kernel, or of the only kernel of the run.
 */
void kcidb_checkout_source(const struct compare_opts *co,
			   struct compare_result *cr);
/* KCIDB: the checkout's git fields and start_time, where they are known */
void kcidb_checkout(struct json_writer *w, const struct report *r,
		    const char *kernel);

#endif
