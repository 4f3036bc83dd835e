// SPDX-License-Identifier: GPL-2.0
/*
 * Exit statuses scripts read: under --bisect every "cannot tell" is 125
 * (git bisect run reads 1 to 124 and 126, 127 as bad); results or lists
 * that could not all be read are never a clean exit 0.
 */
#include <sys/stat.h>

#include "tmpdir-fixture.h"

#define CMP	SRCDIR "/tests/fixtures/compare"
#define DATA	"compare --data " CMP "/fstests "	/* no data files there */
#define HEAD	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" \
		"<testsuite name=\"xfstests\" time=\"1\">\n" \
		"<properties><property name=\"FSTYP\" value=\"xfs\"/>" \
		"<property name=\"KERNEL\" value=\"6.6.0\"/></properties>\n"
#define PASS(t)	"<testcase classname=\"xfstests.s\" name=\"" t "\"/>\n"
#define FAIL(t)	"<testcase classname=\"xfstests.s\" name=\"" t "\">" \
		"<failure message=\"- output mismatch\"/></testcase>\n"
#define END	"</testsuite>\n"

/* Make dir/rel with text, and the directories above it */
static void put(const char *dir, const char *rel, const char *text)
{
	if (shell_call("mkdir -p \"$(dirname '%s/%s')\"", dir, rel))
		abort();
	put_str(str_printf("%s/%s", dir, rel), text);
}

/* The tool's exit status for args (printf format); stderr to *err */
static __printf(2, 3) int fexp(char **err, const char *fmt, ...)
{
	struct proc_out r;
	va_list ap;
	char *args;

	va_start(ap, fmt);
	if (vasprintf(&args, fmt, ap) < 0)
		abort();
	va_end(ap);
	r = fexp_call(args);
	free(args);
	free(r.out);
	if (err)
		*err = r.err;
	else
		free(r.err);
	return r.status;
}

/*
 * Run the tool as nobody, so that a mode of 000 keeps a directory from
 * it even when the tests run as root; false where that cannot be done.
 * FEXP changes for the rest of the test only: the harness runs each
 * test in a process of its own.
 */
static bool as_nobody(const char *dir)
{
	const char *bin = getenv("FEXP");

	if (!geteuid() && (shell_call("setpriv --version >/dev/null 2>&1") ||
			   chmod(dir, 0755)))
		return false;
	if (!geteuid())
		setenv("FEXP", str_printf("setpriv --reuid=65534 --regid=65534 --clear-groups %s",
					  bin ? bin : SRCDIR "/fstests-expunge"),
		       1);
	return true;
}

TEST_F(tmp, usage_errors_cannot_tell_under_bisect)
{
	static const char *const usage[] = {
		"compare --frobnicate " CMP "/fstests",
		"compare " CMP "/fstests --frobnicate",
		"compare",
		"compare --format kcidb " CMP "/fstests",
		"compare --format xml " CMP "/fstests",
		"compare --map nonsense " CMP "/fstests",
		"run",
		"run --fs xfs",
		"run --fs xfs --section a/b",
		"run --retries many --fs xfs --section s",
	};
	const char *sp;
	size_t i;
	char *err;

	for (i = 0; i < ARRAY_SIZE(usage); i++) {
		EXPECT_EQ(2, fexp(NULL, "%s", usage[i])) TH_LOG("%s", usage[i]);
		/* wherever --bisect stands, before the error or after it */
		EXPECT_EQ(125, fexp(&err, "%s --bisect", usage[i]))
			TH_LOG("%s --bisect: %s", usage[i], err);
		free(err);
		/* and right after the command's name */
		sp = strchrnul(usage[i], ' ');
		EXPECT_EQ(125, fexp(&err, "%.*s --bisect%s",
				    (int)(sp - usage[i]), usage[i], sp))
			TH_LOG("%s: %s", usage[i], err);
		free(err);
	}
	/* after "--", --bisect is check's, not ours */
	EXPECT_EQ(2, fexp(NULL, "run --fs xfs -- --bisect"));
}

TEST_F(tmp, an_unwritable_output_cannot_tell_under_bisect)
{
	char *res = str_printf("%s/r.xml", self->dir), *err;

	put(self->dir, "r.xml", HEAD PASS("generic/001") END);
	EXPECT_EQ(0, fexp(NULL, DATA "%s", res));
	/* a directory that does not exist, and a directory */
	EXPECT_EQ(2, fexp(NULL, DATA "-o %s/no/such/file %s", self->dir, res));
	EXPECT_EQ(125, fexp(&err, DATA "--bisect -o %s/no/such/file %s",
			    self->dir, res));
	EXPECT_NE(NULL, strstr(err, "/no/such/file")) TH_LOG("%s", err);
	free(err);
	EXPECT_EQ(2, fexp(NULL, DATA "-o %s %s", self->dir, res));
	EXPECT_EQ(125, fexp(NULL, DATA "--bisect -o %s %s", self->dir, res));
	free(res);
}

/*
 * A results directory deeper than the search goes may hold the
 * regression: the answer is incomplete, never a clean 0.
 */
TEST_F(tmp, results_left_out_of_the_search_are_no_clean_exit)
{
	char *err;

	put(self->dir, "r/a/result.xml", HEAD PASS("generic/001") END);
	put(self->dir, "r/1/2/3/4/5/6/7/8/9/result.xml",
	    HEAD FAIL("generic/002") END);
	EXPECT_EQ(2, fexp(&err, DATA "%s/r", self->dir));
	EXPECT_NE(NULL, strstr(err, "r/1/2/3/4/5/6/7/8/9: left out"))
		TH_LOG("%s", err);
	EXPECT_NE(NULL, strstr(err, "may be incomplete")) TH_LOG("%s", err);
	free(err);
	EXPECT_EQ(125, fexp(NULL, DATA "--bisect %s/r", self->dir));
	/* a regression seen is bad whatever else was left out */
	put(self->dir, "r/b/result.xml", HEAD FAIL("generic/003") END);
	EXPECT_EQ(1, fexp(NULL, DATA "%s/r", self->dir));
	EXPECT_EQ(1, fexp(NULL, DATA "--bisect %s/r", self->dir));
}

TEST_F(tmp, an_unreadable_results_directory_is_no_clean_exit)
{
	char *err;

	put(self->dir, "r/a/result.xml", HEAD PASS("generic/001") END);
	put(self->dir, "r/b/result.xml", HEAD FAIL("generic/002") END);
	ASSERT_EQ(0, shell_call("chmod -R a+rX %s && chmod 000 %s/r/b", self->dir,
				self->dir));
	if (!as_nobody(self->dir))
		SKIP(return, "no setpriv to run as nobody");
	EXPECT_EQ(2, fexp(&err, DATA "%s/r", self->dir));
	EXPECT_NE(NULL, strstr(err, "/r/b: left out: Permission denied"))
		TH_LOG("%s", err);
	free(err);
	EXPECT_EQ(125, fexp(NULL, DATA "--bisect %s/r", self->dir));
}

#define BLD	"test-appliance/files/root/fs/"

/*
 * xfstests-bld lists that cannot be read: exit 2 and the file named,
 * for each way of not being readable.
 */
TEST_F(tmp, unreadable_xfstests_bld_lists_fail_the_import)
{
	static const struct {
		const char *make;	/* shell, in the fs/ directory */
		const char *named;	/* what the message names */
	} cases[] = {
		{ "rm ext4/exclude && ln -s x ext4/exclude && ln -s exclude ext4/x",
		  "ext4/exclude" },
		{ "rm ext4/exclude && ln -s nowhere ext4/exclude",
		  "ext4/exclude" },
		{ "head -c 2000000 /dev/zero | tr '\\0' '#' > ext4/exclude",
		  "ext4/exclude" },
		{ "rm -r ext4/cfg && ln -s nowhere ext4/cfg", "ext4/cfg" },
		{ "rm -r ext4/cfg && touch ext4/cfg", "ext4/cfg" },
		{ "ln -s nowhere btrfs", "btrfs" },
		{ "ln -s ext4/cfg/a.exclude ext4/cfg/b.exclude && rm ext4/cfg/a.exclude",
		  "ext4/cfg/b.exclude" },
	};
	size_t i;
	char *err;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		shell_call("rm -rf %s/t", self->dir);
		put(self->dir, "t/" BLD "global_exclude", "generic/001\n");
		put(self->dir, "t/" BLD "ext4/exclude", "generic/002\n");
		put(self->dir, "t/" BLD "ext4/cfg/a.exclude", "generic/003\n");
		ASSERT_EQ(0, shell_call("cd %s/t/" BLD " && %s", self->dir,
					cases[i].make));
		EXPECT_EQ(2, fexp(&err, "import --from xfstests-bld %s/t",
				  self->dir)) TH_LOG("%s", cases[i].make);
		EXPECT_NE(NULL, strstr(err, cases[i].named))
			TH_LOG("%s: %s", cases[i].make, err);
		free(err);
	}
	/* the tree itself, whole: 0 */
	shell_call("rm -rf %s/t", self->dir);
	put(self->dir, "t/" BLD "global_exclude", "generic/001\n");
	put(self->dir, "t/" BLD "ext4/exclude", "generic/002\n");
	EXPECT_EQ(0, fexp(NULL, "import --from xfstests-bld %s/t", self->dir));
}

#define KD	"workflows/fstests/expunges/"
#define LOOP	"ln -s x xfs_crc.txt && ln -s xfs_crc.txt x"

TEST_F(tmp, unreadable_kdevops_lists_fail_the_import)
{
	static const struct {
		const char *make;	/* shell, in the expunges directory */
		const char *named;
	} cases[] = {
		{ "cd 6.1.0/xfs/unassigned && rm xfs_crc.txt && ln -s no xfs_crc.txt",
		  "6.1.0/xfs/unassigned/xfs_crc.txt" },
		{ "cd 6.1.0/xfs/unassigned && rm xfs_crc.txt && " LOOP,
		  "6.1.0/xfs/unassigned/xfs_crc.txt" },
		{ "head -c 20000000 /dev/zero | tr '\\0' '#' > 6.1.0/xfs/unassigned/xfs_crc.txt",
		  "6.1.0/xfs/unassigned/xfs_crc.txt" },
		{ "ln -s nowhere 6.1.0/ext4", "6.1.0/ext4" },
		{ "ln -s nowhere 6.1.0/xfs/unassigned/P1",
		  "6.1.0/xfs/unassigned/P1" },
	};
	size_t i;
	char *err;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		shell_call("rm -rf %s/t", self->dir);
		put(self->dir, "t/" KD "any/README.md", "lists\n");
		put(self->dir, "t/" KD "6.1.0/xfs/unassigned/xfs_crc.txt",
		    "generic/001\n");
		put(self->dir, "t/" KD "6.1.0/xfs/unassigned/all.txt",
		    "generic/002\n");
		ASSERT_EQ(0, shell_call("cd %s/t/" KD " && %s", self->dir,
					cases[i].make));
		EXPECT_EQ(2, fexp(&err, "import --from kdevops %s/t", self->dir))
			TH_LOG("%s", cases[i].make);
		EXPECT_NE(NULL, strstr(err, cases[i].named))
			TH_LOG("%s: %s", cases[i].make, err);
		free(err);
	}
	shell_call("rm -rf %s/t", self->dir);
	put(self->dir, "t/" KD "any/README.md", "lists\n");
	put(self->dir, "t/" KD "6.1.0/xfs/unassigned/xfs_crc.txt",
	    "generic/001\n");
	EXPECT_EQ(0, fexp(NULL, "import --from kdevops %s/t", self->dir));
}

TEST_F(tmp, an_unreadable_list_directory_fails_the_import)
{
	char *err;

	put(self->dir, "t/" BLD "global_exclude", "generic/001\n");
	put(self->dir, "t/" BLD "ext4/cfg/a.exclude", "generic/003\n");
	put(self->dir, "k/" KD "any/README.md", "lists\n");
	put(self->dir, "k/" KD "6.1.0/xfs/unassigned/xfs_crc.txt",
	    "generic/001\n");
	ASSERT_EQ(0, shell_call("chmod -R a+rX %s", self->dir));
	ASSERT_EQ(0, shell_call("chmod 000 %s/t/" BLD "ext4/cfg %s/k/" KD "6.1.0/xfs",
				self->dir, self->dir));
	if (!as_nobody(self->dir))
		SKIP(return, "no setpriv to run as nobody");
	EXPECT_EQ(2, fexp(&err, "import --from xfstests-bld %s/t", self->dir));
	EXPECT_NE(NULL, strstr(err, "ext4/cfg: not imported: cannot read: Permission denied"))
		TH_LOG("%s", err);
	free(err);
	EXPECT_EQ(2, fexp(&err, "import --from kdevops %s/k", self->dir));
	EXPECT_NE(NULL, strstr(err, "6.1.0/xfs: not imported: cannot read: Permission denied"))
		TH_LOG("%s", err);
	free(err);
}

/* view --sources: a list it cannot read is no "no list names the test" */
TEST_F(tmp, an_unreadable_list_directory_fails_view_sources)
{
	char *err;

	put(self->dir, "d/ext4.expunge",
	    "generic/001 fail from=kdevops:6.1.0 # r\n");
	put(self->dir, "k/" KD "any/README.md", "lists\n");
	put(self->dir, "k/" KD "6.1.0/ext4/unassigned/ext4_defaults.txt",
	    "generic/001\n");
	ASSERT_EQ(0, shell_call("chmod -R a+rX %s", self->dir));
	ASSERT_EQ(0, shell_call("chmod 000 %s/k/" KD "6.1.0/ext4", self->dir));
	if (!as_nobody(self->dir))
		SKIP(return, "no setpriv to run as nobody");
	EXPECT_EQ(2, fexp(&err, "view --data %s/d --fs ext4 --release 6.1.0 --sources %s/k",
			  self->dir, self->dir));
	EXPECT_NE(NULL, strstr(err, "6.1.0/ext4 (cannot read: Permission denied)"))
		TH_LOG("%s", err);
	free(err);
}

TEST_HARNESS_MAIN
