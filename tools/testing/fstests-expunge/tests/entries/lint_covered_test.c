// SPDX-License-Identifier: GPL-2.0
/*
 * check's rule for covered lines: a line the lines read with it cover
 * together (deleting it changes no exclude or flaky answer) is said,
 * naming them; a line that any point of section, kernel or switches
 * tells apart is not; of lines that cover each other one is said.
 */
#include "kselftest_harness.h"

#include "entries/entry.h"
#include "entries/lint.h"
#include "diag-want.h"
#include "test-util.h"

#define KD	"from=kdevops:x/all.txt"

static const char global_text[] =
	/* 1: a fix a fixed-by= names: the version lists decide */
	"generic/373 fail fixed=5.18 fixed-by=9f5710bbfd30 from=hand # r\n"
	/* 2: an fstests fix ends it: covers only the lines that share it */
	"generic/20 fail test-fixed-by=9caf3ee0 " KD " # r\n"
	/* 3, 4: each switch apart */
	"generic/21 expunge env=!large-disk " KD " # r\n"
	"generic/21 expunge env=fast " KD " # r\n"
	/* 5: a fix without fixed=: where it ends only --srctree can tell */
	"generic/36 fail fixed-by=0123456789ab " KD " # r\n";

/* Versions in another order: the same to the tool, not to compaction */
#define V1	"since=6.1.10,6.2-rc1 "
#define V2	"since=6.2-rc1,6.1.10 "

static const char xfs_text[] =
	/* 1: under global.expunge:1 (5.10.y before 5.18) */
	"generic/373 fail since=5.10.105 " KD " # r\n"
	/* 2-3: flaky for one section, under its own fail line for all */
	"generic/273 fail since=6.1-rc4 until=6.2-rc1 " KD " # r\n"
	"generic/273 flaky section=xfs_crc since=6.1.72 " KD " # r\n"
	/* 4-6: two lines cover 6 together, one range each */
	"generic/22 fail since=5.10 until=6.1 " KD " # r\n"
	"generic/22 expunge since=6.1-rc1 " KD " # r\n"
	"generic/22 fail since=5.15 cause=kernel " KD " # r\n"
	/* 7-8: lines that cover each other: the first is said, not both */
	"generic/23 fail " V1 KD " # r\n"
	"generic/23 fail " V2 KD " # r\n"
	/* 9-10: a glob narrower than the other's: covered */
	"generic/24 fail section=*1k " KD " # r\n"
	"generic/24 fail section=*1k* cause=kernel " KD " # r\n"
	/* 11-16: fewer retries, a weaker kind, an "if": covered */
	"generic/32 flaky " V2 KD " # r\n"
	"generic/32 flaky " V1 "retries=5 " KD " # r\n"
	"generic/33 flaky " V2 KD " # r\n"
	"generic/33 fail " V1 KD " # r\n"
	"generic/34 fail " V2 KD " if XFS_QUOTA # r\n"
	"generic/34 fail " V1 KD " # r\n"
	/* what must not be said: the other way round of each, and */
	"generic/30 fail section=*1k* " KD " # r\n"	/* 17 */
	"generic/30 expunge section=*1k " KD " # r\n"
	"generic/31 fail since=6.1.72 " KD " # r\n"	/* 19 */
	"generic/31 fail since=6.1-rc4 until=6.1.80,6.2-rc1 " KD " # r\n"
	"generic/20 fail section=a " KD " # r\n"		/* 21 */
	"generic/21 fail " KD " # r\n"			/* 22 */
	"generic/35 fail since=5.10.105 " KD " # r\n"	/* 23 */
	"generic/35 fail since=5.15 " KD " # r\n"
	"generic/36 fail since=5.10.105 " KD " # r\n";	/* 25 */

/* eol/: read with xfs.expunge, and its lines so covered */
static const char eol_text[] =
	"generic/22 fail since=5.17-rc7 until=5.18-rc1 " KD " # r\n"
	"generic/35 fail since=5.10.100 until=5.10.110 " KD " # r\n";

/* Another directory's lines: not read with d/ */
static const char other_text[] = "generic/373 fail " KD " # r\n";

TEST(covered_lines_are_said_with_what_covers_them)
{
	static const char *const want[] = {
		"d/xfs.expunge:1: warning: generic/373: covered by global.expunge:1 (wherever this line applies, that line does, as strong or stronger): deleting it changes no selection",
		"d/xfs.expunge:3: warning: generic/273: covered by xfs.expunge:2 (",
		"d/xfs.expunge:6: warning: generic/22: covered by xfs.expunge:4, xfs.expunge:5 (wherever this line applies, one of them does",
		"d/xfs.expunge:7: warning: generic/23: covered by xfs.expunge:8 (",
		"d/xfs.expunge:9: warning: generic/24: covered by xfs.expunge:10 (",
		"d/xfs.expunge:11: warning: generic/32: covered by xfs.expunge:12 (",
		"d/xfs.expunge:13: warning: generic/33: covered by xfs.expunge:14 (",
		"d/xfs.expunge:15: warning: generic/34: covered by xfs.expunge:16 (",
		"d/eol/xfs.expunge:1: warning: generic/22: covered by xfs.expunge:4 (",
	};
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	data_parse(&ds, "d/global.expunge", global_text, strlen(global_text),
		   &d);
	data_parse(&ds, "d/xfs.expunge", xfs_text, strlen(xfs_text), &d);
	data_parse(&ds, "d/eol/xfs.expunge", eol_text, strlen(eol_text), &d);
	data_parse(&ds, "o/global.expunge", other_text, strlen(other_text),
		   &d);
	ASSERT_EQ(0, d.msgs.n);
	ASSERT_EQ(0, lint_dataset(&ds, NULL, NULL, &d));
	expect_msgs(_metadata, &d, want, ARRAY_SIZE(want));
	dataset_free(&ds);
	diag_free(&d);
}

TEST_HARNESS_MAIN
