// SPDX-License-Identifier: GPL-2.0
/*
 * fstests-expunge: the kernel tree's known fstests failures, as exclude
 * files for the kernel at hand, and fstests results compared with them.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "lib/base.h"
#include "lib/strbuf.h"

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
};

static int do_help(int argc, char **argv);

static const struct cmd commands[] = {
	{ "kernel", do_kernel, "show the kernel found, and where from" },
	{ "exclude", do_exclude, "write fstests exclude files (check -E)" },
	{ "flaky", do_flaky, "list the flaky tests and their retries" },
	{ "view", do_view, "the data lines for one fs, section and kernel, grouped" },
	{ "check", do_lint, "lint the data files" },
	{ "compare", do_compare, "compare fstests results with a baseline and the data" },
	{ "entries", do_entries, "the entries of data files as JSON, for scripts" },
	{ "run", do_run, "run fstests: exclude file, flaky retries, resume, compare" },
	{ "update", do_update, "propose data changes from results" },
	{ "import", do_import, "other harnesses' expunge lists as data lines" },
	{ "archive", do_archive, "record runs in a results archive (git)" },
	{ "matrix", do_matrix, "the test matrix over every archived run" },
	{ "help", do_help, "show this help, or a command's" },
};

static void print_usage(FILE *f)
{
	size_t i;

	fprintf(f, "Usage: %s COMMAND [OPTIONS]\n\n"
		"The kernel tree's known fstests failures and flaky tests, as\n"
		"exclude files for a kernel, and fstests results compared with them.\n\n"
		"Commands:\n", progname);
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(f, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fprintf(f, "\n'%s COMMAND --help' describes a command.\n"
		"Exit status: 0 no regression, 1 regressions (check: problems),\n"
		"2 usage or unreadable input.\n", progname);
}

/*
 * The command name stands for: itself, or the one command it is a
 * prefix of (bpftool takes the first such command; here a prefix of
 * two is an error). NULL after saying it is unknown, or ambiguous and
 * which commands it may be.
 */
static const struct cmd *find_cmd(const char *name)
{
	const struct cmd *found = NULL;
	struct strbuf which = { 0 };
	size_t i, n = 0;

	for (i = 0; i < ARRAY_SIZE(commands); i++) {
		if (!strcmp(commands[i].name, name))
			return &commands[i];
		if (str_starts(commands[i].name, name)) {
			found = &commands[i];
			sb_printf(&which, "%s%s", n++ ? ", " : "",
				  commands[i].name);
		}
	}
	if (!n)
		pr_err("unknown command '%s'", name);
	else if (n > 1)
		pr_err("ambiguous command '%s': %s", name, which.buf);
	sb_free(&which);
	return n == 1 ? found : NULL;
}

static int do_help(int argc, char **argv)
{
	const struct cmd *cmd;

	/* "help --help", as every command takes it */
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		print_usage(stdout);
		return EXIT_OK;
	}
	cmd = find_cmd(argv[1]);
	if (!cmd)
		return usage_error(NULL);
	if (cmd->fn == do_help) {
		print_usage(stdout);
		return EXIT_OK;
	}
	/* "help CMD" is "CMD --help" (parse_options() writes no argument) */
	argv[0] = argv[1];
	argv[1] = (char *)"--help";
	return cmd->fn(2, argv);
}

/*
 * A write error on stdout (a full disk, a closed pipe) ends every
 * command with EXIT_USAGE and a message, whatever it would have said.
 */
static int stdout_checked(int ret)
{
	const char *why = "write error";

	errno = 0;
	if (fflush(stdout) == EOF && errno)
		why = strerror(errno);
	if (ferror(stdout)) {
		pr_err("standard output: %s", why);
		return EXIT_USAGE;
	}
	return ret;
}

static int run(int argc, char **argv)
{
	const struct cmd *cmd;
	size_t i;

	if (argc < 2) {
		print_usage(stderr);
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		print_usage(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-V")) {
		printf("%s %s\n", progname, FEXP_VERSION);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--list-cmds")) {
		/* for the bash completion and dev/check-manual.sh */
		for (i = 0; i < ARRAY_SIZE(commands); i++)
			printf("%s\n", commands[i].name);
		return EXIT_OK;
	}
	cmd = find_cmd(argv[1]);
	if (!cmd)
		return usage_error(NULL);
	/* each command parses its own options, as argv[0] its name */
	return cmd->fn(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
	/* under --bisect, what cannot tell is no "bad" for git bisect */
	return cannot_tell_exit(stdout_checked(run(argc, argv)));
}
