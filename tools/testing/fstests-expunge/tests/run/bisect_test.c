// SPDX-License-Identifier: GPL-2.0
/*
 * run/bisect.c: the one rule of --bisect. 1 only when every target
 * failed with the same signature in every attempt, whether or not the
 * run completed; 0 only when every attempt ran the targets and they
 * passed; 125 for everything else.
 */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "run/bisect.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "kselftest_harness.h"

static const struct applied_set none;

/* A merged run: "generic/001=FFF generic/004=P" (C: crashed) */
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
			if (c->crashed)
				c->msg = strdup("crashed: BUG at fs/x.c:1");
		}
	}
	free(copy);
}

/* The verdict of --bisect --test target over tests, finished or not */
static int verdict(const char *target, const char *tests, bool finished)
{
	struct strlist targets = { 0 };
	struct retry_policy p = { .set = &none, .retries = -1,
				  .attempts = 3, .targets = &targets };
	struct strbuf report = { 0 };
	struct result_file rf;
	int ret;

	if (target)
		strlist_add(&targets, strdup(target));
	merged(&rf, tests);
	ret = bisect_judge(&p, &rf, finished, &report);
	result_free(&rf);
	sb_free(&report);
	strlist_free(&targets);
	return ret;
}

TEST(bad_every_attempt_whether_or_not_the_run_completed)
{
	EXPECT_EQ(1, verdict("generic/002", "generic/002=FFF", true));
	EXPECT_EQ(1, verdict("generic/002", "generic/002=FFF", false));
	/* the same crash every time */
	EXPECT_EQ(1, verdict("generic/002", "generic/002=CCC", false));
	/* without --test: the failures of the first attempt */
	EXPECT_EQ(1, verdict(NULL, "generic/001=P generic/002=FFF", false));
	/* another test's failure does not make the target's less bad */
	EXPECT_EQ(1, verdict("generic/002", "generic/001=F generic/002=FFF", true));
}

TEST(good_only_when_every_attempt_ran_and_passed)
{
	EXPECT_EQ(0, verdict("generic/002", "generic/002=PPP", true));
	/* an incomplete run, another test failing: never good */
	EXPECT_EQ(125, verdict("generic/002", "generic/002=PPP", false));
	EXPECT_EQ(125, verdict("generic/002", "generic/001=F generic/002=PPP", true));
}

TEST(everything_else_cannot_tell)
{
	EXPECT_EQ(125, verdict("generic/002", "generic/002=FFP", true));
	EXPECT_EQ(125, verdict("generic/002", "generic/002=CCF", true));
	EXPECT_EQ(125, verdict("generic/002", "generic/002=F", false));
	EXPECT_EQ(125, verdict("generic/002", "generic/001=P", true));
	/* two targets: one bad, one good is neither */
	EXPECT_EQ(125, verdict(NULL, "generic/002=FFF generic/003=FPP", true));
}

TEST_HARNESS_MAIN
