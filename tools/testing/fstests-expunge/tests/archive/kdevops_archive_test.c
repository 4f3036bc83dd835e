// SPDX-License-Identifier: GPL-2.0
/*
 * kdevops' results archives: a tarball of the old layout read as it is,
 * and a clone of the live one whose tarballs are Git LFS pointers read
 * from its commit messages (real samples in fixtures/kdevops-archive).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/archive.h"
#include "archive/kdevops-archive.h"
#include "test-util.h"
#include "tmpdir-fixture.h"

#define SAMPLES	SRCDIR "/tests/fixtures/kdevops-archive"
#define TARBALL	"fstests/mcgrof/xfs/libvirt-qemu/20240514-0001/6.9.0-rc6+.xz"
/*
 * The tarball is packed from its unpacked contents when a test runs: the
 * series a kernel tree takes carries text, not a binary blob.
 */
#define PACK_OLD \
	"mkdir -p %s/old/$(dirname " TARBALL ") && tar -cJf %s/old/" TARBALL \
	" -C " SAMPLES "/old-unpacked 6.9.0-rc6+"
/* the hostname attribute of a result.xml on standard input */
#define HOSTNAME "grep -o ' hostname=\"[^\"]*\"' | cut -d'\"' -f2"
/* a git repository at $1 with each commit of live/commits, as published */
#define MAKE_CLONE \
"git init -q $1 && cd $1 && git config user.email t@t && git config user.name t &&\n" \
"while read -r sha path; do\n" \
"  mkdir -p \"$(dirname \"$path\")\" && cp $2/live/$sha.pointer \"$path\" &&\n" \
"  git add \"$path\" && git commit -q -F $2/live/$sha.msg || exit 1\n" \
"done <$2/live/commits\n"
/* the sections the messages sum up, each once */
#define SECTIONS "cat %s/live/*.msg | grep -E '^[a-z0-9_]+: [0-9]+ tests' | sort -u | wc -l"

struct runs {
	struct run_record rec[64];
	int n;
};

static int keep(struct archive_run *run, void *arg)
{
	struct runs *r = arg;
	size_t i;

	if (r->n >= 64)
		return 0;
	for (i = 0; i < run->rec.n; i++)
		record_set(&r->rec[r->n], run->rec.kv[i].key,
			   run->rec.kv[i].value);
	r->n++;
	return 0;
}

/* The output of a shell command, its last newline cut */
static char *output_of(const char *dir, const char *cmd)
{
	char *out = str_printf("%s/sh.out", dir), *text;
	size_t len;

	if (shell_call("%s >%s", cmd, out))
		return NULL;
	text = get_file(out, &len);
	while (len && text[len - 1] == '\n')
		text[--len] = '\0';
	return text;
}

/*
 * "archive add --archive DIR/a SRC", which must succeed, and the runs
 * of DIR/a read back into r; its output, for what it said.
 */
static struct proc_out add_and_read(struct __test_metadata *_metadata,
				    const char *dir, const char *src,
				    struct runs *r)
{
	struct proc_out p;
	char *err = NULL;

	p = fexp_call(str_printf("archive add --archive %s/a %s", dir, src));
	ASSERT_EQ(0, p.status) TH_LOG("%s", p.err);
	ASSERT_EQ(0, archive_each(str_printf("%s/a", dir), NULL, keep, r,
				  &err)) TH_LOG("%s", err);
	return p;
}

/* tar's own count of the result.xml files in the old layout's tarball */
static int tarball_results(struct __test_metadata *_metadata, const char *dir)
{
	char *n = output_of(dir, str_printf("xz -dc %s/old/%s | tar -t | %s",
					    dir, TARBALL,
					    "grep -c '/result.xml$'"));

	ASSERT_NE(NULL, n);
	return atoi(n);
}

TEST_F(tmp, old_layout_tarball_is_read_directly)
{
	struct runs *r = calloc(1, sizeof(*r));
	struct proc_out p;
	int i;

	ASSERT_EQ(0, shell_call(PACK_OLD, self->dir, self->dir));
	p = add_and_read(_metadata, self->dir,
			 str_printf("%s/old", self->dir), r);
	EXPECT_EQ(tarball_results(_metadata, self->dir), r->n);
	for (i = 0; i < r->n; i++) {
		const char *sect = record_get(&r->rec[i], "section");
		char *cmd = str_printf("xz -dc %s/old/%s | %s '*/%s/result.xml' | %s",
				       self->dir, TARBALL, "tar -xO --wildcards",
				       sect, HOSTNAME);
		char *host = output_of(self->dir, cmd);

		EXPECT_STREQ("6.9.0-rc6+", record_get(&r->rec[i], "kernel"));
		EXPECT_STREQ(host, record_get(&r->rec[i], "machine"));
		EXPECT_STREQ("loop", record_get(&r->rec[i], "device"));
		/* named from what was given, not from the adder's / */
		EXPECT_TRUE(str_starts(record_get(&r->rec[i], "source"),
				       "old/" TARBALL ":"));
	}
	EXPECT_NE(NULL, strstr(p.out, str_printf("read: %d runs (0 from a summary only)",
						 r->n))) TH_LOG("%s", p.out);
	/* the same tarball again adds nothing */
	p = fexp_call(str_printf("archive add --archive %s/a %s/old/%s", self->dir,
				 self->dir, TARBALL));
	ASSERT_EQ(0, p.status) TH_LOG("%s", p.err);
	EXPECT_NE(NULL, strstr(p.out, "0 runs added")) TH_LOG("%s", p.out);
}

/* A clone of the live archive: one commit a run, tarballs LFS pointers */
static char *make_clone(const char *dir)
{
	char *clone = str_printf("%s/kdevops-results-archive", dir);

	if (shell_call("sh -c '%s' - %s %s", MAKE_CLONE, clone, SAMPLES))
		return NULL;
	return clone;
}

TEST_F_TIMEOUT(tmp, live_layout_lfs_pointers_give_summary_only_runs, 300)
{
	struct runs *r = calloc(1, sizeof(*r));
	char *clone = make_clone(self->dir), *n;
	const struct run_record *crc = NULL;
	struct proc_out p;
	int i;

	ASSERT_NE(NULL, clone);
	p = add_and_read(_metadata, self->dir, clone, r);
	/* one run a section summed up, a section said twice once */
	n = output_of(self->dir, str_printf(SECTIONS, SAMPLES));
	ASSERT_NE(NULL, n);
	EXPECT_EQ(atoi(n), r->n);
	for (i = 0; i < r->n; i++) {
		EXPECT_STREQ("summary-only", record_get(&r->rec[i], "status"));
		/* no date or sequence number for a machine */
		EXPECT_EQ(NULL, strstr(record_get(&r->rec[i], "machine"), "2025"));
		if (!strcmp(record_get(&r->rec[i], "section"), "xfs_crc"))
			crc = &r->rec[i];
	}
	ASSERT_NE(NULL, crc);
	EXPECT_STREQ("6.15.0-rc2-g57265e6ac675", record_get(crc, "kernel"));
	EXPECT_STREQ("xfs", record_get(crc, "fs"));
	EXPECT_STREQ("1154 6 416", record_get(crc, "tests-failures-notrun"));
	EXPECT_STREQ("generic/741 xfs/078 xfs/188 xfs/206 xfs/597 xfs/598",
		     record_get(crc, "failed"));
	/* the missing LFS objects named once, with how to fetch them */
	EXPECT_NE(NULL, strstr(p.out, "3 tarballs are Git LFS pointers")) TH_LOG("%s", p.out);
	EXPECT_NE(NULL, strstr(p.out, "git lfs pull"));
	EXPECT_NE(NULL, strstr(p.out, str_printf("(%d from a summary only)", r->n)));
}

/*
 * The old archive as published: its tarballs were committed as they are
 * (two copies of one in a commit here), then moved to Git LFS. A clone
 * holds only pointers at HEAD; the runs are in its history.
 */
#define OLD_CLONE \
"git init -q $1 && cd $1 && git config user.email t@t && git config user.name t &&\n" \
"d=$(dirname " TARBALL ") && mkdir -p $d $d-copy &&\n" \
"cp $3/old/" TARBALL " " TARBALL " && cp " TARBALL " $d-copy/ &&\n" \
"git add fstests && git commit -q -m results &&\n" \
"for f in " TARBALL " $d-copy/*.xz; do cp $2/live/07cd1b6.pointer $f; done &&\n" \
"git add fstests && git commit -q -m lfs\n"

TEST_F(tmp, old_archive_clone_reads_the_tarballs_of_its_history)
{
	struct runs *r = calloc(1, sizeof(*r));
	char *clone = str_printf("%s/old-clone", self->dir);
	struct proc_out p;

	ASSERT_EQ(0, shell_call(PACK_OLD, self->dir, self->dir));
	ASSERT_EQ(0, shell_call("sh -c '%s' - %s %s %s", OLD_CLONE, clone,
				SAMPLES, self->dir));
	p = add_and_read(_metadata, self->dir, clone, r);
	/* every run of the tarball, once; its copy is known, not new */
	EXPECT_EQ(tarball_results(_metadata, self->dir), r->n);
	EXPECT_NE(NULL, strstr(p.out, str_printf("%d runs added", r->n))) TH_LOG("%s", p.out);
	EXPECT_NE(NULL, strstr(p.out, str_printf("%d already there", r->n)));
	EXPECT_NE(NULL, strstr(p.out, "(0 from a summary only)"));
	/* the pointers that replaced them lost nothing: no LFS note */
	EXPECT_EQ(NULL, strstr(p.out, "LFS")) TH_LOG("%s", p.out);
}

TEST(summary_said_twice_counts_once_and_verbose_lines_are_read)
{
	struct kdevops_summary sum = { 0 };
	size_t len;
	char *msg = get_file(SAMPLES "/live/b988ab4.msg", &len);

	ASSERT_EQ(1, kdevops_summary_parse(msg, &sum));
	EXPECT_STREQ("xfs_reflink_4k", sum.s[0].name);
	EXPECT_EQ(1, sum.s[0].tests);
	EXPECT_EQ(0, sum.s[0].failed.n);
	EXPECT_STREQ("6.15.0", sum.kernel);
	kdevops_summary_free(&sum);
	msg = "KERNEL:    6.15.0\nx_y: 2 tests, 1 failures, 0 skipped, 9 seconds\n"
		"  generic/003  Pass     12s\n  generic/004  Fail     1s\n";
	ASSERT_EQ(1, kdevops_summary_parse(msg, &sum));
	ASSERT_EQ(1, sum.s[0].failed.n);
	EXPECT_STREQ("generic/004", sum.s[0].failed.v[0]);
	kdevops_summary_free(&sum);
}

TEST_F(tmp, tmpfs_is_no_block_device)
{
	struct runs *r = calloc(1, sizeof(*r));
	char *res = str_printf("%s/res/tmpfs_default", self->dir), *err = NULL;
	struct proc_out p;

	ASSERT_EQ(0, shell_call("mkdir -p %s", res));
	/* kdevops' tmpfs sections name the mount point as TEST_DEV */
	put_in_dir(res, "result.xml",
		   "<testsuite name=\"xfstests\" tests=\"1\" hostname=\"h\">\n<properties>\n"
		   "<property name=\"FSTYP\" value=\"tmpfs\"/>\n"
		   "<property name=\"TEST_DEV\" value=\"/media/test\"/>\n"
		   "<property name=\"KERNEL\" value=\"6.6.0-rc4\"/>\n</properties>\n"
		   "<testcase classname=\"xfstests.tmpfs_default\" name=\"generic/001\" time=\"1\"/>\n"
		   "</testsuite>\n");
	p = fexp_call(str_printf("archive add --archive %s/a %s/res", self->dir,
				 self->dir));
	ASSERT_EQ(0, p.status) TH_LOG("%s", p.err);
	ASSERT_EQ(0, archive_each(str_printf("%s/a", self->dir), NULL, keep, r,
				  &err)) TH_LOG("%s", err);
	ASSERT_EQ(1, r->n);
	EXPECT_STREQ("memory", record_get(&r->rec[0], "device"));
}

TEST_HARNESS_MAIN
