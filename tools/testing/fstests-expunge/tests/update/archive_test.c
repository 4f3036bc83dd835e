// SPDX-License-Identifier: GPL-2.0
/*
 * "update --archive" under the one evidence rule: rates per section and
 * machine, never pooled; a broken run named and left out; --min-runs
 * failing runs for an entry; a change point is no flake; linux-next and
 * patched kernels apart; a summary-only run counts as failures only.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "tmpdir-fixture.h"

/* A result.xml's head: hostname, day of November, kernel */
#define HEAD "<?xml version=\"1.0\"?>\n" \
	"<testsuite name=\"xfstests\" time=\"9\" hostname=\"%s\"" \
	" start_timestamp=\"2026-11-%02dT08:00:00\">\n" \
	"<properties>\n<property name=\"FSTYP\" value=\"ext4\"/>\n" \
	"<property name=\"KERNEL\" value=\"%s\"/>\n</properties>\n"

/* A run: n is its number (its start time), tests "NAME=P|F ..." */
static void run(const char *dir, int n, const char *host, const char *section,
		const char *kernel, const char *tests)
{
	char *res = str_printf("%s/r%d/%s", dir, n, section), *tok, *save;
	char *copy = strdup(tests);
	char *xml = str_printf(HEAD, host, n, kernel);

	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');

		*eq = '\0';
		xml = str_printf("%s<testcase classname=\"xfstests.%s\" name=\"%s\">%s%s\n",
				 xml, section, tok,
				 eq[1] == 'F' ? "<failure message=\"x\"/>" : "",
				 "</testcase>");
	}
	xml = str_printf("%s</testsuite>\n", xml);
	if (shell_call("mkdir -p %s", res))
		abort();
	put_in_dir(res, "result.xml", xml);
	if (shell_call("$FEXP archive add -a %s/a %s/r%d >/dev/null", dir, dir, n))
		abort();
	free(copy);
}

/* "generic/001=P generic/002=P ...": count passing fillers from first */
static char *fillers(int first, int count, char fail)
{
	char *s = str_printf("%s", "");
	int i;

	for (i = 0; i < count; i++)
		s = str_printf("%s generic/%03d=%c", s, first + i, fail);
	return s;
}

static struct proc_out update_archive(const char *dir, const char *opts)
{
	shell_call("mkdir -p %s/data && touch %s/data/global.expunge %s/data/ext4.expunge",
		   dir, dir, dir);
	return fexp_call(str_printf("update --archive %s/a --data %s/data %s", dir,
				    dir, opts));
}

TEST_F(tmp, rates_are_per_section_and_machine_never_pooled)
{
	struct proc_out r;
	int i;

	/* generic/900 fails in every run of ext4_1k on box-a only */
	for (i = 1; i <= 3; i++) {
		run(self->dir, i, "box-a", "ext4_1k", "6.6.1", "generic/900=F");
		run(self->dir, 10 + i, "box-a", "ext4_4k", "6.6.1", "generic/900=P");
		run(self->dir, 20 + i, "box-b", "ext4_1k", "6.6.1", "generic/900=P");
	}
	r = update_archive(self->dir, "");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "+generic/900 fail section=ext4_1k "))
		TH_LOG("%s", r.out);
	/* its own rate, with the machine: not 3/9 */
	EXPECT_NE(NULL, strstr(r.out, "# failed 3/3 runs in ext4_1k on box-a ["))
		TH_LOG("%s", r.out);
	EXPECT_EQ(NULL, strstr(r.out, "3/9")) TH_LOG("%s", r.out);
}

TEST_F(tmp, a_fail_entry_needs_min_runs_failing_runs)
{
	struct proc_out r;

	run(self->dir, 1, "box", "ext4_4k", "6.6.1", "generic/900=F");
	run(self->dir, 2, "box", "ext4_4k", "6.6.2", "generic/900=F");
	r = update_archive(self->dir, "");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.out, "+generic/900")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.err, "1 tests failed in fewer than --min-runs 3 runs"))
		TH_LOG("%s", r.err);
	r = update_archive(self->dir, "--min-runs 2");
	EXPECT_NE(NULL, strstr(r.out, "+generic/900 fail ")) TH_LOG("%s", r.out);
}

TEST_F(tmp, passes_then_failures_on_one_kernel_is_a_change_point)
{
	struct proc_out r;
	int i;

	for (i = 1; i <= 6; i++)
		run(self->dir, i, "box", "ext4_4k", "6.6.1",
		    i <= 3 ? "generic/900=P" : "generic/900=F");
	r = update_archive(self->dir, "");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "+generic/900 fail ")) TH_LOG("%s", r.out);
	EXPECT_EQ(NULL, strstr(r.out, "flaky")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "change point on 6.6.1: passed 3 runs, then failed 3"))
		TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "(2026-11-04T08:00:00)")) TH_LOG("%s", r.out);
	/* against it: taking turns on one kernel is a flake */
	run(self->dir, 7, "box", "ext4_4k", "6.6.1", "generic/900=P");
	r = update_archive(self->dir, "");
	EXPECT_NE(NULL, strstr(r.out, "+generic/900 flaky ")) TH_LOG("%s", r.out);
}

TEST_F(tmp, a_broken_run_is_named_and_left_out)
{
	struct proc_out r;
	int i;

	/* 30 tests a run; one run fails 28 of them */
	for (i = 1; i <= 3; i++)
		run(self->dir, i, "box", "ext4_4k", "6.6.1", fillers(1, 30, 'P'));
	run(self->dir, 4, "box", "ext4_4k", "6.6.2",
	    str_printf("%s%s", fillers(1, 28, 'F'), fillers(29, 2, 'P')));
	r = update_archive(self->dir, "--min-runs 1");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "a broken run, left out of every rate: r4/ext4_4k/"))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "93% of its 30 tests failed")) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.out, "\n+generic/")) TH_LOG("%s", r.out);
}

TEST_F(tmp, linux_next_and_patched_kernels_are_kept_apart)
{
	struct proc_out r;
	int i;

	for (i = 1; i <= 3; i++)
		run(self->dir, i, "box", "ext4_4k",
		    i == 1 ? "6.5.0-rc3-next-20230725" : "6.6.0-rc4-dagmcr-lbs-shmem",
		    "generic/900=F");
	r = update_archive(self->dir, "--min-runs 1");
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.out, "+generic/900")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.err, "3 runs of linux-next or patched kernels kept apart"))
		TH_LOG("%s", r.err);
}

TEST_HARNESS_MAIN
