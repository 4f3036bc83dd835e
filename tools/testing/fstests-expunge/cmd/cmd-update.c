// SPDX-License-Identifier: GPL-2.0
/* "update": data changes proposed from results. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"
#include "update/archive.h"

static const struct usage usage = {
	.cmd = "update",
	.synopsis =
"[--fs FS] [--min-runs N]\n"
"[--passes K] [--write] [--data DIR] [--env NAME]...\n"
"{ RESULTS... | --archive DIR }",
	.about =
"Propose data changes from the results of one or more runs (result.xml\n"
"files or directories; several kernels allowed): a test that failed in\n"
"every run where no entry applies (a regression for compare) becomes a\n"
"fail entry with section= where it failed, seen= its kernels and\n"
"from=results:SECTION/START its runs (merged into a line of the test\n"
"that differs only in its sections); mixed outcomes become a flaky entry\n"
"with the rate observed; a fail entry that passed in --min-runs runs of a\n"
"kernel, and failed in none, gets fixed= for that kernel, and one that\n"
"passed on every kernel (of two series or more) is proposed for removal\n"
"(a hand-written line is kept, with fixed=); fewer passing runs are an\n"
"observation, passed= alone, and a kernel where it failed every run is\n"
"added to seen=.\n"
"Lines check would warn of are not proposed (said on stderr). Expunge\n"
"and flaky entries are never touched. Printed: a commit message with the\n"
"evidence, then a unified diff of the data files (git apply skips the\n"
"message). With --archive, every run of a results archive ('archive\n"
"add') instead, with rates per section and machine (never pooled): a\n"
"broken run (failure share above 50%, or far above its table's median)\n"
"is named and left out, linux-next and patched kernels are kept apart,\n"
"a summary-only run counts as failures only; a test no entry names that\n"
"failed in --min-runs runs becomes a flaky entry (passes and failures\n"
"mixed on a kernel) or a fail entry (passes then failures on one kernel\n"
"are a change point, named with its first failing run), each with the\n"
"rate of every section in the comment, seen= its failing kernels and\n"
"from= the archive; a fail or flaky entry whose test passed in the last\n"
"--passes runs of every series it applies to is proposed for removal (a\n"
"hand-written one is only said to pass).",
	.exit_status =
"Exit status: 0 (with or without changes; places a directory's search\n"
"left out are warned of), 2 bad usage or unreadable input.",
};

static int update(const struct update_opts *o, const struct strlist *paths)
{
	struct update_plan plan = { 0 };
	struct strbuf diff = { 0 };
	int ret;

	ret = o->archive ? update_plan_archive(o, &plan) :
		update_plan(o, paths, &plan);
	/* and what held a change back (--min-runs), if anything did */
	if (!ret && !plan.n)
		fprintf(stderr, "%s: the results ask for no data change\n%s",
			progname, plan.message.buf ? plan.message.buf : "");
	if (!ret && plan.n && update_apply(&plan, o->write, &diff))
		ret = EXIT_USAGE;
	if (!ret && plan.n) {
		printf("fstests-expunge: data: %zu change%s from results\n\n%s",
		       plan.n, plan.n == 1 ? "" : "s", plan.message.buf);
		if (diff.len)
			printf("\n%s", diff.buf);
	}
	update_plan_free(&plan);
	sb_free(&diff);
	return ret;
}

/* What the options given do not allow: why, or NULL */
static const char *conflict(const struct update_opts *o, int argc)
{
	if (!o->min_runs || !o->passes)
		return "update: --min-runs and --passes must be 1 or more";
	if (!o->archive == !argc)
		return argc ? "update: RESULTS or --archive, not both" :
			      "update: no results given";
	if (o->passes != UINT_MAX && !o->archive)
		return "update: --passes is for --archive";
	if (o->env.n && o->archive)
		return "update: --env is for RESULTS, not --archive";
	return NULL;
}

int do_update(int argc, char **argv)
{
	/* --passes is --archive's: UINT_MAX until it is given */
	struct update_opts o = { .min_runs = UPDATE_MIN_RUNS, .passes = UINT_MAX };
	struct strlist paths = { 0 };
	const struct opt opts[] = {
		OPT_STRING('f', "fs", &o.fs, "FS",
			   "only the results of this filesystem (FSTYP)"),
		OPT_UINTEGER(0, "min-runs", &o.min_runs, "N",
			     "passing runs of a kernel for fixed=; with\n"
			     "--archive, failing runs for a new entry (default "
			     __stringify(UPDATE_MIN_RUNS) ")"),
		OPT_BOOLEAN(0, "write", &o.write,
			    "rewrite the data files (atomically) instead of\n"
			    "printing a diff; the commit message is printed"),
		OPT_STRING(0, "data", &o.data, "DIR",
			   "the data files (default: as for every command)"),
		OPT_STRING(0, "archive", &o.archive, "DIR",
			   "every run of this results archive, not RESULTS"),
		OPT_UINTEGER(0, "passes", &o.passes, "K",
			     "--archive: passes in a row on every series\n"
			     "for an entry's removal (default "
			     __stringify(UPDATE_PASSES) ")"),
		OPT_ENV(&o),
		OPT_END()
	};
	const char *why;
	int i, ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0)
		return parse_options_exit(argc);
	why = conflict(&o, argc);
	if (why) {
		pr_err("%s", why);
		strlist_free(&o.env);
		return usage_error("update");
	}
	if (o.passes == UINT_MAX)
		o.passes = UPDATE_PASSES;
	for (i = 0; i < argc; i++)
		strlist_add(&paths, xstrdup(argv[i]));
	ret = update(&o, &paths);
	strlist_free(&paths);
	strlist_free(&o.env);
	return ret;
}
