/* SPDX-License-Identifier: GPL-2.0 */
/* One option table per command: parsing, --help and --list-opts from it. */
#ifndef FEXP_PARSE_OPTIONS_H
#define FEXP_PARSE_OPTIONS_H

#include <stdbool.h>

#include "lib/base.h"
#include "lib/strbuf.h"

enum opt_type {
	OPTION_END,
	OPTION_GROUP,		/* a heading in the help, not an option */
	OPTION_BOOLEAN,		/* bool *: set to true */
	OPTION_STRING,		/* const char **: the argument */
	OPTION_CHOICE,		/* const char **: one of argh's "a|b|c" */
	OPTION_STRLIST,		/* struct strlist *: a copy of each argument */
	OPTION_UINTEGER,	/* unsigned int *: a whole number */
	OPTION_CALLBACK,	/* callback(opt, arg) decides */
};

struct opt;
/* Returns 0, or -1 after saying (pr_err) what is wrong with arg. */
typedef int opt_cb(const struct opt *o, const char *arg);

struct opt {
	enum opt_type type;
	int short_name;		/* 'f' for -f, 0 for none */
	const char *long_name;	/* "fs" for --fs */
	void *value;		/* where the value goes (see enum opt_type) */
	const char *argh;	/* the argument's name in the help; NULL: none */
	const char *help;	/* one sentence, reflowed to fit */
	opt_cb *callback;
	const struct opt *parent;	/* OPT_PARENT(): the table to go on in */
	bool early;		/* OPT_BOOLEAN_EARLY() */
};

/*
 * Table entries. Every table ends with OPT_END(), or with OPT_PARENT(p):
 * the options of table p follow (options shared by several commands, as
 * in perf). -h/--help (and the hidden --list-opts) need no entry.
 */
#define OPT_END()	{ .type = OPTION_END }
#define OPT_PARENT(p)	{ .type = OPTION_END, .parent = (p) }
#define OPT_GROUP(h)	{ .type = OPTION_GROUP, .help = (h) }
#define OPT_BOOLEAN(s, l, v, h) \
	{ .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), \
	  .value = opt_check(v, bool *), .help = (h) }
/*
 * A boolean set before any other option is read, wherever it stands (up
 * to "--"): set even when another option is a usage error, so that it can
 * decide how that error exits (--bisect).
 */
#define OPT_BOOLEAN_EARLY(s, l, v, h) \
	{ .type = OPTION_BOOLEAN, .short_name = (s), .long_name = (l), \
	  .value = opt_check(v, bool *), .help = (h), .early = true }
#define OPT_STRING(s, l, v, a, h) \
	{ .type = OPTION_STRING, .short_name = (s), .long_name = (l), \
	  .value = opt_check(v, const char **), .argh = (a), .help = (h) }
#define OPT_CHOICE(s, l, v, choices, h) \
	{ .type = OPTION_CHOICE, .short_name = (s), .long_name = (l), \
	  .value = opt_check(v, const char **), .argh = (choices), .help = (h) }
#define OPT_STRLIST(s, l, v, a, h) \
	{ .type = OPTION_STRLIST, .short_name = (s), .long_name = (l), \
	  .value = opt_check(v, struct strlist *), .argh = (a), .help = (h) }
#define OPT_UINTEGER(s, l, v, a, h) \
	{ .type = OPTION_UINTEGER, .short_name = (s), .long_name = (l), \
	  .value = opt_check(v, unsigned int *), .argh = (a), .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, f) \
	{ .type = OPTION_CALLBACK, .short_name = (s), .long_name = (l), \
	  .value = (v), .argh = (a), .help = (h), .callback = (f) }

/* A value of the wrong pointer type is a "pointer type mismatch". */
#define opt_check(v, type)	((void *)(1 ? (v) : (type)NULL))

/* What --help prints around the table. */
struct usage {
	const char *cmd;	/* "exclude": in "Usage: fstests-expunge exclude" */
	const char *synopsis;	/* after the command name; lines end '\n' */
	const char *about;	/* paragraph(s) under the synopsis */
	const char *exit_status;	/* "Exit status: ..." paragraph */
};

#define PARSE_OPT_HELP	(-1)	/* --help or --list-opts was printed */
#define PARSE_OPT_ERROR	(-2)	/* a usage error was reported */

/*
 * Parse argv[1..argc-1] (argv[0] is the command's name) against opts, as
 * getopt_long() would: -x VALUE, -xVALUE, -ab, --name VALUE, --name=VALUE,
 * a unique prefix of a long name, operands anywhere, "--" ends options.
 * The operands are moved, in order, to argv[0...]; returns their count,
 * or PARSE_OPT_HELP / PARSE_OPT_ERROR (see parse_options_exit()).
 */
int parse_options(int argc, char **argv, const struct opt *opts,
		  const struct usage *u);

/* The exit status for what parse_options() returned below 0. */
static inline int parse_options_exit(int ret)
{
	return ret == PARSE_OPT_HELP ? EXIT_OK : EXIT_USAGE;
}

/* The --help text of a command, made from its table. */
void usage_with_options(const struct opt *opts, const struct usage *u,
			struct strbuf *out);

/*
 * --list-opts: each option, one a line, with its argument's name: "--fs FS",
 * then "-f FS" if it has a short name too. The bash completion and
 * dev/check-manual.sh read it.
 */
void list_options(const struct opt *opts, struct strbuf *out);

/* Print "Try '... --help'" and return EXIT_USAGE. */
int usage_error(const char *cmd);

#endif
