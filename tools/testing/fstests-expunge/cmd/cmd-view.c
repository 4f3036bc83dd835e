// SPDX-License-Identifier: GPL-2.0
/* "view": the data lines that apply to one filesystem, section and kernel. */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "lib/escape.h"
#include "entries/view.h"

static const struct usage usage = {
	.cmd = "view",
	.synopsis =
"--fs FS [--section S]\n"
"[--fstests DIR] [--env NAME]... [KERNEL-OPTIONS]",
	.about =
"Show, for a maintainer, the data lines that apply to one filesystem,\n"
"section and kernel, and only those: grouped by kind (expunge, fail,\n"
"flaky), then by cause (kernel, test, tools, env, not said), each line\n"
"as FILE:LINE: and the line. The lines for every filesystem\n"
"(global.expunge) and for kernels out of maintenance (eol/) count too.\n"
"Without --section, lines with section= do not apply.",
	.exit_status = "Exit status: 0, or 2 on bad usage or unreadable input.",
};

/* The view of fs's data for section on the kernel of ko, on stdout */
static int print_view(struct kernel_opts *ko, const char *fs,
		      const char *section)
{
	struct kdata_cache kc;
	const struct kdata *kd;
	struct strbuf sb = { 0 };
	char *head;

	kdata_init(&kc, ko);
	kd = kdata_load(&kc, fs);
	if (!kd) {
		kdata_free(&kc);
		return EXIT_USAGE;
	}
	head = xasprintf("%s, %s%s", kd->desc,
			 section ? "section " : "no section",
			 section ? section : "");
	sb_wrap(&sb, "# ", "#   ", head, 72);
	free(head);
	kdata_say_section(kd, section, &sb);
	view_lines(kd, section, &sb);
	fwrite(sb.buf, 1, sb.len, stdout);
	sb_free(&sb);
	kdata_free(&kc);
	return EXIT_OK;
}

int do_view(int argc, char **argv)
{
	const char *fs = NULL, *section = NULL;
	struct kernel_opts ko = { 0 };
	DECLARE_KERNEL_OPTIONS(kernel_options, &ko);
	const struct opt opts[] = {
		OPT_FS(&fs, "the filesystem (FSTYP)"),
		OPT_STRING('s', "section", &section, "S",
			   "the fstests config section"),
		OPT_FSTESTS(&ko,
			    "the fstests tree whose fixes retire test-fixed-by=\n"
			    "entries (default: $FSTESTS_DIR)"),
		OPT_ENV(&ko),
		OPT_PARENT(kernel_options)
	};
	int ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0) {
		ret = parse_options_exit(argc);
	} else if (argc || !fs) {
		if (!fs)
			pr_err("view: --fs is required");
		else
			pr_err("view: unexpected argument '%s'", argv[0]);
		ret = usage_error("view");
	} else {
		ret = print_view(&ko, fs, section);
	}
	strlist_free(&ko.env);
	return ret;
}
