// SPDX-License-Identifier: GPL-2.0
/* "compare": fstests results against a baseline and the known failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "report/format.h"
#include "report/report-compare.h"

static const struct usage usage = {
	.cmd = "compare",
	.synopsis =
"[--baseline PATH]... PATH...\n"
"[--format text|json|ktap|kcidb|email|html]\n"
"[-o FILE] [--origin NAME] [--all] [--bisect]\n"
"[--map BASE=SECTION]... [--fstests DIR]\n"
"[--env NAME]... [KERNEL-OPTIONS]",
	.about =
"Compare fstests results (result.xml, a pipe of one such as\n"
"<(zcat result.xml.gz), or directories searched for them)\n"
"with a baseline and with the known failures in the data, per section and\n"
"test: regression, fixed, still failing, known failure, unexpected pass,\n"
"flaky (e.g. 2/4 failed), new, missing, not run. Several paths on one side\n"
"are several runs; repeats in one file (check -L, -i) are attempts too.\n"
"Without --baseline, every failure the data does not explain is a\n"
"regression. A section only one side ran is one note; in a section the\n"
"baseline did not run, such a failure is new, not a regression. The\n"
"data is chosen by each section's FSTYP and the kernel the results\n"
"name (KERNEL), unless the options below name one. With no\n"
"config of that kernel, an entry whose 'if' needs one is undecided: a\n"
"fail or flaky entry explains no failure, an expunge entry applies;\n"
"each is named in the notes and on stderr. In KCIDB, the kernel's\n"
"checkout says when the run began and, from its git tree (--srctree,\n"
"or --build-dir in it), its commit, repository and branch.",
	.exit_status =
"Exit status: 0 no regression; 1 regressions (also in an incomplete or\n"
"partly read run), or an incomplete run (a crash); 2 bad usage or\n"
"unreadable input, results left out of a search among them. With\n"
"--bisect: 0 good, 1 bad (regressions), 125 cannot tell (no results, an\n"
"incomplete run, missing tests or sections, unreadable input, bad\n"
"usage, out of memory), so that git bisect skips it. Out of memory is\n"
"exit 1 otherwise.",
};

/* --map BASE=SECTION: both named */
static int add_map(const struct opt *o, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1]) {
		pr_err("compare: --map %s: not BASE_SECTION=SECTION", arg);
		return -1;
	}
	strlist_add(o->value, xstrdup(arg));
	return 0;
}

/* --origin: what KCIDB allows ([a-z0-9_]+), and only for kcidb */
static int check_origin(const struct compare_opts *co)
{
	bool kcidb = !strcmp(co->format, "kcidb");

	if (kcidb && !co->origin) {
		pr_err("compare: --format kcidb needs --origin NAME (the origin KCIDB gave you)");
		return -1;
	}
	if (!kcidb && co->origin) {
		pr_err("compare: --origin is for --format kcidb");
		return -1;
	}
	if (co->origin && (!*co->origin ||
			   strspn(co->origin, "abcdefghijklmnopqrstuvwxyz0123456789_") !=
			   strlen(co->origin))) {
		pr_err("compare: --origin %s: KCIDB allows only a-z, 0-9 and _", co->origin);
		return -1;
	}
	return 0;
}

/* --origin as check_origin() says, and results to compare */
static int check_args(const struct compare_opts *co)
{
	if (check_origin(co))
		return -1;
	if (!co->paths.n) {
		pr_err("compare: no results given");
		return -1;
	}
	return 0;
}

int do_compare(int argc, char **argv)
{
	struct compare_opts co = { .format = "text" };
	DECLARE_KERNEL_OPTIONS(kernel_options, &co.k);
	const struct opt opts[] = {
		OPT_STRLIST('b', "baseline", &co.base_paths, "PATH",
			    "results to compare with (repeat for more runs)"),
		OPT_CALLBACK(0, "map", &co.maps, "BASE=SECTION",
			     "compare baseline section BASE with SECTION",
			     add_map),
		OPT_CHOICE('f', "format", &co.format, format_choices("compare"),
			   "the report: for people (default), scripts, KTAP,\n"
			   "KernelCI's KCIDB, a mail, a web page"),
		OPT_STRING(0, "origin", &co.origin, "NAME",
			   "--format kcidb: the origin KCIDB knows you by"),
		OPT_STRING('o', "output", &co.output, "FILE",
			   "write the report to FILE (default: stdout)"),
		OPT_BOOLEAN(0, "all", &co.all, "list the tests that passed too"),
		OPT_BOOLEAN_EARLY(0, "bisect", &co.bisect,
				  "exit status for 'git bisect run' (see below)"),
		OPT_FSTESTS(&co.k,
			    "name the kernel fixes each failing test's source in\n"
			    "this fstests tree gives (in every format); with a\n"
			    "git --srctree, say whether the tree has them (a\n"
			    "missing backport?)"),
		OPT_ENV(&co.k),
		OPT_PARENT(kernel_options)
	};
	int i, ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (co.bisect)
		bisect_exit_statuses();
	if (argc < 0) {
		ret = parse_options_exit(argc);
		goto out;
	}
	for (i = 0; i < argc; i++)
		strlist_add(&co.paths, xstrdup(argv[i]));
	if (check_args(&co))
		ret = usage_error("compare");
	else
		ret = report_compare(&co);
out:
	strlist_free(&co.base_paths);
	strlist_free(&co.paths);
	strlist_free(&co.maps);
	strlist_free(&co.k.env);
	return ret;
}
