// SPDX-License-Identifier: GPL-2.0
/*
 * view --sources: the list files of xfstests-bld and kdevops behind the
 * short from= origins of the data lines, from copies of their real lists
 * (tests/fixtures/sources/, each with a PROVENANCE.md naming its commit:
 * 1ef4272387f9 for xfstests-bld, 4b6bbb7ffbd4 for kdevops).
 */
#include "git-fixture.h"
#include "tmpdir-fixture.h"

#define BLD	SRCDIR "/tests/fixtures/sources/xfstests-bld"
#define KDEVOPS	SRCDIR "/tests/fixtures/sources/kdevops"

/* Each line's origin, and what view must print under it */
static const char *const said[] = {
	/* 0: ext4/exclude line 25 says "generic/388" */
	"    from bld:ext4: xfstests-bld:test-appliance/files/root/fs/ext4/exclude@1ef4272387f9, line 25\n",
	/*
	 * 1: kdevops seen=6.1.72: the lists of 6.1.72+ (and of 6.1.72, both
	 * 6.1.72's), links in the end to 6.1.0-rc6: its all.txt
	 */
	"    from kdevops: kdevops:workflows/fstests/expunges/6.1.72+/ext4/unassigned/all.txt@4b6bbb7ffbd4, line 14\n",
	/* 2: encrypt_1k.exclude includes 1k.exclude: the line is there */
	"    from bld:ext4/cfg: xfstests-bld:test-appliance/files/root/fs/ext4/cfg/1k.exclude@1ef4272387f9, line 23\n",
	/* 3: a section's own list (the old form kdevops:6.1.72+ is read) */
	"    from kdevops: kdevops:workflows/fstests/expunges/6.1.72+/ext4/unassigned/ext4_defaults.txt@4b6bbb7ffbd4, line 2\n",
	/* 4: no fs in the path: every filesystem's */
	"    from kdevops:any/large-disk: kdevops:workflows/fstests/expunges/any/large-disk.txt@4b6bbb7ffbd4, line 8\n",
	/* 5: an origin none of whose lists names the test */
	"    from kdevops: no list of the kdevops tree names generic/999 for these sections\n",
	/* 6: a harness whose tree was not given */
	"    from kdevops: no kdevops tree given (--sources DIR)\n",
	/* 7: seen on 6.1.11, a link to the same file: that kernel's list */
	"    from kdevops: kdevops:workflows/fstests/expunges/6.1.11/ext4/unassigned/all.txt@4b6bbb7ffbd4, line 14\n",
};

static void put_data(const char *dir)
{
	put_in_dir(dir, "global.expunge",
		   "generic/038 expunge env=!large-disk cause=env from=kdevops:any/large-disk # needs 10 GiB\n");
	put_in_dir(dir, "ext4.expunge",
		   "generic/388 expunge cause=kernel from=bld:ext4,kdevops seen=6.1.72 # shutdown\n"
		   "generic/475 fail section=1k,encrypt_1k from=bld:ext4/cfg # fsck at 1k\n"
		   "generic/459 flaky section=ext4_defaults from=kdevops:6.1.72+ # 1/20\n"
		   "generic/999 fail from=kdevops,hand seen=6.1.72 # in no list\n");
}

static struct proc_out run_view(const char *dir, const char *more)
{
	char *args = str_printf("view --data %s --release 6.1.150 --fs ext4 %s",
				dir, more);
	struct proc_out r;

	put_data(dir);
	r = fexp_call(args);
	free(args);
	return r;
}

/* The text after the data line of test in out (up to the next line) */
static char *under(const char *out, const char *test)
{
	const char *p = strstr(out, test), *end;

	if (!p)
		return strdup("");
	p = strchr(p, '\n') + 1;
	/* the comment of a long line goes on; then the sources */
	for (end = p; *end == ' '; end = strchr(end, '\n') + 1)
		;
	return strndup(p, end - p);
}

/* u without the source lines quoted under each list ("      > ...") */
static char *places(const char *u)
{
	char *out = calloc(1, strlen(u) + 1), *o = out;
	const char *nl;

	for (; *u; u = nl ? nl + 1 : u + strlen(u)) {
		nl = strchr(u, '\n');
		if (strncmp(u, "      > ", 8)) {
			memcpy(o, u, nl ? nl - u + 1 : strlen(u));
			o += nl ? nl - u + 1 : strlen(u);
		}
	}
	return out;
}

TEST_F(tmp, each_origin_gets_its_list_file_commit_and_line)
{
	struct proc_out r = run_view(self->dir, "--sources " BLD " --sources " KDEVOPS);
	char *u = under(r.out, "generic/388");

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(u, said[0])) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(u, said[1])) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(u, "expunges/6.1.72/ext4/unassigned/all.txt@"))
		TH_LOG("%s", r.out);
	/* another kernel's directory, though a link to the same file: not */
	EXPECT_EQ(NULL, strstr(u, "expunges/6.1.11/")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(under(r.out, "generic/038"), said[4]))
		TH_LOG("%s", r.out);
	/* hand names no list: nothing said of it */
	u = under(r.out, "generic/999");
	EXPECT_STREQ(said[5], places(strstr(u, "    from"))) TH_LOG("%s", r.out);
	proc_out_free(&r);
}

/*
 * kdevops: the lists of the kernel directories of seen=, those of other
 * kernels not, though they reach the same file
 */
TEST_F(tmp, kdevops_lists_are_those_of_the_kernels_seen)
{
	char *args = str_printf("view --data %s --release 6.1.150 --fs ext4 --sources %s",
				self->dir, KDEVOPS);
	struct proc_out r;
	char *u;

	put_in_dir(self->dir, "global.expunge", "");
	put_in_dir(self->dir, "ext4.expunge",
		   "generic/388 expunge cause=kernel from=kdevops seen=6.1.11 # shutdown\n");
	r = fexp_call(args);
	u = under(r.out, "generic/388");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(said[7], places(u)) TH_LOG("%s", r.out);
	proc_out_free(&r);
	put_in_dir(self->dir, "ext4.expunge",
		   "generic/388 expunge cause=kernel from=kdevops seen=6.6.1 # shutdown\n");
	r = fexp_call(args);
	EXPECT_NE(NULL, strstr(under(r.out, "generic/388"),
			       "    from kdevops: no list of the kdevops tree names generic/388"))
		TH_LOG("%s", r.out);
	proc_out_free(&r);
	free(args);
}

TEST_F(tmp, list_of_a_configuration_is_the_sections_own)
{
	struct proc_out r = run_view(self->dir, "--section encrypt_1k --sources " BLD);
	char *u = under(r.out, "generic/475");

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	/* 1k.exclude, once, though two configurations read it */
	EXPECT_STREQ(said[2], places(strstr(u, "    from"))) TH_LOG("%s", r.out);
	proc_out_free(&r);
	r = run_view(self->dir, "--section ext4_defaults --sources " KDEVOPS);
	EXPECT_NE(NULL, strstr(under(r.out, "generic/459"), said[3]))
		TH_LOG("%s", r.out);
	/* the other section's list (ext4_advanced_features) is not named */
	EXPECT_EQ(NULL, strstr(r.out, "advanced")) TH_LOG("%s", r.out);
	proc_out_free(&r);
}

TEST_F(tmp, harness_not_given_or_not_a_tree_is_said)
{
	struct proc_out r = run_view(self->dir, "--sources " BLD);

	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(under(r.out, "generic/388"), said[6]))
		TH_LOG("%s", r.out);
	proc_out_free(&r);
	r = run_view(self->dir, str_printf("--sources %s", self->dir));
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, ": neither an xfstests-bld tree"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_F(tmp, git_checkout_gives_its_own_commit)
{
	char *sandbox = git_sandbox(), *tree = str_printf("%s/bld", sandbox);
	char *head, *want;
	struct proc_out r;
	size_t len;

	ASSERT_EQ(0, shell_call("cp -r %s %s", BLD, tree));
	ASSERT_EQ(0, shell_call("cd %s && git init -q && git add . && %s", tree,
				"git commit -qm lists"));
	ASSERT_EQ(0, shell_call("git -C %s rev-parse HEAD >%s/head", tree,
				sandbox));
	head = get_file(str_printf("%s/head", sandbox), &len);
	ASSERT_GE(len, 12);
	/* 12 digits, and not the PROVENANCE.md's */
	want = str_printf("ext4/exclude@%.12s, line 25\n", head);
	r = run_view(self->dir, str_printf("--sources %s", tree));
	EXPECT_NE(NULL, strstr(r.out, want)) TH_LOG("%s", r.out);
	proc_out_free(&r);
	shell_call("rm -rf %s", sandbox);
}

/*
 * "kdevops" on a line whose env= says the list for every kernel: that
 * list, as kdevops:any/large-disk named it
 */
TEST_F(tmp, kdevops_any_lists_are_those_env_says)
{
	char *args = str_printf("view --data %s --release 6.1.150 --fs ext4 --sources %s",
				self->dir, KDEVOPS);
	struct proc_out r;

	put_in_dir(self->dir, "global.expunge",
		   "generic/038 expunge env=!large-disk cause=env from=kdevops # needs 10 GiB\n");
	put_in_dir(self->dir, "ext4.expunge", "");
	r = fexp_call(args);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(under(r.out, "generic/038"), said[4]))
		TH_LOG("%s", r.out);
	proc_out_free(&r);
	free(args);
}

/* Line no (from 1) of the file at path, with "      > " before it */
static char *quoted_line(const char *path, unsigned int no)
{
	size_t len;
	char *buf = get_file(path, &len), *p = buf, *nl, *ret;

	while (p && --no)
		p = (nl = strchr(p, '\n')) ? nl + 1 : NULL;
	if (!p)
		return strdup("(no such line)");
	ret = str_printf("      > %.*s\n", (int)strcspn(p, "\n"), p);
	free(buf);
	return ret;
}

/*
 * Under each list, the source's own words: the line (kdevops says its
 * cause and log links there; the file is reached through links stored
 * as files), with the comment lines right above it (xfstests-bld's),
 * once where the lists of two kernels are one file
 */
TEST_F(tmp, each_list_line_is_quoted_with_its_comment)
{
	const char *kd = KDEVOPS "/workflows/fstests/expunges/6.1.0-rc6/ext4/unassigned";
	const char *bld = BLD "/test-appliance/files/root/fs/ext4/exclude";
	struct proc_out r = run_view(self->dir, "--section ext4_defaults --sources " BLD
				     " --sources " KDEVOPS);
	char *u = under(r.out, "generic/459"), *want, *p;
	unsigned int no;
	int n;

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	/*
	 * 6.1.72/ and 6.1.72+/ext4/unassigned/ext4_defaults.txt, line 2, are
	 * this file's: quoted under the first
	 */
	want = str_printf("ext4_defaults.txt@4b6bbb7ffbd4, line 2\n%s",
			  quoted_line(str_printf("%s/ext4_defaults.txt", kd), 2));
	EXPECT_NE(NULL, strstr(u, want)) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(u, said[3])) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(want, "https://gist.github.com/")) TH_LOG("%s", want);
	/* bld: lines 22 to 24 are its comment, 21 is blank, 20 a test */
	u = under(r.out, "generic/388");
	want = str_printf("%s", said[0]);
	for (no = 22; no <= 25; no++)
		want = str_printf("%s%s", want, quoted_line(bld, no));
	EXPECT_NE(NULL, strstr(u, want)) TH_LOG("%s", r.out);
	EXPECT_EQ(NULL, strstr(u, quoted_line(bld, 20))) TH_LOG("%s", r.out);
	/* 6.1.72 and 6.1.72+: two places, one file, quoted once */
	p = quoted_line(str_printf("%s/all.txt", kd), 14);
	EXPECT_NE(NULL, strstr(p, "generic/388 #")) TH_LOG("%s", p);
	for (n = 0, u = strstr(u, p); u; u = strstr(u + 1, p))
		n++;
	EXPECT_EQ(1, n) TH_LOG("%s", r.out);
	proc_out_free(&r);
}

/* A list line's control characters reach the terminal escaped */
TEST_F(tmp, a_quoted_line_is_escaped)
{
	char *tree = str_printf("%s/kd", self->dir), *args;
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir -p %s/workflows/fstests/expunges/6.1.72/ext4/unassigned",
				tree));
	put_in_dir(tree, "workflows/fstests/expunges/6.1.72/ext4/unassigned/all.txt",
		   "generic/388 # \x1b]0;title\x07 hangs\n");
	put_in_dir(self->dir, "global.expunge", "");
	put_in_dir(self->dir, "ext4.expunge",
		   "generic/388 expunge cause=kernel from=kdevops seen=6.1.72 # shutdown\n");
	args = str_printf("view --data %s --release 6.1.150 --fs ext4 --sources %s",
			  self->dir, tree);
	r = fexp_call(args);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "      > generic/388 # \\x1b]0;title\\x07 hangs\n"))
		TH_LOG("%s", r.out);
	EXPECT_EQ(NULL, strchr(r.out, '\x1b'));
	proc_out_free(&r);
	free(args);
}

TEST_HARNESS_MAIN
