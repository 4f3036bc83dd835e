// SPDX-License-Identifier: GPL-2.0
/*
 * Writing result.xml back: what is read whole and written again reads
 * back the same, well-formed, whatever the logs and messages hold.
 */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "results/result-write.h"
#include "results/results.h"
#include "kselftest_harness.h"

#define CMP	SRCDIR "/tests/fixtures/compare"

/* Write rf to a file, check it with xmllint, read it back whole. */
static int round_trip(const struct result_file *rf, bool finished,
		      struct result_file *back)
{
	struct strbuf sb = { 0 };
	char *path, *err = NULL;
	int ret;

	result_write(rf, finished, &sb);
	path = tmpfile_with(sb.buf, sb.len);
	ret = system(str_printf("xmllint --noout %s", path)) ? -1 : 0;
	if (!ret)
		ret = result_read_whole(path, back, &err);
	unlink(path);
	free(path);
	free(err);
	sb_free(&sb);
	return ret;
}

TEST(a_real_file_reads_back_the_same)
{
	struct result_file rf, back;
	char *err = NULL;
	size_t i;

	ASSERT_EQ(0, result_read_whole(CMP "/runs/run3-loop/ext4_4k/result.xml",
				       &rf, &err));
	ASSERT_EQ(0, round_trip(&rf, true, &back));
	EXPECT_FALSE(back.incomplete);
	EXPECT_STREQ(rf.section, back.section);
	ASSERT_EQ(rf.ncases, back.ncases);
	ASSERT_EQ(rf.nprops, back.nprops);
	for (i = 0; i < rf.nprops; i++) {
		EXPECT_STREQ(rf.props[i].name, back.props[i].name);
		EXPECT_STREQ(rf.props[i].value, back.props[i].value);
	}
	for (i = 0; i < rf.ncases; i++) {
		const struct result_case *a = &rf.cases[i], *b = &back.cases[i];

		EXPECT_STREQ(a->name, b->name);
		EXPECT_EQ(a->outcome, b->outcome);
		EXPECT_STREQ(a->text->time, b->text->time);
		if (a->text->message)
			EXPECT_STREQ(a->text->message, b->text->message);
		if (a->text->err)
			EXPECT_STREQ(a->text->err, b->text->err);
		if (a->text->out)
			EXPECT_STREQ(a->text->out, b->text->out);
		if (a->detail)
			EXPECT_STREQ(a->detail, b->detail);
	}
	/* the testsuite's own attributes, the counts made again */
	ASSERT_EQ(rf.nattrs, back.nattrs);
	for (i = 0; i < rf.nattrs; i++) {
		EXPECT_STREQ(rf.attrs[i].name, back.attrs[i].name);
		EXPECT_STREQ(rf.attrs[i].value, back.attrs[i].value);
	}
	result_free(&rf);
	result_free(&back);
}

/* One case of each kind, with what XML cannot hold as it is. */
static void hostile(struct result_file *rf)
{
	struct result_case *c;

	memset(rf, 0, sizeof(*rf));
	rf->section = strdup("s1");
	rf->cases = calloc(3, sizeof(*rf->cases));
	rf->ncases = 3;
	rf->acases = 3;
	c = &rf->cases[0];
	c->name = strdup("generic/001");
	c->outcome = OUT_FAIL;
	c->text = calloc(1, sizeof(*c->text));
	c->text->message = strdup("- output mismatch <\"&\"> \x01 (see x)");
	c->text->err = strdup("\n--- a\n+++ b\n+]]> and ]]]]> in a log\x1b[0m\n");
	c->text->klog = strdup("\nWARNING: CPU: 1 PID: 2 at fs/x.c:3\n");
	c = &rf->cases[1];
	c->name = strdup("generic/001");
	c->outcome = OUT_PASS;
	c = &rf->cases[2];
	c->name = strdup("generic/002");
	c->outcome = OUT_NOTRUN;
	c->msg = strdup("not here & not now");
}

TEST(hostile_text_is_escaped_and_reads_back)
{
	struct result_file rf, back;

	hostile(&rf);
	ASSERT_EQ(0, round_trip(&rf, true, &back));
	ASSERT_EQ(3, back.ncases);
	EXPECT_STREQ("- output mismatch <\"&\"> ? (see x)",
		     back.cases[0].text->message);
	EXPECT_STREQ("\n--- a\n+++ b\n+]]> and ]]]]> in a log?[0m\n",
		     back.cases[0].text->err);
	EXPECT_STREQ("+]]> and ]]]]> in a log?[0m", back.cases[0].detail);
	EXPECT_NE(NULL, strstr(back.cases[0].text->klog, "WARNING: CPU: 1"));
	EXPECT_EQ(OUT_PASS, back.cases[1].outcome);
	EXPECT_EQ(OUT_NOTRUN, back.cases[2].outcome);
	EXPECT_STREQ("not here & not now", back.cases[2].msg);
	result_free(&rf);
	result_free(&back);
}

TEST(an_unfinished_run_is_written_incomplete)
{
	struct result_file rf, back;

	hostile(&rf);
	ASSERT_EQ(0, round_trip(&rf, false, &back));
	EXPECT_TRUE(back.incomplete);
	result_free(&rf);
	result_free(&back);
}

TEST(header_counts_each_test_once_by_its_first_attempt)
{
	struct result_file rf;
	struct strbuf sb = { 0 };

	hostile(&rf);
	result_write(&rf, true, &sb);
	/* generic/001 failed, then passed: one test, one failure */
	EXPECT_NE(NULL, strstr(sb.buf, " failures=\"1\" skipped=\"1\" tests=\"2\" "));
	result_free(&rf);
	sb_free(&sb);
}

TEST_HARNESS_MAIN
