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

enum { OPT_RUN_KNOWN = OPT_CMD_BASE, OPT_OUTDIR, OPT_EXPLAIN };

static void print_help(void)
{
	printf("Usage: %s exclude --fs FS [--section S]... [-o FILE | --outdir DIR]\n"
	       "       [--explain] [--run-known-failures] [OPTIONS]\n\n"
	       "Write the fstests exclude file for a filesystem, section and kernel,\n"
	       "for './check -E FILE': one test per line, with a comment saying why.\n"
	       "Entries of kind expunge are always left out, known failures (fail)\n"
	       "unless --run-known-failures is given; flaky tests run.\n\n"
	       "  -f, --fs FS           the filesystem (FSTYP): ext4, xfs, btrfs, ...\n"
	       "  -s, --section S       the fstests config section; entries with\n"
	       "                        section= apply only when it matches\n"
	       "  -o, --output FILE     write to FILE (default: standard output)\n"
	       "  --outdir DIR          write DIR/SECTION.exclude for each section\n"
	       "  --explain             also list the entries that do not apply, and why\n"
	       "  --run-known-failures  keep known failures in the run\n\n"
	       KERNEL_OPTIONS_HELP
	       "  -h, --help            show this help\n\n"
	       "Exit status: 0, or 2 on bad usage or unreadable input.\n",
	       progname);
}

/* A section whose name would make DIR/SECTION.exclude leave DIR, or NULL */
static const char *bad_file_name(char **sections)
{
	for (; sections && *sections; sections++) {
		if (!**sections || strchr(*sections, '/') || **sections == '.')
			return *sections;
	}
	return NULL;
}

static int emit(const char *path, const struct strbuf *sb)
{
	if (!path) {
		fwrite(sb->buf, 1, sb->len, stdout);
		return fflush(stdout) ? EXIT_USAGE : EXIT_OK;
	}
	if (write_file_atomic(path, sb->buf, sb->len)) {
		pr_err("%s: %s", path, strerror(errno));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int do_exclude(int argc, char **argv)
{
	static const struct option own[] = {
		{ "fs", required_argument, NULL, 'f' },
		{ "section", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "outdir", required_argument, NULL, OPT_OUTDIR },
		{ "explain", no_argument, NULL, OPT_EXPLAIN },
		{ "run-known-failures", no_argument, NULL, OPT_RUN_KNOWN },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct option buf[LONGOPTS_MAX];
	const struct option *longopts;
	struct exclude_opts xo = { 0 };
	const char *output = NULL, *outdir = NULL, *bad;
	struct strlist sections = { 0 };
	size_t i;
	struct context c = { 0 };
	int opt, ret;

	longopts = with_kernel_options(own, buf, ARRAY_SIZE(buf));
	while ((opt = getopt_long(argc, argv, "f:s:o:h", longopts,
				  NULL)) != -1) {
		if (kernel_opt(&c.opts, opt, optarg))
			continue;
		switch (opt) {
		case 'f':
			xo.fs = optarg;
			break;
		case 's':
			strlist_add(&sections, xstrdup(optarg));
			break;
		case 'o':
			output = optarg;
			break;
		case OPT_OUTDIR:
			outdir = optarg;
			break;
		case OPT_EXPLAIN:
			xo.explain = true;
			break;
		case OPT_RUN_KNOWN:
			xo.run_known = true;
			break;
		case 'h':
			print_help();
			strlist_free(&sections);
			return EXIT_OK;
		default:
			strlist_free(&sections);
			return usage_error("exclude");
		}
	}
	ret = EXIT_USAGE;
	bad = outdir ? bad_file_name(sections.v) : NULL;
	if (optind < argc)
		pr_err("exclude: unexpected argument '%s'", argv[optind]);
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

		exclude_write(&c, &xo, section, &sb);
		if (outdir)
			path = xasprintf("%s/%s.exclude", outdir,
					 section ? section : xo.fs);
		ret = emit(path ? path : output, &sb);
		free(path);
		sb_free(&sb);
	}
	context_free(&c);
	strlist_free(&sections);
	return ret;
}
