// SPDX-License-Identifier: GPL-2.0
/*
 * exclude names the environment switches that left tests out, on stderr
 * and in the file it writes, with the option that runs them: without a
 * device to measure, large-disk keeps kdevops' default (off).
 */
#include "tmpdir-fixture.h"

/* Two large-disk tests, one of them a known failure anyway; a fast one */
static const char data[] =
	"generic/038 expunge env=!large-disk cause=env # needs 10 GiB free\n"
	"generic/048 expunge env=!large-disk cause=env # needs 10 GiB free\n"
	"generic/048 fail # fails anyway\n"
	"generic/224 fail env=!large-disk cause=env # needs a large device\n"
	"generic/013 expunge env=fast cause=env # takes over 10 s\n"
	"generic/001 expunge # hangs\n";

/* What is said of each switch, whole: a grep finds it as the user sees it */
static const char *const notes[] = {
	"ext4: env switch large-disk is off (no --env large-disk: the default) leaves out 2 tests: generic/038 generic/224; to run them: --env large-disk, or run with a scratch device of 10 GiB or more (run measures it)",
	"ext4: env switch fast is on (--env fast) leaves out 1 test: generic/013; to run them: --env '!fast'",
};

static struct proc_out run_exclude(const char *dir, const char *more)
{
	struct proc_out r;
	char *args;

	put_in_dir(dir, "global.expunge", "");
	put_in_dir(dir, "ext4.expunge", data);
	args = str_printf("exclude --data %s --release 6.12.9 --fs ext4 -o %s/x %s",
			  dir, dir, more);
	r = fexp_call(args);
	free(args);
	return r;
}

/* The file, its "# " comments joined into one line each */
static char *joined(const char *dir)
{
	size_t len;
	char *text = get_file(str_printf("%s/x", dir), &len), *p;

	while ((p = strstr(text, "\n#   "))) {
		memmove(p, p + 4, strlen(p + 4) + 1);
		*p = ' ';
	}
	return text;
}

TEST_F(tmp, large_disk_off_by_default_names_its_tests_and_the_option)
{
	struct proc_out r = run_exclude(self->dir, "");
	const char *say = notes[0];
	char *x = joined(self->dir);

	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.err, say)) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(x, say)) TH_LOG("%s", x);
	/* the tests are still left out: the default is kept */
	EXPECT_NE(NULL, strstr(x, "\ngeneric/038 # "));
	EXPECT_NE(NULL, strstr(x, "\ngeneric/224 # "));
	/* not by the switch: generic/048 fails anyway; fast is off */
	EXPECT_EQ(NULL, strstr(r.err, "generic/048;"));
	EXPECT_EQ(NULL, strstr(r.err, "switch fast"));
	proc_out_free(&r);
}

TEST_F(tmp, known_failures_run_so_the_switch_decides_for_the_expunged)
{
	struct proc_out r = run_exclude(self->dir, "--run-known-failures");

	/* generic/224 runs either way; generic/048 runs with the switch */
	EXPECT_NE(NULL, strstr(r.err, "leaves out 2 tests: generic/038 generic/048;"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_F(tmp, switch_stated_on_that_leaves_tests_out_says_how_to_drop_it)
{
	struct proc_out r = run_exclude(self->dir, "--env large-disk --env fast");
	char *x = joined(self->dir);

	EXPECT_EQ(0, r.status);
	/* large-disk on leaves nothing out */
	EXPECT_EQ(NULL, strstr(r.err, "large-disk is")) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(x, "\ngeneric/038 # "));
	EXPECT_NE(NULL, strstr(x, notes[1])) TH_LOG("%s", x);
	proc_out_free(&r);
}

TEST_F(tmp, switch_stated_off_is_said_as_stated)
{
	struct proc_out r = run_exclude(self->dir, "--env !large-disk");

	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.err, "large-disk is off (--env !large-disk) leaves out 2 tests"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	r = run_exclude(self->dir, "--env !nosuch");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "--env !nosuch: no such switch"));
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
