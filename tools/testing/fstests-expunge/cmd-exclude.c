// SPDX-License-Identifier: GPL-2.0
/* "exclude": fstests exclude files (check -E) for a kernel and section. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "context.h"
#include "exclude-list.h"
#include "main.h"

static const struct usage usage = {
	.cmd = "exclude",
	.synopsis =
"--fs FS [--section S]...\n"
"[-o FILE | --outdir DIR] [--explain] [--run-known-failures] [OPTIONS]",
	.about =
"Write the fstests exclude file for a filesystem, section and kernel,\n"
"for './check -E FILE': one test per line, with a comment saying why.\n"
"Entries of kind expunge are always left out, known failures (fail)\n"
"unless --run-known-failures is given; flaky tests run.",
	.exit_status = "Exit status: 0, or 2 on bad usage or unreadable input.",
};

/* A section whose name would make DIR/SECTION.exclude leave DIR, or NULL */
static const char *bad_file_name(char **sections)
{
	for (; sections && *sections; sections++) {
		if (!**sections || strchr(*sections, '/') || **sections == '.')
			return *sections;
	}
	return NULL;
}

int do_exclude(int argc, char **argv)
{
	struct exclude_opts xo = { 0 };
	const char *output = NULL, *outdir = NULL, *bad;
	struct strlist sections = { 0 };
	struct context c = { 0 };
	DECLARE_KERNEL_OPTIONS(kernel_options, &c.opts);
	const struct opt opts[] = {
		OPT_STRING('f', "fs", &xo.fs, "FS",
			   "the filesystem (FSTYP): ext4, xfs, btrfs, ..."),
		OPT_STRLIST('s', "section", &sections, "S",
			    "the fstests config section; entries with section=\n"
			    "apply only when it matches"),
		OPT_STRING('o', "output", &output, "FILE",
			   "write to FILE (default: standard output)"),
		OPT_STRING(0, "outdir", &outdir, "DIR",
			   "write DIR/SECTION.exclude for each section"),
		OPT_BOOLEAN(0, "explain", &xo.explain,
			    "also list the entries that do not apply, and why"),
		OPT_BOOLEAN(0, "run-known-failures", &xo.run_known,
			    "keep known failures in the run"),
		OPT_PARENT(kernel_options)
	};
	size_t i;
	int ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0) {
		strlist_free(&sections);
		return parse_options_exit(argc);
	}
	ret = EXIT_USAGE;
	bad = outdir ? bad_file_name(sections.v) : NULL;
	if (argc)
		pr_err("exclude: unexpected argument '%s'", argv[0]);
	else if (!xo.fs)
		pr_err("exclude: --fs is required");
	else if (output && outdir)
		pr_err("exclude: -o and --outdir exclude each other");
	else if (sections.n > 1 && !outdir)
		pr_err("exclude: several sections need --outdir");
	else if (bad)
		pr_err("exclude: section '%s' cannot name a file in --outdir",
		       bad);
	else
		ret = EXIT_OK;
	if (ret) {
		strlist_free(&sections);
		return usage_error("exclude");
	}
	ret = context_load(&c, xo.fs);
	if (!ret && outdir && mkdir(outdir, 0755) && errno != EEXIST) {
		pr_err("%s: %s", outdir, strerror(errno));
		ret = EXIT_USAGE;
	}
	for (i = 0; !ret && i < (sections.n ? sections.n : 1); i++) {
		const char *section = sections.n ? sections.v[i] : NULL;
		struct strbuf sb = { 0 };
		char *path = NULL;

		exclude_list(&c, &xo, section, &sb);
		if (outdir)
			path = xasprintf("%s/%s.exclude", outdir,
					 section ? section : xo.fs);
		ret = write_output(path ? path : output, &sb) ? EXIT_USAGE :
		      EXIT_OK;
		free(path);
		sb_free(&sb);
	}
	context_free(&c);
	strlist_free(&sections);
	return ret;
}
