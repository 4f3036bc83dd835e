// SPDX-License-Identifier: GPL-2.0
/* "kernel": what was found of the kernel, and where. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "report/format.h"
#include "report/kernel-found.h"

static const struct usage usage = {
	.cmd = "kernel",
	.synopsis =
"[--format text|keys|json]\n"
"[KERNEL-OPTIONS]",
	.about =
"Show the kernel the other commands would use: its release, the\n"
"upstream version behind it, its config and the data files, each\n"
"with where it was found. Scripts read --format keys or json.",
	.exit_status =
"Exit status: 0, or 2 when the kernel or its config cannot be read.",
};

int do_kernel(int argc, char **argv)
{
	struct kernel_opts o = { 0 };
	const char *format = "text";
	DECLARE_KERNEL_OPTIONS(kernel_options, &o);
	const struct opt opts[] = {
		OPT_CHOICE(0, "format", &format, format_choices("kernel"),
			   "the display (default), key=value lines or JSON"),
		OPT_PARENT(kernel_options)
	};
	const struct output_format *show;
	struct kernel_found f = { 0 };
	struct strbuf sb = { 0 };
	int ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0)
		return parse_options_exit(argc);
	if (argc) {
		pr_err("kernel: unexpected argument '%s'", argv[0]);
		return usage_error("kernel");
	}
	show = format_find("kernel", format);
	if (!show)
		return EXIT_USAGE;
	ret = kernel_find_all(&o, &f);
	if (ret >= 0) {
		show->write.kernel(&f, &sb);
		fwrite(sb.buf, 1, sb.len, stdout);
	}
	sb_free(&sb);
	kernel_found_free(&f);
	return ret < 0 ? EXIT_USAGE : ret;
}
