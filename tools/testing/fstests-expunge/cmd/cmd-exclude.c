// SPDX-License-Identifier: GPL-2.0
/* "exclude": fstests exclude files (check -E) for a kernel and section. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/cmd.h"
#include "entries/exclude-file.h"
#include "lib/fileio.h"

static const struct usage usage = {
	.cmd = "exclude",
	.synopsis =
"--fs FS [--section S]...\n"
"[-o FILE | --outdir DIR] [--explain] [--run-known-failures]\n"
"[--fstests DIR] [OPTIONS]",
	.about =
"Write the fstests exclude file for a filesystem, section and kernel,\n"
"for './check -E FILE': one test per line, with a comment saying why.\n"
"Entries of kind expunge are always left out, known failures (fail)\n"
"unless --run-known-failures is given; flaky tests run. An entry for\n"
"a whole group (group:NAME) gives the tests of that group in the\n"
"fstests tree (--fstests or $FSTESTS_DIR); without a tree it stays a\n"
"comment, and the groups are named on stderr.",
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

/* The data for fs, with what the user should know said on stderr */
static const struct kdata *load(struct kdata_cache *kc, const char *fs,
				size_t nsections)
{
	const struct kdata *kd;
	char *err = NULL;
	size_t n;

	kd = kdata_get(kc, fs, &err);
	if (!kd) {
		pr_err("%s", err);
		free(err);
		return NULL;
	}
	if (kd->note)
		pr_warn("%s", kd->note);
	n = nsections ? 0 : exclude_section_only(kd, NULL);
	if (n)
		pr_warn("%zu %s: give --section", n, SECTION_ONLY);
	return kd;
}

/* Say which group entries went unexpanded, each group once */
static void warn_unexpanded(struct strlist *groups)
{
	struct strbuf sb = { 0 };
	size_t i, j;

	for (i = 0; i < groups->n; i++) {
		for (j = 0; j < i && strcmp(groups->v[i], groups->v[j]); j++)
			;
		if (j == i)
			sb_printf(&sb, " %s", groups->v[i]);
	}
	if (sb.len)
		pr_warn("group entries not expanded (no fstests tree: give --fstests DIR or set FSTESTS_DIR), left as comments:%s",
			sb.buf);
	sb_free(&sb);
}

/* Every section's exclude file: with --outdir, every file or none. */
static int write_all(const struct kdata *kd, struct kdata_cache *kc,
		     const struct exclude_opts *xo,
		     const struct strlist *sections, const char *output,
		     const char *outdir)
{
	size_t i, n = sections->n ? sections->n : 1;
	struct strbuf *outs = xcalloc(n, sizeof(*outs));
	char **paths = xcalloc(n + 1, sizeof(*paths));
	int ret = EXIT_OK;

	for (i = 0; i < n; i++) {
		const char *section = sections->n ? sections->v[i] : NULL;

		exclude_list(kd, &kc->dd, xo, section, &outs[i]);
		if (outdir)
			paths[i] = xasprintf("%s/%s.exclude", outdir,
					     section ? section : xo->fs);
		else if (output)
			paths[i] = xstrdup(output);
	}
	if (write_outputs(paths[0] ? paths : NULL, outs, n))
		ret = EXIT_USAGE;
	for (i = 0; i < n; i++) {
		sb_free(&outs[i]);
		free(paths[i]);
	}
	free(outs);
	free(paths);
	return ret;
}

int do_exclude(int argc, char **argv)
{
	struct strlist unexpanded = { 0 };
	struct exclude_opts xo = { .unexpanded = &unexpanded };
	const char *output = NULL, *outdir = NULL, *bad, *fstests = NULL;
	struct fstests_tree tree = { 0 };
	char *err = NULL;
	struct strlist sections = { 0 };
	struct kernel_opts ko = { 0 };
	struct kdata_cache kc;
	const struct kdata *kd;
	DECLARE_KERNEL_OPTIONS(kernel_options, &ko);
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
		OPT_STRING(0, "fstests", &fstests, "DIR",
			   "the fstests tree that group entries are expanded\n"
			   "from (default: $FSTESTS_DIR)"),
		OPT_PARENT(kernel_options)
	};
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
	fstests = fstests_dir(fstests);
	if (fstests && fstests_tree_read(fstests, &tree, &err)) {
		pr_err("exclude: %s", err);
		free(err);
		strlist_free(&sections);
		return EXIT_USAGE;
	}
	xo.tree = fstests ? &tree : NULL;
	kdata_init(&kc, &ko);
	kd = load(&kc, xo.fs, sections.n);
	ret = kd ? EXIT_OK : EXIT_USAGE;
	if (!ret && outdir && mkdir(outdir, 0755) && errno != EEXIST) {
		pr_err("%s: %s", outdir, strerror(errno));
		ret = EXIT_USAGE;
	}
	if (!ret)
		ret = write_all(kd, &kc, &xo, &sections, output, outdir);
	warn_unexpanded(&unexpanded);
	strlist_free(&unexpanded);
	fstests_tree_free(&tree);
	kdata_free(&kc);
	strlist_free(&sections);
	return ret;
}
