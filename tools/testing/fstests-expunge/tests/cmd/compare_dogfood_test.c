// SPDX-License-Identifier: GPL-2.0
/*
 * compare reads the result.xml of real runs of "run" on this project's
 * machine that were stopped before the end (tests/fixtures/cut-short,
 * 6.18.44 on loop devices): every test, failure and skip of each, and
 * each run flagged incomplete. Then every run of ours (dogfood/) against
 * the shipped data.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results.h"
#include "test-util.h"
#include "kselftest_harness.h"

#define CUT_SHORT	FIXTURE_PATH("cut-short/6.18.44")
/* no data files: every failure stands */
#define NO_DATA	"--data " FIXTURE_PATH("compare/fstests")

/* per section: tests, not run, incomplete files, the failures */
#define SECTIONS \
	"[.sections[] | \"\\(.section):\\(.tests):\\(.counts.not_run):\\(.incomplete | length):\\([.results[] | select(.class == \"regression\") | .test] | join(\",\"))\"] | join(\"\\n\")"

TEST(real_runs_read_whole_and_incomplete)
{
	struct proc_out r;
	char *v;

	r = fexp_call("compare --release 6.18.44 " NO_DATA " --format json " CUT_SHORT);
	EXPECT_EQ(1, r.status);
	v = jsonq(r.out, SECTIONS);
	EXPECT_STREQ("btrfs_default:115:23:1:\n"
		     "ext4_4k:170:30:1:ext4/022,ext4/024,ext4/032,ext4/306,ext4/308\n"
		     "xfs_crc:136:19:1:", v ? v : "(not JSON)");
	free(v);
	proc_out_free(&r);
}

TEST(fast_reader_and_libxml2_agree_on_real_runs)
{
	static const char *const sections[] = {
		"btrfs_default", "ext4_4k", "xfs_crc",
	};
	struct result_file fast, xml;
	char *path, *buf, *err = NULL;
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(sections); i++) {
		path = str_printf("%s/%s/result.xml", CUT_SHORT, sections[i]);
		buf = get_file(path, &len);
		ASSERT_EQ(0, result_read_buf(path, buf, len, &fast, &err));
		ASSERT_EQ(0, result_read_buf_xml(path, buf, len, &xml, &err));
		EXPECT_EQ(NULL, result_diff(&fast, &xml)) {
			TH_LOG("%s: %s", sections[i], result_diff(&fast, &xml));
		}
		EXPECT_TRUE(fast.incomplete);
		result_free(&fast);
		result_free(&xml);
		free(path);
	}
}

/* Every run of ours, per kernel: dogfood/RELEASE/SECTION/ */
#define RUNS_OF_OURS	FIXTURE_PATH("dogfood")
/* "RELEASE SECTION TEST  # why": failures of the machine, not the kernel */
#define NOT_THE_KERNEL	RUNS_OF_OURS "/not-the-kernel"
#define SHIPPED_DATA	"--data " SRCDIR "/data"
/* what a maintainer must look at: "class test" a line */
#define TO_LOOK_AT \
	"[.sections[].results[] | select(.class == \"regression\" or " \
	".class == \"unexpected_pass\" or .class == \"crash\") | " \
	"\"\\(.class) \\(.test)\"] | join(\"\\n\")"

/* Is "release section test" a line (before its comment) of the list? */
static bool not_the_kernel(const char *list, const char *release,
			   const char *section, const char *test)
{
	char *want = str_printf("%s %s %s", release, section, test);
	const char *p = list;
	size_t n = strlen(want);
	bool found = false;

	while (p && *p && !found) {
		found = !strncmp(p, want, n) && strchr(" \t#\n", p[n]);
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	free(want);
	return found;
}

/*
 * compare of each run of ours against the shipped data: no unexpected
 * pass (the data records every pass it saw, passed=) and no failure or
 * crash that neither the data nor the list of the machine's own
 * failures explains. A data change that forgets a run fails here.
 */
TEST(runs_of_ours_agree_with_the_shipped_data)
{
	size_t len;
	char *list = get_file(NOT_THE_KERNEL, &len);
	DIR *top = opendir(RUNS_OF_OURS);
	struct dirent *rel, *sec;
	int checked = 0;

	ASSERT_NE(NULL, list);
	ASSERT_NE(NULL, top);
	while ((rel = readdir(top))) {
		char *rdir = str_printf("%s/%s", RUNS_OF_OURS, rel->d_name);
		DIR *d = rel->d_name[0] == '.' ? NULL : opendir(rdir);

		while (d && (sec = readdir(d))) {
			struct proc_out r;
			char *v, *line, *save = NULL;

			if (sec->d_name[0] == '.')
				continue;
			r = fexp_call(str_printf("compare " SHIPPED_DATA
						 " --format json %s/%s", rdir,
						 sec->d_name));
			v = jsonq(r.out, TO_LOOK_AT);
			ASSERT_NE(NULL, v) TH_LOG("%s/%s: %s", rel->d_name,
						  sec->d_name, r.err);
			for (line = strtok_r(v, "\n", &save); line;
			     line = strtok_r(NULL, "\n", &save)) {
				const char *test = strchr(line, ' ') + 1;

				EXPECT_TRUE(!strncmp(line, "regression ", 11) &&
					    not_the_kernel(list, rel->d_name,
							   sec->d_name, test)) {
					TH_LOG("%s %s: %s", rel->d_name,
					       sec->d_name, line);
				}
			}
			checked++;
			free(v);
			proc_out_free(&r);
		}
		if (d)
			closedir(d);
		free(rdir);
	}
	closedir(top);
	/* 6.1.192, 6.12.118 under QEMU and 6.18.44 on loop devices */
	EXPECT_LE(5, checked);
	free(list);
}

TEST_HARNESS_MAIN
