// SPDX-License-Identifier: GPL-2.0
/* One option table per command: parsing, --help and --list-opts from it. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "lib/parse-options.h"

#define HELP_WIDTH	79	/* --help stays within 80 columns */
#define HELP_COLUMN_MAX	30	/* where the help of an option starts, at most */

/* What every command understands without a table entry. */
enum { BUILTIN_HELP = 1, BUILTIN_LIST_OPTS };

static const struct opt builtin[] = {
	{ .type = OPTION_BOOLEAN, .short_name = 'h', .long_name = "help",
	  .value = (void *)BUILTIN_HELP, .help = "show this help" },
	{ .type = OPTION_BOOLEAN, .long_name = "list-opts",
	  .value = (void *)BUILTIN_LIST_OPTS },
	OPT_END()
};

struct parser {
	const struct opt *opts;
	const struct usage *u;
	int argc;
	char **argv;
	int next;	/* the next argument to read */
};

int usage_error(const char *cmd)
{
	fprintf(stderr, "Try '%s%s%s --help'.\n", progname, cmd ? " " : "",
		cmd ? cmd : "");
	return EXIT_USAGE;
}

/* The first entry of a table, or of its parent where it is empty. */
static const struct opt *opt_first(const struct opt *o)
{
	while (o->type == OPTION_END && o->parent)
		o = o->parent;
	return o;
}

/* The entry after o: on into the parent table at the end of o's. */
static const struct opt *opt_next(const struct opt *o)
{
	return opt_first(o + 1);
}

static bool takes_arg(const struct opt *o)
{
	return o->type != OPTION_BOOLEAN;
}

/*
 * The long option name (or a unique prefix of it) of len bytes; NULL
 * after saying why not, unless quiet.
 */
static const struct opt *find_long(const struct parser *p, const char *name,
				   size_t len, bool quiet)
{
	const struct opt *tables[] = { p->opts, builtin }, *o, *found = NULL;
	size_t t, n = 0;

	for (t = 0; t < ARRAY_SIZE(tables); t++) {
		for (o = opt_first(tables[t]); o->type != OPTION_END;
		     o = opt_next(o)) {
			if (!o->long_name || strncmp(o->long_name, name, len))
				continue;
			if (!o->long_name[len])
				return o;
			found = o;
			n++;
		}
	}
	if (n == 1)
		return found;
	if (quiet)
		return NULL;
	pr_err("%s: %s option '--%.*s'", p->u->cmd,
	       n ? "ambiguous" : "unknown", (int)len, name);
	return NULL;
}

static const struct opt *find_short(const struct parser *p, char c,
				    bool quiet)
{
	const struct opt *tables[] = { p->opts, builtin }, *o;
	size_t t;

	for (t = 0; t < ARRAY_SIZE(tables); t++) {
		for (o = opt_first(tables[t]); o->type != OPTION_END;
		     o = opt_next(o)) {
			if (o->short_name && o->short_name == c)
				return o;
		}
	}
	if (!quiet)
		pr_err("%s: unknown option '-%c'", p->u->cmd, c);
	return NULL;
}

static int set_uint(const struct parser *p, const struct opt *o,
		    const char *arg)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (!*arg || *end || errno || v > UINT_MAX || arg[0] == '-') {
		pr_err("%s: --%s %s: not a whole number", p->u->cmd,
		       o->long_name, arg);
		return -1;
	}
	*(unsigned int *)o->value = v;
	return 0;
}

/* OPT_CHOICE: arg must be one of "a|b|c" */
static int set_choice(const struct parser *p, const struct opt *o,
		      const char *arg)
{
	const char *c = o->argh;
	size_t len = strlen(arg);

	for (; c; c = strchr(c, '|'), c = c ? c + 1 : NULL) {
		if (!strncmp(c, arg, len) && (!c[len] || c[len] == '|')) {
			*(const char **)o->value = arg;
			return 0;
		}
	}
	pr_err("%s: --%s %s: not one of %s", p->u->cmd, o->long_name, arg,
	       o->argh);
	return -1;
}

/* Store what an option says; PARSE_OPT_HELP for --help and --list-opts. */
static int apply(const struct parser *p, const struct opt *o, const char *arg)
{
	struct strbuf sb = { 0 };

	if (o == &builtin[0] || o == &builtin[1]) {
		if (o->value == (void *)BUILTIN_HELP)
			usage_with_options(p->opts, p->u, &sb);
		else
			list_options(p->opts, &sb);
		fwrite(sb.buf, 1, sb.len, stdout);
		sb_free(&sb);
		return PARSE_OPT_HELP;
	}
	/* a newline in a value would be a line of its own in a file or report */
	if (arg && has_control(arg)) {
		char *q = quote_input(arg, QUOTE_MAX);

		pr_err("%s: --%s '%s': a control character in a value",
		       p->u->cmd, o->long_name, q);
		free(q);
		return PARSE_OPT_ERROR;
	}
	switch (o->type) {
	case OPTION_BOOLEAN:
		*(bool *)o->value = true;
		return 0;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		return 0;
	case OPTION_CHOICE:
		return set_choice(p, o, arg) ? PARSE_OPT_ERROR : 0;
	case OPTION_STRLIST:
		strlist_add(o->value, xstrdup(arg));
		return 0;
	case OPTION_UINTEGER:
		return set_uint(p, o, arg) ? PARSE_OPT_ERROR : 0;
	case OPTION_CALLBACK:
		return o->callback(o, arg) ? PARSE_OPT_ERROR : 0;
	default:
		return 0;
	}
}

/* "--name", "--name=value" or "--name value" */
static int parse_long(struct parser *p, const char *word)
{
	const char *eq = strchr(word, '=');
	size_t len = eq ? (size_t)(eq - word) : strlen(word);
	const struct opt *o = find_long(p, word, len, false);

	if (!o)
		return PARSE_OPT_ERROR;
	if (!takes_arg(o)) {
		if (eq) {
			pr_err("%s: option '--%s' takes no argument",
			       p->u->cmd, o->long_name);
			return PARSE_OPT_ERROR;
		}
		return apply(p, o, NULL);
	}
	if (eq)
		return apply(p, o, eq + 1);
	if (p->next >= p->argc) {
		pr_err("%s: option '--%s' needs an argument", p->u->cmd,
		       o->long_name);
		return PARSE_OPT_ERROR;
	}
	return apply(p, o, p->argv[p->next++]);
}

/* "-x", "-xVALUE", "-x VALUE" or flags together, "-ab" */
static int parse_short(struct parser *p, const char *word)
{
	int ret = 0;

	for (; *word && !ret; word++) {
		const struct opt *o = find_short(p, *word, false);

		if (!o)
			return PARSE_OPT_ERROR;
		if (!takes_arg(o)) {
			ret = apply(p, o, NULL);
			continue;
		}
		if (word[1])
			return apply(p, o, word + 1);
		if (p->next >= p->argc) {
			pr_err("%s: option '-%c' needs an argument",
			       p->u->cmd, *word);
			return PARSE_OPT_ERROR;
		}
		return apply(p, o, p->argv[p->next++]);
	}
	return ret;
}

/*
 * The OPT_BOOLEAN_EARLY() options of the command line, set before the
 * rest is read. The value of an option that takes one is no option; a
 * word the parse will find wrong is passed over here.
 */
static void set_early(const struct parser *p)
{
	const struct opt *o;
	int i;

	for (i = 1; i < p->argc && strcmp(p->argv[i], "--"); i++) {
		const char *w = p->argv[i];

		if (w[0] != '-' || !w[1] || strchr(w, '='))
			continue;
		if (w[1] != '-') {
			/* "-o FILE": FILE is no option; "-oFILE" has it */
			for (w++; *w; w++) {
				o = find_short(p, *w, true);
				if (o && takes_arg(o))
					break;
			}
			i += *w && !w[1];
			continue;
		}
		o = find_long(p, w + 2, strlen(w + 2), true);
		if (o && o->early)
			*(bool *)o->value = true;
		else if (o && takes_arg(o))
			i++;
	}
}

int parse_options(int argc, char **argv, const struct opt *opts,
		  const struct usage *u)
{
	struct parser p = { opts, u, argc, argv, 1 };
	bool dashdash = false;
	int nargs = 0, ret = 0;

	set_early(&p);

	while (p.next < argc && !ret) {
		char *word = argv[p.next++];

		if (dashdash || word[0] != '-' || !word[1])
			argv[nargs++] = word;	/* never ahead of p.next */
		else if (!strcmp(word, "--"))
			dashdash = true;
		else if (word[1] == '-')
			ret = parse_long(&p, word + 2);
		else
			ret = parse_short(&p, word + 1);
	}
	if (ret == PARSE_OPT_ERROR)
		usage_error(u->cmd);
	return ret ? ret : nargs;
}

/* "  -f, --fs FS" */
static void option_name(const struct opt *o, struct strbuf *sb)
{
	if (o->short_name && o->long_name)
		sb_printf(sb, "  -%c, --%s", o->short_name, o->long_name);
	else if (o->short_name)
		sb_printf(sb, "  -%c", o->short_name);
	else
		sb_printf(sb, "      --%s", o->long_name);
	if (o->argh)
		sb_printf(sb, " %s", o->argh);
}

/* Words of text from column at, wrapped to column col (reflowed). */
static void wrap(struct strbuf *sb, const char *text, size_t at, size_t col)
{
	bool first = true;

	while (*text) {
		size_t len = strcspn(text, "\n ");

		if (!first && at + 1 + len > HELP_WIDTH) {
			sb_printf(sb, "\n%*s", (int)col, "");
			at = col;
		} else if (!first) {
			sb_puts(sb, " ");
			at++;
		}
		sb_add(sb, text, len);
		at += len;
		first = false;
		text += len;
		text += strspn(text, "\n ");
	}
	sb_puts(sb, "\n");
}

static void option_help(const struct opt *o, size_t col, struct strbuf *sb)
{
	struct strbuf name = { 0 };

	option_name(o, &name);
	sb_puts(sb, name.buf);
	if (name.len + 2 > col)
		sb_printf(sb, "\n%*s", (int)col, "");
	else
		sb_printf(sb, "%*s", (int)(col - name.len), "");
	wrap(sb, o->help, col, col);
	sb_free(&name);
}

/* Where the help of the options starts: after the longest name. */
static size_t help_column(const struct opt *opts)
{
	const struct opt *o;
	size_t col = 20;

	for (o = opt_first(opts); o->type != OPTION_END; o = opt_next(o)) {
		struct strbuf name = { 0 };

		if (o->type == OPTION_GROUP)
			continue;
		option_name(o, &name);
		if (name.len + 2 > col && name.len + 2 <= HELP_COLUMN_MAX)
			col = name.len + 2;
		sb_free(&name);
	}
	return col;
}

void usage_with_options(const struct opt *opts, const struct usage *u,
			struct strbuf *out)
{
	size_t col = help_column(opts), len;
	const struct opt *o;
	const char *line;
	bool any = false;

	sb_printf(out, "Usage: %s %s ", progname, u->cmd);
	for (line = u->synopsis; *line; line += len + !!line[len]) {
		len = strcspn(line, "\n");
		sb_printf(out, "%s%.*s\n", line == u->synopsis ? "" : "       ",
			  (int)len, line);
	}
	sb_puts(out, "\n");
	if (u->about)
		sb_printf(out, "%s\n\n", u->about);
	for (o = opt_first(opts); o->type != OPTION_END; o = opt_next(o)) {
		if (o->type == OPTION_GROUP)
			sb_printf(out, "%s%s\n", any ? "\n" : "", o->help);
		else
			option_help(o, col, out);
		any = true;
	}
	if (any)
		sb_puts(out, "\n");
	option_help(&builtin[0], col, out);
	if (u->exit_status)
		sb_printf(out, "\n%s\n", u->exit_status);
}

void list_options(const struct opt *opts, struct strbuf *out)
{
	const struct opt *o;

	for (o = opt_first(opts); o->type != OPTION_END; o = opt_next(o)) {
		if (o->type == OPTION_GROUP || !o->long_name)
			continue;
		sb_printf(out, "--%s%s%s\n", o->long_name,
			  o->argh ? " " : "", o->argh ? o->argh : "");
		if (o->short_name)
			sb_printf(out, "-%c%s%s\n", o->short_name,
				  o->argh ? " " : "", o->argh ? o->argh : "");
	}
	sb_puts(out, "--help\n-h\n");
}
