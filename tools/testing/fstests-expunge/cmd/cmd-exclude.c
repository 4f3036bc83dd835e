// SPDX-License-Identifier: GPL-2.0
/* "exclude": fstests exclude files (check -E) for a kernel and section. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "entries/exclude-write.h"

static const struct usage usage = {
	.cmd = "exclude",
	.synopsis =
"--fs FS [--section S]...\n"
"[-o FILE | --outdir DIR] [--explain]\n"
"[--run-known-failures] [--fstests DIR]\n"
"[--env NAME]... [KERNEL-OPTIONS]",
	.about =
"Write the fstests exclude file for a filesystem, section and kernel,\n"
"for './check -E FILE': one test per line, with a comment saying why.\n"
"Entries of kind expunge are always left out, known failures (fail)\n"
"unless --run-known-failures is given; flaky tests run. An entry for\n"
"a whole group (group:NAME) gives the tests of that group in the\n"
"fstests tree (--fstests or $FSTESTS_DIR); without a tree it stays a\n"
"comment, and the groups are named on stderr. With no kernel config\n"
"found (--release alone), an entry whose 'if' needs one is undecided:\n"
"an expunge entry applies (a test that may crash is not run on a\n"
"guess), a fail entry does not; each is named on stderr and in the file.",
	.exit_status =
"Exit status: 0 (also with undecided entries, or a section no entry\n"
"and no harness names: one note says so), or 2 on bad usage or\n"
"unreadable input (a --config that cannot be read, a --fs that has no\n"
"data and that fstests does not run).",
};

/* Whether the options make sense together; says why not */
static bool valid(int argc, char **argv, const struct exclude_job *job)
{
	const char *bad = job->outdir ? exclude_bad_file_name(job->sections->v)
				      : NULL;

	if (argc)
		pr_err("exclude: unexpected argument '%s'", argv[0]);
	else if (!job->xo.fs)
		pr_err("exclude: --fs is required");
	else if (job->output && job->outdir)
		pr_err("exclude: -o and --outdir exclude each other");
	else if (job->sections->n > 1 && !job->outdir)
		pr_err("exclude: several sections need --outdir");
	else if (bad)
		pr_err("exclude: section '%s' cannot name a file in --outdir",
		       bad);
	else
		return true;
	return false;
}

int do_exclude(int argc, char **argv)
{
	struct strlist sections = { 0 };
	struct kernel_opts ko = { 0 };
	struct exclude_job job = { .ko = &ko, .sections = &sections };
	DECLARE_KERNEL_OPTIONS(kernel_options, &ko);
	const struct opt opts[] = {
		OPT_FS(&job.xo.fs,
		       "the filesystem (FSTYP): ext4, xfs, btrfs, ..."),
		OPT_STRLIST('s', "section", &sections, "S",
			    "the fstests config section; entries with section=\n"
			    "apply only when it matches"),
		OPT_STRING('o', "output", &job.output, "FILE",
			   "write to FILE (default: standard output)"),
		OPT_STRING(0, "outdir", &job.outdir, "DIR",
			   "write DIR/SECTION.exclude for each section"),
		OPT_BOOLEAN(0, "explain", &job.xo.explain,
			    "also list the entries that do not apply, and why"),
		OPT_BOOLEAN(0, "run-known-failures", &job.xo.run_known,
			    "keep known failures in the run"),
		OPT_FSTESTS(&ko,
			    "the fstests tree that group entries are expanded\n"
			    "from, and whose fixes retire test-fixed-by= entries\n"
			    "(default: $FSTESTS_DIR)"),
		OPT_ENV(&ko),
		OPT_PARENT(kernel_options)
	};
	int ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0)
		ret = parse_options_exit(argc);
	else if (!valid(argc, argv, &job))
		ret = usage_error("exclude");
	else
		ret = exclude_write(&job);
	strlist_free(&sections);
	strlist_free(&ko.env);
	return ret;
}
