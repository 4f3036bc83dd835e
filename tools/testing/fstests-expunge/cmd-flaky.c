// SPDX-License-Identifier: GPL-2.0
/* "flaky": the flaky tests for a kernel and section, with their retries. */
#include <stdio.h>
#include <stdlib.h>

#include "context.h"
#include "main.h"

static const struct usage usage = {
	.cmd = "flaky",
	.synopsis = "--fs FS [--section S] [OPTIONS]",
	.about =
"List the flaky tests for a filesystem, section and kernel, one per\n"
"line: the test, how many times to retry it after a failure, and why.\n"
"A flaky test's failure counts only if every attempt fails.",
	.exit_status = "Exit status: 0, or 2 on bad usage or unreadable input.",
};

int do_flaky(int argc, char **argv)
{
	const char *fs = NULL, *section = NULL;
	struct context c = { 0 };
	DECLARE_KERNEL_OPTIONS(kernel_options, &c.opts);
	const struct opt opts[] = {
		OPT_STRING('f', "fs", &fs, "FS", "the filesystem (FSTYP)"),
		OPT_STRING('s', "section", &section, "S",
			   "the fstests config section"),
		OPT_PARENT(kernel_options)
	};
	struct applied_set set;
	struct strbuf sb = { 0 };
	int ret;
	size_t i;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0)
		return parse_options_exit(argc);
	if (argc || !fs) {
		pr_err(fs ? "flaky: unexpected argument" :
		       "flaky: --fs is required");
		return usage_error("flaky");
	}
	ret = context_load(&c, fs);
	if (!ret) {
		select_section(&c.sel, section, &set);
		for (i = 0; i < set.n; i++) {
			if (set.a[i].kind != KIND_FLAKY)
				continue;
			sb_printf(&sb, "%s %d # ", set.a[i].test,
				  set.a[i].retries);
			entry_describe(set.a[i].entry, &sb);
			sb_puts(&sb, "\n");
		}
		if (sb.len)
			fwrite(sb.buf, 1, sb.len, stdout);
		sb_free(&sb);
		applied_free(&set);
	}
	context_free(&c);
	return ret;
}
