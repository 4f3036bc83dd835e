// SPDX-License-Identifier: GPL-2.0
/*
 * Files read in parallel are handed on in the order given, whatever the
 * readers' count and whichever file is read first: compare's output is
 * the same with one reader and with many.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "test-util.h"
#include "results/result-pool.h"
#include "results/results.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "tmpdir-fixture.h"

#define EXAMPLE	FIXTURE_PATH("compare/fstests/example-result.xml")
#define NFILES	48

/*
 * NFILES runs in dir: run K's failures say "run K", and the first ones
 * carry a long log, so that they take the longest to read.
 */
static char **make_runs(const char *dir)
{
	char **paths = calloc(NFILES + 1, sizeof(*paths));
	size_t len;
	char *ex = get_file(EXAMPLE, &len);
	int k;

	for (k = 0; k < NFILES; k++) {
		struct strbuf sb = { 0 };
		const char *p = ex, *q;
		char *d = str_printf("%s/run%02d/xfs_crc", dir, k);
		char *tag = str_printf("message=\"run %d - ", k);

		if (shell_call("mkdir -p %s", d))
			abort();
		while ((q = strstr(p, "message=\"- "))) {
			sb_add(&sb, p, q - p);
			sb_puts(&sb, tag);
			p = q + strlen("message=\"- ");
		}
		sb_puts(&sb, p);
		if (k < 4) {
			/* a log of 4 MB before the end: a slow file */
			char *end = strstr(sb.buf, "</testsuite>");
			struct strbuf big = { 0 };
			int i;

			sb_add(&big, sb.buf, end - sb.buf);
			sb_puts(&big, "<system-out><![CDATA[");
			for (i = 0; i < 65536; i++)
				sb_puts(&big, "a line of the log of a slow run ...............\n");
			sb_puts(&big, "]]></system-out>");
			sb_puts(&big, end);
			sb_free(&sb);
			sb = big;
		}
		paths[k] = str_printf("%s/result.xml", d);
		put_file(paths[k], sb.buf, sb.len);
		sb_free(&sb);
		free(tag);
		free(d);
	}
	free(ex);
	return paths;
}

struct seen {
	char **paths;
	size_t next;		/* the index expected next */
	bool in_order;
	bool same;		/* each as result_read() reads it alone */
};

static void check_one(void *ctx, size_t i, struct result_file *rf, int ret,
		      char *err)
{
	struct seen *s = ctx;
	struct result_file alone;
	char *aerr = NULL;

	if (i != s->next++)
		s->in_order = false;
	if (ret || result_read(s->paths[i], &alone, &aerr) ||
	    result_diff(rf, &alone) || strcmp(rf->path, s->paths[i]))
		s->same = false;
	result_free(&alone);
	result_free(rf);
	free(err);
	free(aerr);
}

TEST_F(tmp, files_are_handed_on_in_order_whatever_the_readers)
{
	static const char *const jobs[] = { "1", "2", "3", "8", "" };
	char **paths = make_runs(self->dir);
	size_t j;

	for (j = 0; j < ARRAY_SIZE(jobs); j++) {
		struct seen s = { .paths = paths, .in_order = true,
				  .same = true };

		setenv(RESULT_JOBS_ENV, jobs[j], 1);
		result_read_many(paths, NFILES, check_one, &s);
		EXPECT_EQ(NFILES, s.next);
		EXPECT_TRUE(s.in_order) {
			TH_LOG("%s readers", jobs[j]);
		}
		EXPECT_TRUE(s.same);
	}
	unsetenv(RESULT_JOBS_ENV);
	free_list(paths);
}

TEST(the_readers_count_is_the_cpus_unless_set)
{
	setenv(RESULT_JOBS_ENV, "3", 1);
	EXPECT_EQ(3, result_jobs());
	setenv(RESULT_JOBS_ENV, "1000", 1);
	EXPECT_EQ(RESULT_JOBS_MAX, result_jobs());
	/* nonsense is the default, as is nothing */
	setenv(RESULT_JOBS_ENV, "x", 1);
	EXPECT_EQ(result_jobs(), (unsigned int)sysconf(_SC_NPROCESSORS_ONLN));
	unsetenv(RESULT_JOBS_ENV);
	EXPECT_LE(1, result_jobs());
}

TEST_F(tmp, compare_says_the_same_with_one_reader_and_with_many)
{
	char **paths = make_runs(self->dir);
	struct proc_out one, many;
	char *args = str_printf("compare --format json %s", self->dir);

	setenv(RESULT_JOBS_ENV, "1", 1);
	one = fexp_call(args);
	setenv(RESULT_JOBS_ENV, "6", 1);
	many = fexp_call(args);
	unsetenv(RESULT_JOBS_ENV);
	EXPECT_EQ(one.status, many.status);
	EXPECT_STREQ(one.out, many.out);
	EXPECT_STREQ(one.err, many.err);
	/* the first failure of the first run, as found */
	EXPECT_NE(NULL, strstr(many.out, "\"run 0 - output mismatch"));
	EXPECT_EQ(NULL, strstr(many.out, "\"run 1 - output mismatch"));
	proc_out_free(&one);
	proc_out_free(&many);
	free(args);
	free_list(paths);
}

TEST_HARNESS_MAIN
