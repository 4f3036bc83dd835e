// SPDX-License-Identifier: GPL-2.0
/* "exclude": fstests exclude files (check -E) for a kernel and section. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "context.h"
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

struct exclude_opts {
	const char *fs;
	bool explain;
	bool run_known;
};

static void write_list(struct context *c, const struct exclude_opts *xo,
		       const char *section, struct strbuf *out)
{
	struct applied_set set;
	char vbuf[48];
	size_t i;

	sb_printf(out, "# fstests exclude list for %s, section %s\n", xo->fs,
		  section ? section : "(none)");
	sb_printf(out, "# kernel %s (version %s); data %s\n", c->k.release,
		  kver_str(&c->k.version, vbuf),
		  c->dd.dir ? c->dd.dir : "built in");
	sb_printf(out, "# made by %s exclude; use: ./check -E FILE\n",
		  progname);
	select_section(&c->sel, section, &set);
	for (i = 0; i < set.n; i++) {
		const struct applied *a = &set.a[i];

		if (a->kind == KIND_FLAKY ||
		    (a->kind == KIND_FAIL && xo->run_known))
			continue;
		/* the test name at column 0: fstests matches ^TEST\b */
		sb_printf(out, "%s # ", a->test);
		entry_describe(a->entry, out);
		sb_puts(out, "\n");
	}
	if (xo->explain) {
		for (i = 0; i < c->ds.n; i++) {
			const struct entry *e = &c->ds.entries[i];
			const struct applied *a;
			struct strbuf why = { 0 };
			enum verdict v;
			const char *what;

			v = selector_check(&c->sel, i, section, &why);
			/* what happens to the test: the entries merged */
			a = v == APPLIES ? applied_find(&set, e->test) : NULL;
			if (!a)
				what = "not applied";
			else if (a->kind == KIND_FLAKY)
				what = "runs (flaky)";
			else if (a->kind == KIND_FAIL && xo->run_known)
				what = "runs (--run-known-failures)";
			else
				what = "left out";
			if (a && a->kind != e->kind)
				sb_printf(&why, "; %s (%s:%u) decides",
					  kind_name(a->kind),
					  entry_file(a->entry), a->entry->line);
			sb_printf(out, "# %s: %s %s (%s:%u): %s\n", what,
				  e->test, kind_name(e->kind), entry_file(e),
				  e->line, why.buf);
			sb_free(&why);
		}
	}
	applied_free(&set);
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

/* The lists to stdout (no paths), or each to its file, all or none. */
static int emit(char **paths, const struct strbuf *outs, size_t n)
{
	size_t i;

	if (!paths[0]) {
		/* a write error is reported as the command ends (main.c) */
		for (i = 0; i < n; i++)
			fwrite(outs[i].buf, 1, outs[i].len, stdout);
		return EXIT_OK;
	}
	if (write_files_atomic(paths, outs, n)) {
		pr_err("%s: %s", n > 1 ? "--outdir" : paths[0], errstr(errno));
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
	struct strbuf *outs;
	char **paths;
	size_t i, n;
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
	n = sections.n ? sections.n : 1;
	outs = xcalloc(n, sizeof(*outs));
	paths = xcalloc(n + 1, sizeof(*paths));
	for (i = 0; !ret && i < n; i++) {
		const char *section = sections.n ? sections.v[i] : NULL;

		write_list(&c, &xo, section, &outs[i]);
		if (outdir)
			paths[i] = xasprintf("%s/%s.exclude", outdir,
					     section ? section : xo.fs);
		else if (output)
			paths[i] = xstrdup(output);
	}
	if (!ret)
		ret = emit(paths, outs, n);
	for (i = 0; i < n; i++) {
		sb_free(&outs[i]);
		free(paths[i]);
	}
	free(outs);
	free(paths);
	context_free(&c);
	strlist_free(&sections);
	return ret;
}
