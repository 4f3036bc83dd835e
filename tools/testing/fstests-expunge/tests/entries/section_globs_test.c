// SPDX-License-Identifier: GPL-2.0
/*
 * Section lists written short, with known answers: prefix globs where
 * they select the same among every name known for the filesystem, with
 * !NAME for a known name they would take in, and nothing when no form
 * is shorter; through check --compact's preparing of the files, the
 * names of eol/ count too.
 */
#include <sys/stat.h>

#include "kselftest_harness.h"

#include "entries/data-prepare.h"
#include "entries/known-names.h"
#include "entries/section-globs.h"
#include "lib/strmap.h"
#include "test-util.h"

/* names (comma-separated) written short for fs against universe u */
static char *shorten(const char *names, const char *fs, const char *u)
{
	struct strlist ul = { 0 };
	struct strbuf sb = { 0 };
	size_t i, n;
	char **in = split_list(names, &n), **out;

	if (u) {
		char **w = split_list(u, &n);

		for (i = 0; w[i]; i++)
			strlist_add(&ul, xstrdup(w[i]));
		free_list(w);
	}
	known_sections(fs, &ul);
	out = section_globs(in, fs, &ul);
	for (i = 0; out && out[i]; i++)
		sb_printf(&sb, "%s%s", i ? "," : "", out[i]);
	free_list(in);
	free_list(out);
	strlist_free(&ul);
	return out ? sb.buf : strdup("(none)");
}

#define EXPECT_SHORT(names, fs, u, want) do {			\
	char *got = shorten(names, fs, u);			\
								\
	EXPECT_STREQ(want, got);				\
	free(got);						\
} while (0)

/* names of the data alone (no harness knows fs "foo") */
TEST(a_prefix_glob_with_the_one_name_it_must_not_take)
{
	EXPECT_SHORT("a_1,a_2,a_3", "foo", "a_1,a_2,a_3,a_4", "a*,!a_4");
	EXPECT_SHORT("b,a_1,a_2,a_3", "foo", "a_1,a_2,a_3", "b,a*");
}

/*
 * The harnesses' configurations are known without data: xfs_nocrc*
 * would take in kdevops' xfs_nocrc_512, so it is left out by name;
 * encrypt* xfstests-bld's encrypt-nodelalloc, so encrypt_* it is
 */
TEST(a_known_configuration_is_left_out)
{
	EXPECT_SHORT("xfs_nocrc,xfs_nocrc_1k,xfs_nocrc_2k,xfs_nocrc_4k", "xfs",
		     NULL, "xfs_nocrc*,!xfs_nocrc_512");
	EXPECT_SHORT("encrypt,encrypt_1k,encrypt_64k", "ext4", NULL,
		     "encrypt,encrypt_*");
	EXPECT_SHORT("bigalloc_1k,bigalloc_4k,bigalloc_4k_inline,bigalloc_64k",
		     "ext4", NULL, "bigalloc_*");
}

/*
 * Every section of the filesystem is not "foo*": that would take in
 * the sections to come too (the families within it are written short)
 */
TEST(no_glob_for_every_section)
{
	EXPECT_SHORT("foo_a,foo_b_1,foo_b_2,foo_c_1,foo_c_2", "foo", NULL,
		     "foo_a,foo_b*,foo_c*");
	EXPECT_SHORT("a_1,a_2,a_3", "a", NULL, "(none)");
}

/* only prefixes that end at a word: no "a_*x" or "enc*" forms */
TEST(nothing_when_no_form_is_shorter)
{
	EXPECT_SHORT("a_1,a_2", "foo", NULL, "(none)");
	EXPECT_SHORT("a_1,b_1,c_1", "foo", NULL, "(none)");
	EXPECT_SHORT("xfs_reflink,xfs_reflink_1024,xfs_reflink_2k", "xfs",
		     NULL, "(none)");
	EXPECT_SHORT("a_1,a_2,a*", "foo", NULL, "(none)");
}

TEST(a_file_lines_short_kept_lines_as_they_are)
{
	static const char in[] =
		"# head\n"
		"generic/1 expunge section=a_1,a_2,a_3 from=hand  # why\n"
		"generic/2 expunge section=a_1,a_2,a_3  # kept\n"
		"generic/3 fail section=a_1\n";
	struct strlist u = { 0 };
	struct strmap keep = { 0 };
	struct strbuf out = { 0 };
	const char *k = "generic/2 expunge section=a_1,a_2,a_3  # kept";

	strlist_add(&u, xstrdup("a_4"));
	strmap_get(&keep, k, strlen(k), true, NULL);
	ASSERT_EQ(0, data_section_globs("foo.expunge", "foo", in, strlen(in),
					&u, &keep, &out));
	EXPECT_STREQ("# head\n"
		     "generic/1 expunge section=a*,!a_4 from=hand  # why\n"
		     "generic/2 expunge section=a_1,a_2,a_3  # kept\n"
		     "generic/3 fail section=a_1\n", out.buf);
	sb_free(&out);
	strmap_free(&keep);
	strlist_free(&u);
	ASSERT_EQ(-1, data_section_globs("foo.expunge", "foo", "x y z\n", 6,
					 &u, NULL, &out));
}

/* check --compact: a section named only in eol/ is left out too */
TEST(the_names_of_eol_count)
{
	char *dir = tmpdir_new(), *paths[2], *eol;
	struct strbuf texts[2] = { 0 };
	struct data_files f;
	size_t i;

	paths[0] = xasprintf("%s/foo.expunge", dir);
	paths[1] = xasprintf("%s/eol/foo.expunge", dir);
	eol = xasprintf("%s/eol", dir);
	ASSERT_EQ(0, mkdir(eol, 0755));
	free(eol);
	sb_puts(&texts[0], "generic/1 expunge section=a_1,a_2,a_3\n");
	sb_puts(&texts[1], "generic/2 fail section=a_9 until=4.0\n");
	ASSERT_EQ(0, data_files_prepare(paths, texts, 2, NULL, &f));
	for (i = 0; i < f.paths.n && strcmp(f.paths.v[i], paths[0]); i++)
		;
	ASSERT_LT(i, f.paths.n);
	EXPECT_STREQ("generic/1 expunge section=a*,!a_9\n", f.texts[i].buf);
	data_files_free(&f);
	sb_free(&texts[0]);
	sb_free(&texts[1]);
	free(paths[0]);
	free(paths[1]);
	tmpdir_remove(dir);
}

TEST_HARNESS_MAIN
