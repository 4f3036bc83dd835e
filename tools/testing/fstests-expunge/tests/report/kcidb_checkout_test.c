// SPDX-License-Identifier: GPL-2.0
/*
 * compare --format kcidb: the checkout of the kernel says its commit,
 * repository, branch and tree, read from the kernel's git tree, and when
 * the run began; a value KCIDB would refuse is said and left out.
 */
#include "git-fixture.h"
#include "test-util.h"
#include "kselftest_harness.h"

#define RUN4	FIXTURE_PATH("compare/runs/run4-xfs")
#define RUN1	FIXTURE_PATH("compare/runs/run1-ext4")
#define KCIDB	"compare --format kcidb --origin t "
#define TORVALDS "https://git.kernel.org/pub/scm/linux/kernel/git/torvalds/linux.git"
#define EXT4	"https://git.kernel.org/pub/scm/linux/kernel/git/tytso/ext4.git"
/* dir/build: a build with O= of the tree dir/linux, on branch dev */
#define O_BUILD \
	"cd %s && mkdir -p build/include/config && ln -s ../linux build/source && echo 6.18.44-fc-v1098 >build/include/config/kernel.release && echo CONFIG_XFS_FS=y >build/.config && git -C linux checkout -q -b dev"
/* dir/linux: SHA-256 ids, an scp-like remote, a detached HEAD */
#define SHA256_TREE \
	"cd %s && git init -q --object-format=sha256 linux && git -C linux commit -q --allow-empty -m x && git -C linux remote add origin git@example.org:linux.git && git -C linux checkout -q --detach"

/* A kernel tree dir/linux whose origin is url; returns its HEAD */
static char *kernel_tree(const char *dir, const char *url)
{
	char *tree = git_repo(dir, "linux");
	char *head = git_commit(tree, "fs: the commit built\n");

	if (shell_call("git -C %s remote add origin '%s'", tree, url))
		abort();
	free(tree);
	return head;
}

/*
 * Nothing said on stderr but the data's undecided conditions (no config
 * of the results' kernel here): every line names them.
 */
static bool only_undecided(const char *err)
{
	const char *p;

	for (p = err; *p; p = strchr(p, '\n') + 1) {
		const char *nl = strchr(p, '\n');
		const char *u = strstr(p, ": undecided, no config of ");

		if (!nl || !u || u > nl)
			return false;
	}
	return true;
}

/* What jq's filter says of compare's KCIDB for args; "" when none */
static char *kcidb(const char *args, struct proc_out *r, const char *filter)
{
	char *out;

	*r = fexp_call(args);
	out = jsonq(r->out, filter);
	return out ? out : strdup("");
}

/* A result.xml of one passed test, of kernel (its section "s" KERNEL), begun at start */
static char *run_of(const char *dir, const char *kernel, const char *start)
{
	char *path, *xml;

	if (asprintf(&path, "%s/%s.xml", dir, kernel) < 0 ||
	    asprintf(&xml, "<?xml version=\"1.0\"?>\n"
		     "<testsuite name=\"xfstests\" tests=\"1\" failures=\"0\" start_timestamp=\"%s\">\n"
		     "<properties><property name=\"FSTYP\" value=\"xfs\"/>\n"
		     "<property name=\"SECTION\" value=\"s%s\"/>\n"
		     "<property name=\"KERNEL\" value=\"%s\"/></properties>\n"
		     "<testcase classname=\"xfstests.s%s\" name=\"generic/001\" time=\"1\"/>\n"
		     "</testsuite>\n", start, kernel, kernel, kernel) < 0)
		abort();
	put_str(path, xml);
	free(xml);
	return path;
}

TEST(checkout_from_the_srctree)
{
	char *dir = git_sandbox(), *head = kernel_tree(dir, TORVALDS);
	char *args, *got;
	struct proc_out r;

	ASSERT_LE(0, asprintf(&args, KCIDB "--srctree %s/linux %s", dir, RUN4));
	got = kcidb(args, &r,
		    ".checkouts[0] | [.git_commit_hash, .git_repository_url, .tree_name, .git_repository_branch, .start_time] | join(\" \")");
	EXPECT_EQ(1, r.status);
	EXPECT_TRUE(only_undecided(r.err)) TH_LOG("%s", r.err);
	ASSERT_LE(0, asprintf(&args, "%s " TORVALDS " mainline master 2026-12-03T08:29:09+00:00",
			      head));
	EXPECT_STREQ(args, got);
	proc_out_free(&r);
	free(got);
	free(args);
	shell_call("rm -rf %s", dir);
}

/* A build with O=: the build directory's source link names the tree */
TEST(checkout_from_an_o_build_dir)
{
	char *dir = git_sandbox(), *head = kernel_tree(dir, EXT4);
	char *args, *got;
	struct proc_out r;

	ASSERT_EQ(0, shell_call(O_BUILD, dir));
	ASSERT_LE(0, asprintf(&args, KCIDB "--build-dir %s/build %s", dir, RUN1));
	got = kcidb(args, &r,
		    ".checkouts[0] | [.git_commit_hash, .tree_name, .git_repository_branch, .start_time] | join(\" \")");
	EXPECT_NE(2, r.status) TH_LOG("%s", r.err);
	ASSERT_LE(0, asprintf(&args, "%s ext4 dev 2026-12-03T07:55:27+00:00", head));
	/* the earliest start of the kernel's sections */
	EXPECT_STREQ(args, got);
	proc_out_free(&r);
	free(got);
	free(args);
	shell_call("rm -rf %s", dir);
}

/* What the schema would refuse is said and not written */
TEST(checkout_leaves_out_what_kcidb_refuses)
{
	char *dir = git_sandbox(), *args, *got, *run;
	struct proc_out r;

	ASSERT_EQ(0, shell_call(SHA256_TREE, dir));
	run = run_of(dir, "6.6.0", "2026-12-03T08:29:09");
	ASSERT_LE(0, asprintf(&args, KCIDB "--srctree %s/linux %s", dir, run));
	got = kcidb(args, &r, ".checkouts[0] | keys | join(\" \")");
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("comment git_commit_name id origin", got);
	EXPECT_NE(NULL, strstr(r.err, "is not 40 hex digits")) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "git@example.org:linux.git is not an https:// URL"));
	EXPECT_NE(NULL, strstr(r.err, "2026-12-03T08:29:09 is not an RFC 3339 time"));
	proc_out_free(&r);
	free(got);
	free(args);
	free(run);
	shell_call("rm -rf %s", dir);
}

/* A tree is the checkout of one kernel: which, when the run has several? */
TEST(checkout_of_several_kernels_needs_the_release)
{
	char *dir = git_sandbox(), *head = kernel_tree(dir, TORVALDS);
	char *a = run_of(dir, "6.6.1", "2026-12-03T08:00:00Z");
	char *b = run_of(dir, "6.6.2", "2026-12-03T09:00:00+01:00");
	char *args, *got;
	struct proc_out r;

	ASSERT_LE(0, asprintf(&args, KCIDB "--srctree %s/linux %s %s", dir, a, b));
	got = kcidb(args, &r, "[.checkouts[] | .git_commit_hash // \"-\"] | join(\" \")");
	EXPECT_STREQ("- -", got);
	EXPECT_NE(NULL, strstr(r.err, "several kernels")) TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
	free(args);

	ASSERT_LE(0, asprintf(&args, KCIDB "--release 6.6.2 --srctree %s/linux %s %s",
			      dir, a, b));
	got = kcidb(args, &r,
		    "[.checkouts[] | .git_commit_name + \"=\" + (.git_commit_hash // \"-\") + \"@\" + .start_time] | join(\" \")");
	free(args);
	ASSERT_LE(0, asprintf(&args,
			      "6.6.1=-@2026-12-03T08:00:00Z 6.6.2=%s@2026-12-03T09:00:00+01:00",
			      head));
	EXPECT_STREQ(args, got) TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
	free(args);
	free(a);
	free(b);
	shell_call("rm -rf %s", dir);
}

TEST_HARNESS_MAIN
