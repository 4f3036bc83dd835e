// SPDX-License-Identifier: GPL-2.0
/* "flaky": the flaky tests for a kernel and section, with their retries. */
#include <stdio.h>
#include <stdlib.h>

#include "context.h"
#include "main.h"

static void print_help(void)
{
	printf("Usage: %s flaky --fs FS [--section S] [OPTIONS]\n\n"
	       "List the flaky tests for a filesystem, section and kernel, one per\n"
	       "line: the test, how many times to retry it after a failure, and why.\n"
	       "A flaky test's failure counts only if every attempt fails.\n\n"
	       "  -f, --fs FS       the filesystem (FSTYP)\n"
	       "  -s, --section S   the fstests config section\n\n"
	       KERNEL_OPTIONS_HELP
	       "  -h, --help        show this help\n\n"
	       "Exit status: 0, or 2 on bad usage or unreadable input.\n",
	       progname);
}

int do_flaky(int argc, char **argv)
{
	static const struct option own[] = {
		{ "fs", required_argument, NULL, 'f' },
		{ "section", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct option buf[LONGOPTS_MAX];
	const struct option *longopts;
	const char *fs = NULL, *section = NULL;
	struct context c = { 0 };
	struct applied_set set;
	struct strbuf sb = { 0 };
	int opt, ret;
	size_t i;

	longopts = with_kernel_options(own, buf, ARRAY_SIZE(buf));
	while ((opt = getopt_long(argc, argv, "f:s:h", longopts,
				  NULL)) != -1) {
		if (kernel_opt(&c.opts, opt, optarg))
			continue;
		switch (opt) {
		case 'f':
			fs = optarg;
			break;
		case 's':
			section = optarg;
			break;
		case 'h':
			print_help();
			return EXIT_OK;
		default:
			return usage_error("flaky");
		}
	}
	if (optind < argc || !fs) {
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
