// SPDX-License-Identifier: GPL-2.0
/* "entries": the entries of data files as JSON, for scripts. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/cmd.h"
#include "entries/entry-json.h"
#include "entries/entry.h"

static const struct usage usage = {
	.cmd = "entries",
	.synopsis = "[--name NAME] FILE...",
	.about =
"Every entry of the data files, one JSON object a line, in file order:\n"
"{ \"file\", \"line\", \"test\", \"kind\", \"retries\", \"sections\", \"series\",\n"
"\"since\", \"fixed\", \"fixed_by\", \"if\", \"bug\", \"reason\", \"until\", \"seen\",\n"
"\"passed\", \"from\", \"cause\", \"test_fixed_by\", \"test_fixed\", \"env\" },\n"
"absent values null; since and until also for a line written series=V.\n"
"FILE - is standard input. Lines that do not parse are left out and said\n"
"on standard error. Scripts read the data through this, never themselves.",
	.exit_status =
"Exit status: 0, 1 when some lines do not parse, 2 bad usage or an\n"
"unreadable file.",
};

/* Standard input as data named name; -1 when it cannot be read. */
static int load_stdin(struct dataset *ds, const char *name, struct diag *d)
{
	struct strbuf sb = { 0 };
	char chunk[65536];
	ssize_t n;

	while ((n = read(STDIN_FILENO, chunk, sizeof(chunk))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			pr_err("%s: %s", name, strerror(errno));
			sb_free(&sb);
			return -1;
		}
		sb_add(&sb, chunk, n);
	}
	data_parse(ds, name, sb.buf ? sb.buf : "", sb.len, d);
	sb_free(&sb);
	return 0;
}

int do_entries(int argc, char **argv)
{
	const char *name = "(stdin)";
	const struct opt opts[] = {
		OPT_STRING(0, "name", &name, "NAME",
			   "the file name standard input stands for"),
		OPT_END()
	};
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	struct strbuf out = { 0 };
	int i, ret = EXIT_OK;
	size_t j;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0)
		return parse_options_exit(argc);
	if (!argc) {
		pr_err("entries: no data file given");
		return usage_error("entries");
	}
	for (i = 0; i < argc && !ret; i++) {
		if (strcmp(argv[i], "-") ? data_load_named(&ds, argv[i], &d) :
		    load_stdin(&ds, name, &d))
			ret = EXIT_USAGE;
	}
	diag_print(&d);
	for (j = 0; !ret && j < ds.n; j++) {
		json_entry(&out, &ds.entries[j]);
		sb_puts(&out, "\n");
	}
	if (out.len)
		fwrite(out.buf, 1, out.len, stdout);
	if (!ret && d.errors)
		ret = EXIT_PROBLEM;
	sb_free(&out);
	dataset_free(&ds);
	diag_free(&d);
	return ret;
}
