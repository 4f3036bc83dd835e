// SPDX-License-Identifier: GPL-2.0
/*
 * The pages of "matrix -o": a table of many kernels is paged, each page
 * under 2 MB, and the pages together hold every cell once.
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

TEST_HARNESS_MAIN
