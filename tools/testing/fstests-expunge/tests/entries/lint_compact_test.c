// SPDX-License-Identifier: GPL-2.0
/*
 * check's compaction rules: a line another line covers, lines that differ
 * only in their sections or meeting ranges; and check --compact leaves
 * none of them.
 */
#include <stdarg.h>
#include <sys/stat.h>

#include "kselftest_harness.h"

#include "entries/entry.h"
#include "entries/lint.h"
#include "diag-want.h"
#include "test-util.h"
#include "tmpdir-fixture.h"

#define KD	"from=kdevops:x/all.txt"
#define D150	"012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"

static const char global_text[] =
	"generic/3 expunge # hangs everywhere\n";

static const char xfs_text[] =
	/* 1, 2: the second is covered by the first */
	"generic/1 expunge " KD " # r\n"
	"generic/1 fail section=a " KD " # r\n"
	/* 3, 4: the same but for their sections */
	"generic/2 fail section=a " KD " # r\n"
	"generic/2 fail section=b " KD " # r\n"
	/* 5: covered by global.expunge:1 */
	"generic/3 fail section=a " KD " # r\n"
	/* 6, 7: a hand-written line under an imported one */
	"generic/4 fail section=a from=hand # r\n"
	"generic/4 expunge " KD " # r\n"
	/* 8, 9: ranges that meet where the first ends without a fix */
	"generic/5 fail until=6.1 " KD " # r\n"
	"generic/5 fail since=6.1 " KD " # r\n"
	/* what none of the rules may say */
	"generic/10 fail section=a " KD " # r\n"
	"generic/10 expunge section=b " KD " # r\n"
	"generic/11 fail " KD " # r\n"
	"generic/11 expunge section=a " KD " # r\n"
	/* 14, 15: no compaction, but 15 covers 14 (lint_covered_test.c) */
	"generic/12 fail section=a,b " KD " # r\n"
	"generic/12 fail section=!c " KD " # r\n"
	"generic/13 fail env=fast " KD " # r\n"
	"generic/13 fail " KD " if XFS_QUOTA # r\n"
	"generic/14 fail until=6.1 " KD " # r\n"
	"generic/14 fail since=6.3 " KD " # r\n"
	/* the same but for their sections, too long as one line */
	"generic/15 fail section=a " KD " # see https://x/a" D150 "\n"
	"generic/15 fail section=b " KD " # see https://x/b" D150 "\n";

/* The same test in another directory: not under d/global.expunge */
static const char other_text[] = "generic/3 fail section=a " KD " # r\n";

TEST(each_rule_on_its_line)
{
	static const char *const want[] = {
		"d/xfs.expunge:2: warning: generic/1: xfs.expunge:1 covers this line (applies wherever it does, as strong or stronger): delete this line (check --compact does)",
		"d/xfs.expunge:4: warning: generic/2: differs from xfs.expunge:3 only in its sections: make the two one line with section=a,b (check --compact does)",
		"d/xfs.expunge:5: warning: generic/3: global.expunge:1 covers this line",
		"d/xfs.expunge:9: warning: generic/5: differs from xfs.expunge:8 only in a kernel range that meets its own",
		"d/xfs.expunge:6: warning: generic/4: xfs.expunge:7 covers this hand-written line, which changes nothing: delete it, or carry its facts into that line",
		"d/xfs.expunge:14: warning: generic/12: covered by xfs.expunge:15",
	};
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	data_parse(&ds, "d/global.expunge", global_text, strlen(global_text),
		   &d);
	data_parse(&ds, "d/xfs.expunge", xfs_text, strlen(xfs_text), &d);
	data_parse(&ds, "o/xfs.expunge", other_text, strlen(other_text), &d);
	ASSERT_EQ(0, d.msgs.n);
	ASSERT_EQ(0, lint_dataset(&ds, NULL, NULL, &d));
	expect_msgs(_metadata, &d, want, ARRAY_SIZE(want));
	dataset_free(&ds);
	diag_free(&d);
}

static struct proc_out run_check(const char *dir, const char *more)
{
	char *args = str_printf("check --data %s %s", dir, more);
	struct proc_out r;

	unsetenv("FSTESTS_EXPUNGE_DATA");
	r = fexp_call(args);
	free(args);
	return r;
}

static size_t count(const char *text, const char *part)
{
	size_t n = 0;

	for (; (text = strstr(text, part)); text++)
		n++;
	return n;
}

/* What check says, check --compact does: after it, check says nothing */
TEST_F(tmp, compact_leaves_nothing_to_say)
{
	struct proc_out r;

	put_in_dir(self->dir, "global.expunge", global_text);
	put_in_dir(self->dir, "xfs.expunge", xfs_text);
	r = run_check(self->dir, "");
	EXPECT_EQ(1, r.status);
	EXPECT_EQ(4, count(r.out, "(check --compact does)"));
	EXPECT_EQ(1, count(r.out, "covers this hand-written line"));
	proc_out_free(&r);
	r = run_check(self->dir, "--compact");
	EXPECT_EQ(0, r.status);
	proc_out_free(&r);
	r = run_check(self->dir, "");
	/* the hand-written line stays: compaction never drops one */
	EXPECT_EQ(0, count(r.out, "(check --compact does)"));
	EXPECT_EQ(1, count(r.out, "covers this hand-written line"));
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
