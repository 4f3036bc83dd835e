// SPDX-License-Identifier: GPL-2.0
/*
 * import --write reads the data files there before it merges into them:
 * a line of theirs that does not parse stops it, said by file and line,
 * never dropped (what is there already would be judged without it).
 */
#include "tmpdir-fixture.h"

#define BAD_DATA	FIXTURE_PATH("import-bad-data")

/*
 * The fixture copied into dir, mended by the shell command mend in its
 * data/ (or not: ":"), and its list imported with --write
 */
static struct proc_out import_list(const char *dir, const char *mend)
{
	if (shell_call("cp -R %s/. %s/ && cd %s/data && %s", BAD_DATA, dir,
		       dir, mend))
		abort();
	return fexp_call(str_printf("import --from list %s/my.list --fs xfs --write --data %s/data",
				    dir, dir));
}

TEST_F(tmp, a_bad_line_in_the_data_read_with_a_file_stops_the_import)
{
	char *path = str_printf("%s/data/xfs.expunge", self->dir);
	struct proc_out r = import_list(self->dir, ":");
	char *want, *got;
	size_t len;

	EXPECT_EQ(1, r.status) TH_LOG("%s", r.err);
	/* each bad line by file and line, in eol/ and global.expunge alike */
	EXPECT_NE(NULL, strstr(r.err, "/data/eol/xfs.expunge:4: error: unknown kind 'fial'"))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "/data/global.expunge:4: error: if X86_64 && ("))
		TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "the data read with it has errors, nothing written"));
	/* and nothing written */
	want = get_file(BAD_DATA "/data/xfs.expunge", &len);
	got = get_file(path, &len);
	EXPECT_STREQ(want, got);
	proc_out_free(&r);
	free(want);
	free(got);
	free(path);
}

TEST_F(tmp, the_same_data_mended_imports)
{
	static const char mend[] =
		"sed -i s/fial/fail/ eol/xfs.expunge && sed -i 's/ if.*(//' global.expunge";
	struct proc_out r = import_list(self->dir, mend);

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge: 1 added, 0 already there"))
		TH_LOG("%s", r.err);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
