// SPDX-License-Identifier: GPL-2.0
/*
 * The fstests commit of a run: from --fstests, from what "run" recorded
 * beside the result.xml, from the fstests tree the results lie in, from
 * $FSTESTS_DIR, in that order; "unknown" only when none says it, and
 * never the commit of a repository a tree merely lies in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/archive.h"
#include "fstests/commit.h"
#include "test-util.h"
#include "tmpdir-fixture.h"

#define XML	SRCDIR "/tests/fixtures/compare/runs/run1-ext4/ext4_1k/result.xml"
#define GIT	"git -c user.name=t -c user.email=t@t -c init.defaultBranch=m"

/* An fstests tree at dir (check, tests/), a git tree with a commit if git */
static char *make_tree(const char *dir, bool git)
{
	char *head = str_printf("%s.head", dir);
	char *sha;
	size_t len;

	if (shell_call("mkdir -p %s/tests/generic && echo '#!/bin/bash' > %s/check",
		       dir, dir))
		abort();
	if (!git)
		return NULL;
	if (shell_call("cd %s && " GIT " init -q && " GIT " add . && "
		       GIT " commit -qm t && git rev-parse HEAD > %s", dir, head))
		abort();
	sha = get_file(head, &len);
	sha[strcspn(sha, "\n")] = '\0';
	return sha;
}

/* A result.xml at dir/results/ext4_1k/: its path */
static char *put_results(const char *dir)
{
	char *res = str_printf("%s/results/ext4_1k", dir);

	if (shell_call("mkdir -p %s && cp %s %s/", res, XML, res))
		abort();
	return str_printf("%s/result.xml", res);
}

/* fstests_commit_of_run() as a string: "unknown" for NULL */
static const char *of_run(const char *opt, const char *path)
{
	char *c = fstests_commit_of_run(opt, path);

	return c ? c : "unknown";
}

TEST_F(tmp, each_place_that_says_the_commit_in_turn)
{
	char *in = str_printf("%s/fstests", self->dir);
	char *other = str_printf("%s/other", self->dir);
	char *a = make_tree(in, true), *b = make_tree(other, true);
	char *inside = put_results(in);
	char *outside = put_results(str_printf("%s/elsewhere", self->dir));
	const char *c = "0123456789abcdef0123456789abcdef01234567";

	unsetenv("FSTESTS_DIR");
	EXPECT_STREQ(a, of_run(NULL, inside));
	EXPECT_STREQ("unknown", of_run(NULL, outside));
	setenv("FSTESTS_DIR", other, 1);
	EXPECT_STREQ(b, of_run(NULL, outside));
	/* the tree the results lie in says more than the environment */
	EXPECT_STREQ(a, of_run(NULL, inside));
	/* what run recorded beside the results says more */
	ASSERT_EQ(0, shell_call("cd %s/elsewhere/results/ext4_1k && mkdir -p %s && echo %s > %s",
				self->dir, "fstests-expunge", c, FSTESTS_COMMIT_FILE));
	EXPECT_STREQ(c, of_run(NULL, outside));
	/* and --fstests more still */
	EXPECT_STREQ(b, of_run(other, outside));
	EXPECT_STREQ(b, of_run(other, inside));
	unsetenv("FSTESTS_DIR");
}

TEST_F(tmp, a_tree_without_its_own_git_is_unknown)
{
	char *outer = str_printf("%s/outer", self->dir);
	char *plain = str_printf("%s/outer/fstests", self->dir);
	char *results;

	/* a git repository with an unpacked fstests tree in it */
	make_tree(outer, true);
	make_tree(plain, false);
	results = put_results(plain);
	unsetenv("FSTESTS_DIR");
	EXPECT_STREQ("unknown", of_run(NULL, results));
	EXPECT_STREQ("unknown", of_run(plain, results));
	/* a recorded line that is no commit id is not taken */
	ASSERT_EQ(0, shell_call("cd %s/results/ext4_1k && mkdir -p %s && echo 'HEAD; x' > %s",
				plain, "fstests-expunge", FSTESTS_COMMIT_FILE));
	EXPECT_STREQ("unknown", of_run(NULL, results));
	/* a git tree without a commit yet */
	ASSERT_EQ(0, shell_call("cd %s && git init -q", plain));
	EXPECT_STREQ("unknown", of_run(plain, results));
}

/* The fstests line of the one run of archive dir */
static int one_run(struct archive_run *run, void *arg)
{
	*(char **)arg = strdup(record_get(&run->rec, "fstests"));
	return 0;
}

TEST_F(tmp, archive_add_records_it)
{
	char *tree = str_printf("%s/fstests", self->dir);
	char *sha = make_tree(tree, true), *got = NULL, *err = NULL;
	struct proc_out r;

	put_results(tree);
	unsetenv("FSTESTS_DIR");
	r = fexp_call(str_printf("archive add -a %s/a %s/results", self->dir, tree));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, archive_each(str_printf("%s/a", self->dir), NULL, one_run,
				  &got, &err)) TH_LOG("%s", err);
	EXPECT_STREQ(sha, got);
	/* outside any tree, without --fstests: unknown */
	put_results(str_printf("%s/x", self->dir));
	r = fexp_call(str_printf("archive add -a %s/b %s/x/results", self->dir,
				 self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, archive_each(str_printf("%s/b", self->dir), NULL, one_run,
				  &got, &err)) TH_LOG("%s", err);
	EXPECT_STREQ("unknown", got);
	r = fexp_call(str_printf("archive add -a %s/c --fstests %s %s/x/results",
				 self->dir, tree, self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, archive_each(str_printf("%s/c", self->dir), NULL, one_run,
				  &got, &err)) TH_LOG("%s", err);
	EXPECT_STREQ(sha, got);
	r = fexp_call(str_printf("archive add -a %s/d --fstests %s/none %s/x/results",
				 self->dir, self->dir, self->dir));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "/none: not a directory")) TH_LOG("%s", r.err);
}

TEST_HARNESS_MAIN
