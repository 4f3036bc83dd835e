// SPDX-License-Identifier: GPL-2.0
/*
 * import of a user's own lists (a list file, an xfstests-bld tree
 * without global_exclude, a kdevops tree without any/): lines that say
 * they are the user's (from=user:), in a block of their own, apart from
 * the lines imported from the harnesses' upstream lists.
 */
#include "tmpdir-fixture.h"

/* A data file with a hand line and a block imported from upstream */
#define HEAD \
	"# xfs: known failures\n" \
	"\n" \
	"generic/001 fail  # by hand\n"
#define UPSTREAM \
	"\n" \
	"# Imported from xfstests-bld (fstests-expunge import).\n" \
	"generic/100 expunge from=xfstests-bld:fs/xfs/exclude@abcdef0  # upstream says so\n" \
	"generic/475 expunge from=xfstests-bld:fs/xfs/exclude@abcdef0  # upstream too\n"

/* path under dir, made with its directories, holding text */
static char *put(const char *dir, const char *path, const char *text)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, path) < 0 ||
	    shell_call("mkdir -p \"$(dirname %s)\"", p))
		abort();
	put_str(p, text);
	return p;
}

static char *import_into(const char *dir, const char *from,
			 const char *what, struct proc_out *r)
{
	char *args, *path;
	size_t len;

	if (asprintf(&args, "import --from %s %s/%s --fs xfs --write --data %s/data",
		     from, dir, what, dir) < 0 ||
	    asprintf(&path, "%s/data/xfs.expunge", dir) < 0)
		abort();
	*r = fexp_call(args);
	free(args);
	args = get_file(path, &len);
	free(path);
	return args;
}

/* The data still passes check */
static int check_data(const char *dir)
{
	char *args;
	struct proc_out r;
	int st;

	if (asprintf(&args, "check --data %s/data", dir) < 0)
		abort();
	r = fexp_call(args);
	st = r.status;
	proc_out_free(&r);
	free(args);
	return st;
}

TEST_F(tmp, list_goes_into_its_own_block)
{
	char *list, *got, *want;
	struct proc_out r;

	free(put(self->dir, "data/xfs.expunge", HEAD UPSTREAM));
	list = put(self->dir, "my.exclude",
		   "generic/475  # hangs on my box\ngeneric/480\ngeneric/001 # mine\n");
	got = import_into(self->dir, "list", "my.exclude", &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	/* upstream's lines as they were; the user's, apart, in their words */
	ASSERT_LE(0, asprintf(&want, "# xfs: known failures\n\n"
			      "generic/001 fail from=hand,user:%s  # by hand\n"
			      UPSTREAM "\n"
			      "# Imported from user:%s (fstests-expunge import).\n"
			      "generic/480 expunge from=user:%s  # excluded by this list\n",
			      list, list, list));
	EXPECT_STREQ(want, got);
	EXPECT_NE(NULL, strstr(r.err, "generic/475 (line 7): already an entry of"))
		TH_LOG("%s", r.err);
	EXPECT_EQ(0, check_data(self->dir));
	proc_out_free(&r);
	free(got);
	free(want);
	free(list);
}

/* An upstream import neither goes into a user's block nor edits it */
TEST_F(tmp, upstream_stays_out_of_the_users_block)
{
	char *got, *want;
	struct proc_out r;

	free(put(self->dir, "data/xfs.expunge", HEAD UPSTREAM "\n"
		 "# Imported from user:/home/me/my.exclude (fstests-expunge import).\n"
		 "generic/480 expunge from=user:/home/me/my.exclude  # mine\n"));
	free(put(self->dir, "bld/global_exclude", ""));
	free(put(self->dir, "bld/xfs/exclude", "// hangs\ngeneric/480\ngeneric/481\n"));
	got = import_into(self->dir, "xfstests-bld", "bld", &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_LE(0, asprintf(&want, HEAD UPSTREAM
			      "generic/481 expunge from=bld:xfs  # hangs\n"
			      "\n"
			      "# Imported from user:/home/me/my.exclude (fstests-expunge import).\n"
			      "generic/480 expunge from=user:/home/me/my.exclude  # mine\n"));
	EXPECT_STREQ(want, got);
	EXPECT_NE(NULL, strstr(r.err,
			       "generic/480 (line 10): already an entry of a user's own list"))
		TH_LOG("%s", r.err);
	EXPECT_EQ(0, check_data(self->dir));
	proc_out_free(&r);
	free(got);
	free(want);
}

/* xfstests-bld's layout without its global_exclude: the user's lists */
TEST_F(tmp, xfstests_bld_tree_without_global_exclude)
{
	char *got, *want;
	struct proc_out r;

	free(put(self->dir, "data/xfs.expunge", HEAD UPSTREAM));
	free(put(self->dir, "mine/xfs/exclude",
		 "// hangs on my box\ngeneric/475\ngeneric/481\n"));
	got = import_into(self->dir, "xfstests-bld", "mine", &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_LE(0, asprintf(&want, HEAD UPSTREAM "\n"
			      "# Imported from user:%s/mine (fstests-expunge import).\n"
			      "generic/481 expunge from=user:%s/mine/xfs/exclude  # hangs on my box\n",
			      self->dir, self->dir));
	EXPECT_STREQ(want, got);
	EXPECT_EQ(0, check_data(self->dir));
	proc_out_free(&r);
	free(got);
	free(want);

	/* neither global_exclude nor a filesystem's list: not a tree */
	free(put(self->dir, "empty/notes.txt", "generic/001\n"));
	free(import_into(self->dir, "xfstests-bld", "empty", &r));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "not an xfstests-bld tree")) TH_LOG("%s", r.err);
	proc_out_free(&r);
}

/* kdevops' layout without any/: the user's lists, their words */
TEST_F(tmp, kdevops_tree_without_any)
{
	char *got, *want;
	struct proc_out r;

	free(put(self->dir, "data/xfs.expunge", HEAD UPSTREAM));
	free(put(self->dir, "kd/6.6.0/xfs/unassigned/xfs_crc.txt",
		 "generic/475 # hangs on my box\ngeneric/482 # hangs too\n"));
	got = import_into(self->dir, "kdevops", "kd", &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_LE(0, asprintf(&want, "%s%s", "/kd/6.6.0/xfs/unassigned/xfs_crc.txt",
			      " seen=6.6  # hangs too\n"));
	EXPECT_NE(NULL, strstr(got, want)) TH_LOG("%s", got);
	free(want);
	ASSERT_LE(0, asprintf(&want, HEAD UPSTREAM "\n"
			      "# Imported from user:%s/kd (fstests-expunge import).\n",
			      self->dir));
	EXPECT_EQ(0, strncmp(got, want, strlen(want))) TH_LOG("%s", got);
	EXPECT_EQ(NULL, strstr(got, "kdevops:"));
	EXPECT_EQ(0, check_data(self->dir));
	proc_out_free(&r);
	free(got);
	free(want);

	free(put(self->dir, "kdempty/README", "nothing\n"));
	free(import_into(self->dir, "kdevops", "kdempty", &r));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "not a kdevops tree")) TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
