// SPDX-License-Identifier: GPL-2.0
/*
 * report/format: the formats of compare, kernel and matrix from one
 * table, and an unknown name an error wherever it comes from.
 */
#include <sys/stat.h>

#include "lib/base.h"
#include "report/format.h"
#include "report/report-compare.h"
#include "tmpdir-fixture.h"

#define RUN1	FIXTURE_PATH("compare/runs/run1-ext4")

/* Each name of cmd's choices is a format of cmd, with its writer */
static size_t check_choices(struct __test_metadata *_metadata,
			    const char *cmd)
{
	char *names = strdup(format_choices(cmd)), *name, *save = NULL;
	size_t n = 0;

	for (name = strtok_r(names, "|", &save); name;
	     name = strtok_r(NULL, "|", &save), n++) {
		const struct output_format *f = format_find(cmd, name);

		ASSERT_NE(NULL, f) TH_LOG("%s --format %s", cmd, name);
		EXPECT_STREQ(name, f->name);
		EXPECT_STREQ(cmd, f->cmd);
		EXPECT_NE(NULL, (void *)f->write.report);
	}
	free(names);
	return n;
}

TEST(every_choice_is_a_format)
{
	EXPECT_EQ(6, check_choices(_metadata, "compare"));
	EXPECT_EQ(3, check_choices(_metadata, "kernel"));
	EXPECT_EQ(2, check_choices(_metadata, "matrix"));
	/* the first is the default the commands start from */
	EXPECT_EQ(0, strncmp(format_choices("compare"), "text|", 5));
	EXPECT_EQ(0, strncmp(format_choices("kernel"), "text|", 5));
	EXPECT_EQ(0, strncmp(format_choices("matrix"), "html|", 5));
	EXPECT_TRUE(format_find("matrix", "html")->pages);
	EXPECT_FALSE(format_find("matrix", "json")->pages);
	/* made once: the same string every time */
	EXPECT_EQ(format_choices("kernel"), format_choices("kernel"));
}

TEST(unknown_names)
{
	EXPECT_EQ(NULL, format_find("compare", "keys"));
	EXPECT_EQ(NULL, format_find("kernel", "html"));
	EXPECT_EQ(NULL, format_find("matrix", "text"));
	EXPECT_EQ(NULL, format_find("compare", ""));
	EXPECT_EQ(NULL, format_find("compare", "tex"));
}

/* run and others call report_compare() with a format of their own */
TEST_F(tmp, compare_with_an_unknown_format_fails)
{
	char *out = str_printf("%s/report", self->dir);
	struct compare_opts co = { .format = "nope", .output = out };
	struct stat st;

	strlist_add(&co.paths, xstrdup(RUN1));
	EXPECT_EQ(EXIT_USAGE, report_compare(&co));
	EXPECT_NE(0, stat(out, &st));
	co.format = "json";
	co.k.data = FIXTURE_PATH("compare/data");
	EXPECT_NE(EXIT_USAGE, report_compare(&co));
	EXPECT_EQ(0, stat(out, &st));
	strlist_free(&co.paths);
	free(out);
}

TEST_HARNESS_MAIN
