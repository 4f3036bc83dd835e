// SPDX-License-Identifier: GPL-2.0
/* "run": fstests with the exclude file, flaky retries and crash resume. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "entries/data-dir.h"
#include "fstests/tree.h"
#include "lib/fileio.h"
#include "run/bisect.h"
#include "run/run.h"

static const struct usage usage = {
	.cmd = "run",
	.synopsis =
"--fs FS --section S\n"
"[--fstests DIR] [--results DIR] [--baseline PATH]...\n"
"[--retries N] [--retry-failures] [--run-known-failures]\n"
"[--recheck] [--resume] [--bisect [--test T]... [--attempts N]]\n"
"[--vm [--modules DIR] [--vm-memory MIB] [--vm-cpus N]\n"
"[--vm-disk-size GIB] [--vm-disk-dir DIR] [--vm-timeout SECONDS]\n"
"[--vm-boot-timeout SECONDS] [--vm-tcg]]\n"
"[--env NAME]... [KERNEL-OPTIONS] [-- CHECK-ARGS...]",
	.about =
"Run fstests' check for a section with the exclude file of the kernel,\n"
"retry the failures of flaky tests, merge every attempt into\n"
"RESULT_BASE/SECTION/result.xml (as check -L writes repeats) and compare\n"
"it. A flaky failure counts only if every attempt fails. The arguments\n"
"after -- go to check (tests, -g GROUP, ...); --resume without them\n"
"reuses the run's. With --vm, check runs in a QEMU guest booting the\n"
"kernel; a crash is the running test's result and the guest boots again.",
	.exit_status =
"Exit status: compare's (0 no regression, 1 regressions or an incomplete\n"
"run, 2 bad usage or a run that could not be made). --bisect: 1 only if\n"
"the targets failed alike (same crash, or a plain failure) every attempt,\n"
"finished run or not; 0 only if every attempt ran and passed them (a\n"
"complete run, no other failure); else 125.",
};

/* --retries N (0 to MAX_RETRIES), --attempts N (1 to MAX_RETRIES + 1) */
static int set_count(const struct opt *o, const char *arg)
{
	int *n = o->value, min = o->long_name[0] == 'a';
	char *end;
	long v = strtol(arg, &end, 10);

	if (!*arg || *end || v < min || v > MAX_RETRIES + min) {
		pr_err("run: --%s %s: not a number from %d to %d", o->long_name,
		       arg, min, MAX_RETRIES + min);
		return -1;
	}
	*n = v;
	return 0;
}

/* --fs and --section given, no option with one it does not go with */
static bool valid(const struct run_opts *o)
{
	if (!o->fs || !o->section)
		pr_err("run: --fs and --section are required");
	else if (!file_name_ok(o->section))
		pr_err("run: section '%s' cannot name a results directory",
		       o->section);
	else if (!o->bisect && (o->tests.n || o->attempts))
		pr_err("run: --test and --attempts are for --bisect");
	else if (o->recheck && (o->nargs || o->bisect))
		pr_err("run: --recheck chooses the tests: no %s with it",
		       o->bisect ? "--bisect" : "tests after --");
	else
		return bisect_valid_tests(&o->tests) && vm_valid_opts(&o->vm);
	return false;
}

/*
 * The options into *o, the operands (after "--", check's arguments)
 * too. False when there is nothing to run: *status is then the exit
 * status (a usage error, or --help).
 */
static bool parse(int argc, char **argv, struct run_opts *o, int *status)
{
	DECLARE_KERNEL_OPTIONS(kernel_options, &o->k);
	DECLARE_VM_OPTIONS(vm_options, &o->vm, kernel_options);
	const struct opt opts[] = {
		OPT_FS(&o->fs, "the filesystem (FSTYP) whose data applies"),
		OPT_STRING('s', "section", &o->section, "S", "the fstests config section to run"),
		OPT_FSTESTS(&o->k, "the fstests tree (default: $FSTESTS_DIR, or .)"),
		OPT_STRING(0, "results", &o->results, "DIR",
			   "RESULT_BASE (default: the fstests tree's results)"),
		OPT_STRLIST('b', "baseline", &o->baseline, "PATH",
			    "compare with these results (repeatable)"),
		OPT_CALLBACK(0, "retries", &o->retries, "N",
			     "retries of a failed flaky test (default: the\n"
			     "entry's retries=, else " __stringify(DEFAULT_RETRIES) ")", set_count),
		OPT_BOOLEAN(0, "retry-failures", &o->retry_failures,
			    "retry every failure the data leaves unexplained"),
		OPT_BOOLEAN(0, "run-known-failures", &o->run_known,
			    "keep known failures in the run"),
		OPT_BOOLEAN(0, "recheck", &o->recheck,
			    "only the tests the data leaves out as fail or\n"
			    "flaky here (with --run-known-failures)"),
		OPT_BOOLEAN(0, "resume", &o->resume,
			    "continue the run in RESULT_BASE after a crash or\n"
			    "Ctrl-C: finished tests do not run again, the test\n"
			    "that was running when the machine went down is a\n"
			    "failure (crashed)"),
		OPT_BOOLEAN_EARLY(0, "bisect", &o->bisect, "exit 1, 0 or 125 for 'git bisect run'"),
		OPT_STRLIST(0, "test", &o->tests, "T",
			    "--bisect: the test bisected, run (repeatable)"),
		OPT_CALLBACK(0, "attempts", &o->attempts, "N",
			     "--bisect: attempts that decide (3)", set_count),
		OPT_ENV(&o->k),
		OPT_PARENT(vm_options)
	};

	argc = parse_options(argc, argv, opts, &usage);
	if (o->bisect)
		bisect_exit_statuses();
	o->args = argv;
	o->nargs = argc;
	*status = argc < 0 ? parse_options_exit(argc) :
		  !valid(o) ? usage_error("run") : EXIT_OK;
	o->run_known |= o->recheck;
	return argc >= 0 && *status == EXIT_OK;
}

int do_run(int argc, char **argv)
{
	struct run_opts o = { .retries = -1 };
	int ret;

	if (parse(argc, argv, &o, &ret))
		ret = run_fstests(&o);
	strlist_free(&o.baseline);
	strlist_free(&o.tests);
	strlist_free(&o.k.env);
	return ret;
}
