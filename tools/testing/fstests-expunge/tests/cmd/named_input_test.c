// SPDX-License-Identifier: GPL-2.0
/*
 * Inputs named on the command line may be pipes and character devices,
 * as grep reads them: result files, --kernel, data files to check, the
 * runs and config archive add stores. What a walk finds stays regular.
 */
#include <fcntl.h>

#include "elf-build.h"
#include "hostile-run.h"

#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

#define CMP	SRCDIR "/tests/fixtures/compare"
#define RESULT	CMP "/runs/run1-ext4/ext4_4k/result.xml"
#define OPTS	"--data " CMP "/data --release 6.12.9 --config " \
		FIXTURE_PATH("config-dax")

static const char *fexp(void)
{
	const char *bin = getenv("FEXP");

	return bin ? bin : SRCDIR "/fstests-expunge";
}

/* "cat in | fstests-expunge args", in dir: as <(cat in) gives a pipe */
static struct proc_out piped(const char *dir, const char *in,
			     const char *args)
{
	struct proc_out r = { 0 };
	int st;

	st = shell_call("cd %s && cat '%s' | %s %s >p.out 2>p.err", dir, in,
			fexp(), args);
	r.status = st;
	r.out = slurp_fd(open(str_printf("%s/p.out", dir), O_RDONLY));
	r.err = slurp_fd(open(str_printf("%s/p.err", dir), O_RDONLY));
	return r;
}

TEST_F(tmp, a_result_file_named_may_be_a_pipe)
{
	struct proc_out file, pipe;
	char *a, *b;

	file = fexp_call("compare " OPTS " -f json " RESULT);
	pipe = piped(self->dir, RESULT, "compare " OPTS " -f json /dev/stdin");
	EXPECT_EQ(1, file.status);
	EXPECT_EQ(file.status, pipe.status) TH_LOG("%s", pipe.err);
	a = jsonq(file.out, ".totals");
	b = jsonq(pipe.out, ".totals");
	ASSERT_NE(NULL, a);
	ASSERT_NE(NULL, b) TH_LOG("%s", pipe.out);
	EXPECT_STREQ(a, b);
	EXPECT_NE(NULL, strstr(a, "\"regression\": 1"));
	free(a);
	free(b);
	/* the same pipe named twice: read once, the same bytes both times */
	proc_out_free(&pipe);
	pipe = piped(self->dir, RESULT,
		     "compare " OPTS " -f json -b /dev/stdin /dev/stdin");
	EXPECT_EQ(0, pipe.status) TH_LOG("%s", pipe.err);
	a = jsonq(pipe.out, ".totals.still_failing");
	EXPECT_STREQ("1", a ? a : "(no JSON)");
	free(a);
	proc_out_free(&file);
	proc_out_free(&pipe);
}

/* A FIFO nobody writes reads as empty at once: hostile_run() fails a hang */
TEST_F(tmp, a_result_fifo_without_a_writer_is_empty_not_a_hang)
{
	struct hostile h;

	ASSERT_EQ(0, shell_call("mkfifo %s/fifo", self->dir));
	h = hostile_run(self->dir, "compare %s fifo", OPTS);
	EXPECT_EQ(2, h.status);
	EXPECT_NE(NULL, strstr(h.err, "fifo: empty")) TH_LOG("%s", h.err);
	hostile_free(&h);
	/* an endless device: the size limit, not all memory */
	h = hostile_run(self->dir, "compare %s /dev/zero", OPTS);
	EXPECT_EQ(2, h.status);
	EXPECT_NE(NULL, strstr(h.err, "/dev/zero: File too large"))
		TH_LOG("%s", h.err);
	hostile_free(&h);
}

/* Found by walking a results directory: regular files only */
TEST_F(tmp, a_result_fifo_found_by_walking_is_left_out)
{
	struct hostile h;

	ASSERT_EQ(0, shell_call("cd %s && mkdir -p r/s1 r/s2 && mkfifo %s && cp %s r/s2/",
				self->dir, "r/s1/result.xml", RESULT));
	h = hostile_run(self->dir, "compare %s r", OPTS);
	EXPECT_EQ(1, h.status);
	EXPECT_NE(NULL, strstr(h.err, "r/s1/result.xml: left out: not a regular file"))
		TH_LOG("%s", h.err);
	hostile_free(&h);
}

TEST_F(tmp, the_kernel_named_may_be_a_pipe)
{
	struct kobj_spec spec = { .banner = DEB_BANNER };
	char *obj = build_kobj(self->dir, "vmlinux.o", &spec);
	struct proc_out r;

	ASSERT_EQ(0, shell_call("ld -e 0 -o %s/vmlinux %s", self->dir, obj));
	r = piped(self->dir, "vmlinux",
		  "kernel --kernel /dev/stdin --config " FIXTURE_PATH("config-dax"));
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "release:  " DEB_RELEASE " (from /dev/stdin, linux_banner)"))
		TH_LOG("%s", r.out);
	proc_out_free(&r);
	/* compressed, as a module is */
	ASSERT_EQ(0, shell_call("cd %s && xz -k vmlinux", self->dir));
	r = piped(self->dir, "vmlinux.xz", "kernel --kernel /dev/stdin --config /dev/null");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "release:  " DEB_RELEASE));
	proc_out_free(&r);
	free(obj);
}

TEST_F(tmp, a_data_file_named_may_be_a_pipe)
{
	struct proc_out r;

	put_str(str_printf("%s/ext4.expunge", self->dir),
		"generic/001 expunge # hangs\ngeneric/002 bogus\n");
	r = piped(self->dir, "ext4.expunge", "check /dev/stdin");
	EXPECT_EQ(1, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.out, "/dev/stdin:2:")) TH_LOG("%s", r.out);
	proc_out_free(&r);
}

TEST_F(tmp, archive_add_takes_a_pipe_for_the_run_and_the_config)
{
	struct proc_out r;
	size_t len;
	char *rec;

	r = piped(self->dir, RESULT,
		  "archive add -a arc -m m1 --config /dev/null /dev/stdin");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	proc_out_free(&r);
	ASSERT_EQ(0, shell_call("cd %s/arc && cat runs/*/run > ../rec", self->dir));
	rec = get_file(str_printf("%s/rec", self->dir), &len);
	EXPECT_NE(NULL, strstr(rec, "section: ext4_4k")) TH_LOG("%s", rec);
	EXPECT_NE(NULL, strstr(rec, "config-hash: ")) TH_LOG("%s", rec);
	free(rec);
}

TEST_HARNESS_MAIN
