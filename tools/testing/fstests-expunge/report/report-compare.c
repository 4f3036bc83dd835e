// SPDX-License-Identifier: GPL-2.0
/* The compare pipeline's end: the report in the format asked, written out. */
#include <string.h>

#include "lib/fileio.h"
#include "report/format.h"
#include "report/report-compare.h"
#include "report/report.h"

int report_compare(const struct compare_opts *co)
{
	const struct output_format *f = format_find("compare", co->format);
	struct compare_result cr = { 0 };
	struct strbuf out = { 0 };
	int ret;

	if (!f)
		return EXIT_USAGE;
	ret = compare_pipeline(co, &cr);
	if (!ret && !strcmp(co->format, "kcidb"))
		kcidb_checkout_source(co, &cr);
	if (!ret) {
		f->write.report(&cr.r, &out);
		ret = write_output(co->output, &out) ? EXIT_USAGE :
		      cr.r.exit_code;
	}
	compare_result_free(&cr);
	sb_free(&out);
	return ret;
}
