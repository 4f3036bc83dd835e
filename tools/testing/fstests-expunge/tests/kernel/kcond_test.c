// SPDX-License-Identifier: GPL-2.0
/* Tests of kcond.c: Kconfig conditions, with and without a kernel tree. */
#include <sys/stat.h>

#include "kselftest_harness.h"

#include "kernel/kcond.h"
#include "kernel/kconfig-file.h"
#include "test-util.h"
#include "lib/base.h"
#include "lib/strbuf.h"

static const char config_text[] =
	"CONFIG_MODULES=y\n"
	"CONFIG_A=y\n"
	"CONFIG_B=m\n"
	"# CONFIG_C is not set\n"
	"CONFIG_S=\"abc\"\n"
	"CONFIG_EMPTY=\"\"\n"
	"CONFIG_N=64\n"
	"CONFIG_H=0x1f\n"
	"CONFIG_NEG=-3\n";

/*
 * The value of expr for a config given as text: 'n', 'm' or 'y', 'E'
 * when kconfig rejects the condition, 'F' when nothing was evaluated.
 */
static char eval_with(const char *cfgtext, const char *srctree,
		      const char *expr)
{
	struct kconfig_file cfg;
	struct kcond c = { .expr = expr };
	char *err = NULL, v;
	int ret;

	if (kconfig_parse("test.config", cfgtext, strlen(cfgtext), &cfg,
			  &err)) {
		fprintf(stderr, "# %s\n", err);
		free(err);
		return 'F';
	}
	ret = kcond_eval(&c, 1, &cfg, srctree, &err);
	if (ret < 0) {
		fprintf(stderr, "# %s: %s\n", expr, err);
		v = 'F';
	} else {
		v = c.error ? 'E' : c.value;
	}
	free(err);
	free(c.error);
	kconfig_free(&cfg);
	return v;
}

static char eval(const char *expr)
{
	return eval_with(config_text, NULL, expr);
}

/* kconfig's lexer is quadratic over a huge name: the lint refuses it */
TEST(lint_refuses_a_huge_symbol_name)
{
	char *expr = malloc(1 << 20), *msg;

	memset(expr, 'A', (1 << 20) - 1);
	expr[(1 << 20) - 1] = '\0';
	msg = kcond_lint(expr);
	ASSERT_NE(NULL, msg);
	EXPECT_NE(NULL, strstr(msg, "symbol name of"));
	free(msg);
	free(expr);
}

/* 20,000 distinct symbols in one expression and in 20,000: one pass */
TEST(many_distinct_symbols)
{
	size_t n = 20000, i, m;
	struct strbuf sb = { 0 };
	char **syms;

	for (i = 0; i < n; i++)
		sb_printf(&sb, "%sS%zu || S%zu", i ? " || " : "", i, i / 2);
	syms = kcond_symbols(sb.buf, &m);
	ASSERT_EQ(n, m);
	EXPECT_STREQ("S0", syms[0]);
	EXPECT_STREQ("S19999", syms[n - 1]);
	for (i = 0; i < m; i++)
		free(syms[i]);
	free(syms);
	sb_free(&sb);
}

/*
 * The value of a condition over config_text, a case a variant, named
 * for its group and expression: tri_* (tristates), neg_* (!m is m),
 * logic_* (&& and || with m; && binds tighter), tricmp_*, str_* and
 * num_* (comparisons of tristates, strings and numbers).
 */
FIXTURE(value) {
};

FIXTURE_SETUP(value)
{
}

FIXTURE_TEARDOWN(value)
{
}

FIXTURE_VARIANT(value) {
	const char *expr;
	char want;	/* 'n', 'm' or 'y' */
};

FIXTURE_VARIANT_ADD(value, tri_A) {
	.expr = "A",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, tri_B) {
	.expr = "B",
	.want = 'm',
};

FIXTURE_VARIANT_ADD(value, tri_C) {
	.expr = "C",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, tri_y) {
	.expr = "y",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, tri_m) {
	.expr = "m",
	.want = 'm',
};

FIXTURE_VARIANT_ADD(value, tri_n) {
	.expr = "n",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, neg_not_B) {
	.expr = "!B",
	.want = 'm',
};

FIXTURE_VARIANT_ADD(value, neg_not_A) {
	.expr = "!A",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, neg_not_C) {
	.expr = "!C",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, neg_not_not_B) {
	.expr = "!!B",
	.want = 'm',
};

FIXTURE_VARIANT_ADD(value, logic_A_and_B) {
	.expr = "A && B",
	.want = 'm',
};

FIXTURE_VARIANT_ADD(value, logic_B_and_C) {
	.expr = "B && C",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, logic_A_or_B) {
	.expr = "A || B",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, logic_B_or_C) {
	.expr = "B || C",
	.want = 'm',
};

FIXTURE_VARIANT_ADD(value, logic_B_and_not_C) {
	.expr = "B && !C",
	.want = 'm',
};

FIXTURE_VARIANT_ADD(value, logic_open_B_or_A_close_and_not_open_C_or_n_close) {
	.expr = "(B || A) && !(C || n)",
	.want = 'y',
};

/* && binds tighter than || */
FIXTURE_VARIANT_ADD(value, logic_A_or_B_and_C) {
	.expr = "A || B && C",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, logic_open_A_or_B_close_and_C) {
	.expr = "(A || B) && C",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, tricmp_B_eq_m) {
	.expr = "B = m",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, tricmp_B_eq_y) {
	.expr = "B = y",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, tricmp_B_ne_y) {
	.expr = "B != y",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, tricmp_A_eq_y) {
	.expr = "A = y",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, tricmp_C_eq_n) {
	.expr = "C = n",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, tricmp_C_ne_n) {
	.expr = "C != n",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, tricmp_A_ne_B) {
	.expr = "A != B",
	.want = 'y',
};

/* not in the config: n */
FIXTURE_VARIANT_ADD(value, tricmp_UNSET_eq_n) {
	.expr = "UNSET = n",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, str_S_eq_q_abc_q) {
	.expr = "S = \"abc\"",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, str_S_eq_q_abd_q) {
	.expr = "S = \"abd\"",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, str_S_ne_q_abd_q) {
	.expr = "S != \"abd\"",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, str_EMPTY_eq_q_q) {
	.expr = "EMPTY = \"\"",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, str_S_ne_q_q) {
	.expr = "S != \"\"",
	.want = 'y',
};

/* a string symbol the config does not set is "" */
FIXTURE_VARIANT_ADD(value, str_UNSET_STR_eq_q_q) {
	.expr = "UNSET_STR = \"\"",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, str_UNSET_STR_eq_q_abc_q) {
	.expr = "UNSET_STR = \"abc\"",
	.want = 'n',
};

/* a string alone is n in Kconfig */
FIXTURE_VARIANT_ADD(value, str_S) {
	.expr = "S",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, num_N_gt_32) {
	.expr = "N > 32",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_N_lt_32) {
	.expr = "N < 32",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, num_N_eq_64) {
	.expr = "N = 64",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_N_ge_64) {
	.expr = "N >= 64",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_N_gt_64) {
	.expr = "N > 64",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, num_N_le_64) {
	.expr = "N <= 64",
	.want = 'y',
};

/* numbers, not text: "64" < "100" as text */
FIXTURE_VARIANT_ADD(value, num_N_lt_100) {
	.expr = "N < 100",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_H_gt_0x10) {
	.expr = "H > 0x10",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_H_lt_0x10) {
	.expr = "H < 0x10",
	.want = 'n',
};

FIXTURE_VARIANT_ADD(value, num_H_eq_0x1f) {
	.expr = "H = 0x1f",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_NEG_lt_0) {
	.expr = "NEG < 0",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_NEG_gt_minus_4) {
	.expr = "NEG > -4",
	.want = 'y',
};

FIXTURE_VARIANT_ADD(value, num_NEG_eq_minus_4) {
	.expr = "NEG = -4",
	.want = 'n',
};

/* y && m */
FIXTURE_VARIANT_ADD(value, num_N_gt_32_and_B) {
	.expr = "N > 32 && B",
	.want = 'm',
};

TEST_F(value, of_the_condition)
{
	EXPECT_EQ(variant->want, eval(variant->expr)) {
		TH_LOG("%s", variant->expr);
	}
}

TEST(undeclared_symbols_are_n)
{
	EXPECT_EQ('n', eval("NOT_IN_CONFIG"));
	EXPECT_EQ('y', eval("!NOT_IN_CONFIG"));
	EXPECT_EQ('n', eval("A && NOT_IN_CONFIG"));
	EXPECT_EQ('n', eval_with("", NULL, "EXT4_FS"));
	EXPECT_EQ('y', eval_with("", NULL, "!EXT4_FS"));
}

TEST(modules_unset_turns_m_into_y)
{
	static const char nomod[] =
		"# CONFIG_MODULES is not set\nCONFIG_B=m\n";

	EXPECT_EQ('y', eval_with(nomod, NULL, "B"));
	EXPECT_EQ('n', eval_with(nomod, NULL, "!B"));
	EXPECT_EQ('y', eval_with(nomod, NULL, "m"));
	/* with modules, the same config keeps m */
	EXPECT_EQ('m', eval_with("CONFIG_MODULES=y\nCONFIG_B=m\n", NULL, "B"));
	/* and MODULES itself reads as set */
	EXPECT_EQ('n', eval_with(nomod, NULL, "MODULES"));
	EXPECT_EQ('y', eval("MODULES"));
}

TEST(reserved_prefix_in_config_ignored)
{
	/* the config tries to override the symbol of our first condition */
	static const char text[] =
		"CONFIG_" KCOND_PREFIX "COND_0=y\n"
		"CONFIG_" KCOND_PREFIX "COND_1=y\n"
		"# CONFIG_A is not set\n";

	EXPECT_EQ('n', eval_with(text, NULL, "A"));
	EXPECT_EQ('y', eval_with(text, NULL, "!A"));
}

static void lint_rejects(struct __test_metadata *_metadata,
			 const char *expr, const char *what)
{
	char *msg = kcond_lint(expr);

	EXPECT_NE(NULL, msg) {
		TH_LOG("'%s' accepted", expr);
	}
	if (msg) {
		EXPECT_NE(NULL, strstr(msg, what)) {
			TH_LOG("'%s': %s", expr, msg);
		}
	}
	free(msg);
}

TEST(lint_rejects_what_kconfig_must_not_see)
{
	lint_rejects(_metadata, "$(shell,touch /tmp/fexp-pwned)", "'$'");
	lint_rejects(_metadata, "A && $(B)", "'$'");
	lint_rejects(_metadata, "S = \"$(shell,id)\"", "'$'");
	lint_rejects(_metadata, "A \\", "'\\'");
	lint_rejects(_metadata, "S = \"a\\\"b\"", "'\\'");
	lint_rejects(_metadata, "A # B", "'#'");
	lint_rejects(_metadata, "A; B", "';'");
	lint_rejects(_metadata, "A\nconfig X", "0x0a");
	lint_rejects(_metadata, "A \001", "0x01");
	lint_rejects(_metadata, "S = \"\377\"", "byte 0xff not allowed");
	lint_rejects(_metadata, "S = \"\t\"", "byte 0x09 not allowed");
	lint_rejects(_metadata, "S = \"abc", "unterminated");
}

/* 20,000 parentheses deep: said so, not "kconfig gave no value" */
TEST(lint_says_a_condition_is_nested_too_deep)
{
	struct strbuf sb = { 0 };
	char *msg;
	int i;

	for (i = 0; i < 20000; i++)
		sb_puts(&sb, "(");
	sb_puts(&sb, "A");
	for (i = 0; i < 20000; i++)
		sb_puts(&sb, ")");
	lint_rejects(_metadata, sb.buf, "nested too deep");
	sb_free(&sb);
	/* as deep as it may be: fine */
	for (i = 0; i < KCOND_DEPTH_MAX; i++)
		sb_puts(&sb, "(");
	sb_puts(&sb, "A");
	for (i = 0; i < KCOND_DEPTH_MAX; i++)
		sb_puts(&sb, ")");
	msg = kcond_lint(sb.buf);
	EXPECT_EQ(NULL, msg) TH_LOG("%s", msg);
	sb_free(&sb);
}

TEST(odd_config_names_do_not_break_kconfig)
{
	/* accepted by the .config reader, but not words kconfig takes */
	static const char text[] =
		"CONFIG_if=y\nCONFIG_menu=m\nCONFIG_64BIT=y\nCONFIG_A=y\n"
		"CONFIG_source=\"x\"\n";

	EXPECT_EQ('y', eval_with(text, NULL, "A"));
	EXPECT_EQ('y', eval_with(text, NULL, "64BIT"));
	EXPECT_EQ('y', eval_with(text, NULL, "A && 64BIT"));
}

TEST(lint_rejects_keywords_and_prefixes)
{
	lint_rejects(_metadata, "A if B", "'if' is not a config symbol");
	lint_rejects(_metadata, "depends", "'depends'");
	lint_rejects(_metadata, "A && source", "'source'");
	lint_rejects(_metadata, "CONFIG_EXT4_FS", "without CONFIG_");
	lint_rejects(_metadata, "!CONFIG_A", "without CONFIG_");
	lint_rejects(_metadata, KCOND_PREFIX "COND_0", "reserved");
	lint_rejects(_metadata, "A || " KCOND_PREFIX "X", "reserved");
}

TEST(lint_rejects_bad_structure)
{
	lint_rejects(_metadata, "", "empty");
	lint_rejects(_metadata, "   \t ", "empty");
	lint_rejects(_metadata, "(A", "'(' without ')'");
	lint_rejects(_metadata, "A)", "')' without '('");
	lint_rejects(_metadata, ")A(", "')' without '('");
}

TEST(lint_accepts_expressions)
{
	static const char *const good[] = {
		"A", "!A", "A && B || !(C)", "A = m", "A != y", "N > 0x10",
		"S = \"x y\"", "S = 'single'", "64BIT", "A<=B", "N >= -1",
		"Mixed_Case", "y", "m",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(good); i++) {
		char *msg = kcond_lint(good[i]);

		EXPECT_EQ(NULL, msg) {
			TH_LOG("'%s': %s", good[i], msg);
		}
		free(msg);
	}
}

TEST(shell_never_runs)
{
	static const char mark[] = "/tmp/fexp-kcond-shell-ran";
	struct kconfig_file cfg;
	struct kcond c[2] = {
		{ .expr = "A" },
		{ .expr = "$(shell,touch /tmp/fexp-kcond-shell-ran) && A" },
	};
	char *err = NULL;

	unlink(mark);
	ASSERT_EQ(0, kconfig_parse("t", config_text, strlen(config_text),
				   &cfg, &err));
	EXPECT_EQ(1, kcond_eval(c, 2, &cfg, NULL, &err));
	EXPECT_EQ('y', c[0].value);
	EXPECT_EQ(NULL, c[0].error);
	EXPECT_NE(NULL, c[1].error);
	EXPECT_NE(0, access(mark, F_OK));
	free(c[1].error);
	kconfig_free(&cfg);
}

TEST(syntax_error_names_the_condition)
{
	struct kconfig_file cfg;
	struct kcond c[] = {
		{ .expr = "A" },
		{ .expr = "A && && B" },
		{ .expr = "B" },
		{ .expr = "A =" },
		{ .expr = "!C" },
		{ .expr = "A B" },
		{ .expr = "N > 32" },
	};
	char *err = NULL;
	size_t i;

	ASSERT_EQ(0, kconfig_parse("t", config_text, strlen(config_text),
				   &cfg, &err));
	EXPECT_EQ(1, kcond_eval(c, ARRAY_SIZE(c), &cfg, NULL, &err));
	EXPECT_EQ(NULL, err);
	EXPECT_EQ('y', c[0].value);
	EXPECT_EQ('m', c[2].value);
	EXPECT_EQ('y', c[4].value);
	EXPECT_EQ('y', c[6].value);
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		bool bad = i == 1 || i == 3 || i == 5;

		if (bad) {
			ASSERT_NE(NULL, c[i].error);
			EXPECT_NE(NULL, strstr(c[i].error, "syntax error")) {
				TH_LOG("%s: %s", c[i].expr, c[i].error);
			}
			/* our temporary file is not named */
			EXPECT_EQ(NULL, strstr(c[i].error, "/tmp/"));
		} else {
			EXPECT_EQ(NULL, c[i].error) {
				TH_LOG("%s: %s", c[i].expr, c[i].error);
			}
		}
		free(c[i].error);
	}
	kconfig_free(&cfg);
}

TEST(many_conditions_in_one_go)
{
	struct kconfig_file cfg;
	struct kcond c[200];
	char *exprs[200], *err = NULL;
	size_t i;

	ASSERT_EQ(0, kconfig_parse("t", config_text, strlen(config_text),
				   &cfg, &err));
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		/* alternately y, m, n */
		static const char *const forms[] = { "A", "B", "C" };

		exprs[i] = strdup(forms[i % 3]);
		c[i] = (struct kcond){ .expr = exprs[i] };
	}
	EXPECT_EQ(0, kcond_eval(c, ARRAY_SIZE(c), &cfg, NULL, &err));
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		EXPECT_EQ("ymn"[i % 3], c[i].value);
		free(exprs[i]);
	}
	kconfig_free(&cfg);
}

TEST(no_config_still_checks_syntax)
{
	struct kcond c[] = { { .expr = "A || B" }, { .expr = "A ||" } };
	char *err = NULL;

	EXPECT_EQ(1, kcond_eval(c, 2, NULL, NULL, &err));
	EXPECT_EQ('n', c[0].value);
	EXPECT_EQ(NULL, c[0].error);
	EXPECT_NE(NULL, c[1].error);
	free(c[1].error);
}

TEST(symbols_of_an_expression)
{
	size_t n;
	char **syms = kcond_symbols("A && (B || !A) && S = \"A\" && N > 3 && m",
				    &n);

	ASSERT_EQ(4, n);
	EXPECT_STREQ("A", syms[0]);
	EXPECT_STREQ("B", syms[1]);
	EXPECT_STREQ("S", syms[2]);
	EXPECT_STREQ("N", syms[3]);
	EXPECT_EQ(NULL, syms[4]);
	free_list(syms);
}

/* Mutated conditions: a value or an error, never a crash or a hang */
TEST(mutated_conditions_never_crash)
{
	static const char *const seeds[] = {
		"A && !(B || C)", "S = \"abc\" || N > 0x10", "B != m && !A",
	};
	static const char alphabet[] = "AB()!&|=<>\" 'ymn0x19_\\$#";
	struct kconfig_file cfg;
	struct kcond c[150];
	char *exprs[150], *err = NULL;
	unsigned int seed = 777;
	size_t i, n = 0, valued = 0;
	int ret;

	ASSERT_EQ(0, kconfig_parse("t", config_text, strlen(config_text),
				   &cfg, &err));
	for (i = 0; i < ARRAY_SIZE(c); i++) {
		char buf[64];
		size_t len, k;

		snprintf(buf, sizeof(buf), "%s", seeds[i % ARRAY_SIZE(seeds)]);
		len = strlen(buf);
		for (k = 0; k < 3; k++) {
			size_t at = rand_r(&seed) % len;

			if (rand_r(&seed) % 2)
				buf[at] = alphabet[rand_r(&seed) %
						   (sizeof(alphabet) - 1)];
			else
				memmove(buf + at, buf + at + 1, len-- - at);
			if (!len)
				break;
		}
		exprs[n] = strdup(buf);
		c[n] = (struct kcond){ .expr = exprs[n] };
		n++;
	}
	ret = kcond_eval(c, n, &cfg, NULL, &err);
	EXPECT_TRUE(ret == 0 || ret == 1) {
		TH_LOG("%s", err);
	}
	for (i = 0; i < n; i++) {
		if (c[i].error) {
			EXPECT_EQ(0, c[i].value);
		} else {
			EXPECT_NE(NULL, strchr("nmy", c[i].value));
			EXPECT_NE(0, c[i].value);
			valued++;
		}
		free(c[i].error);
		free(exprs[i]);
	}
	EXPECT_GT(valued, 10);
	EXPECT_LT(valued, n);
	free(err);
	kconfig_free(&cfg);
}

static bool have_tree(void)
{
	struct stat st;

	return !stat(KSRC "/Kconfig", &st) &&
	       !stat(KSRC "/fs/ext4/Kconfig", &st);
}

/*
 * Reading a whole kernel tree's Kconfig takes seconds of CPU, a minute
 * on a loaded machine: more than the harness's 30 s, which is no test
 * of ours. A fixture only to give such tests TREE_TIMEOUT.
 */
#define TREE_TIMEOUT	600

FIXTURE(tree) {
	int unused;
};

FIXTURE_SETUP(tree)
{
	if (!have_tree())
		SKIP(return, "no kernel tree at %s", KSRC);
}

FIXTURE_TEARDOWN(tree)
{
}

/* With the kernel tree: types, defaults and dependencies count */
TEST_F_TIMEOUT(tree, real_tree_conditions, TREE_TIMEOUT)
{
	static const char text[] =
		"CONFIG_MODULES=y\nCONFIG_BLOCK=y\nCONFIG_EXT4_FS=m\n"
		"# CONFIG_XFS_FS is not set\n";
	struct kconfig_file cfg;
	struct kcond c[] = {
		{ .expr = "EXT4_FS" },
		{ .expr = "!EXT4_FS" },
		{ .expr = "XFS_FS" },
		{ .expr = "NO_SUCH_SYMBOL_AT_ALL" },
		{ .expr = "EXT4_FS && BLOCK" },
		{ .expr = "EXT4_FS && &&" },
	};
	char *err = NULL;

	ASSERT_EQ(0, kconfig_parse("t", text, strlen(text), &cfg, &err));
	ASSERT_EQ(1, kcond_eval(c, ARRAY_SIZE(c), &cfg, KSRC, &err)) {
		TH_LOG("%s", err);
	}
	EXPECT_EQ('m', c[0].value);
	EXPECT_EQ('m', c[1].value);
	EXPECT_EQ('n', c[2].value);
	EXPECT_EQ('n', c[3].value);
	EXPECT_EQ('m', c[4].value);
	ASSERT_NE(NULL, c[5].error);
	EXPECT_NE(NULL, strstr(c[5].error, "syntax error"));
	free(c[5].error);
	kconfig_free(&cfg);
}

static bool declared(const struct strlist *names, const char *name)
{
	size_t i;

	for (i = 0; i < names->n; i++) {
		if (!strcmp(names->v[i], name))
			return true;
	}
	return false;
}

TEST_F_TIMEOUT(tree, real_tree_declares_symbols, TREE_TIMEOUT)
{
	struct strlist names = { 0 };
	char *err = NULL;
	size_t i;
	int ret;

	ret = kcond_tree_declared(KSRC, &names, &err);
	ASSERT_EQ(0, ret) {
		TH_LOG("%s", err);
	}
	EXPECT_TRUE(declared(&names, "EXT4_FS"));
	EXPECT_TRUE(declared(&names, "XFS_FS"));
	EXPECT_TRUE(declared(&names, "MODULES"));
	EXPECT_FALSE(declared(&names, "NO_SUCH_SYMBOL_AT_ALL"));
	/* a real tree declares thousands, sorted and without duplicates */
	EXPECT_LT(5000, names.n);
	for (i = 1; i < names.n; i++)
		EXPECT_GT(0, strcmp(names.v[i - 1], names.v[i]));
	strlist_free(&names);
}

TEST(missing_tree_is_an_error)
{
	struct kcond c = { .expr = "A" };
	struct strlist names = { 0 };
	char *err = NULL;

	EXPECT_EQ(-1, kcond_eval(&c, 1, NULL, "/nonexistent/tree", &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "/nonexistent/tree"));
	free(err);
	err = NULL;
	EXPECT_EQ(-1, kcond_tree_declared("/nonexistent/tree", &names, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "/nonexistent/tree"));
	free(err);
	strlist_free(&names);
}

/*
 * One binary for every stable tree: the trees of both versions make
 * check unpacks (6.1 and 6.12), whichever one this binary links the
 * kconfig of. The other is read with its own kconfig, built once into a
 * cache (slow the first time: a generous timeout).
 */
FIXTURE(tree_of_each_version) {
	char *cache;
};

FIXTURE_VARIANT(tree_of_each_version) {
	const char *tree;
};

FIXTURE_VARIANT_ADD(tree_of_each_version, v6_1) {
	.tree = SRCDIR "/../../../.cache/linux-source-6.1",
};

FIXTURE_VARIANT_ADD(tree_of_each_version, v6_12) {
	.tree = SRCDIR "/../../../.cache/linux-source-6.12",
};

FIXTURE_SETUP(tree_of_each_version)
{
	/* kept between runs: the tree's kconfig is built once */
	self->cache = strdup("/tmp/fexp-test-kconfig-cache");
	setenv("XDG_CACHE_HOME", self->cache, 1);
}

FIXTURE_TEARDOWN(tree_of_each_version)
{
	free(self->cache);
}

TEST_F_TIMEOUT(tree_of_each_version, conditions_and_symbols, 600)
{
	static const char text[] =
		"CONFIG_MODULES=y\nCONFIG_BLOCK=y\nCONFIG_EXT4_FS=m\n"
		"# CONFIG_XFS_FS is not set\nCONFIG_X86=y\n";
	struct kcond c[] = {
		{ .expr = "EXT4_FS" },
		{ .expr = "XFS_FS" },
		{ .expr = "EXT4_FS && BLOCK" },
		{ .expr = "FS_DAX" },
	};
	struct kconfig_file cfg;
	struct strlist names = { 0 };
	struct stat st;
	char *err = NULL, *kconfig;
	size_t i;

	if (asprintf(&kconfig, "%s/fs/ext4/Kconfig", variant->tree) < 0)
		abort();
	if (stat(kconfig, &st)) {
		free(kconfig);
		SKIP(return, "no kernel tree at %s", variant->tree);
	}
	free(kconfig);
	ASSERT_EQ(0, kconfig_parse("t", text, strlen(text), &cfg, &err));
	ASSERT_EQ(0, kcond_eval(c, ARRAY_SIZE(c), &cfg, variant->tree, &err)) {
		TH_LOG("%s", err);
	}
	EXPECT_EQ('m', c[0].value);
	EXPECT_EQ('n', c[1].value);
	EXPECT_EQ('m', c[2].value);
	/* FS_DAX depends on things this small config does not have */
	EXPECT_EQ('n', c[3].value);
	kconfig_free(&cfg);
	ASSERT_EQ(0, kcond_tree_declared(variant->tree, &names, &err)) {
		TH_LOG("%s", err);
	}
	EXPECT_LT(5000, names.n);
	for (i = 0; i < names.n && strcmp(names.v[i], "EXT4_FS"); i++)
		;
	EXPECT_LT(i, names.n);
	strlist_free(&names);
}

TEST_HARNESS_MAIN
