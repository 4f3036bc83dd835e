// SPDX-License-Identifier: GPL-2.0
/*
 * "archive add" keeps the .out.bad, .dmesg and .full of a run's failing
 * tests found beside its result.xml: each cut to its end, no link
 * followed, no hostile name let out of the run's logs/, and the run's
 * id the same as without them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "archive/run-logs.h"
#include "test-util.h"
#include "tmpdir-fixture.h"

/* what a log cut to its end starts with */
#define CUT_NOTE "[fstests-expunge: cut: the first 36864 of 102400 bytes left out]\n"
/* the log is in the run's commit */
#define COMMITTED \
	"git -C %s/a ls-tree -r --name-only HEAD | grep -qx 'runs/%s/logs/generic+002.full'"
/* a table's link to the log of a run */
#define LOG_LINK "<a class=\"log\" href=\"logs/%s-generic+002.out.bad\">"

#define CASE "<testcase classname=\"xfstests.ext4_1k\" name=\"%s\" time=\"1\">"

/* A run of generic/001 (passed), generic/002 and hostile (failed) */
static char *run_xml(const char *hostile)
{
	return str_printf("<?xml version=\"1.0\"?>\n"
		"<testsuite name=\"xfstests\" failures=\"2\" tests=\"3\" time=\"9\" hostname=\"box\">\n"
		"<properties>\n"
		"<property name=\"FSTYP\" value=\"ext4\"/>\n"
		"<property name=\"KERNEL\" value=\"6.1.0-28-amd64\"/>\n"
		"<property name=\"SECTION\" value=\"ext4_1k\"/>\n"
		"</properties>\n"
		CASE "</testcase>\n"
		CASE "<failure message=\"output mismatch\"/></testcase>\n"
		CASE "<failure message=\"output mismatch\"/></testcase>\n"
		"</testsuite>\n", "generic/001", "generic/002", hostile);
}

static struct proc_out add_run(const char *dir, const char *archive)
{
	return fexp_call(str_printf("archive add --archive %s/%s %s/res", dir,
				    archive, dir));
}

/* The one run folder of the archive (runs/ID) */
static char *run_dir(const char *dir, const char *archive)
{
	char *list = str_printf("%s/%s.ls", dir, archive), *text, *nl;
	size_t len;

	if (shell_call("ls %s/%s/runs >%s", dir, archive, list))
		return NULL;
	text = get_file(list, &len);
	nl = strchr(text, '\n');
	if (nl)
		*nl = '\0';
	return str_printf("%s/%s/runs/%s", dir, archive, text);
}

static bool exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

TEST_F(tmp, failing_tests_logs_kept_cut_and_committed)
{
	char *res = str_printf("%s/res/ext4_1k", self->dir), *full, *got, *run;
	size_t len, i;
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir -p %s/generic", res));
	put_in_dir(res, "result.xml", run_xml("generic/003"));
	put_in_dir(res, "generic/002.out.bad", "bad output\n");
	put_in_dir(res, "generic/002.dmesg", "a warning\n");
	put_in_dir(res, "generic/001.out.bad", "of a test that passed\n");
	/* .full of 100 KiB: its last 64 KiB kept */
	full = malloc(100 * 1024 + 1);
	for (i = 0; i < 100 * 1024; i++)
		full[i] = 'a' + i % 26;
	full[i] = '\0';
	put_in_dir(res, "generic/002.full", full);
	r = add_run(self->dir, "a");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	run = run_dir(self->dir, "a");
	ASSERT_NE(NULL, run);
	got = get_file(str_printf("%s/logs/generic+002.out.bad", run), &len);
	EXPECT_STREQ("bad output\n", got);
	got = get_file(str_printf("%s/logs/generic+002.dmesg", run), &len);
	EXPECT_STREQ("a warning\n", got);
	got = get_file(str_printf("%s/logs/generic+002.full", run), &len);
	EXPECT_LT(LOG_MAX, len);
	EXPECT_GT(LOG_MAX + 100, len);
	EXPECT_TRUE(str_starts(got, CUT_NOTE));
	EXPECT_EQ(0, memcmp(got + len - LOG_MAX, full + 100 * 1024 - LOG_MAX,
			    LOG_MAX));
	/* a passing test's log, or a log not there: not kept */
	EXPECT_FALSE(exists(str_printf("%s/logs/generic+001.out.bad", run)));
	EXPECT_FALSE(exists(str_printf("%s/logs/generic+003.out.bad", run)));
	/* committed with the run, and counted in its record */
	EXPECT_EQ(0, shell_call(COMMITTED,
				self->dir, strrchr(run, '/') + 1));
	EXPECT_EQ(0, shell_call("grep -qx 'logs: 3' %s/run", run));
	EXPECT_EQ(0, shell_call("git -C %s/a status --porcelain | grep -q . && exit 1 || exit 0",
				self->dir));
}

TEST_F(tmp, logs_leave_the_run_id_as_it_was)
{
	char *res = str_printf("%s/res/ext4_1k", self->dir), *a, *b;
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir -p %s/generic", res));
	put_in_dir(res, "result.xml", run_xml("generic/003"));
	r = add_run(self->dir, "without");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	put_in_dir(res, "generic/002.out.bad", "bad output\n");
	r = add_run(self->dir, "with");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	a = run_dir(self->dir, "without");
	b = run_dir(self->dir, "with");
	ASSERT_NE(NULL, a);
	ASSERT_NE(NULL, b);
	EXPECT_STREQ(strrchr(a, '/'), strrchr(b, '/'));
	EXPECT_FALSE(exists(str_printf("%s/logs", a)));
	EXPECT_TRUE(exists(str_printf("%s/logs/generic+002.out.bad", b)));
	/* the same run again: already there, nothing added */
	r = add_run(self->dir, "without");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "1 already there")) TH_LOG("%s", r.out);
}

TEST_F(tmp, no_link_followed_no_fifo_read)
{
	char *res = str_printf("%s/res/ext4_1k", self->dir), *run;
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir -p %s/elsewhere/generic %s", self->dir,
				res));
	put_in_dir(self->dir, "secret", "a secret\n");
	put_in_dir(self->dir, "elsewhere/generic/003.out.bad", "a secret too\n");
	put_in_dir(res, "result.xml", run_xml("xfs/003"));
	ASSERT_EQ(0, shell_call("mkdir %s/generic && ln -s %s/secret %s/generic/002.out.bad",
				res, self->dir, res));
	ASSERT_EQ(0, shell_call("mkfifo %s/generic/002.dmesg", res));
	/* a folder that is a link: xfs/003's logs are not read through it */
	ASSERT_EQ(0, shell_call("ln -s %s/elsewhere/generic %s/xfs", self->dir,
				res));
	r = add_run(self->dir, "a");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	run = run_dir(self->dir, "a");
	ASSERT_NE(NULL, run);
	EXPECT_FALSE(exists(str_printf("%s/logs", run)));
	EXPECT_NE(0, shell_call("grep -rq secret %s/a/runs", self->dir));
}

TEST_F(tmp, hostile_test_names_keep_no_log)
{
	static const char *const names[] = {
		"../x", "generic/../../x", "/x", "generic//x", ".x", "a+b",
		"generic/.hidden",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		EXPECT_TRUE(!log_stem(names[i])) TH_LOG("name %zu", i);
	EXPECT_STREQ("generic+001", log_stem("generic/001"));
	EXPECT_STREQ("btrfs+001.2", log_stem("btrfs/001.2"));
}

TEST_F(tmp, a_hostile_name_in_a_run_does_not_escape)
{
	char *res = str_printf("%s/res/ext4_1k", self->dir), *run;
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir -p %s/generic", res));
	put_in_dir(res, "result.xml", run_xml("../x"));
	put_in_dir(res, "../x.out.bad", "from outside the section\n");
	put_in_dir(res, "generic/002.out.bad", "bad output\n");
	r = add_run(self->dir, "a");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	run = run_dir(self->dir, "a");
	ASSERT_NE(NULL, run);
	EXPECT_TRUE(exists(str_printf("%s/logs/generic+002.out.bad", run)));
	EXPECT_EQ(0, shell_call("test $(ls %s/logs | wc -l) = 1", run));
	EXPECT_FALSE(exists(str_printf("%s/a/runs/x.out.bad", self->dir)));
	EXPECT_NE(0, shell_call("grep -rq 'outside the section' %s/a", self->dir));
}

TEST_F(tmp, matrix_copies_and_links_logs_through_no_link)
{
	char *res = str_printf("%s/res/ext4_1k", self->dir), *run, *page;
	struct proc_out r;
	size_t len;

	ASSERT_EQ(0, shell_call("mkdir -p %s/generic %s/elsewhere", res,
				self->dir));
	put_in_dir(res, "result.xml", run_xml("generic/003"));
	put_in_dir(res, "generic/002.out.bad", "bad output\n");
	put_in_dir(res, "generic/003.dmesg", "a warning\n");
	put_in_dir(self->dir, "secret", "a secret\n");
	r = add_run(self->dir, "a");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	run = run_dir(self->dir, "a");
	ASSERT_NE(NULL, run);
	/* a log of the archive replaced by a link: neither copied nor linked */
	ASSERT_EQ(0, shell_call("ln -sf %s/secret %s/logs/generic+003.dmesg",
				self->dir, run));
	r = fexp_call(str_printf("matrix -o %s/p %s/a", self->dir, self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	page = get_file(str_printf("%s/p/t0.html", self->dir), &len);
	EXPECT_NE(NULL, strstr(page, str_printf(LOG_LINK, strrchr(run, '/') + 1)));
	EXPECT_EQ(NULL, strstr(page, "generic+003"));
	EXPECT_STREQ("bad output\n",
		     get_file(str_printf("%s/p/logs/%s-generic+002.out.bad",
					 self->dir, strrchr(run, '/') + 1), &len));
	EXPECT_NE(0, shell_call("grep -rq secret %s/p", self->dir));
	/* DIR/logs a link: refused, nothing written where it leads */
	ASSERT_EQ(0, shell_call("mkdir %s/q && ln -s %s/elsewhere %s/q/logs",
				self->dir, self->dir, self->dir));
	r = fexp_call(str_printf("matrix -o %s/q %s/a", self->dir, self->dir));
	EXPECT_NE(0, r.status);
	EXPECT_NE(NULL, strstr(r.err, "q/logs: not a folder")) TH_LOG("%s", r.err);
	EXPECT_EQ(0, shell_call("test -z \"$(ls %s/elsewhere)\"", self->dir));
}

TEST_HARNESS_MAIN
