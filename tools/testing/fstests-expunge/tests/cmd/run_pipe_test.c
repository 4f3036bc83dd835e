// SPDX-License-Identifier: GPL-2.0
/*
 * run and the kernel's config: "--config <(zcat config.gz)" read once,
 * its bytes kept; --release with no config anywhere: conditions undecided.
 */
#include <fcntl.h>

#include "run-fixture.h"

/*
 * The exclude step and the compare step both need the config: both must
 * see what the pipe gave, not what is left of it (nothing).
 */
TEST_F(run, a_config_pipe_is_read_once_for_exclude_and_compare)
{
	struct proc_out r = { 0 };
	char *base;
	int st;

	base = str_printf("%s --data %s/data %s %s/fstests --results %s/res",
			  "--release 6.12.9 --config /dev/stdin", self->dir,
			  "--fs ext4 --section s1 --fstests", self->dir,
			  self->dir);
	/* generic/002 fails (the stand-in's rule); known only with FS_DAX */
	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/002 fail if FS_DAX # fails with DAX on\n"
		"generic/006 expunge if FS_DAX # takes a DAX machine down\n");
	st = shell_call("cat %s | %s run %s %s >%s/o 2>%s/e",
			FIXTURE_PATH("config-dax"), getenv("FEXP"), base,
			"--run-known-failures -- generic/002 generic/006",
			self->dir, self->dir);
	r.out = slurp_fd(open(str_printf("%s/o", self->dir), O_RDONLY));
	r.err = slurp_fd(open(str_printf("%s/e", self->dir), O_RDONLY));
	/* expunged by the exclude step; run and known to compare */
	EXPECT_EQ(0, st) TH_LOG("%s%s", r.out, r.err);
	EXPECT_NE(NULL, strstr(r.out, "[expunged]")) TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "Known failures (1)")) TH_LOG("%s", r.out);
	EXPECT_EQ(NULL, strstr(r.out, "Regressions")) TH_LOG("%s", r.out);
	proc_out_free(&r);
	free(base);
}

/*
 * No config at all: run runs. The expunge entry that needs the config
 * applies (the test is not run on a guess), the fail entry does not (its
 * failure is a regression); both are named on stderr.
 */
TEST_F(run, release_alone_runs_with_undecided_conditions)
{
	struct proc_out r;
	char *args;

	put_str(str_printf("%s/data/ext4.expunge", self->dir),
		"generic/002 fail if FS_DAX # fails with DAX on\n"
		"generic/006 expunge if FS_DAX # takes a DAX machine down\n");
	args = str_printf("run %s --data %s/data %s %s/fstests --results %s/res %s",
			  "--release 9.9.9-fexp-noconfig", self->dir,
			  "--fs ext4 --section s1 --fstests", self->dir,
			  self->dir, "-- generic/002 generic/006");
	r = fexp_call(args);
	EXPECT_EQ(1, r.status) TH_LOG("%s%s", r.out, r.err);
	EXPECT_NE(NULL, strstr(r.out, "generic/006        [expunged]"))
		TH_LOG("%s", r.out);
	EXPECT_NE(NULL, strstr(r.out, "s1 generic/002: failed; not explained by the data"));
	EXPECT_NE(NULL, strstr(r.err, "generic/006 expunge applied (ext4.expunge:2: if FS_DAX)"))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "generic/002 fail not applied (ext4.expunge:1: if FS_DAX)"));
	proc_out_free(&r);
	free(args);
}

TEST_HARNESS_MAIN
