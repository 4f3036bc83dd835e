// SPDX-License-Identifier: GPL-2.0
/*
 * The pages of "matrix -o": a table of many kernels is paged, each page
 * under 2 MB, and the pages together hold every cell once; a rerun
 * leaves no page or log of the last one that it did not write.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "tmpdir-fixture.h"

#define KDEVOPS_RUN	SRCDIR "/tests/fixtures/compare/kdevops/20240221"
#define TESTS		1083	/* of that run's xfs_crc */
#define DATA		SRCDIR "/tests/fixtures/compare/data"
#define KERNELS		24

/*
 * The archive: the real run on 6.8.0-rc2, and copies of it on 6.8.1 ...;
 * the exit status of the shell that makes them, or of archive add.
 */
static int many_kernels(const char *dir)
{
	struct proc_out r = fexp_call(str_printf("archive add --archive %s/a %s",
						 dir, KDEVOPS_RUN));
	int ret = r.status;

	proc_out_free(&r);
	return ret ?: shell_call("cd %s/a/runs && src=$(ls) && for k in $(seq %d); do\n"
				 "id=$(printf %%016x $k) && mkdir $id &&\n"
				 "cp $src/result.xml.zst $id/ &&\n"
				 "sed -e \"s/^run: .*/run: $id/\" -e \"s/^kernel: .*/kernel: 6.8.$k/\" \\\n"
				 "    -e \"s/^version: .*/version: 6.8.$k/\" $src/run >$id/run || exit 1\n"
				 "done", dir, KERNELS);
}

/* How many cells of kernel k the table's pages hold, together */
static int cells_of(const char *dir, const char *k)
{
	char *out = str_printf("%s/count", dir);
	size_t len;
	char *text;
	int n;

	if (shell_call("cat %s/pages/t0.html %s/pages/t0-*.html |\n"
		       "grep -o 'data-kernel=\"%s\"' | wc -l >%s", dir, dir, k, out))
		return -1;
	text = get_file(out, &len);
	n = atoi(text);
	free(text);
	free(out);
	return n;
}

TEST_F(tmp, a_table_of_many_kernels_is_paged_under_2_mb_a_page)
{
	struct proc_out r;

	ASSERT_EQ(0, many_kernels(self->dir));
	r = fexp_call(str_printf("matrix --data %s -o %s/pages %s/a", DATA,
				 self->dir, self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	proc_out_free(&r);
	/* 25 kernels of 1083 tests: about 4 MB of cells, three pages */
	EXPECT_EQ(0, shell_call("test -f %s/pages/t0-2.html", self->dir));
	EXPECT_EQ(0, shell_call("test -z \"$(find %s/pages -size +2048k)\"",
				self->dir));
	/* the newest kernels first, the oldest on the last page */
	EXPECT_EQ(0, shell_call("grep -q 'data-kernel=\"6.8.24\"' %s/pages/t0.html",
				self->dir));
	EXPECT_NE(0, shell_call("grep -q 'data-kernel=\"6.8.0-rc2\"' %s/pages/t0.html",
				self->dir));
	/* each page names every page of its table */
	EXPECT_EQ(0, shell_call("grep -q 'href=\"t0-2.html\"' %s/pages/t0.html &&\n"
				"grep -q 'href=\"t0.html\"' %s/pages/t0-2.html",
				self->dir, self->dir));
	/* every cell once: the compare view of the two newest aside */
	EXPECT_EQ(TESTS, cells_of(self->dir, "6.8.0-rc2"));
	EXPECT_EQ(TESTS, cells_of(self->dir, "6.8.5"));
	EXPECT_EQ(TESTS, cells_of(self->dir, "6.8.20"));
}

/* A run of section: generic/001 passed, test failed with a .out.bad */
static int add_section(const char *dir, const char *section,
		       const char *test)
{
	char *res = str_printf("%s/res-%s/%s", dir, section, section);
	struct proc_out r;
	int ret;

	if (shell_call("mkdir -p %s/generic", res))
		return -1;
	put_in_dir(res, "result.xml", str_printf("<?xml version=\"1.0\"?>\n"
		"<testsuite name=\"xfstests\" failures=\"1\" tests=\"2\" time=\"9\" hostname=\"box\">\n"
		"<properties>\n"
		"<property name=\"FSTYP\" value=\"ext4\"/>\n"
		"<property name=\"KERNEL\" value=\"6.1.0-28-amd64\"/>\n"
		"<property name=\"SECTION\" value=\"%s\"/>\n"
		"</properties>\n"
		"<testcase classname=\"xfstests.%s\" name=\"generic/001\" time=\"1\"/>\n"
		"<testcase classname=\"xfstests.%s\" name=\"%s\" time=\"1\"><failure message=\"output mismatch\"/></testcase>\n"
		"</testsuite>\n", section, section, section, test));
	put_in_dir(res, str_printf("%s.out.bad", test), "bad output\n");
	r = fexp_call(str_printf("archive add --archive %s/a %s/res-%s", dir,
				 dir, section));
	ret = r.status;
	proc_out_free(&r);
	return ret;
}

/* Every path under the pages' folder, sorted, as "./NAME" lines */
static char *listing(const char *dir)
{
	char *out = str_printf("%s/ls", dir);
	size_t len;

	if (shell_call("cd %s/p && find . | sort >%s", dir, out))
		return NULL;
	return get_file(out, &len);
}

#define HAS(l, name)	(!!strstr(l, "\n./" name "\n"))

TEST_F(tmp, a_rerun_removes_the_pages_and_logs_it_no_longer_writes)
{
	const char *const foreign[] = {
		"notes.html", "t01.html", "t0-1.html", "t0-x.html", "test.html",
		"test-a.b.html", "keep.txt", "logs/README", "logs/x-generic+004.full",
	};
	struct proc_out r;
	char *l;
	size_t i;

	ASSERT_EQ(0, add_section(self->dir, "ext4_1k", "generic/002"));
	ASSERT_EQ(0, add_section(self->dir, "ext4_4k", "generic/004"));
	r = fexp_call(str_printf("matrix -o %s/p %s/a", self->dir, self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	proc_out_free(&r);
	l = listing(self->dir);
	ASSERT_TRUE(HAS(l, "t1.html")) TH_LOG("%s", l);
	ASSERT_TRUE(HAS(l, "test-generic-004.html")) TH_LOG("%s", l);
	ASSERT_EQ(0, shell_call("ls %s/p/logs/*-generic+004.out.bad >/dev/null",
				self->dir));
	/* the user's files, and names of the matrix's shapes it never made */
	for (i = 0; i < ARRAY_SIZE(foreign); i++)
		put_in_dir(str_printf("%s/p", self->dir), foreign[i], "mine\n");
	/* a page of a longer run, and a page that is a link out */
	put_in_dir(str_printf("%s/p", self->dir), "t1-2.html", "old\n");
	put_in_dir(self->dir, "secret", "a secret\n");
	ASSERT_EQ(0, shell_call("ln -s %s/secret %s/p/t7.html && mkdir %s/p/t8.html",
				self->dir, self->dir, self->dir));

	/* one table now: the other's pages, its test's page and log go */
	r = fexp_call(str_printf("matrix --section ext4_1k -o %s/p %s/a",
				 self->dir, self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	proc_out_free(&r);
	l = listing(self->dir);
	EXPECT_TRUE(HAS(l, "index.html")) TH_LOG("%s", l);
	EXPECT_TRUE(HAS(l, "t0.html"));
	EXPECT_TRUE(HAS(l, "test-generic-002.html"));
	EXPECT_FALSE(HAS(l, "t1.html"));
	EXPECT_FALSE(HAS(l, "t1-2.html"));
	EXPECT_FALSE(HAS(l, "t7.html"));
	EXPECT_FALSE(HAS(l, "test-generic-004.html"));
	EXPECT_EQ(NULL, strstr(l, "generic+004.out.bad"));
	EXPECT_NE(NULL, strstr(l, "generic+002.out.bad"));
	for (i = 0; i < ARRAY_SIZE(foreign); i++) {
		const char *name = foreign[i];

		EXPECT_NE(NULL, strstr(l, str_printf("\n./%s\n", name)))
			TH_LOG("%s", name);
	}
	/* a folder at a page's name is not the matrix's; the link's file stays */
	EXPECT_TRUE(HAS(l, "t8.html"));
	EXPECT_STREQ("a secret\n", get_file(str_printf("%s/secret", self->dir), &i));
}

TEST_HARNESS_MAIN
