// SPDX-License-Identifier: GPL-2.0
/* Merging the pieces of a run: order of attempts, header, times. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "results/result-merge.h"
#include "results/results.h"
#include "lib/base.h"
#include "kselftest_harness.h"

/* A piece: "generic/001=P generic/002=F", time attribute secs (NULL: none) */
static void piece(struct result_file *rf, const char *cases, const char *secs,
		  const char *kernel)
{
	char *copy = strdup(cases), *tok, *save;

	memset(rf, 0, sizeof(*rf));
	rf->section = strdup("s1");
	if (secs) {
		rf->attrs = calloc(1, sizeof(*rf->attrs));
		rf->nattrs = 1;
		rf->aattrs = 1;
		rf->attrs[0].name = strdup("time");
		rf->attrs[0].value = strdup(secs);
	}
	if (kernel) {
		rf->props = calloc(1, sizeof(*rf->props));
		rf->nprops = 1;
		rf->aprops = 1;
		rf->props[0].name = strdup("KERNEL");
		rf->props[0].value = strdup(kernel);
	}
	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		struct result_case *c;
		char *eq = strchr(tok, '=');

		c = array_push(&rf->cases, &rf->ncases, &rf->acases,
			       sizeof(*c));
		c->name = strndup(tok, eq - tok);
		c->outcome = eq[1] == 'P' ? OUT_PASS :
			     eq[1] == 'F' ? OUT_FAIL : OUT_NOTRUN;
	}
	free(copy);
}

#define MERGED \
	"generic/001=P generic/002=F generic/002=F generic/002=P " \
	"generic/003=F generic/003=F generic/004=N"

/* "generic/001=P generic/002=F generic/002=P" of the merged file */
static char *cases(const struct result_file *rf)
{
	static char buf[512];
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < rf->ncases; i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s=%c", i ? " " : "",
			      rf->cases[i].name, "PFN"[rf->cases[i].outcome]);
	return buf;
}

TEST(retries_follow_the_first_attempt_in_round_order)
{
	struct result_file parts[2], retries[2], m;

	/* a crash split the main run: 003 in the second piece */
	piece(&parts[0], "generic/001=P generic/002=F", "10", "6.12.9");
	piece(&parts[1], "generic/003=F generic/004=N", "5", "6.12.9");
	piece(&retries[0], "generic/003=F generic/002=F", "3", NULL);
	piece(&retries[1], "generic/002=P", "1", NULL);
	result_merge(&m, parts, 2, retries, 2);
	/* 002: main, round 1, round 2; 003: main, round 1 */
	EXPECT_STREQ(MERGED, cases(&m));
	EXPECT_STREQ("s1", m.section);
	EXPECT_STREQ("6.12.9", result_prop(&m, "KERNEL"));
	/* the run's time: every piece added up, retries too */
	ASSERT_EQ(1, m.nattrs);
	EXPECT_STREQ("19", m.attrs[0].value);
	/* the cases moved */
	EXPECT_EQ(NULL, parts[0].cases[0].name);
	EXPECT_EQ(NULL, retries[1].cases[0].name);
	result_free(&m);
	result_free(&parts[0]);
	result_free(&parts[1]);
	result_free(&retries[0]);
	result_free(&retries[1]);
}

TEST(a_piece_without_time_counts_its_testcases_times)
{
	struct result_file parts[2], retry, m;

	/* check was killed in the second piece: time="" */
	piece(&parts[0], "generic/001=P", "10", NULL);
	piece(&parts[1], "generic/002=P generic/003=F", "", NULL);
	parts[1].cases[0].time = 4;
	parts[1].cases[1].time = 2;
	piece(&retry, "generic/003=P", "3", NULL);
	result_merge(&m, parts, 2, &retry, 1);
	ASSERT_EQ(1, m.nattrs);
	EXPECT_STREQ("19", m.attrs[0].value);
	result_free(&m);
	result_free(&parts[0]);
	result_free(&parts[1]);
	result_free(&retry);
}

TEST(a_first_piece_without_header_still_gets_the_time)
{
	struct result_file parts[2], m;

	piece(&parts[0], "generic/001=P", NULL, NULL);
	parts[0].cases[0].time = 7;
	piece(&parts[1], "generic/002=P", NULL, NULL);
	parts[1].cases[0].time = 5;
	result_merge(&m, parts, 2, NULL, 0);
	ASSERT_EQ(1, m.nattrs);
	EXPECT_STREQ("time", m.attrs[0].name);
	EXPECT_STREQ("12", m.attrs[0].value);
	result_free(&m);
	result_free(&parts[0]);
	result_free(&parts[1]);
}

TEST(a_retry_of_a_test_no_piece_has_comes_last)
{
	struct result_file part, retry, m;

	piece(&part, "generic/001=P", NULL, NULL);
	piece(&retry, "generic/009=F", NULL, NULL);
	result_merge(&m, &part, 1, &retry, 1);
	EXPECT_STREQ("generic/001=P generic/009=F", cases(&m));
	result_free(&m);
	result_free(&part);
	result_free(&retry);
}

TEST(nothing_merged_is_an_empty_run_of_no_section)
{
	struct result_file m;

	result_merge(&m, NULL, 0, NULL, 0);
	EXPECT_EQ(0, m.ncases);
	EXPECT_STREQ("global", m.section);
	result_free(&m);
}

TEST_HARNESS_MAIN
