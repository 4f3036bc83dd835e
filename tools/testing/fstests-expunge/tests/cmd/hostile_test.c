// SPDX-License-Identifier: GPL-2.0
/*
 * The hostile catalogue, end to end: each input gives a clear exit (0, 1
 * or 2), in bounded memory and time, reads nothing but the files given
 * and runs nothing.
 */
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hostile-run.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "kselftest_harness.h"

#define FIX		SRCDIR "/tests/fixtures"
#define EXAMPLE		FIX "/compare/fstests/example-result.xml"
#define DATA		"--data " FIX "/compare/data"
/* a file only the hostile inputs point at: it must never be read */
#define SECRET		"FEXP-SECRET-7f3a"

FIXTURE(hostile) {
	char *dir;
};

FIXTURE_SETUP(hostile)
{
	self->dir = strdup("/tmp/fexp-hostile.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	ASSERT_EQ(0, shell_call("echo %s > %s/secret", SECRET, self->dir));
}

FIXTURE_TEARDOWN(hostile)
{
	shell_call("rm -rf %s", self->dir);
	free(self->dir);
}

/* s with each "@" replaced by val (malloc'd) */
static char *subst(const char *s, const char *val)
{
	size_t n = strlen(s) + 1, vl = strlen(val);
	const char *p;
	char *out, *o;

	for (p = s; (p = strchr(p, '@')); p++)
		n += vl;
	out = malloc(n);
	o = out;
	for (p = s; *p; p++) {
		if (*p != '@') {
			*o++ = *p;
			continue;
		}
		memcpy(o, val, vl);
		o += vl;
	}
	*o = '\0';
	return out;
}

/* A clear exit in the limits, no secret leaked: the exit code. */
static int clear_exit(struct __test_metadata *_metadata, struct hostile *h)
{
	EXPECT_GE(2, h->status) {
		TH_LOG("exit %d: %.300s", h->status, h->err);
	}
	EXPECT_EQ(NULL, strstr(h->out, SECRET));
	EXPECT_EQ(NULL, strstr(h->err, SECRET));
	/* messages quote at most a few hundred bytes of the input */
	EXPECT_GT(64 << 10, strlen(h->err));
	return h->status;
}

#define HEAD	"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
#define SUITE	"<testsuite name=\"xfstests\" time=\"1\">\n"
#define CASE(n)	"<testcase classname=\"xfstests.s\" name=\"" n "\" time=\"1\"/>\n"
#define END	"</testsuite>\n"

/* compare on one made-up result.xml: its exit code */
static int compare_text(struct __test_metadata *_metadata, const char *dir,
			const char *xml)
{
	struct hostile h;
	int rc;

	put_in_dir(dir, "result.xml", xml);
	h = hostile_run(dir, "compare %s result.xml", DATA);
	rc = clear_exit(_metadata, &h);
	hostile_free(&h);
	return rc;
}

TEST_F(hostile, entities_are_never_expanded_nor_fetched)
{
	static const char *const doctypes[] = {
		/* billion laughs */
		"<!DOCTYPE t [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]>\n",
		/* XXE: a file, over http, a parameter entity */
		"<!DOCTYPE t [<!ENTITY x SYSTEM \"file://@/secret\">]>\n",
		"<!DOCTYPE t [<!ENTITY x SYSTEM \"http://127.0.0.1:9/x\">]>\n",
		"<!DOCTYPE t [<!ENTITY % p SYSTEM \"file://@/secret\"> %p;]>\n",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(doctypes); i++) {
		char *dt, *xml;

		dt = subst(doctypes[i], self->dir);
		ASSERT_LT(0, asprintf(&xml, HEAD "%s" SUITE
				      "<testcase classname=\"xfstests.s\" name=\"generic/001\">\n"
				      "<failure message=\"&x;&d;\" type=\"TestFail\"/>\n"
				      "</testcase>\n" END, dt));
		EXPECT_EQ(2, compare_text(_metadata, self->dir, xml));
		free(dt);
		free(xml);
	}
}

TEST_F(hostile, deep_nesting_nul_and_bad_utf8_give_a_clear_exit)
{
	size_t depth = 100000, i;
	char *xml = malloc(depth * 8 + 4096), *p = xml;

	p += sprintf(p, HEAD SUITE CASE("generic/001"));
	for (i = 0; i < depth; i++)
		p += sprintf(p, "<a>");
	sprintf(p, "\n" END);
	compare_text(_metadata, self->dir, xml);
	free(xml);

	/* a NUL in the middle of a testcase */
	{
		static const char nul[] = HEAD SUITE CASE("generic/0\00001") END;
		struct hostile h;
		char *path;
		int fd;

		ASSERT_LT(0, asprintf(&path, "%s/result.xml", self->dir));
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		ASSERT_EQ(sizeof(nul) - 1, write(fd, nul, sizeof(nul) - 1));
		close(fd);
		free(path);
		h = hostile_run(self->dir, "compare %s result.xml", DATA);
		EXPECT_NE(0, clear_exit(_metadata, &h));
		hostile_free(&h);
	}

	EXPECT_GE(1, compare_text(_metadata, self->dir,
				  HEAD SUITE CASE("generic/\xff\xfe") CASE("generic/002")
				  "<testcase classname=\"xfstests.s\" name=\"generic/003\">\n"
				  "<failure message=\"\xc3\x28 \xed\xa0\x80\" type=\"TestFail\"/>\n"
				  "</testcase>\n" END));
}

TEST_F(hostile, unescaped_attributes_still_count_the_failure)
{
	struct hostile h;

	put_in_dir(self->dir, "result.xml", HEAD SUITE
	    "<testcase classname=\"xfstests.s\" name=\"generic/002\">\n"
	    "<failure message=\"a < b & \"c\" > d\" type=\"TestFail\" />\n"
	    "</testcase>\n" END);
	h = hostile_run(self->dir, "compare %s result.xml", DATA);
	EXPECT_EQ(1, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.out, "generic/002"));
	hostile_free(&h);
}

TEST_F(hostile, a_file_cut_anywhere_gives_a_clear_exit)
{
	char *text, *path;
	size_t len, cut;
	FILE *f;

	f = fopen(EXAMPLE, "r");
	ASSERT_NE(NULL, f);
	text = slurp_fd(fileno(f));
	len = strlen(text);
	ASSERT_LT(0, asprintf(&path, "%s/result.xml", self->dir));
	for (cut = 1; cut < len; cut += len / 37) {
		struct hostile h;
		FILE *o = fopen(path, "w");

		ASSERT_EQ(cut, fwrite(text, 1, cut, o));
		fclose(o);
		h = hostile_run(self->dir, "compare %s result.xml", DATA);
		clear_exit(_metadata, &h);
		EXPECT_NE(0, h.status);	/* never "no regression" */
		hostile_free(&h);
	}
	free(path);
	free(text);
}

/* A huge file, written in pieces: never held whole in memory. */
static void write_huge(const char *dir, const char *head, const char *piece,
		       size_t count, const char *tail)
{
	char *path;
	FILE *f;
	size_t i;

	if (asprintf(&path, "%s/result.xml", dir) < 0)
		abort();
	f = fopen(path, "w");
	if (!f || fputs(head, f) < 0)
		abort();
	for (i = 0; i < count; i++) {
		const char *at = strchr(piece, '@');

		/* "@" stands for the piece's number */
		if (at)
			fprintf(f, "%.*s%zu%s", (int)(at - piece), piece, i,
				at + 1);
		else
			fputs(piece, f);
	}
	if (fputs(tail, f) < 0 || fclose(f))
		abort();
	free(path);
}

TEST_F_TIMEOUT(hostile, cdata_of_200_mb_in_bounded_memory, 120)
{
	static char line[1024];
	struct hostile h;

	memset(line, 'x', sizeof(line) - 2);
	line[sizeof(line) - 2] = '\n';
	write_huge(self->dir, HEAD SUITE
		   "<testcase classname=\"xfstests.s\" name=\"generic/002\">\n"
		   "<failure message=\"m\" type=\"TestFail\" />\n<system-out>\n<![CDATA[\n",
		   line, 200 << 10, "]]>\n</system-out>\n</testcase>\n" END);
	h = hostile_run(self->dir, "compare %s result.xml", DATA);
	EXPECT_EQ(1, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.out, "generic/002"));
	EXPECT_GT(128 << 10, h.maxrss_kb);
	hostile_free(&h);
}

TEST_F_TIMEOUT(hostile, a_million_testcases_and_10000_sections, 120)
{
	struct hostile h;

	write_huge(self->dir, HEAD SUITE,
		   "<testcase classname=\"xfstests.s\" name=\"generic/@\" time=\"1\"/>\n",
		   1000000, END);
	h = hostile_run(self->dir, "compare %s result.xml", DATA);
	EXPECT_EQ(0, clear_exit(_metadata, &h));
	hostile_free(&h);

	write_huge(self->dir, HEAD "<testsuites>\n",
		   SUITE "<testcase classname=\"xfstests.s@\" name=\"generic/001\"/>\n" END,
		   10000, "</testsuites>\n");
	h = hostile_run(self->dir, "compare %s result.xml", DATA);
	EXPECT_GE(1, clear_exit(_metadata, &h));
	hostile_free(&h);
}

/*
 * Named on the command line, a FIFO nobody writes reads as empty and an
 * endless device stops at the size limit: never a wait, never all memory.
 */
TEST_F(hostile, special_files_named_are_read_without_waiting)
{
	static const struct {
		const char *use, *file, *want;
		int status;
	} cases[] = {
		{ "compare " DATA " @", "fifo", "fifo: empty file", 2 },
		{ "compare " DATA " @", "/dev/zero", "File too large", 2 },
		{ "exclude " DATA " --fs ext4 --kernel @", "fifo",
		  "fifo: empty file", 2 },
		{ "exclude " DATA " --fs ext4 --kernel @", "/dev/zero",
		  "File too large", 2 },
		/* an empty data file is a clean one */
		{ "check @", "fifo", "", 0 },
		{ "check @", "/dev/zero", "File too large", 2 },
	};
	size_t i;

	ASSERT_EQ(0, shell_call("mkfifo %s/fifo", self->dir));
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *args = subst(cases[i].use, cases[i].file);
		struct hostile h = hostile_run(self->dir, "%s", args);

		EXPECT_EQ(cases[i].status, clear_exit(_metadata, &h))
			TH_LOG("%s: %s", args, h.err);
		EXPECT_TRUE(strstr(h.err, cases[i].want) ||
			    strstr(h.out, cases[i].want))
			TH_LOG("%s: %s", args, h.err);
		hostile_free(&h);
		free(args);
	}
}

/*
 * A config named on the command line may be a pipe or a device, as grep
 * reads them; the same size limit holds, and a FIFO without a writer
 * reads as empty at once (hostile_run()'s alarm fails a hang).
 */
TEST_F(hostile, a_named_config_may_be_a_pipe_or_a_device)
{
	const char *ex = "exclude " DATA " --fs ext4 --release 6.6.0 --explain";
	const char *bin = getenv("FEXP");
	struct hostile h, plain;
	char *put, *out;

	plain = hostile_run(self->dir, "%s --config %s", ex, FIX "/config-dax");
	EXPECT_EQ(0, plain.status);
	/* a pipe: what bash's <(zcat config.gz) gives */
	ASSERT_EQ(0, shell_call("cd %s && gzip -c %s > config.gz", self->dir,
				FIX "/config-dax"));
	EXPECT_EQ(0, shell_call("cd %s && gzip -dc config.gz | %s %s %s > pipe.out",
				self->dir, bin ? bin : SRCDIR "/fstests-expunge",
				ex, "--config /dev/stdin"));
	put = xasprintf("%s/pipe.out", self->dir);
	out = slurp_fd(open(put, O_RDONLY));
	EXPECT_STREQ(plain.out, out);
	free(out);
	free(put);
	hostile_free(&plain);
	/* /dev/null: an empty config, no symbol set */
	h = hostile_run(self->dir, "%s --config /dev/null", ex);
	EXPECT_EQ(0, clear_exit(_metadata, &h)) TH_LOG("%s", h.err);
	hostile_free(&h);
	/* a FIFO nobody writes: no wait */
	ASSERT_EQ(0, shell_call("mkfifo %s/fifo", self->dir));
	h = hostile_run(self->dir, "%s --config fifo", ex);
	EXPECT_GE(2, clear_exit(_metadata, &h));
	hostile_free(&h);
	/* an endless device: the size limit */
	h = hostile_run(self->dir, "%s --config /dev/zero", ex);
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.err, "/dev/zero: File too large"))
		TH_LOG("%s", h.err);
	hostile_free(&h);
	/* a directory is no file */
	h = hostile_run(self->dir, "%s --config .", ex);
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	hostile_free(&h);
}

/* ... and where a build directory or a data directory holds them */
TEST_F(hostile, special_files_in_a_build_or_data_dir_are_refused)
{
	static const char *const uses[] = {
		/* kernel.release, then .config, then a data file */
		"exclude " DATA " --fs ext4 --build-dir bd",
		"kernel --build-dir bd2",
		"exclude --data dd --fs ext4 --release 6.6.0 --config " FIX "/config-dax",
	};
	struct hostile h;
	size_t i;

	ASSERT_EQ(0, shell_call("cd %s && mkdir -p %s %s dd", self->dir,
				"bd/include/config", "bd2/include/config"));
	ASSERT_EQ(0, shell_call("cd %s && mkfifo %s bd2/.config dd/ext4.expunge",
				self->dir, "bd/include/config/kernel.release"));
	ASSERT_EQ(0, shell_call("echo 6.6.0 > %s/bd2/include/config/kernel.release",
				self->dir));
	for (i = 0; i < ARRAY_SIZE(uses); i++) {
		h = hostile_run(self->dir, "%s", uses[i]);
		EXPECT_EQ(2, clear_exit(_metadata, &h));
		EXPECT_NE(NULL, strstr(h.err, "not a regular file")) {
			TH_LOG("%s: %s", uses[i], h.err);
		}
		hostile_free(&h);
	}
}

/*
 * A FIFO found by walking a results directory is left out before it is
 * opened: a writer waiting is not woken.
 */
TEST_F(hostile, a_walked_fifo_is_left_out_unopened)
{
	char *fifo = xasprintf("%s/r/s1/result.xml", self->dir);
	char *woken = xasprintf("%s/woken", self->dir);
	struct hostile h;
	int fd;

	/* the writer waits in open() until the FIFO has a reader */
	ASSERT_EQ(0, shell_call("cd %s && mkdir -p r/s1 && mkfifo %s && { %s >/dev/null 2>&1 & }",
				self->dir, "r/s1/result.xml",
				"(echo x > r/s1/result.xml && touch woken)"));
	h = hostile_run(self->dir, "compare %s r", DATA);
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.err, "r/s1/result.xml: left out: not a regular file"))
		TH_LOG("%s", h.err);
	hostile_free(&h);
	usleep(300 * 1000);
	EXPECT_NE(0, access(woken, F_OK));
	/* let the writer go: a reader and writer open never waits */
	fd = open(fifo, O_RDWR);
	ASSERT_LE(0, fd);
	while (access(woken, F_OK))
		usleep(10 * 1000);
	close(fd);
	free(fifo);
	free(woken);
}

/* A message quotes a few hundred bytes of a name, however long it is */
TEST_F(hostile, a_huge_test_name_is_quoted_short)
{
	struct strbuf sb = { 0 };
	struct hostile h;

	sb_puts(&sb, "<testsuite name=\"x\" time=\"1\">\n"
		"<testcase classname=\"xfstests.s\" name=\"generic/");
	while (sb.len < 100000)
		sb_puts(&sb, "aaaaaaaaaaaaaaaa");
	sb_puts(&sb, "\" time=\"1\"><failure message=\"x\" type=\"TestFail\"/>");
	sb_puts(&sb, "</testcase>\n</testsuite>\n");
	put_in_dir(self->dir, "result.xml", sb.buf);
	ASSERT_EQ(0, shell_call("mkdir -p %s/fst/tests/generic", self->dir));
	h = hostile_run(self->dir, "compare %s --fstests fst result.xml", DATA);
	EXPECT_EQ(1, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.err, "fst/tests/generic/aaaa"));
	EXPECT_GT(1000, strlen(h.err)) {
		TH_LOG("%zu bytes on stderr", strlen(h.err));
	}
	hostile_free(&h);
	sb_free(&sb);
}

TEST_F_TIMEOUT(hostile, gzip_bomb_config_and_bogus_elf_are_errors, 120)
{
	struct hostile h;

	ASSERT_EQ(0, shell_call("head -c 300M /dev/zero | gzip -1 > %s/bomb.gz",
				self->dir));
	h = hostile_run(self->dir, "exclude %s --fs xfs --release 6.6.0 --config bomb.gz",
			DATA);
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	hostile_free(&h);

	put_in_dir(self->dir, "vmlinux", "\x7f\x45LF\x02\x01\x01 this is not an ELF image at all");
	h = hostile_run(self->dir, "exclude %s --fs xfs --kernel vmlinux", DATA);
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	hostile_free(&h);
}

TEST_F(hostile, format_strings_and_shell_in_inputs_do_nothing)
{
	struct hostile h;
	struct stat st;

	h = hostile_run(self->dir, "exclude %s --fs xfs --release '%%n%%s%%s%%x6.6' --config %s",
			DATA, FIX "/config-dax");
	clear_exit(_metadata, &h);
	hostile_free(&h);

	put_in_dir(self->dir, "xfs.expunge",
		   "generic/001 expunge if $(shell,touch pwned) && FS_DAX\n"
		   "generic/002 expunge if FS_DAX\n");
	h = hostile_run(self->dir, "exclude --data . --fs xfs --release 6.6.0 --config %s",
			FIX "/config-dax");
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	hostile_free(&h);
	h = hostile_run(self->dir, "exclude --data . --fs xfs --release %s --config %s",
			"'$(shell,touch pwned)'", FIX "/config-dax");
	clear_exit(_metadata, &h);
	hostile_free(&h);
	ASSERT_EQ(0, chdir(self->dir));
	EXPECT_NE(0, stat("pwned", &st));
}

TEST_F(hostile, symlink_loops_are_no_trap_and_bisect_cannot_tell)
{
	struct hostile h;

	ASSERT_EQ(0, shell_call("cd %s && mkdir -p r/s r/ok && ln -s ../r r/s/loop && %s",
				self->dir, "ln -s result.xml r/s/result.xml"));
	put_in_dir(self->dir, "r/ok/result.xml", HEAD SUITE CASE("generic/001") END);
	/* the link may point at the regression: no clean exit */
	h = hostile_run(self->dir, "compare %s r", DATA);
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.out, "r/s/result.xml: left out: a symbolic link"));
	EXPECT_NE(NULL, strstr(h.err, "left out"));
	hostile_free(&h);
	/* KCIDB has no notes: what was left out and why is said on stderr */
	h = hostile_run(self->dir, "compare --format kcidb --origin t %s r", DATA);
	EXPECT_EQ(2, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.err, "r/s/result.xml: left out: a symbolic link, not followed"));
	EXPECT_EQ(NULL, strstr(h.err, "see the notes"));
	hostile_free(&h);
	/* a result.xml may be missing: git bisect must skip, not say good */
	h = hostile_run(self->dir, "compare --bisect %s r", DATA);
	EXPECT_EQ(125, h.status);
	hostile_free(&h);
}

/* Pages the tool names in its output folder are never written through a link */
TEST_F(hostile, output_folder_pages_never_follow_a_link)
{
	struct hostile h;
	size_t len;

	ASSERT_EQ(0, shell_call("set -e\n"
				"cd %s\n"
				"mkdir pages out\n"
				"ln -s ../secret pages/index.html\n"
				"ln -s ../secret pages/t0.html\n"
				"ln -s ../secret out/ext4_4k.exclude\n", self->dir));
	h = hostile_run(self->dir, "archive add -a a %s/compare/runs/run1-ext4", FIX);
	EXPECT_EQ(0, clear_exit(_metadata, &h));
	hostile_free(&h);
	h = hostile_run(self->dir, "matrix -o pages a");
	EXPECT_EQ(0, clear_exit(_metadata, &h));
	hostile_free(&h);
	h = hostile_run(self->dir, "exclude %s --fs ext4 --release 6.1.0 %s", DATA,
			"--section ext4_4k --outdir out");
	EXPECT_EQ(0, clear_exit(_metadata, &h));
	hostile_free(&h);
	EXPECT_STREQ(SECRET "\n", get_file(str_printf("%s/secret", self->dir), &len));
	EXPECT_EQ(0, shell_call("set -e\n"
				"cd %s\n"
				"test -f pages/index.html\n"
				"test ! -L pages/index.html\n"
				"test ! -L pages/t0.html\n"
				"test ! -L out/ext4_4k.exclude\n", self->dir));
}

/* A linked section folder (a failing run) is never dropped in silence */
TEST_F(hostile, a_linked_section_folder_is_named_not_dropped)
{
	struct hostile h;

	ASSERT_EQ(0, shell_call("set -e\n"
				"cd %s\n"
				"mkdir -p r/ok elsewhere/bad\n"
				"ln -s ../elsewhere/bad r/bad\n", self->dir));
	put_in_dir(self->dir, "r/ok/result.xml", HEAD SUITE CASE("generic/001") END);
	put_in_dir(self->dir, "elsewhere/bad/result.xml",
		   HEAD SUITE "<testcase classname=\"xfstests.bad\" name=\"generic/002\">\n"
		   "<failure message=\"x\"/></testcase>\n" END);
	h = hostile_run(self->dir, "compare %s r", DATA);
	EXPECT_NE(0, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.err, "r/bad: left out: a symbolic link to a folder"))
		TH_LOG("%s", h.err);
	hostile_free(&h);
	h = hostile_run(self->dir, "archive add -a a r");
	EXPECT_EQ(0, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.err, "r/bad: left out: a symbolic link to a folder"))
		TH_LOG("%s", h.err);
	hostile_free(&h);
}

/* A run from a device is held whole: at most the manual's 64 MiB */
TEST_F(hostile, archive_add_of_a_device_is_bounded)
{
	struct hostile h = hostile_run(self->dir, "archive add -a a /dev/zero");

	EXPECT_EQ(2, clear_exit(_metadata, &h));
	EXPECT_NE(NULL, strstr(h.err, "/dev/zero: a pipe or device of over 64 MiB"))
		TH_LOG("%s", h.err);
	/* 64 MiB read, not the 1 GiB of a regular file (ASan: its quarantine) */
#ifndef __SANITIZE_ADDRESS__
	EXPECT_GT(200 << 10, h.maxrss_kb) TH_LOG("%ld KiB", h.maxrss_kb);
#endif
	hostile_free(&h);
}

/* Only the bytes of text reach a terminal: no escape, no C1, no non-UTF-8 */
static bool terminal_safe(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	for (; *u; u++) {
		if ((*u < 0x20 && *u != '\n') || *u == 0x7f || *u >= 0x80)
			return false;
	}
	return true;
}

/* import quotes its sources' lines: their escape sequences are escaped */
TEST_F(hostile, import_messages_escape_terminal_escapes)
{
	static const char *const lists[] = {
		"generic/\x1b[2J001 # \x1b]0;t\x07\n",
		/* a C1 CSI, raw and in UTF-8: "CSI 2J", "CSI 31m" */
		"generic/\x9b\x32J\ngeneric/\xc2\x9b\x33\x31m\n",
	};
	struct hostile h;
	size_t i;

	ASSERT_EQ(0, shell_call("mkdir -p %s/kd/x/any %s/kd/x/6.1.0/xfs/unassigned",
				self->dir, self->dir));
	for (i = 0; i < ARRAY_SIZE(lists); i++) {
		put_in_dir(self->dir, "kd/x/6.1.0/xfs/unassigned/all.txt",
			   lists[i]);
		h = hostile_run(self->dir, "import --from kdevops kd/x");
		EXPECT_EQ(0, clear_exit(_metadata, &h));
		EXPECT_NE(NULL, strstr(h.err, i ? "\\x9b2J" : "\\x1b[2J"));
		EXPECT_TRUE(terminal_safe(h.err)) {
			TH_LOG("%s", h.err);
		}
		hostile_free(&h);
	}
}

TEST_HARNESS_MAIN
