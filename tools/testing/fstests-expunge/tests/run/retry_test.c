// SPDX-License-Identifier: GPL-2.0
/* The retry policy of run: which failed tests run again, how often. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "run/bisect.h"
#include "run/retry.h"
#include "run/resume-state.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "kselftest_harness.h"

/* The data: generic/001 flaky retries=2, generic/002 fail (by name). */
static struct applied data[] = {
	{ .test = "generic/001", .kind = KIND_FLAKY, .retries = 2 },
	{ .test = "generic/002", .kind = KIND_FAIL },
	{ .test = "generic/003", .kind = KIND_FLAKY, .retries = 0 },
};

static const struct applied_set set = { .a = data, .n = ARRAY_SIZE(data) };

/* A merged run: "generic/001=FF generic/004=F" (C: crashed) */
static void merged(struct result_file *rf, const char *tests)
{
	char *copy = strdup(tests), *tok, *save, *o;

	memset(rf, 0, sizeof(*rf));
	for (tok = strtok_r(copy, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');

		for (o = eq + 1; *o; o++) {
			struct result_case *c;

			c = array_push(&rf->cases, &rf->ncases, &rf->acases,
				       sizeof(*c));
			c->name = strndup(tok, eq - tok);
			c->outcome = *o == 'P' ? OUT_PASS : OUT_FAIL;
			c->crashed = *o == 'C';
		}
	}
	free(copy);
}

static char *pick(const struct retry_policy *p, const char *tests)
{
	static char buf[256];
	struct strlist l = { 0 };
	struct result_file rf;
	size_t i, n = 0;

	merged(&rf, tests);
	retry_pick(p, &rf, &l);
	buf[0] = '\0';
	for (i = 0; i < l.n; i++)
		n += snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? " " : "",
			      l.v[i]);
	strlist_free(&l);
	result_free(&rf);
	return buf;
}

TEST(flaky_failure_runs_again_until_its_retries_are_used)
{
	struct retry_policy p = { .set = &set, .retries = -1 };

	EXPECT_STREQ("generic/001", pick(&p, "generic/001=F"));
	EXPECT_STREQ("generic/001", pick(&p, "generic/001=FF"));
	EXPECT_STREQ("", pick(&p, "generic/001=FFF"));
	/* a pass ends it */
	EXPECT_STREQ("", pick(&p, "generic/001=FP"));
	EXPECT_STREQ("", pick(&p, "generic/001=P"));
	/* retries=0: one failure counts */
	EXPECT_STREQ("", pick(&p, "generic/003=F"));
}

TEST(known_and_unexplained_failures_only_with_retry_failures)
{
	struct retry_policy p = { .set = &set, .retries = -1 };

	EXPECT_STREQ("", pick(&p, "generic/002=F generic/004=F"));
	p.retry_failures = true;
	/* the fail entry explains generic/002: not retried */
	EXPECT_STREQ("generic/004", pick(&p, "generic/002=F generic/004=F"));
	EXPECT_EQ(DEFAULT_RETRIES, retry_limit(&p, "generic/004"));
	EXPECT_STREQ("", pick(&p, "generic/004=FFFF"));
}

TEST(retries_option_overrides_every_limit)
{
	struct retry_policy p = { .set = &set, .retries = 5,
				  .retry_failures = true };

	EXPECT_EQ(5, retry_limit(&p, "generic/001"));
	EXPECT_EQ(5, retry_limit(&p, "generic/003"));
	EXPECT_EQ(5, retry_limit(&p, "generic/004"));
	EXPECT_EQ(0, retry_limit(&p, "generic/002"));
	EXPECT_STREQ("generic/003", pick(&p, "generic/003=FFF"));
}

TEST(crashed_test_is_not_retried)
{
	struct retry_policy p = { .set = &set, .retries = -1 };

	EXPECT_STREQ("", pick(&p, "generic/001=C"));
	EXPECT_STREQ("", pick(&p, "generic/001=FC"));
}

TEST(attempts_count_consecutive_cases_of_one_name)
{
	struct result_file rf;
	struct attempts a;
	size_t pos = 0;

	merged(&rf, "generic/001=FFP generic/002=F");
	ASSERT_TRUE(attempts_next(&rf, &pos, &a));
	EXPECT_STREQ("generic/001", a.test);
	EXPECT_EQ(3, a.tries);
	EXPECT_EQ(2, a.fails);
	ASSERT_TRUE(attempts_next(&rf, &pos, &a));
	EXPECT_STREQ("generic/002", a.test);
	EXPECT_EQ(1, a.tries);
	EXPECT_FALSE(attempts_next(&rf, &pos, &a));
	result_free(&rf);
}

/* Two crashes of generic/005 (run --vm) with these signatures */
static void two_crashes(struct result_file *rf, const char *sig1,
			const char *sig2)
{
	merged(rf, "generic/005=CC");
	rf->cases[0].msg = str_printf("crashed: %s", sig1);
	rf->cases[1].msg = str_printf("crashed: %s", sig2);
}

/*
 * --bisect: a target that crashed the same way every attempt is bad; a
 * crash with another signature cannot tell, and is not tried again.
 */
TEST(crash_signatures_decide_bisect)
{
	struct strlist targets = { 0 };
	struct retry_policy p = { .set = &set, .retries = -1, .attempts = 3,
				  .targets = &targets };
	struct strbuf sb = { 0 };
	struct strlist l = { 0 };
	struct result_file rf;
	struct attempts a;
	size_t pos = 0;

	strlist_add(&targets, strdup("generic/005"));
	two_crashes(&rf, "BUG: x; RIP: f", "BUG: x; RIP: f");
	ASSERT_TRUE(attempts_next(&rf, &pos, &a));
	EXPECT_FALSE(a.crash_sigs_differ);
	retry_pick(&p, &rf, &l);
	EXPECT_EQ(1, l.n);	/* a third attempt */
	strlist_free(&l);
	p.attempts = 2;
	EXPECT_EQ(EXIT_PROBLEM, bisect_judge(&p, &rf, true, &sb));
	result_free(&rf);

	p.attempts = 3;
	two_crashes(&rf, "BUG: x; RIP: f", "Kernel panic - not syncing: y");
	pos = 0;
	ASSERT_TRUE(attempts_next(&rf, &pos, &a));
	EXPECT_TRUE(a.crash_sigs_differ);
	retry_pick(&p, &rf, &l);
	EXPECT_EQ(0, l.n);
	EXPECT_EQ(EXIT_SKIP, bisect_judge(&p, &rf, true, &sb));
	EXPECT_NE(NULL, strstr(sb.buf, "different signatures"));
	result_free(&rf);
	strlist_free(&targets);
	sb_free(&sb);
}

TEST_HARNESS_MAIN
