// SPDX-License-Identifier: GPL-2.0
/* "flaky": the flaky tests for a kernel and section, with their retries. */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "entries/for-kernel.h"

static const struct usage usage = {
	.cmd = "flaky",
	.synopsis =
"--fs FS [--section S]...\n"
"[--fstests DIR] [--env NAME]... [KERNEL-OPTIONS]",
	.about =
"List the flaky tests for a filesystem, section and kernel, one per\n"
"line: the test, how many times to retry it after a failure, and why.\n"
"A flaky test's failure counts only if every attempt fails. With\n"
"several sections, each list follows a line '# section S'.",
	.exit_status = "Exit status: 0, or 2 on bad usage or unreadable input.",
};

/* The flaky entries of one section, one line each */
static void list_flaky(const struct kdata *kd, const char *section,
		       bool header, struct strbuf *sb)
{
	struct applied_set set;
	size_t i;

	if (header)
		sb_printf(sb, "# section %s\n", section);
	kdata_say_section(kd, section, NULL);
	kdata_say_undecided(kd, section, NULL);
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

/* The flaky tests of fs for each section asked (or all), on stdout */
static int print_flaky(struct kernel_opts *ko, const char *fs,
		       const struct strlist *sections)
{
	struct kdata_cache kc;
	const struct kdata *kd;
	struct strbuf sb = { 0 };
	size_t i;

	kdata_init(&kc, ko);
	kd = kdata_load(&kc, fs);
	if (!kd) {
		kdata_free(&kc);
		return EXIT_USAGE;
	}
	for (i = 0; i < (sections->n ? sections->n : 1); i++)
		list_flaky(kd, sections->n ? sections->v[i] : NULL,
			   sections->n > 1, &sb);
	if (sb.len)
		fwrite(sb.buf, 1, sb.len, stdout);
	sb_free(&sb);
	kdata_free(&kc);
	return EXIT_OK;
}

int do_flaky(int argc, char **argv)
{
	const char *fs = NULL;
	struct strlist sections = { 0 };
	struct kernel_opts ko = { 0 };
	DECLARE_KERNEL_OPTIONS(kernel_options, &ko);
	const struct opt opts[] = {
		OPT_FS(&fs, "the filesystem (FSTYP)"),
		OPT_STRLIST('s', "section", &sections, "S",
			    "the fstests config section (repeat for more)"),
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
		pr_err(fs ? "flaky: unexpected argument" :
		       "flaky: --fs is required");
		ret = usage_error("flaky");
	} else {
		ret = print_flaky(&ko, fs, &sections);
	}
	strlist_free(&sections);
	strlist_free(&ko.env);
	return ret;
}
