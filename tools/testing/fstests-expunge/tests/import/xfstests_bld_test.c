// SPDX-License-Identifier: GPL-2.0
/*
 * import/xfstests-bld.c: xfstests-bld's cpp-filtered lists as data lines
 * that select, for every kernel, what cpp selects.
 */
#include <sys/stat.h>

#include "entries/entry.h"
#include "import/import.h"
#include "kernel/kernel.h"
#include "entries/select.h"

#include "tmpdir-fixture.h"

/* Make DIR/rel with text, and its directories */
static void put(const char *dir, const char *rel, const char *text)
{
	if (shell_call("mkdir -p \"$(dirname '%s/%s')\"", dir, rel))
		abort();
	put_str(str_printf("%s/%s", dir, rel), text);
}

/* The lines imported from a tree whose global_exclude is text */
static char *import_text(const char *dir, struct import_result *r)
{
	struct strlist fs = { 0 };
	struct strbuf sb = { 0 };
	size_t i;

	memset(r, 0, sizeof(*r));
	if (import_xfstests_bld(dir, &fs, r))
		return NULL;
	for (i = 0; i < r->n; i++)
		sb_printf(&sb, "%s:%s\n", r->lines[i].fs, r->lines[i].text);
	return sb.buf ? sb.buf : xstrdup("");
}

/*
 * Does the data the tree gives for fs leave test out on kernel release
 * and section? Answered by the tool's own parser and selector.
 */
static bool selects(const struct import_result *r, const char *fs,
		    const char *test, const char *release,
		    const char *section)
{
	struct kernel_opts o = { .release = release };
	struct strbuf text = { 0 };
	struct dataset ds = { 0 };
	struct selector s = { 0 };
	struct diag d = { 0 };
	struct kernel k;
	char *err = NULL;
	bool hit = false;
	size_t i;

	for (i = 0; i < r->n; i++) {
		if (!strcmp(r->lines[i].fs, fs))
			sb_printf(&text, "%s\n", r->lines[i].text);
	}
	if (kernel_identify(&o, &k, &err) ||
	    data_parse(&ds, "t.expunge", text.buf ? text.buf : "", text.len,
		       &d) ||
	    selector_init(&s, &ds, &k, &d, &err))
		abort();
	/* global.expunge is read for some filesystem: ext4 here */
	s.fs = strcmp(fs, "global") ? fs : "ext4";
	for (i = 0; i < ds.n; i++) {
		if (!strcmp(ds.entries[i].test, test) &&
		    selector_check(&s, i, section, NULL) == APPLIES)
			hit = true;
	}
	selector_free(&s);
	dataset_free(&ds);
	diag_free(&d);
	kernel_free(&k);
	sb_free(&text);
	return hit;
}

#define FIX_743 "fixed=6.6.30,6.7 fixed-by=631426ba1d45 cause=kernel "
#define UNTIL_620 "since=5.10 until=6.1.20,6.2 "
#define FROM_FS "from=bld:"
#define FROM_GLOBAL FROM_FS "global"

#define GLOBAL(self, text) \
	put((self)->dir, "test-appliance/files/root/fs/global_exclude", text)

TEST_F(tmp, less_than_a_stable_release_holds_in_every_series)
{
	struct import_result r;
	char *out;

	GLOBAL(self, "#if LINUX_VERSION_CODE < KERNEL_VERSION(6,6,30)\n"
	       "// fixed by commit 631426ba1d45, see https://x.org/a.\n"
	       "generic/743\n#endif\n");
	out = import_text(self->dir, &r);
	ASSERT_NE(NULL, out);
	/* the comment names the fix: fixed=, with the commit */
	EXPECT_NE(NULL, strstr(out, "global:generic/743 expunge " FIX_743 FROM_GLOBAL "  # "));
	EXPECT_NE(NULL, strstr(out, "; commit 631426ba1d45 https://x.org/a\n"));
	EXPECT_TRUE(selects(&r, "global", "generic/743", "6.6.29", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/743", "6.6.30", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/743", "6.8.12", NULL));
	EXPECT_TRUE(selects(&r, "global", "generic/743", "6.1.150", NULL));
	EXPECT_TRUE(selects(&r, "global", "generic/743", "6.6", NULL));
	import_result_free(&r);
	free(out);
}

/* Each comparison, as cpp reads it, on both sides of its bound */
TEST_F(tmp, every_comparison_selects_what_cpp_selects)
{
	static const struct {
		const char *op, *in, *out;
	} cases[] = {
		{ "<", "5.4.9", "5.4.10" },
		{ "<=", "5.4.10", "5.4.11" },
		{ ">", "5.4.11", "5.4.10" },
		{ ">=", "5.4.10", "5.4.9" },
	};
	struct import_result r;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		GLOBAL(self, str_printf("#if LINUX_VERSION_CODE %s %s",
					cases[i].op,
					"KERNEL_VERSION(5,4,10)\ngeneric/001\n#endif\n"));
		free(import_text(self->dir, &r));
		EXPECT_TRUE(selects(&r, "global", "generic/001", cases[i].in,
				    NULL)) TH_LOG("%s", cases[i].op);
		EXPECT_FALSE(selects(&r, "global", "generic/001", cases[i].out,
				     NULL)) TH_LOG("%s", cases[i].op);
		import_result_free(&r);
	}
	GLOBAL(self, "#if LINUX_VERSION_CODE >= KERNEL_VERSION(5,4,10)\ngeneric/001\n#endif\n");
	EXPECT_NE(NULL, strstr(import_text(self->dir, &r), "since=5.4.10,5.5 "));
	EXPECT_TRUE(selects(&r, "global", "generic/001", "6.1", NULL));
	import_result_free(&r);
}

TEST_F(tmp, else_gives_two_entries_and_nesting_intersects)
{
	struct import_result r;
	char *out;

	GLOBAL(self, "#if LINUX_VERSION_CODE >= KERNEL_VERSION(5,10,0)\n"
	       "#if LINUX_VERSION_CODE < KERNEL_VERSION(6,1,20)\n"
	       "generic/001\n"
	       "#else\n"
	       "generic/002\n"
	       "#endif\n"
	       "#endif\n");
	out = import_text(self->dir, &r);
	/* no fix named: the lists stop at a version, until= */
	EXPECT_NE(NULL, strstr(out, "generic/001 expunge " UNTIL_620 FROM_GLOBAL " "));
	EXPECT_NE(NULL, strstr(out, "generic/002 expunge since=6.1.20,6.2 " FROM_GLOBAL " "));
	EXPECT_FALSE(selects(&r, "global", "generic/001", "5.4.200", NULL));
	EXPECT_TRUE(selects(&r, "global", "generic/001", "6.1.19", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/001", "6.1.20", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/002", "5.4.200", NULL));
	EXPECT_TRUE(selects(&r, "global", "generic/002", "6.6", NULL));
	import_result_free(&r);
	free(out);

	/* #else of a range: below it and above it */
	GLOBAL(self, "#if LINUX_VERSION_CODE > KERNEL_VERSION(5,4,0)\n"
	       "#else\ngeneric/003\n#endif\n");
	out = import_text(self->dir, &r);
	EXPECT_NE(NULL, strstr(out, "generic/003 expunge until=5.4.1,5.5 " FROM_GLOBAL " "));
	EXPECT_TRUE(selects(&r, "global", "generic/003", "5.4", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/003", "5.4.1", NULL));
	import_result_free(&r);
	free(out);
}

TEST_F(tmp, dax_groups_configurations_and_includes)
{
	static const char cfg033[] =
		"ext4:ext4/033 expunge section=1k,enc_1k,other " FROM_FS
		"ext4/cfg  # ";
	static const char cfg051[] =
		"ext4:generic/051 fail section=1k,enc_1k,other " FROM_FS
		"ext4/cfg  # xfstests-bld expects it to fail (EXPFAIL)";
	struct import_result r;
	char *out;

	GLOBAL(self, "#ifndef IS_DAX_CONFIG\n-g dax\n#endif\n");
	put(self->dir, "test-appliance/files/root/fs/ext4/exclude-opt",
	    "-x clone\n");
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/dax.exclude",
	    "// no encryption with dax\n-g encrypt\n");
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/1k.exclude",
	    "ext4/033\ngeneric/051\t// EXPFAIL\n");
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/enc_1k.exclude",
	    "#include \"1k.exclude\"\n");
	/* a symbolic link, as a copy without links stores it */
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/other.exclude",
	    "1k.exclude");
	out = import_text(self->dir, &r);
	EXPECT_NE(NULL, strstr(out, "global:group:dax expunge section=!dax "
			       FROM_GLOBAL "  # "));
	EXPECT_NE(NULL, strstr(out, "ext4:group:clone expunge " FROM_FS
			       "ext4/opt  # "));
	EXPECT_NE(NULL, strstr(out, "ext4:group:encrypt expunge section=dax " FROM_FS
			       "ext4/cfg  # "));
	EXPECT_NE(NULL, strstr(out, cfg033));
	EXPECT_NE(NULL, strstr(out, cfg051));
	EXPECT_TRUE(selects(&r, "global", "group:dax", "6.6", "ext4_4k"));
	EXPECT_FALSE(selects(&r, "global", "group:dax", "6.6", "ext4/dax"));
	EXPECT_TRUE(selects(&r, "ext4", "ext4/033", "6.6", "ext4_enc_1k"));
	EXPECT_FALSE(selects(&r, "ext4", "ext4/033", "6.6", "4k"));
	EXPECT_EQ(0, r.nskips);
	import_result_free(&r);
	free(out);
}

/* A line of the skip list, "FILE:LINE: WHY" */
#define SKIPPED(part) EXPECT_NE(NULL, strstr(sb.buf, part))

TEST_F(tmp, what_cannot_be_converted_is_listed_with_file_and_line)
{
	struct import_result r;
	char *out;
	size_t i;
	struct strbuf sb = { 0 };

	GLOBAL(self, "#if defined(FOO)\ngeneric/001\n#endif\n"
	       "generic/002 not-a-test\n#define X 1\n#endif\n"
	       "#if LINUX_VERSION_CODE < KERNEL_VERSION(4,0,0)\n"
	       "#elif 1\ngeneric/004\n#endif\n");
	put(self->dir, "test-appliance/files/root/fs/exclude.gce",
	    "// only on GCE\ngeneric/650\n");
	out = import_text(self->dir, &r);
	for (i = 0; i < r.nskips; i++)
		sb_printf(&sb, "%s: %s\n", r.skips[i].origin, r.skips[i].why);
	SKIPPED("global_exclude:2: generic/001: under a condition that");
	SKIPPED("cannot be converted (global_exclude:1: #if defined(FOO))\n");
	SKIPPED("global_exclude:4: 'not-a-test' is not a test or -g GROUP\n");
	SKIPPED("global_exclude:5: #define: not converted\n");
	SKIPPED("global_exclude:6: #endif without #if\n");
	SKIPPED("global_exclude:9: generic/004: under a condition");
	/* what could be converted still is */
	EXPECT_NE(NULL, strstr(out, "global:generic/002 expunge " FROM_GLOBAL "  # "));
	/* exclude.gce: for runs on Google's cloud only, env=gce */
	EXPECT_NE(NULL, strstr(out, "global:generic/650 expunge env=gce cause=env " FROM_FS
			       "gce  # "));
	EXPECT_FALSE(selects(&r, "global", "generic/650", "6.6", NULL));
	EXPECT_EQ(5, r.nskips);
	import_result_free(&r);
	sb_free(&sb);
	free(out);
}

TEST_F(tmp, include_loops_and_deep_nesting_end)
{
	struct strbuf text = { 0 }, sb = { 0 };
	struct import_result r;
	char *out;
	size_t i;

	for (i = 0; i < 20; i++)
		sb_printf(&text, "#if LINUX_VERSION_CODE < KERNEL_VERSION(6,%zu,0)\n", i);
	sb_puts(&text, "generic/002\n");
	for (i = 0; i < 20; i++)
		sb_puts(&text, "#endif\n");
	sb_puts(&text, "generic/003\n");
	GLOBAL(self, text.buf);
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/a.exclude",
	    "#include \"a.exclude\"\ngeneric/001\n");
	out = import_text(self->dir, &r);
	for (i = 0; i < r.nskips; i++)
		sb_printf(&sb, "%s: %s\n", r.skips[i].origin, r.skips[i].why);
	SKIPPED("global_exclude:17: #if nested too deep\n");
	SKIPPED("global_exclude:21: generic/002: under #if nested too deep\n");
	SKIPPED("a.exclude:1: #include \"a.exclude\": a loop: ext4/cfg/a.exclude -> ");
	/* after the last #endif, every kernel again */
	EXPECT_NE(NULL, strstr(out, "global:generic/003 expunge " FROM_GLOBAL "  # "));
	EXPECT_NE(NULL, strstr(out, "ext4:generic/001 expunge section=a " FROM_FS
			       "ext4/cfg  #"));
	EXPECT_EQ(3, r.nskips);
	import_result_free(&r);
	sb_free(&text);
	sb_free(&sb);
	free(out);
}

TEST_F(tmp, not_an_xfstests_bld_tree)
{
	struct import_result r = { 0 };
	struct strlist fs = { 0 };

	EXPECT_EQ(-1, import_xfstests_bld(self->dir, &fs, &r));
	import_result_free(&r);
}

TEST_F(tmp, fs_must_name_a_list_of_the_tree)
{
	struct import_result r = { 0 };
	struct strlist fs = { 0 };

	GLOBAL(self, "generic/001\n");
	put(self->dir, "test-appliance/files/root/fs/ext4/exclude",
	    "ext4/001\n");
	strlist_add(&fs, xstrdup("ext4"));
	strlist_add(&fs, xstrdup("global"));
	EXPECT_EQ(0, import_xfstests_bld(self->dir, &fs, &r));
	EXPECT_EQ(2, r.n);
	import_result_free(&r);
	/* a name with no directory, or one leading out of the tree */
	strlist_add(&fs, xstrdup("../ext4"));
	EXPECT_EQ(-1, import_xfstests_bld(self->dir, &fs, &r));
	import_result_free(&r);
	free(fs.v[2]);
	fs.v[2] = xstrdup("nosuch");
	EXPECT_EQ(-1, import_xfstests_bld(self->dir, &fs, &r));
	import_result_free(&r);
	strlist_free(&fs);
}

/* A file that includes itself three times: refused at once, not 3^16 */
TEST_F(tmp, include_cycles_are_refused_with_the_chain)
{
	struct import_result r;
	struct strbuf sb = { 0 };
	char *out;
	size_t i;

	GLOBAL(self, "");
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/a.exclude",
	    "#include \"b.exclude\"\n#include \"b.exclude\"\n"
	    "#include \"b.exclude\"\ngeneric/001\n");
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/b.exclude",
	    "#include \"a.exclude\"\n#include \"a.exclude\"\n"
	    "#include \"a.exclude\"\ngeneric/002\n");
	out = import_text(self->dir, &r);
	ASSERT_NE(NULL, out);
	for (i = 0; i < r.nskips; i++)
		sb_printf(&sb, "%s: %s\n", r.skips[i].origin, r.skips[i].why);
	SKIPPED("ext4/cfg/b.exclude:1: #include \"a.exclude\": a loop: ");
	SKIPPED(": ext4/cfg/a.exclude -> ext4/cfg/b.exclude -> ext4/cfg/a.exclude\n");
	/* each configuration's own file, and what it includes, once */
	EXPECT_LE(r.nskips, 18);
	EXPECT_NE(NULL, strstr(out, "ext4:generic/002 expunge section=a,b from="));
	import_result_free(&r);
	sb_free(&sb);
	free(out);
}

/* 16 nested != make 17 intervals: none may be lost */
TEST_F(tmp, many_intervals_are_all_kept)
{
	struct strbuf text = { 0 };
	struct import_result r;
	char *out;
	size_t i;

	for (i = 0; i < 16; i++)
		sb_printf(&text, "#if LINUX_VERSION_CODE != KERNEL_VERSION(5,%zu,0)\n",
			  i + 1);
	sb_puts(&text, "generic/002\n");
	for (i = 0; i < 16; i++)
		sb_puts(&text, "#endif\n");
	GLOBAL(self, text.buf);
	out = import_text(self->dir, &r);
	ASSERT_NE(NULL, out);
	EXPECT_TRUE(selects(&r, "global", "generic/002", "4.19", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/002", "5.15", NULL));
	EXPECT_TRUE(selects(&r, "global", "generic/002", "5.15.1", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/002", "5.16", NULL));
	EXPECT_TRUE(selects(&r, "global", "generic/002", "6.12", NULL));
	EXPECT_FALSE(selects(&r, "global", "generic/002", "5.1", NULL));
	EXPECT_TRUE(selects(&r, "global", "generic/002", "5.14.3", NULL));
	import_result_free(&r);
	sb_free(&text);
	free(out);
}

/* A configuration's file name is not data: only plain section names */
TEST_F(tmp, configuration_names_are_checked)
{
	static const char * const bad[] = { "a\ngroup:auto expunge", "*", "a b", "!dax", "x,y" };
	struct import_result r;
	struct strbuf sb = { 0 };
	char *out;
	size_t i;

	GLOBAL(self, "");
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		put(self->dir, str_printf("test-appliance/files/root/fs/ext4/cfg/%s.exclude",
					  bad[i]), "generic/001\n");
	put(self->dir, "test-appliance/files/root/fs/ext4/cfg/ok_1k.exclude",
	    "generic/002\n");
	out = import_text(self->dir, &r);
	ASSERT_NE(NULL, out);
	for (i = 0; i < r.nskips; i++)
		sb_printf(&sb, "%s: %s\n", r.skips[i].origin, r.skips[i].why);
	EXPECT_EQ(NULL, strstr(out, "generic/001"));
	EXPECT_EQ(NULL, strstr(out, "group:auto"));
	EXPECT_NE(NULL, strstr(out, "ext4:generic/002 expunge section=ok_1k from="));
	SKIPPED("ext4/cfg/a\\ngroup:auto expunge.exclude: 'a\\ngroup:auto");
	SKIPPED(" expunge' is not a plain section name");
	SKIPPED("ext4/cfg/*.exclude: '*' is not a plain section name");
	EXPECT_EQ(ARRAY_SIZE(bad), r.nskips);
	import_result_free(&r);
	sb_free(&sb);
	free(out);
}

TEST_HARNESS_MAIN
