// SPDX-License-Identifier: GPL-2.0
/* The data files written: every one parses, and all are written or none. */
#include <errno.h>

#include "entries/data-write.h"
#include "entries/entry.h"
#include "lib/fileio.h"

/* 0 when text parses as data; else -1 after saying its errors */
static int parses(const char *path, const struct strbuf *text)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	int ret = 0;

	if (data_parse(&ds, path, text->buf ? text->buf : "", text->len, &d)) {
		diag_print(&d);
		pr_err("%s: the new data would not parse: not written", path);
		ret = -1;
	}
	dataset_free(&ds);
	diag_free(&d);
	return ret;
}

int data_files_write(char *const *paths, const struct strbuf *texts,
		     size_t n)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < n; i++)
		bad |= parses(paths[i], &texts[i]);
	if (bad)
		return EXIT_PROBLEM;
	if (write_files_atomic(paths, texts, n)) {
		pr_err("%s: %s", n == 1 ? paths[0] : "writing the data files",
		       errstr(errno));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}
