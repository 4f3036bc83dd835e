// SPDX-License-Identifier: GPL-2.0
/* The output formats of every command that has them, in one table. */
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "lib/strbuf.h"
#include "report/format.h"
#include "report/kernel-found.h"
#include "report/matrix-report.h"
#include "report/report.h"

static int matrix_pages(const struct matrix *m, const char *dir,
			struct strbuf *out, char **err)
{
	return matrix_html(m, dir, err);
}

static int matrix_document(const struct matrix *m, const char *dir,
			   struct strbuf *out, char **err)
{
	matrix_json(m, out);
	return 0;
}

/* Each command's formats together, its default first */
static const struct output_format formats[] = {
	{ "compare", "text", .write.report = report_text },
	{ "compare", "json", .write.report = report_json },
	{ "compare", "ktap", .write.report = report_ktap },
	{ "compare", "kcidb", .write.report = report_kcidb },
	{ "compare", "email", .write.report = report_email },
	{ "compare", "html", .write.report = report_html },
	{ "kernel", "text", .write.kernel = kernel_found_text },
	{ "kernel", "keys", .write.kernel = kernel_found_keys },
	{ "kernel", "json", .write.kernel = kernel_found_json },
	{ "matrix", "html", .write.matrix = matrix_pages, .pages = true },
	{ "matrix", "json", .write.matrix = matrix_document },
};

/* The choices of each command, made once */
static struct {
	const char *cmd;
	char names[64];
} choices[4];

const char *format_choices(const char *cmd)
{
	struct strbuf sb = { 0 };
	size_t i, c;

	for (c = 0; c < ARRAY_SIZE(choices) && choices[c].cmd; c++) {
		if (!strcmp(choices[c].cmd, cmd))
			return choices[c].names;
	}
	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		if (!strcmp(formats[i].cmd, cmd))
			sb_printf(&sb, "%s%s", sb.len ? "|" : "",
				  formats[i].name);
	}
	/* a command without formats, or more commands than room: a bug */
	if (!sb.len || c == ARRAY_SIZE(choices) ||
	    sb.len >= sizeof(choices[c].names))
		abort();
	choices[c].cmd = cmd;
	memcpy(choices[c].names, sb.buf, sb.len + 1);
	sb_free(&sb);
	return choices[c].names;
}

const struct output_format *format_find(const char *cmd, const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		if (!strcmp(formats[i].cmd, cmd) &&
		    !strcmp(formats[i].name, name))
			return &formats[i];
	}
	pr_err("%s: --format %s: not one of %s", cmd, name,
	       format_choices(cmd));
	return NULL;
}
