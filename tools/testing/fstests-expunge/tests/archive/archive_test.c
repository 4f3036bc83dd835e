// SPDX-License-Identifier: GPL-2.0
/*
 * "archive add": runs recorded in a git repository, read back with the
 * archive reader and git itself; the same run twice adds nothing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/archive.h"
#include "archive/run-record.h"
#include "test-util.h"
#include "tmpdir-fixture.h"

#define KDEVOPS	SRCDIR "/tests/fixtures/compare/kdevops"
#define RUNS	SRCDIR "/tests/fixtures/compare/runs"
/* a test of section ext4_4k, named by %s */
#define TESTCASE "<testcase classname=\"xfstests.ext4_4k\" name=\"%s\">"

static const char run_xml[] =
	"<?xml version=\"1.0\"?>\n"
	"<testsuite name=\"xfstests\" failures=\"1\" tests=\"3\" time=\"9\" hostname=\"box\">\n"
	"<properties>\n"
	"<property name=\"FSTYP\" value=\"ext4\"/>\n"
	"<property name=\"KERNEL\" value=\"6.1.0-28-amd64\"/>\n"
	"<property name=\"SECTION\" value=\"ext4_1k\"/>\n"
	"<property name=\"MKFS_OPTIONS\" value=\"-b 1024\"/>\n"
	"<property name=\"TEST_DEV\" value=\"/dev/vdb\"/>\n"
	"</properties>\n"
	"<testcase classname=\"xfstests.ext4_1k\" name=\"generic/001\" time=\"1\"/>\n"
	"<testcase classname=\"xfstests.ext4_1k\" name=\"generic/002\" time=\"1\">\n"
	"<failure message=\"output mismatch\"/></testcase>\n"
	"<testcase classname=\"xfstests.ext4_1k\" name=\"generic/003\" time=\"1\">\n"
	"<skipped message=\"no\"/></testcase>\n"
	"</testsuite>\n";

/* Commits in the archive: git's own count */
static int commits(const char *dir)
{
	char *out = str_printf("%s.count", dir);
	size_t len;
	char *text;
	int n;

	text = NULL;
	if (shell_call("git -C %s rev-list --count HEAD >%s 2>/dev/null", dir, out))
		n = 0;
	else
		n = atoi(text = get_file(out, &len));
	unlink(out);
	free(out);
	free(text);
	return n;
}

static struct proc_out add(const char *dir, const char *args)
{
	return fexp_call(str_printf("archive %s --archive %s/a %s", "add", dir,
				    args));
}

TEST_F(tmp, same_run_twice_adds_nothing)
{
	struct proc_out r = add(self->dir, RUNS);

	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_EQ(6, commits(str_printf("%s/a", self->dir)));
	r = add(self->dir, RUNS "/run1-ext4 " KDEVOPS "/old");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "1 run added")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "2 already there")) TH_LOG("%s", r.out);
	EXPECT_EQ(7, commits(str_printf("%s/a", self->dir)));
}

/* Read the one run of the archive */
static int one_run(struct archive_run *run, void *arg)
{
	struct run_record *rec = arg;
	size_t i;

	for (i = 0; i < run->rec.n; i++)
		record_set(rec, run->rec.kv[i].key, run->rec.kv[i].value);
	record_set(rec, "read-cases", str_printf("%zu", run->rf.ncases));
	if (run->rf.ncases > 1)
		record_set(rec, "read-second", run->rf.cases[1].name);
	return 0;
}

TEST_F(tmp, record_says_what_the_run_was)
{
	struct run_record rec = { 0 };
	char *res = str_printf("%s/res/ext4_1k", self->dir), *err = NULL;
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir -p %s", res));
	put_in_dir(res, "result.xml", run_xml);
	r = add(self->dir, str_printf("--machine lab-1 %s/res", self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, archive_each(str_printf("%s/a", self->dir), NULL, one_run,
				  &rec, &err)) TH_LOG("%s", err);
	EXPECT_STREQ("6.1.0-28-amd64", record_get(&rec, "kernel"));
	EXPECT_STREQ("6.1", record_get(&rec, "version"));
	EXPECT_STREQ("ext4", record_get(&rec, "fs"));
	EXPECT_STREQ("ext4_1k", record_get(&rec, "section"));
	EXPECT_STREQ("-b 1024", record_get(&rec, "mkfs"));
	EXPECT_STREQ("virtio", record_get(&rec, "device"));
	EXPECT_STREQ("lab-1", record_get(&rec, "machine"));
	EXPECT_STREQ("complete", record_get(&rec, "status"));
	EXPECT_STREQ("3 1 1", record_get(&rec, "tests-failures-notrun"));
	EXPECT_STREQ("3", record_get(&rec, "read-cases"));
	EXPECT_STREQ("generic/002", record_get(&rec, "read-second"));
	/* the commit message sums the run up */
	EXPECT_EQ(0, shell_call("git -C %s/a log -1 --format=%%B | grep -qx '%s'",
				self->dir, "Failures: generic/002"));
}

TEST_F(tmp, kdevops_path_names_kernel_and_machine)
{
	struct run_record rec = { 0 };
	char *err = NULL;
	char *src = str_printf("%s/fstests/ann/xfs/cloud/20240101/6.6.0-rc5/xfs_crc",
			       self->dir);
	struct proc_out r;

	/* the old kdevops file: no KERNEL property */
	ASSERT_EQ(0, shell_call("mkdir -p %s && cp %s/old/5.4.230+/xfs_crc/result.xml %s",
				src, KDEVOPS, src));
	r = add(self->dir, str_printf("%s/fstests", self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_EQ(0, archive_each(str_printf("%s/a", self->dir), NULL, one_run,
				  &rec, &err)) TH_LOG("%s", err);
	EXPECT_STREQ("6.6.0-rc5", record_get(&rec, "kernel"));
	EXPECT_STREQ("6.6-rc5", record_get(&rec, "version"));
	/* the machine is what the result says, never a folder (a date) */
	EXPECT_EQ(0, shell_call("grep -q ' hostname=\"%s\"' %s/result.xml",
				record_get(&rec, "machine"), src));
	EXPECT_STREQ("xfs", record_get(&rec, "fs"));
	/* and no absolute path of the adder's machine in the archive */
	EXPECT_NE(0, shell_call("grep -rqF '%s' %s/a/runs", self->dir,
				self->dir));
	EXPECT_NE(0, shell_call("git -C %s/a log --format=%%B | grep -qF '%s'",
				self->dir, self->dir));
}

TEST_F(tmp, corrupt_and_cut_short_runs_are_kept)
{
	char *res = str_printf("%s/res", self->dir), *stored;
	struct proc_out r;
	size_t len;

	ASSERT_EQ(0, shell_call("mkdir -p %s/cut %s/bad", res, res));
	/* cut inside the last testcase: no </testsuite> */
	put_file(str_printf("%s/cut/result.xml", res), run_xml,
		 strlen(run_xml) - 40);
	put_str(str_printf("%s/bad/result.xml", res), "no xml at all\n");
	r = add(self->dir, res);
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "2 runs added")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "1 corrupt, 1 incomplete")) TH_LOG("%s", r.out);
	EXPECT_EQ(2, commits(str_printf("%s/a", self->dir)));
	/* the corrupt run's bytes are stored as they were */
	ASSERT_EQ(0, shell_call("cd %s/a && grep -l '^status: corrupt' runs/*/run | %s > %s/back",
				self->dir, "sed 's/run$/result.xml.zst/' | xargs zstd -qdc",
				self->dir));
	stored = get_file(str_printf("%s/back", self->dir), &len);
	EXPECT_STREQ("no xml at all\n", stored);
}

TEST_F(tmp, a_folder_that_is_no_archive_is_refused)
{
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir %s/a && touch %s/a/notes", self->dir,
				self->dir));
	r = add(self->dir, RUNS);
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "neither a git repository nor empty"))
		TH_LOG("%s", r.err);
	r = fexp_call("archive " RUNS);
	EXPECT_EQ(2, r.status);
}

TEST_F(tmp, matrix_json_has_no_output_folder)
{
	struct proc_out r = add(self->dir, RUNS);

	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	/* json goes to standard output: -o DIR is not silently dropped */
	r = fexp_call(str_printf("matrix --format json -o %s/pages %s/a",
				 self->dir, self->dir));
	EXPECT_EQ(2, r.status);
	EXPECT_STREQ("", r.out);
	EXPECT_NE(NULL, strstr(r.err, "-o DIR is for html")) TH_LOG("%s", r.err);
}

TEST_F(tmp, matrix_adds_rows_for_tests_the_data_expunges)
{
	struct proc_out r = add(self->dir, RUNS);

	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	/* the built-in data expunges tests no run names: new names */
	r = fexp_call(str_printf("matrix --format json %s/a", self->dir));
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "\"class\": \"expunged\""));
}

TEST(record_errors_name_file_and_line)
{
	struct run_record rec = { 0 };
	char *err = NULL;

	EXPECT_EQ(-1, record_parse("runs/x/run", "kernel: 6.1\nbad line\n",
				   23, &rec, &err));
	EXPECT_STREQ("runs/x/run:2: not a \"key: value\" line", err);
	record_free(&rec);
	free(err);
	err = NULL;
	EXPECT_EQ(-1, record_parse("r", "fs: xfs", 7, &rec, &err));
	EXPECT_STREQ("r:1: the last line has no newline (cut short?)", err);
	record_free(&rec);
	free(err);
	/* a value stays on its line */
	record_set(&rec, "machine", "a\nb");
	EXPECT_STREQ("a b", record_get(&rec, "machine"));
	record_free(&rec);
}

/* A run of kernel k: "generic/100=F generic/200=P ..." */
static void add_one(const char *dir, int i, const char *k, const char *tests)
{
	char *res = str_printf("%s/r%d/ext4_4k", dir, i), *tok, *save;
	char *copy = strdup(tests);
	char *xml = str_printf("<?xml version=\"1.0\"?>\n"
			       "<testsuite name=\"x\" time=\"9\" start_timestamp=\"2026-12-0%dT08:00:00\">\n"
			       "<properties>\n"
			       "<property name=\"FSTYP\" value=\"ext4\"/>\n"
			       "<property name=\"SECTION\" value=\"ext4_4k\"/>\n"
			       "<property name=\"KERNEL\" value=\"%s\"/>\n"
			       "</properties>\n", i, k);

	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');

		*eq = '\0';
		xml = str_printf("%s" TESTCASE "%s</testcase>\n", xml, tok,
				 eq[1] == 'F' ? "<failure message=\"x\"/>" : "");
	}
	xml = str_printf("%s</testsuite>\n", xml);
	if (shell_call("mkdir -p %s", res))
		abort();
	put_in_dir(res, "result.xml", xml);
	if (shell_call("$FEXP archive add -a %s/a %s/r%d >/dev/null", dir, dir, i))
		abort();
	free(copy);
}

TEST_F(tmp, update_from_archive_rates_and_removals)
{
	struct proc_out r;

	ASSERT_EQ(0, shell_call("mkdir %s/data && touch %s/data/global.expunge", self->dir,
				self->dir));
	put_in_dir(str_printf("%s/data", self->dir), "ext4.expunge",
		   "generic/300  fail  from=kdevops:x.txt  # passes now\n"
		   "generic/301  flaky  # still fails\n"
		   "generic/302  fail  # a person's line: passes now\n");
	add_one(self->dir, 1, "6.6.1", "generic/100=F generic/200=F generic/300=F generic/301=F");
	add_one(self->dir, 2, "6.6.2",
		"generic/100=P generic/200=F generic/300=P generic/301=P generic/302=P");
	add_one(self->dir, 3, "6.6.3",
		"generic/100=F generic/200=F generic/300=P generic/301=P generic/302=P");
	add_one(self->dir, 4, "6.6.4",
		"generic/100=P generic/200=F generic/300=P generic/301=F generic/302=P");
	r = fexp_call(str_printf("update --archive %s/a --data %s/data --passes 3 --min-runs 2",
				 self->dir, self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	/* failing and passing kernels taking turns: a flake */
	EXPECT_NE(NULL, strstr(r.out, "\n+generic/100 flaky section=ext4_4k from=results:a "))
		TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out,
			       " seen=6.6.1,6.6.3  # failed 2/4 runs in ext4_4k (archive)\n"))
		TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, str_printf("%s%s", " seen=6.6.1,6.6.2,6.6.3,6.6.4",
						 "  # failed 4/4 runs in ext4_4k (archive)\n")))
		TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "\n-generic/300  fail  from=kdevops:x.txt  # passes now\n"))
		TH_LOG("%s", r.out);
	/* a hand-written line is never removed: the message says it passes */
	EXPECT_EQ(NULL, strstr(r.out, "\n-generic/302")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "generic/302: passed the last 3 runs"));
	EXPECT_NE(NULL, strstr(r.out, "hand-written, so not removed: the fail entry"));
	EXPECT_EQ(NULL, strstr(r.out, "\n-generic/301")) TH_LOG("%s", r.out);
	/* three passes in a row are not four */
	r = fexp_call(str_printf("update --archive %s/a --data %s/data --passes 4 --min-runs 2",
				 self->dir, self->dir));
	EXPECT_EQ(NULL, strstr(r.out, "\n-generic/300")) TH_LOG("%s", r.out);
}

TEST_HARNESS_MAIN
