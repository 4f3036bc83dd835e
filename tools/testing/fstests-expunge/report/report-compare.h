/* SPDX-License-Identifier: GPL-2.0 */
/* The compare pipeline's end: the report in the format asked, written out. */
#ifndef FEXP_REPORT_COMPARE_H
#define FEXP_REPORT_COMPARE_H

#include "compare/compare.h"

/*
 * Compare the runs co names and write the report in co->format (one of
 * compare's in report/format.c) to co->output. Returns compare's exit
 * status, or EXIT_USAGE for an unknown format or a report that cannot
 * be written. compare and run both end here.
 */
int report_compare(const struct compare_opts *co);

#endif
