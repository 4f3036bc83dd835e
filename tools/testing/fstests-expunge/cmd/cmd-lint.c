// SPDX-License-Identifier: GPL-2.0
/* The "check" command: the lint of the data files (entries/lint.c). */
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "entries/data-dir.h"
#include "entries/data-write.h"
#include "entries/lint.h"

static const struct usage usage = {
	.cmd = "check",
	.synopsis =
"[--srctree DIR] [--fstests DIR]\n"
"[--data DIR] [--compact] [FILE...]",
	.about =
"Lint data files (default: every file of the data directory):\n"
"syntax, kinds and keys, versions, section globs, Kconfig conditions,\n"
"duplicate and conflicting entries, entries that can never apply,\n"
"lines another line covers and lines that merge. --compact rewrites the\n"
"data directory's files compact, as import --write writes them.",
	.exit_status =
"Exit status: 0 clean, 1 problems found, 2 bad usage or unreadable file.",
};

/* Every file of the data directory, eol/ too */
static int load_datadir(const char *data, struct datadir *dd,
			struct dataset *ds, struct diag *d)
{
	char *err = NULL;
	int ret = EXIT_OK;

	if (datadir_find(data, dd, &err)) {
		pr_err("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	if (datadir_load_all(dd, ds, d, &err)) {
		pr_err("%s", err);
		free(err);
		ret = EXIT_USAGE;
	}
	return ret;
}

/* check --compact: the data directory's files written compact */
static int compact_dir(int argc, const struct datadir *dd)
{
	if (argc || !dd->dir) {
		pr_err("check --compact: a data directory, no FILE");
		return EXIT_USAGE;
	}
	return data_dir_rewrite(dd->dir);
}

/* The problems and the count line: the exit status */
static int report(const struct dataset *ds, size_t nfiles,
		  const struct diag *d, int ret)
{
	size_t i;

	for (i = 0; i < d->msgs.n; i++)
		printf("%s\n", d->msgs.v[i]);
	if (ret)
		return ret;
	printf("%zu entries in %zu files: %zu errors, %zu warnings\n",
	       ds->n, nfiles, d->errors, d->warnings);
	if (d->unreadable)
		return EXIT_USAGE;
	return d->errors || d->warnings ? EXIT_PROBLEM : EXIT_OK;
}

int do_lint(int argc, char **argv)
{
	struct kernel_opts ko = { 0 };
	const char *fstests = NULL;
	bool compact = false;
	const struct opt opts[] = {
		OPT_SRCTREE(&ko,
			    "every config symbol must exist in this tree's Kconfig"),
		OPT_STRING(0, "fstests", &fstests, "DIR",
			   "every test must exist in this fstests tree"),
		OPT_DATA(&ko, "the data directory to check"),
		OPT_BOOLEAN(0, "compact", &compact,
			    "rewrite the data files compact (eol/ too), all or none"),
		OPT_END()
	};
	struct dataset ds = { 0 };
	struct datadir dd = { 0 };
	struct diag d = { 0 };
	size_t i, nfiles = 0;
	int ret = EXIT_OK;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0)
		return parse_options_exit(argc);
	if (!argc)
		ret = load_datadir(ko.data, &dd, &ds, &d);
	if (compact && !ret) {
		ret = compact_dir(argc, &dd);
		goto out;
	}
	for (i = 0; i < (size_t)argc && !ret; i++) {
		if (data_load_named(&ds, argv[i], &d)) {
			diag_print(&d);
			ret = EXIT_USAGE;
		}
	}
	if (ret)
		goto out;
	nfiles = ds.files.n;
	if (lint_dataset(&ds, ko.srctree, fstests, &d))
		ret = EXIT_USAGE;
	ret = report(&ds, nfiles, &d, ret);
out:
	dataset_free(&ds);
	diag_free(&d);
	datadir_free(&dd);
	return ret;
}
