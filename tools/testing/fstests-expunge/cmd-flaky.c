// SPDX-License-Identifier: GPL-2.0
/* "flaky": the flaky tests for a kernel and section, with their retries. */
#include <stdio.h>
#include <stdlib.h>

#include "kdata.h"
#include "main.h"

static void print_help(void)
{
	printf("Usage: %s flaky --fs FS [--section S]... [OPTIONS]\n\n"
	       "List the flaky tests for a filesystem, section and kernel, one per\n"
	       "line: the test, how many times to retry it after a failure, and why.\n"
	       "A flaky test's failure counts only if every attempt fails. With\n"
	       "several sections, each list follows a line '# section S'.\n\n"
	       "  -f, --fs FS       the filesystem (FSTYP)\n"
	       "  -s, --section S   the fstests config section (repeat for more)\n\n"
	       KERNEL_OPTIONS_HELP
	       "  -h, --help        show this help\n\n"
	       "Exit status: 0, or 2 on bad usage or unreadable input.\n",
	       progname);
}

/* The flaky entries of one section, one line each */
static void list_flaky(const struct kdata *kd, const char *section,
		       bool header, struct strbuf *sb)
{
	struct applied_set set;
	size_t i;

	if (header)
		sb_printf(sb, "# section %s\n", section);
	select_section(&kd->sel, section, &set);
	for (i = 0; i < set.n; i++) {
		if (set.a[i].kind != KIND_FLAKY)
			continue;
		sb_printf(sb, "%s %d # ", set.a[i].test, set.a[i].retries);
		entry_describe(set.a[i].entry, sb);
		sb_puts(sb, "\n");
	}
	applied_free(&set);
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
	const char *fs = NULL;
	struct strlist sections = { 0 };
	struct kernel_opts ko = { 0 };
	struct kdata_cache kc;
	const struct kdata *kd;
	struct strbuf sb = { 0 };
	char *err = NULL;
	int opt, ret = EXIT_USAGE;
	size_t i;

	longopts = with_kernel_options(own, buf, ARRAY_SIZE(buf));
	while ((opt = getopt_long(argc, argv, "f:s:h", longopts,
				  NULL)) != -1) {
		if (kernel_opt(&ko, opt, optarg))
			continue;
		switch (opt) {
		case 'f':
			fs = optarg;
			break;
		case 's':
			strlist_add(&sections, xstrdup(optarg));
			break;
		case 'h':
			print_help();
			strlist_free(&sections);
			return EXIT_OK;
		default:
			strlist_free(&sections);
			return usage_error("flaky");
		}
	}
	if (optind < argc || !fs) {
		pr_err(fs ? "flaky: unexpected argument" :
		       "flaky: --fs is required");
		strlist_free(&sections);
		return usage_error("flaky");
	}
	kdata_init(&kc, &ko);
	kd = kdata_get(&kc, fs, &err);
	if (kd) {
		if (kd->note)
			pr_warn("%s", kd->note);
		for (i = 0; i < (sections.n ? sections.n : 1); i++)
			list_flaky(kd, sections.n ? sections.v[i] : NULL,
				   sections.n > 1, &sb);
		if (sb.len)
			fwrite(sb.buf, 1, sb.len, stdout);
		ret = EXIT_OK;
	} else {
		pr_err("%s", err);
		free(err);
	}
	sb_free(&sb);
	kdata_free(&kc);
	strlist_free(&sections);
	return ret;
}
