// SPDX-License-Identifier: GPL-2.0
/* The compare pipeline's end: the report in the format asked, written out. */
#include <string.h>

#include "lib/fileio.h"
#include "report/report.h"

/* --format: the names compare's option table offers */
static const struct {
	const char *name;
	void (*write)(const struct report *r, struct strbuf *out);
} formats[] = {
	{ "text", report_text },
	{ "json", report_json },
	{ "ktap", report_ktap },
	{ "kcidb", report_kcidb },
	{ "email", report_email },
	{ "html", report_html },
};

int report_compare(const struct compare_opts *co)
{
	struct compare_result cr = { 0 };
	struct strbuf out = { 0 };
	size_t i;
	int ret;

	ret = compare_pipeline(co, &cr);
	if (!ret && !strcmp(co->format, "kcidb"))
		kcidb_checkout_source(co, &cr);
	for (i = 0; !ret && i < ARRAY_SIZE(formats); i++) {
		if (strcmp(co->format, formats[i].name))
			continue;
		formats[i].write(&cr.r, &out);
		ret = write_output(co->output, &out) ? EXIT_USAGE :
		      cr.r.exit_code;
		break;
	}
	compare_result_free(&cr);
	sb_free(&out);
	return ret;
}
