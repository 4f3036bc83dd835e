// SPDX-License-Identifier: GPL-2.0
/*
 * compare --fstests [--srctree]: a failing test's source names the kernel
 * fixes for it; the report says which ones the kernel tree lacks.
 */
#include "git-fixture.h"
#include "json-reader.h"
#include "test-util.h"
#include "kselftest_harness.h"

#define RUN4 FIXTURE_PATH("compare/runs/run4-xfs")

/* An fstests tree whose generic/531 names two fixes; returns its path. */
static char *fstests_tree(const char *dir, const char *have, const char *lack)
{
	char *path, *test;
	FILE *f;

	if (asprintf(&path, "%s/fstests", dir) < 0 ||
	    asprintf(&test, "%s/tests/generic/531", path) < 0 ||
	    shell_call("mkdir -p %s/tests/generic", path))
		abort();
	f = fopen(test, "w");
	if (!f)
		abort();
	fprintf(f, "#! /bin/bash\n. ./common/preamble\n"
		"_fixed_by_kernel_commit %.12s \\\n\t\"fs: the fix we have\"\n"
		"[ \"$FSTYP\" = \"btrfs\" ] && _fixed_by_kernel_commit 0123456789ab \"btrfs: not ours\"\n"
		"_fixed_by_kernel_commit %s \"xfs: the fix we lack\"\n",
		have, lack);
	fclose(f);
	free(test);
	return path;
}

/*
 * In compare's JSON, the results whose hints name a fix ("fix ..."), or
 * (with_fix false) that have none (null); -1 when it is not JSON.
 */
static int count_hints(const char *out, bool with_fix)
{
	struct jval *j = json_parse(out);
	const struct jval *secs = json_at(j, "sections"), *res, *h;
	size_t i, k;
	int n = 0;

	if (!j)
		return -1;
	for (i = 0; secs && i < secs->n; i++) {
		res = json_at(&secs->items[i], "results");
		for (k = 0; res && k < res->n; k++) {
			h = json_at(&res->items[k], "hints");
			if (with_fix && h && h->type == J_ARR && h->n &&
			    str_starts(json_str_at(h, "0") ?: "", "fix "))
				n++;
			else if (!with_fix && h && h->type == J_NULL)
				n++;
		}
	}
	json_free(j);
	return n;
}

TEST(hints_say_which_fix_the_tree_lacks)
{
	char *dir = git_sandbox(), *tree = git_repo(dir, "linux");
	char *have = git_commit(tree, "fs: the fix we have\n");
	char *fst = fstests_tree(dir, have, "fedcba987654");
	struct proc_out r;
	char *args;

	ASSERT_LE(0, asprintf(&args, "compare --fstests %s --srctree %s %s",
			      fst, tree, RUN4));
	r = fexp_call(args);
	EXPECT_EQ(1, r.status);		/* generic/531 still regresses */
	EXPECT_NE(NULL, strstr(r.out, "fedcba987654"));
	EXPECT_NE(NULL, strstr(r.out, "not in HEAD"));
	/* the fix the tree has is said to be there */
	EXPECT_NE(NULL, strstr(r.out, "is in HEAD"));
	/* a hint for another filesystem is not shown for xfs */
	EXPECT_EQ(NULL, strstr(r.out, "0123456789ab"));
	/* only a failing test gets hints: generic/564 has no source here */
	EXPECT_EQ(NULL, strstr(r.err, "generic/003"));
	proc_out_free(&r);
	free(args);

	ASSERT_LE(0, asprintf(&args, "compare --format json --fstests %s --srctree %s %s",
			      fst, tree, RUN4));
	r = fexp_call(args);
	EXPECT_EQ(1, count_hints(r.out, true));	/* the one with a fix */
	EXPECT_LT(0, count_hints(r.out, false));
	proc_out_free(&r);
	free(args);

	ASSERT_LE(0, asprintf(&args, "compare --format ktap --fstests %s --srctree %s %s",
			      fst, tree, RUN4));
	r = fexp_call(args);
	EXPECT_NE(NULL, strstr(r.out, "    # fix fedcba987654"));
	proc_out_free(&r);
	free(args);
	shell_call("rm -rf %s", dir);
}

TEST(hints_without_git_list_the_fixes)
{
	char *dir = git_sandbox();
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
	struct proc_out r;
	char *args;

	ASSERT_LE(0, asprintf(&args, "compare --fstests %s %s", fst, RUN4));
	r = fexp_call(args);
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, "aaaaaaaaaaaa"));
	EXPECT_NE(NULL, strstr(r.out, "bbbbbbbbbbbb"));
	EXPECT_EQ(NULL, strstr(r.out, "is in HEAD"));
	proc_out_free(&r);
	free(args);
	shell_call("rm -rf %s", dir);
}

/* The line of the report that names fix, or NULL */
static char *line_with(const char *out, const char *fix)
{
	const char *at = strstr(out, fix), *start = at, *end;

	if (!at)
		return NULL;
	while (start > out && start[-1] != '\n')
		start--;
	end = strchrnul(at, '\n');
	return strndup(start, end - start);
}

/* The mail and the web page name the fixes too, each on its own line */
TEST(hints_in_email_and_html)
{
	char *dir = git_sandbox();
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
	struct proc_out r;
	char *args, *line;

	ASSERT_LE(0, asprintf(&args, "compare --format email --fstests %s %s",
			      fst, RUN4));
	r = fexp_call(args);
	EXPECT_EQ(1, r.status);
	line = line_with(r.out, "bbbbbbbbbbbb");
	ASSERT_NE(NULL, line);
	EXPECT_TRUE(str_starts(line, "      fix bbbbbbbbbbbb"));
	EXPECT_GE(72, strlen(line));
	free(line);
	proc_out_free(&r);
	free(args);

	ASSERT_LE(0, asprintf(&args, "compare --format html --fstests %s %s",
			      fst, RUN4));
	r = fexp_call(args);
	EXPECT_EQ(1, r.status);
	line = line_with(r.out, "bbbbbbbbbbbb");
	ASSERT_NE(NULL, line);
	EXPECT_NE(NULL, strstr(line, "<p class=\"hint\">fix bbbbbbbbbbbb"));
	free(line);
	proc_out_free(&r);
	free(args);
	shell_call("rm -rf %s", dir);
}

/* KCIDB carries them in the failing test's misc, one string a fix */
TEST(hints_in_kcidb)
{
	char *dir = git_sandbox();
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
	struct proc_out r;
	char *args, *got;

	ASSERT_LE(0, asprintf(&args, "compare --format kcidb --origin t --fstests %s %s",
			      fst, RUN4));
	r = fexp_call(args);
	EXPECT_EQ(1, r.status);
	got = jsonq(r.out,
		    "[.tests[] | select(.path == \"fstests.xfs_crc.generic.531\") | .misc.hints[] | .[0:16]] | join(\",\")");
	EXPECT_STREQ("fix aaaaaaaaaaaa,fix bbbbbbbbbbbb", got ? got : "(not JSON)");
	free(got);
	/* a test that passed has none */
	got = jsonq(r.out, "[.tests[] | select(.status == \"PASS\" and .misc.hints)] | length");
	EXPECT_STREQ("0", got ? got : "(not JSON)");
	free(got);
	proc_out_free(&r);
	free(args);
	shell_call("rm -rf %s", dir);
}

TEST(hints_need_a_readable_git_tree)
{
	char *dir = git_sandbox();
	char *fst = fstests_tree(dir, "aaaaaaaaaaaa", "bbbbbbbbbbbb");
	struct proc_out r;
	char *args;

	/* a broken .git: the history cannot be read */
	ASSERT_EQ(0, shell_call("mkdir -p %s/broken/.git", dir));
	ASSERT_LE(0, asprintf(&args, "compare --fstests %s --srctree %s/broken %s",
			      fst, dir, RUN4));
	r = fexp_call(args);
	EXPECT_EQ(2, r.status);
	EXPECT_NE(0, strlen(r.err));
	proc_out_free(&r);
	free(args);
	shell_call("rm -rf %s", dir);
}

TEST_HARNESS_MAIN
