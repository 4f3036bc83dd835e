// SPDX-License-Identifier: GPL-2.0
/* "update": data changes proposed from results. */
#include <stdio.h>
#include <stdlib.h>

#include "main.h"
#include "update.h"

enum { OPT_MIN_RUNS = OPT_CMD_BASE, OPT_WRITE, OPT_DATA_DIR };

static void print_help(void)
{
	printf("Usage: %s update [--fs FS] [--min-runs N] [--write] [--data DIR]\n"
	       "       RESULTS...\n\n"
	       "Propose data changes from the results of one or more runs (result.xml\n"
	       "files or directories; several kernels allowed): a test that failed in\n"
	       "every run and that no entry covers becomes a fail entry (with section=\n"
	       "when it passed in other sections); mixed outcomes become a flaky entry\n"
	       "with the rate observed; a fail entry that passed in --min-runs runs of a\n"
	       "kernel, and failed in none, gets fixed= for that kernel, and one that\n"
	       "passed on every kernel is proposed for removal. Expunge and flaky\n"
	       "entries are never touched. Printed: a commit message with the evidence,\n"
	       "then a unified diff of the data files (git apply skips the message).\n\n"
	       "  -f, --fs FS         only the results of this filesystem (FSTYP)\n"
	       "  --min-runs N        passing runs of a kernel for fixed= (default 3)\n"
	       "  --write             rewrite the data files (atomically) instead of\n"
	       "                      printing a diff; the commit message is printed\n"
	       "  --data DIR          the data files (default: as for every command)\n"
	       "  -h, --help          show this help\n\n"
	       "Exit status: 0 (with or without changes), 2 bad usage or unreadable\n"
	       "input.\n", progname);
}

static int parse(int argc, char **argv, struct update_opts *o)
{
	static const struct option longopts[] = {
		{ "fs", required_argument, NULL, 'f' },
		{ "min-runs", required_argument, NULL, OPT_MIN_RUNS },
		{ "write", no_argument, NULL, OPT_WRITE },
		{ "data", required_argument, NULL, OPT_DATA_DIR },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	char *end;
	long n;
	int opt;

	while ((opt = getopt_long(argc, argv, "f:h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			o->fs = optarg;
			break;
		case OPT_MIN_RUNS:
			n = strtol(optarg, &end, 10);
			if (!*optarg || *end || n < 1 || n > 1000) {
				pr_err("update: --min-runs %s: not a number from 1 to 1000",
				       optarg);
				return EXIT_USAGE;
			}
			o->min_runs = n;
			break;
		case OPT_WRITE:
			o->write = true;
			break;
		case OPT_DATA_DIR:
			o->data = optarg;
			break;
		case 'h':
			print_help();
			return -1;
		default:
			return EXIT_USAGE;
		}
	}
	return EXIT_OK;
}

int do_update(int argc, char **argv)
{
	struct update_opts o = { .min_runs = 3 };
	struct update_plan plan = { 0 };
	struct strlist paths = { 0 };
	struct strbuf diff = { 0 };
	int ret = parse(argc, argv, &o);

	if (ret < 0)
		return EXIT_OK;
	if (!ret && optind == argc) {
		pr_err("update: no results given");
		ret = EXIT_USAGE;
	}
	if (ret)
		return usage_error("update");
	for (; optind < argc; optind++)
		strlist_add(&paths, xstrdup(argv[optind]));
	ret = update_plan(&o, &paths, &plan);
	if (!ret && !plan.n)
		fprintf(stderr, "%s update: the results ask for no change\n",
			progname);
	if (!ret && plan.n && update_apply(&plan, o.write, &diff))
		ret = EXIT_USAGE;
	if (!ret && plan.n) {
		printf("fstests-expunge: data: %zu change%s from results\n\n%s",
		       plan.n, plan.n == 1 ? "" : "s", plan.message.buf);
		if (diff.len)
			printf("\n%s", diff.buf);
	}
	update_plan_free(&plan);
	strlist_free(&paths);
	sb_free(&diff);
	return ret;
}
