// SPDX-License-Identifier: GPL-2.0
/* "archive add": runs recorded in a results archive (a git repository). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "archive/archive.h"
#include "archive/archive-git.h"
#include "cmd/cmd.h"

static const struct usage usage = {
	.cmd = "archive",
	.synopsis =
"add [--archive DIR]\n"
"[--machine NAME] [--config FILE] [--fstests DIR]\n"
"RESULTS...",
	.about =
"Record runs in a results archive, a plain git repository (shared with\n"
"git push and pull): a new or empty DIR becomes one with git init. Each\n"
"result.xml under RESULTS (a file, an fstests results folder, a kdevops\n"
"results tree, a kdevops tarball read directly) is one run, the shards\n"
"of a check-parallel run together; a clone of kdevops' live results\n"
"archive is read commit by commit, from the commit message's summary\n"
"where the tarball is a Git LFS pointer (a summary-only run: failures,\n"
"never passes). A run is stored compressed under runs/ID/ (ID: a hash\n"
"of its content) with a record of its kernel, upstream version,\n"
"filesystem, section, MKFS and MOUNT options, device kind, fstests\n"
"commit, machine, set-up and status (no absolute path of this machine),\n"
"in a commit of its own whose message sums it up. A run already there adds\n"
"nothing; a corrupt or cut-short run is recorded as such. The fstests\n"
"commit is the HEAD of the git tree --fstests names, else the one 'run'\n"
"recorded beside the result.xml, else that of the fstests tree the\n"
"results lie in, else that of $FSTESTS_DIR; else \"unknown\".",
	.exit_status =
"Exit status: 0, or 2 on bad usage, unreadable input or a failed write.",
};

static int add(const char *dir, const struct add_opts *o, int argc,
	       char **argv)
{
	struct add_stats st = { 0 };
	struct archive_git g;
	char *err = NULL;
	int i;

	if (archive_git_open(dir, &g, &err))
		goto fail;
	for (i = 0; i < argc; i++)
		if (archive_add(&g, argv[i], o, &st, &err))
			goto fail;
	archive_git_close(&g);
	printf("%lu run%s added to %s (%lu corrupt, %lu incomplete), %lu already there\n",
	       st.added, st.added == 1 ? "" : "s", dir, st.corrupt,
	       st.incomplete, st.known);
	printf("read: %lu runs (%lu from a summary only), %zu machines, %zu kernels\n",
	       st.runs, st.summary, st.machines.n, st.kernels.n);
	if (st.lfs)
		printf("%lu tarballs are Git LFS pointers (%lu with no summary): %s\n",
		       st.lfs, st.no_summary,
		       "their commit messages were read; 'git lfs pull' in the clone fetches them");
	add_stats_free(&st);
	return EXIT_OK;
fail:
	archive_git_close(&g);
	pr_err("%s", err);
	free(err);
	add_stats_free(&st);
	return EXIT_USAGE;
}

int do_archive(int argc, char **argv)
{
	struct add_opts o = { 0 };
	const char *dir = getenv("FSTESTS_EXPUNGE_ARCHIVE");
	const struct opt opts[] = {
		OPT_STRING('a', "archive", &dir, "DIR",
			   "the archive (default: $FSTESTS_EXPUNGE_ARCHIVE,\n"
			   "else ./fstests-archive)"),
		OPT_STRING('m', "machine", &o.machine, "NAME",
			   "the machine the runs were made on (default: the\n"
			   "result's hostname, never a folder name)"),
		OPT_STRING(0, "config", &o.config, "FILE",
			   "the kernel's config: stored, and its hash recorded"),
		OPT_STRING(0, "fstests", &o.fstests, "DIR",
			   "the fstests tree the runs were made with: its\n"
			   "commit is recorded"),
		OPT_END()
	};
	bool sub = argc > 1 && !strcmp(argv[1], "add");
	struct stat st;

	argc = parse_options(argc - sub, argv + sub, opts, &usage);
	if (argc < 0)
		return parse_options_exit(argc);
	if (!sub || !argc) {
		pr_err(sub ? "archive add: no results given" :
		       "archive: 'add' is the only subcommand");
		return usage_error("archive");
	}
	if (o.fstests && (stat(o.fstests, &st) || !S_ISDIR(st.st_mode))) {
		pr_err("archive add: --fstests %s: not a directory", o.fstests);
		return usage_error("archive");
	}
	return add(dir && *dir ? dir : "fstests-archive", &o, argc,
		   argv + sub);
}
