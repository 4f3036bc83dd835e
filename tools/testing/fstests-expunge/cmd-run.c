// SPDX-License-Identifier: GPL-2.0
/* "run": fstests with the exclude file, flaky retries and crash resume. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data.h"
#include "main.h"
#include "run.h"

enum {
	OPT_FSTESTS = OPT_CMD_BASE,
	OPT_RESULTS,
	OPT_RETRIES,
	OPT_RETRY_FAILURES,
	OPT_RESUME,
	OPT_BISECT,
};

static void print_help(void)
{
	printf("Usage: %s run --fs FS --section S [OPTIONS] [-- CHECK ARGS]\n\n"
	       "Run fstests' check for a section with the exclude file of the kernel,\n"
	       "retry the failures of flaky tests, merge every attempt into\n"
	       "RESULT_BASE/SECTION/result.xml (as check -L writes repeats) and\n"
	       "compare it. A flaky failure counts only if every attempt fails.\n\n"
	       "  -f, --fs FS           the filesystem (FSTYP) whose data applies\n"
	       "  -s, --section S       the fstests config section to run\n"
	       "  --fstests DIR         the fstests tree (default: $FSTESTS_DIR, or .)\n"
	       "  --results DIR         RESULT_BASE (default: DIR/results)\n"
	       "  -b, --baseline PATH   compare with these results (repeatable)\n"
	       "  --retries N           retries of a failed flaky test (default: the\n"
	       "                        entry's retries=, else 3)\n"
	       "  --retry-failures      retry as well every failure the data does not\n"
	       "                        explain\n"
	       "  --resume              continue the run in RESULT_BASE after a crash\n"
	       "                        or Ctrl-C: finished tests do not run again, the\n"
	       "                        test that was running when the machine went\n"
	       "                        down is a failure (crashed)\n"
	       "  --bisect              compare's exit status for 'git bisect run'\n"
	       KERNEL_OPTIONS_HELP
	       "  -h, --help            show this help\n\n"
	       "Arguments after -- go to check (tests, -g GROUP, ...); --resume without\n"
	       "them reuses the run's. Exit status: compare's (0 no regression, 1\n"
	       "regressions or an incomplete run, 2 bad usage or a run that could not\n"
	       "be made; with --bisect 125 when it cannot tell).\n",
	       progname);
}

static int parse_retries(const char *s, int *n)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (!*s || *end || v < 0 || v > MAX_RETRIES) {
		pr_err("run: --retries %s: not a number from 0 to %d", s,
		       MAX_RETRIES);
		return -1;
	}
	*n = v;
	return 0;
}

static int parse(int argc, char **argv, struct run_opts *o)
{
	static const struct option own[] = {
		{ "fs", required_argument, NULL, 'f' },
		{ "section", required_argument, NULL, 's' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "fstests", required_argument, NULL, OPT_FSTESTS },
		{ "results", required_argument, NULL, OPT_RESULTS },
		{ "retries", required_argument, NULL, OPT_RETRIES },
		{ "retry-failures", no_argument, NULL, OPT_RETRY_FAILURES },
		{ "resume", no_argument, NULL, OPT_RESUME },
		{ "bisect", no_argument, NULL, OPT_BISECT },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct option buf[LONGOPTS_MAX];
	const struct option *longopts;
	int opt;

	longopts = with_kernel_options(own, buf, ARRAY_SIZE(buf));
	/* '+': stop at the first argument, which belongs to check */
	while ((opt = getopt_long(argc, argv, "+f:s:b:h", longopts,
				  NULL)) != -1) {
		if (kernel_opt(&o->k, opt, optarg))
			continue;
		switch (opt) {
		case 'f':
			o->fs = optarg;
			break;
		case 's':
			o->section = optarg;
			break;
		case 'b':
			strlist_add(&o->baseline, xstrdup(optarg));
			break;
		case OPT_FSTESTS:
			o->fstests = optarg;
			break;
		case OPT_RESULTS:
			o->results = optarg;
			break;
		case OPT_RETRIES:
			if (parse_retries(optarg, &o->retries))
				return EXIT_USAGE;
			break;
		case OPT_RETRY_FAILURES:
			o->retry_failures = true;
			break;
		case OPT_RESUME:
			o->resume = true;
			break;
		case OPT_BISECT:
			o->bisect = true;
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

int do_run(int argc, char **argv)
{
	struct run_opts o = { .retries = -1 };
	int ret = parse(argc, argv, &o);

	if (ret < 0) {
		ret = EXIT_OK;	/* --help */
		goto out;
	}
	if (!ret && (!o.fs || !o.section)) {
		pr_err("run: --fs and --section are required");
		ret = EXIT_USAGE;
	} else if (!ret && (!*o.section || strchr(o.section, '/') ||
			    o.section[0] == '.')) {
		pr_err("run: section '%s' cannot name a results directory",
		       o.section);
		ret = EXIT_USAGE;
	}
	if (ret) {
		ret = usage_error("run");
		goto out;
	}
	o.args = argv + optind;
	o.nargs = argc - optind;
	ret = run_fstests(&o);
out:
	strlist_free(&o.baseline);
	return ret;
}
