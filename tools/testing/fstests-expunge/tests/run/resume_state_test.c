// SPDX-License-Identifier: GPL-2.0
/* What run keeps to resume: arguments, pieces, crashes, log copies. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test-util.h"
#include "run/resume-state.h"
#include "lib/strbuf.h"
#include "kselftest_harness.h"

#define SUITE_HEAD \
	"<?xml version=\"1.0\"?>\n<testsuite name=\"xfstests\" time=\"\">\n" \
	"<properties>\n<property name=\"FSTYP\" value=\"ext4\"/>\n</properties>\n"
#define CASE(t) "<testcase classname=\"xfstests.s1\" name=\"" t "\">\n</testcase>\n"

FIXTURE(state) {
	char dir[64];
	struct run_state st;
};

FIXTURE_SETUP(state)
{
	char *err = NULL;

	snprintf(self->dir, sizeof(self->dir), "/tmp/fexp-state-test.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	ASSERT_EQ(0, run_state_open(&self->st, str_printf("%s/res", self->dir),
				    "s1", true, &err));
}

FIXTURE_TEARDOWN(state)
{
	run_state_free(&self->st);
	if (system(str_printf("rm -rf '%s'", self->dir)))
		abort();
}

static bool there(const char *path)
{
	return !access(path, F_OK);
}

TEST_F(state, check_arguments_come_back_as_given)
{
	static char *const args[] = { "-g", "quick", "", "a b", NULL };
	struct strlist back = { 0 };

	ASSERT_EQ(0, run_state_save_args(&self->st, args, 4));
	ASSERT_EQ(0, run_state_load_args(&self->st, &back));
	ASSERT_EQ(4, back.n);
	EXPECT_STREQ("quick", back.v[1]);
	EXPECT_STREQ("", back.v[2]);
	EXPECT_STREQ("a b", back.v[3]);
	strlist_free(&back);
}

TEST_F(state, a_crash_records_the_running_test_in_its_piece)
{
	struct result_file *parts, *retries;
	size_t np, nr;

	put_str(str_printf("%s/result.xml", self->st.secdir),
		SUITE_HEAD CASE("generic/001"));
	put_str(run_state_path(&self->st, "running"), "0 generic/002\n");
	ASSERT_EQ(0, run_state_recover(&self->st, false));
	EXPECT_FALSE(there(run_state_path(&self->st, "running")));
	EXPECT_TRUE(there(run_state_path(&self->st, "main-1.xml")));
	ASSERT_EQ(0, run_state_load(&self->st, &parts, &np, &retries, &nr));
	ASSERT_EQ(1, np);
	EXPECT_EQ(0, nr);
	ASSERT_EQ(2, parts[0].ncases);
	EXPECT_STREQ("generic/002", parts[0].cases[1].name);
	EXPECT_EQ(OUT_FAIL, parts[0].cases[1].outcome);
	EXPECT_STREQ(RESULT_CRASH_TYPE, parts[0].cases[1].text->type);
	EXPECT_TRUE(parts[0].cases[1].crashed);
	result_free(&parts[0]);
	free(parts);
	free(retries);
}

TEST_F(state, a_test_that_finished_is_no_crash)
{
	put_str(str_printf("%s/result.xml", self->st.secdir),
		SUITE_HEAD CASE("generic/001"));
	put_str(run_state_path(&self->st, "running"), "0 generic/001\n");
	ASSERT_EQ(0, run_state_recover(&self->st, false));
	EXPECT_FALSE(there(run_state_path(&self->st, "crashed")));
}

TEST_F(state, a_crash_before_any_result_leaves_an_empty_piece)
{
	struct result_file *parts, *retries;
	size_t np, nr;

	put_str(run_state_path(&self->st, "running"), "2 generic/005\n");
	ASSERT_EQ(0, run_state_recover(&self->st, false));
	/* round 2 was running: its retry piece, empty but for the crash */
	EXPECT_TRUE(there(run_state_path(&self->st, "retry-1.xml")));
	ASSERT_EQ(0, run_state_load(&self->st, &parts, &np, &retries, &nr));
	ASSERT_EQ(1, nr);
	ASSERT_EQ(1, retries[0].ncases);
	EXPECT_STREQ("generic/005", retries[0].cases[0].name);
	EXPECT_TRUE(retries[0].incomplete);
	result_free(&retries[0]);
	free(parts);
	free(retries);
}

TEST_F(state, run_killed_in_this_boot_is_no_crash)
{
	char *running = run_state_running_text(0, "generic/002");

	put_str(str_printf("%s/result.xml", self->st.secdir),
		SUITE_HEAD CASE("generic/001"));
	put_str(run_state_path(&self->st, "running"), running);
	ASSERT_EQ(0, run_state_recover(&self->st, false));
	EXPECT_FALSE(there(run_state_path(&self->st, "running")));
	/* what ran before is kept; the test will run again */
	EXPECT_TRUE(there(run_state_path(&self->st, "main-1.xml")));
	EXPECT_FALSE(there(run_state_path(&self->st, "crashed")));
	free(running);
}

TEST_F(state, run_stopped_in_an_earlier_boot_is_a_crash)
{
	put_str(str_printf("%s/result.xml", self->st.secdir),
		SUITE_HEAD CASE("generic/001"));
	put_str(run_state_path(&self->st, "running"),
		"0 generic/002 00000000-0000-0000-0000-000000000000\n");
	ASSERT_EQ(0, run_state_recover(&self->st, false));
	EXPECT_TRUE(there(run_state_path(&self->st, "crashed")));
}

TEST_F(state, check_that_died_in_this_boot_is_a_crash)
{
	char *running = run_state_running_text(0, "generic/002");

	put_str(run_state_path(&self->st, "running"), running);
	ASSERT_EQ(0, run_state_recover(&self->st, true));
	EXPECT_TRUE(there(run_state_path(&self->st, "crashed")));
	free(running);
}

TEST_F(state, pieces_are_numbered_and_a_fresh_run_forgets_them)
{
	char *err = NULL;
	struct run_state again;

	EXPECT_EQ(0, run_state_take(&self->st, "main"));
	EXPECT_EQ(0, run_state_take(&self->st, "main"));
	EXPECT_EQ(2, run_state_count(&self->st, "main"));
	EXPECT_EQ(0, run_state_count(&self->st, "retry"));
	ASSERT_EQ(0, run_state_open(&again, str_printf("%s/res", self->dir),
				    "s1", true, &err));
	EXPECT_EQ(0, run_state_count(&again, "main"));
	run_state_free(&again);
}

TEST_F(state, log_files_are_kept_under_rerun_names)
{
	ASSERT_EQ(0, mkdir(str_printf("%s/generic", self->st.secdir), 0755));
	put_str(str_printf("%s/generic/001.out.bad", self->st.secdir), "-x\n");
	run_state_stash(&self->st, "generic/001", 0, false);
	EXPECT_TRUE(there(str_printf("%s/generic/001.out.bad.rerun0",
				     self->st.secdir)));
	EXPECT_FALSE(there(str_printf("%s/generic/001.full.rerun0",
				      self->st.secdir)));
	/* what is kept stays: a second copy does not overwrite it */
	put_str(str_printf("%s/generic/001.out.bad", self->st.secdir), "-y\n");
	run_state_stash(&self->st, "generic/001", 0, false);
	EXPECT_EQ(0, system(str_printf("grep -qx -- -x %s/generic/001.out.bad.rerun0",
				       self->st.secdir)));
	/* and comes back where check removed the file */
	unlink(str_printf("%s/generic/001.out.bad", self->st.secdir));
	run_state_stash(&self->st, "generic/001", 0, true);
	EXPECT_EQ(0, system(str_printf("grep -qx -- -x %s/generic/001.out.bad",
				       self->st.secdir)));
}

TEST_HARNESS_MAIN
