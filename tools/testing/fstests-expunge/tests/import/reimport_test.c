// SPDX-License-Identifier: GPL-2.0
/*
 * import --write of lists already imported and then curated by hand: a
 * fact is there when a line of its test names every list of its from=
 * (in the short form, which names no commit; the curated lines here
 * say them in the long one) in the fact's sections, and that line
 * stays byte for byte, whatever its
 * reason, kind, fix or sections say now; only new facts are added, and
 * the counts said are those of the file written.
 */
#include "tmpdir-fixture.h"

#define FS "test-appliance/files/root/fs/"
#define BLD "from=xfstests-bld:" FS
#define HEAD "# xfs: curated by hand after an import\n"
/* generic/475: kind, fix and reason changed; xfs/100: a section more */
#define CURATED_475 \
	"generic/475 fail fixed-by=0123456789ab cause=kernel " \
	BLD "xfs/exclude@0000001  # hangs until \"xfs: a fix\" is merged\n"
#define CURATED_100 \
	"xfs/100 expunge section=1k,4k,8k " \
	BLD "xfs/cfg/1k.exclude@0000001," \
	"xfstests-bld:" FS "xfs/cfg/4k.exclude@0000001  # small blocks\n"
#define GLOBAL \
	"generic/001 expunge cause=test " BLD "global_exclude@0000001" \
	"  # the test's own bug\n"

/* dir/path, made with its directories, holding text */
static void put(const char *dir, const char *path, const char *text)
{
	char *p = str_printf("%s/%s", dir, path);

	if (shell_call("mkdir -p \"$(dirname '%s')\"", p))
		abort();
	put_str(p, text);
	free(p);
}

/* The harness's lists: xfs/100 at 1k and 4k, xfs/200 at 1k */
static void lists(const char *dir)
{
	put(dir, "bld/" FS "global_exclude", "generic/001\n");
	put(dir, "bld/" FS "xfs/exclude", "// hangs\ngeneric/475\n");
	put(dir, "bld/" FS "xfs/cfg/1k.exclude", "xfs/100\nxfs/200\n");
	put(dir, "bld/" FS "xfs/cfg/4k.exclude", "xfs/100\n");
}

/* The text of data file name, or NULL when there is none */
static char *data_file(const char *dir, const char *name)
{
	char *path = str_printf("%s/data/%s", dir, name), *got = NULL;
	size_t len;

	if (!access(path, F_OK))
		got = get_file(path, &len);
	free(path);
	return got;
}

/* import --write of the lists; xfs.expunge afterwards */
static char *reimport(const char *dir, const char *fs, struct proc_out *r)
{
	char *args = str_printf("import --from xfstests-bld %s/bld --rev 0000002 %s %s/data%s%s",
				dir, "--write --data", dir,
				fs ? " --fs " : "", fs ? fs : "");
	char *got;

	*r = fexp_call(args);
	got = data_file(dir, "xfs.expunge");
	free(args);
	return got;
}

static void put_data(const char *dir, const char *xfs)
{
	put(dir, "data/global.expunge", HEAD GLOBAL);
	put(dir, "data/xfs.expunge", xfs);
}

/* Lines named in their from=, whatever else they say: left as they are */
TEST_F(tmp, curated_lines_stay_byte_for_byte)
{
	static const char xfs[] = HEAD CURATED_475 CURATED_100
		"xfs/200 flaky section=1k retries=5 " BLD
		"xfs/cfg/1k.exclude@0000001  # fails 1 run in 4\n";
	struct proc_out r;
	char *got, *global;

	lists(self->dir);
	put_data(self->dir, xfs);
	got = reimport(self->dir, NULL, &r);
	global = data_file(self->dir, "global.expunge");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(xfs, got);
	EXPECT_STREQ(HEAD GLOBAL, global);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 0 added, 3 already there\n"))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "global.expunge: 0 added, 1 already there\n"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(global);
	free(got);
}

/* A fact no line names is added; the curated lines stay */
TEST_F(tmp, a_new_fact_is_added)
{
	struct proc_out r;
	char *got;

	lists(self->dir);
	put_data(self->dir, HEAD CURATED_475 CURATED_100);
	got = reimport(self->dir, NULL, &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(HEAD CURATED_475 CURATED_100
		     "\n# Imported from xfstests-bld (fstests-expunge import).\n"
		     "xfs/200 expunge section=1k from=bld:xfs/cfg  # fails in xfstests-bld's runs\n",
		     got);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 1 added, 2 already there\n"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
}

/* xfs/100's line names 1k.exclude only */
#define ONLY_1K \
	"xfs/100 expunge section=1k,8k " BLD \
	"xfs/cfg/1k.exclude@0000001  # small blocks\n" \
	"xfs/200 expunge section=1k " BLD \
	"xfs/cfg/1k.exclude@0000001  # fails in xfstests-bld's runs\n"

/*
 * A list file the test's lines do not name is a new fact, even where the
 * lines select it already.
 */
TEST_F(tmp, a_list_file_not_named_is_added)
{
	struct proc_out r;
	char *got;

	lists(self->dir);
	put_data(self->dir, HEAD CURATED_475 ONLY_1K);
	got = reimport(self->dir, NULL, &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(HEAD CURATED_475
		     "xfs/100 expunge section=1k,8k " BLD
		     "xfs/cfg/1k.exclude@0000001  # small blocks\n"
		     "xfs/100 expunge section=1k,4k from=bld:xfs/cfg  # fails in xfstests-bld's runs\n"
		     "xfs/200 expunge section=1k " BLD
		     "xfs/cfg/1k.exclude@0000001  # fails in xfstests-bld's runs\n",
		     got);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 1 added, 2 already there\n"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
}

/* A line in eol/ counts as there too */
TEST_F(tmp, a_line_in_eol_is_there)
{
	static const char eol[] = HEAD
		"xfs/200 fail section=1k until=5.4 " BLD
		"xfs/cfg/1k.exclude@0000001  # only on old kernels now\n";
	struct proc_out r;
	char *got, *old;

	lists(self->dir);
	put_data(self->dir, HEAD CURATED_475 CURATED_100);
	put(self->dir, "data/eol/xfs.expunge", eol);
	got = reimport(self->dir, NULL, &r);
	old = data_file(self->dir, "eol/xfs.expunge");
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(HEAD CURATED_475 CURATED_100, got);
	EXPECT_STREQ(eol, old);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 0 added, 3 already there\n"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(old);
	free(got);
}

/* A fact a line there covers is not written, and not counted added */
TEST_F(tmp, a_covered_fact_is_not_counted_added)
{
	static const char xfs[] = HEAD CURATED_475 CURATED_100
		"xfs/200 expunge from=hand  # never run it\n";
	struct proc_out r;
	char *got;

	lists(self->dir);
	put_data(self->dir, xfs);
	got = reimport(self->dir, NULL, &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(xfs, got);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 0 added, 2 already there, 1 not written"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
}

/* No data file of a filesystem: none started, unless --fs names it */
TEST_F(tmp, no_file_is_started_unless_named)
{
	struct proc_out r;
	char *got;

	lists(self->dir);
	put(self->dir, "bld/" FS "local/exclude", "generic/027\n");
	put_data(self->dir, HEAD CURATED_475 CURATED_100);
	free(reimport(self->dir, NULL, &r));
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	got = data_file(self->dir, "local.expunge");
	EXPECT_EQ(NULL, got);
	EXPECT_NE(NULL, strstr(r.err, "local.expunge: not written, no such file (--fs local"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(reimport(self->dir, "local", &r));
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	got = data_file(self->dir, "local.expunge");
	ASSERT_NE(NULL, got);
	EXPECT_NE(NULL, strstr(got, "\ngeneric/027 expunge from=bld:local  #"))
		TH_LOG("%s", got);
	proc_out_free(&r);
	free(got);
}

/*
 * A fact the lines read with the file cover together (check's rule for
 * covered lines: the global line applies wherever it would) is not
 * written, though no line names its list: adding it would change no
 * selection, and check would say to delete it again.
 */
TEST_F(tmp, a_fact_the_data_covers_together_is_not_written)
{
	static const char xfs[] = HEAD CURATED_475 CURATED_100;
	struct proc_out r;
	char *got;

	lists(self->dir);
	put(self->dir, "bld/" FS "xfs/cfg/1k.exclude", "xfs/100\ngeneric/373\n");
	put(self->dir, "data/global.expunge", HEAD GLOBAL
	    "generic/373 expunge fixed=5.18 fixed-by=9f5710bbfd30 from=hand  # r\n"
	    "generic/373 expunge since=5.18 from=hand  # r\n");
	put(self->dir, "data/xfs.expunge", xfs);
	got = reimport(self->dir, NULL, &r);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(xfs, got);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 0 added, 2 already there, 1 not written"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
}

#define KD_LISTS "workflows/fstests/expunges/"
/*
 * import --write of kdevops' lists (generic/100 in 6.1.72+ and 6.6.11+,
 * generic/200 in 6.1.72+) into data xfs.expunge; the file afterwards
 */
static char *kdevops_reimport(const char *dir, const char *xfs,
			      struct proc_out *r)
{
	char *args = str_printf("import --from kdevops %s/kd --rev 0000002 %s %s/data --fs xfs",
				dir, "--write --data", dir);
	char *got;

	put(dir, "kd/" KD_LISTS "6.1.72+/xfs/unassigned/xfs_crc.txt",
	    "generic/100\ngeneric/200\n");
	put(dir, "kd/" KD_LISTS "6.6.11+/xfs/unassigned/xfs_crc.txt",
	    "generic/100\n");
	/* kdevops' own tree, not a user's: it has the lists for any kernel */
	if (shell_call("mkdir -p '%s/kd/" KD_LISTS "any'", dir))
		abort();
	put(dir, "data/xfs.expunge", xfs);
	*r = fexp_call(args);
	got = data_file(dir, "xfs.expunge");
	free(args);
	return got;
}

/*
 * A kdevops kernel directory's list is "kdevops" with the directory's
 * kernel in seen=: a line naming kdevops and seen on every kernel of
 * the fact is there, also one in the old form (kdevops:DIR, the long
 * path), whatever else it says.
 */
TEST_F(tmp, kdevops_lines_are_there_by_their_kernels)
{
	static const char xfs[] = HEAD
		"generic/100 fail section=xfs_crc since=6.1.72 from=kdevops seen=6.1.72,6.6.11  # curated\n"
		"generic/200 expunge section=xfs_crc from=kdevops:" KD_LISTS
		"6.1.72+/xfs/unassigned/xfs_crc.txt@0000001  # hangs\n";
	struct proc_out r;
	char *got = kdevops_reimport(self->dir, xfs, &r);

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(xfs, got);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 0 added, 2 already there\n"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
}

/* A line of kdevops not seen on a kernel of the fact does not name its list */
#define ADDED_100 "generic/100 fail section=xfs_crc since=6.1.72,6.6.11 "
TEST_F(tmp, a_kdevops_kernel_not_in_seen_is_added)
{
	static const char xfs[] = HEAD
		"generic/100 fail section=xfs_crc since=6.6.11 from=kdevops seen=6.6.11  # curated\n"
		"generic/200 expunge section=xfs_crc from=kdevops seen=6.1.72  # hangs\n";
	struct proc_out r;
	char *got = kdevops_reimport(self->dir, xfs, &r);

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(got, ADDED_100 "from=kdevops seen=6.1.72,6.6.11\n"))
		TH_LOG("%s", got);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 1 added, 1 already there\n"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
}

/*
 * kdevops' lists for every kernel: "kdevops" on a line whose env= (or
 * none, and no seen=) says which, as the importer writes them; a line
 * naming them so, or the old way, is there
 */
static char *kdevops_any_reimport(const char *dir, const char *xfs,
				  struct proc_out *r)
{
	char *args = str_printf("import --from kdevops %s/kd --rev 0000002 %s %s/data --fs xfs",
				dir, "--write --data", dir);
	char *got;

	put(dir, "kd/" KD_LISTS "any/xfs/over-10s.txt", "generic/300\n");
	put(dir, "kd/" KD_LISTS "any/xfs/large-disk.txt", "generic/301\n");
	put(dir, "data/xfs.expunge", xfs);
	*r = fexp_call(args);
	got = data_file(dir, "xfs.expunge");
	free(args);
	return got;
}

TEST_F(tmp, kdevops_any_lines_are_there_by_their_env)
{
	static const char xfs[] = HEAD
		"generic/300 expunge env=fast cause=env from=kdevops  # slow\n"
		"generic/301 expunge env=!large-disk from=kdevops:any/large-disk  # big\n";
	struct proc_out r;
	char *got = kdevops_any_reimport(self->dir, xfs, &r);

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ(xfs, got);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 0 added, 2 already there\n"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
	free(got);
}

#define LARGE_301 "generic/301 expunge env=!large-disk cause=env from=kdevops  #"
TEST_F(tmp, kdevops_any_lines_are_written_kdevops)
{
	struct proc_out r;
	char *got = kdevops_any_reimport(self->dir, HEAD, &r);

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(got, "generic/300 expunge env=fast cause=env from=kdevops  #"))
		TH_LOG("%s", got);
	EXPECT_NE(NULL, strstr(got, LARGE_301))
		TH_LOG("%s", got);
	EXPECT_EQ(NULL, strstr(got, "any/")) TH_LOG("%s", got);
	proc_out_free(&r);
	free(got);
}

TEST_HARNESS_MAIN
