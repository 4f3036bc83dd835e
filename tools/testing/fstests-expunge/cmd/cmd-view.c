// SPDX-License-Identifier: GPL-2.0
/* "view": the data lines that apply to one filesystem, section and kernel. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "lib/escape.h"
#include "entries/view.h"
#include "import/sources.h"

static const struct usage usage = {
	.cmd = "view",
	.synopsis =
"--fs FS [--section S] [--sources DIR]...\n"
"[--fstests DIR] [--env NAME]... [KERNEL-OPTIONS]",
	.about =
"Show, for a maintainer, the data lines that apply to one filesystem,\n"
"section and kernel, and only those: grouped by kind (expunge, fail,\n"
"flaky), then by cause (kernel, test, tools, env, untriaged, not said),\n"
"each line as FILE:LINE: and the line. The lines for every filesystem\n"
"(global.expunge) and for kernels out of maintenance (eol/) count too.\n"
"Without --section, lines with section= do not apply. With --sources\n"
"(an xfstests-bld or kdevops checkout), each line's short from= origins\n"
"are followed, under it, by the list files of those trees that name its\n"
"test for its sections, with the tree's commit and the line number, and\n"
"by that line as the list says it (its comment, links to the harness's\n"
"logs) with the comment lines right above it.",
	.exit_status = "Exit status: 0, or 2 on bad usage or unreadable input.",
};

/* view --sources: under each line, the list files behind its from= */
static void add_sources(const struct entry *e, void *arg, struct strbuf *sb)
{
	const char *file = entry_file(e), *slash = strrchr(file, '/');
	char *data_fs;

	/* eol/xfs.expunge is xfs's too */
	file = slash ? slash + 1 : file;
	data_fs = xstrndup(file, strcspn(file, "."));
	sources_describe(arg, e, data_fs, sb);
	free(data_fs);
}

/* The view of fs's data for section on the kernel of ko, on stdout */
static int print_view(struct kernel_opts *ko, const char *fs,
		      const char *section, const struct strlist *dirs)
{
	struct sources src = { 0 };
	struct view_more more = { add_sources, &src };
	struct kdata_cache kc;
	const struct kdata *kd;
	struct strbuf sb = { 0 };
	char *head, *err = NULL;
	size_t i;

	for (i = 0; i < dirs->n; i++) {
		if (sources_add(&src, dirs->v[i], &err)) {
			pr_err("view: --sources %s", err);
			free(err);
			sources_free(&src);
			return EXIT_USAGE;
		}
	}
	kdata_init(&kc, ko);
	kd = kdata_load(&kc, fs);
	if (!kd) {
		kdata_free(&kc);
		sources_free(&src);
		return EXIT_USAGE;
	}
	head = xasprintf("%s, %s%s", kd->desc,
			 section ? "section " : "no section",
			 section ? section : "");
	sb_wrap(&sb, "# ", "#   ", head, 72);
	free(head);
	kdata_say_section(kd, section, &sb);
	view_lines_more(kd, section, dirs->n ? &more : NULL, &sb);
	fwrite(sb.buf, 1, sb.len, stdout);
	sb_free(&sb);
	kdata_free(&kc);
	sources_free(&src);
	return EXIT_OK;
}

int do_view(int argc, char **argv)
{
	const char *fs = NULL, *section = NULL;
	struct kernel_opts ko = { 0 };
	struct strlist dirs = { 0 };
	DECLARE_KERNEL_OPTIONS(kernel_options, &ko);
	const struct opt opts[] = {
		OPT_FS(&fs, "the filesystem (FSTYP)"),
		OPT_STRING('s', "section", &section, "S",
			   "the fstests config section"),
		OPT_STRLIST(0, "sources", &dirs, "DIR",
			    "an xfstests-bld or kdevops tree: the list files\n"
			    "behind each line's from= (repeatable)"),
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
		ret = print_view(&ko, fs, section, &dirs);
	}
	strlist_free(&ko.env);
	strlist_free(&dirs);
	return ret;
}
