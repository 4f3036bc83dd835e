// SPDX-License-Identifier: GPL-2.0
/* Tests for parse-options.c: parsing as getopt_long did, help from the table. */
#include "lib/parse-options.h"
#include "lib/base.h"
#include "lib/strbuf.h"

#include "kselftest_harness.h"

struct values {
	bool verbose, quiet;
	const char *output;
	struct strlist sections, maps;
	unsigned int retries;
};

static int add_map(const struct opt *o, const char *arg)
{
	if (!strchr(arg, '='))
		return -1;
	strlist_add(o->value, xstrdup(arg));
	return 0;
}

static struct values v;	/* where the table below stores */

/* A parent table, as the kernel options are */
static const struct opt more[] = {
	OPT_BOOLEAN(0, "release-notes", &v.quiet, "r"),
	OPT_BOOLEAN(0, "release-date", &v.quiet, "d"),
	OPT_END()
};

static const struct opt opts[] = {
	OPT_BOOLEAN('v', "verbose", &v.verbose, "say more"),
	OPT_BOOLEAN('q', "quiet", &v.quiet, "say less"),
	OPT_STRING('o', "output", &v.output, "FILE", "write to FILE"),
	OPT_STRLIST('s', "section", &v.sections, "S", "a section"),
	OPT_GROUP("Other things:"),
	OPT_UINTEGER(0, "retries", &v.retries, "N",
		     "how many times to try again after a failure, a whole\n"
		     "number; this sentence is long so that it must wrap"),
	OPT_CALLBACK(0, "map", &v.maps, "A=B", "map A to B", add_map),
	OPT_PARENT(more),
};

static const struct usage usage = {
	.cmd = "demo",
	.synopsis = "[OPTIONS] PATH...\n[MORE]",
	.about = "A command to test the parser.",
	.exit_status = "Exit status: 0.",
};

static void values_free(void)
{
	strlist_free(&v.sections);
	strlist_free(&v.maps);
	memset(&v, 0, sizeof(v));
}

/* Parse a space-separated command line; the operands end in ops. */
static int parse(const char *line, char ***ops)
{
	static char *argv[32];
	char *copy = strdup(line), *tok;
	int argc = 0;

	values_free();
	argv[argc++] = "demo";
	for (tok = strtok(copy, "\n "); tok; tok = strtok(NULL, "\n "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	*ops = argv;
	return parse_options(argc, argv, opts, &usage);
}

TEST(every_kind_of_option_and_operands_anywhere)
{
	char **ops;
	static const char line[] =
		"a -v --output=out b -s one --section two --retries 3\n"
		"--map x=y -qo out2 c -- -d --verbose";
	int n = parse(line, &ops);

	ASSERT_EQ(5, n);
	EXPECT_STREQ("a", ops[0]);
	EXPECT_STREQ("b", ops[1]);
	EXPECT_STREQ("c", ops[2]);
	EXPECT_STREQ("-d", ops[3]);	/* after --: operands */
	EXPECT_STREQ("--verbose", ops[4]);
	EXPECT_TRUE(v.verbose);
	EXPECT_TRUE(v.quiet);
	EXPECT_STREQ("out2", v.output);	/* the last one wins */
	ASSERT_EQ(2, v.sections.n);
	EXPECT_STREQ("one", v.sections.v[0]);
	EXPECT_STREQ("two", v.sections.v[1]);
	EXPECT_EQ(3, v.retries);
	ASSERT_EQ(1, v.maps.n);
	EXPECT_STREQ("x=y", v.maps.v[0]);
	values_free();
}

TEST(short_values_joined_and_unique_prefixes)
{
	char **ops;

	ASSERT_EQ(1, parse("-sext4_4k --out f --retr=0 -", &ops));
	EXPECT_STREQ("-", ops[0]);	/* standard input, as a name */
	EXPECT_STREQ("ext4_4k", v.sections.v[0]);
	EXPECT_STREQ("f", v.output);
	EXPECT_EQ(0, v.retries);
	values_free();
}

TEST(usage_errors)
{
	static const char *const bad[] = {
		"--bogus",		/* unknown */
		"-x",			/* unknown short */
		"--release",		/* ambiguous: release-notes, -date */
		"--output",		/* no argument */
		"-o",
		"--verbose=yes",	/* a flag takes none */
		"--retries 3x",		/* not a number */
		"--retries -1",
		"--retries 99999999999",
		"--map nothing",	/* the callback refuses */
	};
	char **ops;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		EXPECT_EQ(PARSE_OPT_ERROR, parse(bad[i], &ops)) {
			TH_LOG("'%s' was accepted", bad[i]);
		}
		values_free();
	}
	EXPECT_EQ(EXIT_USAGE, parse_options_exit(PARSE_OPT_ERROR));
	EXPECT_EQ(EXIT_OK, parse_options_exit(PARSE_OPT_HELP));
}

/* A newline in a value would be a line of its own in what it goes to */
TEST(control_characters_in_a_value_are_refused)
{
	static const char *const bad[][3] = {
		{ "--section", "ext4\ngeneric/999", NULL },
		{ "-s", "x\ty", NULL },
		{ "--output=a\x1b[31m", NULL, NULL },
		{ "--map", "a=b\r", NULL },
	};
	char *argv[4] = { "demo" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int argc = bad[i][1] ? 3 : 2;

		values_free();
		argv[1] = (char *)bad[i][0];
		argv[2] = (char *)bad[i][1];
		EXPECT_EQ(PARSE_OPT_ERROR,
			  parse_options(argc, argv, opts, &usage)) {
			TH_LOG("'%s' was accepted", bad[i][0]);
		}
		EXPECT_EQ(0, v.sections.n);
		EXPECT_EQ(NULL, v.output);
	}
	values_free();
	/* operands are not values: a path may hold anything */
	argv[1] = "a\nb";
	EXPECT_EQ(1, parse_options(2, argv, opts, &usage));
	values_free();
}

/* The options of both tables, in order, as "--name ARG" or "--name". */
static char **all_options(size_t *n, struct strbuf *shorts)
{
	const struct opt *tables[] = { opts, more }, *o;
	char **names = calloc(32, sizeof(*names));
	size_t t;

	*n = 0;
	for (t = 0; t < ARRAY_SIZE(tables); t++) {
		for (o = tables[t]; o->type != OPTION_END; o++) {
			if (o->type == OPTION_GROUP)
				continue;
			names[*n] = xasprintf("--%s%s%s", o->long_name,
					      o->argh ? " " : "",
					      o->argh ? o->argh : "");
			if (o->short_name)
				sb_printf(shorts, "%s\n-%c%s\n", names[*n],
					  o->short_name,
					  strchr(names[*n], ' ') ?: "");
			else
				sb_printf(shorts, "%s\n", names[*n]);
			++*n;
		}
	}
	return names;
}

/* Every line of the help within 80 columns; every option in it once. */
TEST(help_is_made_from_the_table)
{
	struct strbuf sb = { 0 };
	char *line, *save = NULL, *text, **names;
	struct strbuf list = { 0 };
	int seen[32] = { 0 };
	size_t i, n, lines = 0;

	names = all_options(&n, &list);
	sb_free(&list);
	usage_with_options(opts, &usage, &sb);
	EXPECT_TRUE(str_starts(sb.buf, "Usage: fstests-expunge demo [OPTIONS] PATH...\n"
			       "       [MORE]\n\nA command to test the parser.\n"));
	text = strdup(sb.buf);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), lines++) {
		EXPECT_GE(79, strlen(line)) {
			TH_LOG("too long: %s", line);
		}
		/* "  -o, --output FILE  write..." or "      --map A=B  map..." */
		for (i = 0; i < n; i++) {
			char *at = strstr(line, names[i]);

			if (at && (at == line + 6 || at == line + 8) &&
			    at[strlen(names[i])] == ' ')
				seen[i]++;
		}
	}
	for (i = 0; i < n; i++) {
		EXPECT_EQ(1, seen[i]) {
			TH_LOG("%s: %d times", names[i], seen[i]);
		}
	}
	EXPECT_NE(NULL, strstr(sb.buf, "\n  -o, --output FILE "));
	EXPECT_NE(NULL, strstr(sb.buf, "\n\nOther things:\n"));
	EXPECT_NE(NULL, strstr(sb.buf, "\n\n  -h, --help "));
	EXPECT_NE(NULL, strstr(sb.buf, "\n\nExit status: 0.\n"));
	EXPECT_EQ(15, lines);	/* --retries took two */
	free_list(names);
	free(text);
	sb_free(&sb);
}

/* --list-opts: "--name ARG" (then "-n ARG"), one a line, every option. */
TEST(list_opts_names_every_long_option)
{
	struct strbuf sb = { 0 }, want = { 0 };
	char **names;
	size_t n;

	names = all_options(&n, &want);
	list_options(opts, &sb);
	sb_puts(&want, "--help\n-h\n");
	EXPECT_STREQ(want.buf, sb.buf);
	free_list(names);
	sb_free(&sb);
	sb_free(&want);
}

TEST_HARNESS_MAIN
