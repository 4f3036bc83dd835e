// SPDX-License-Identifier: GPL-2.0
/* Tests of lib/: base, escape, strbuf and fileio, shared by every part. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "random-name.h"
#include "test-util.h"
#include "lib/base.h"
#include "lib/escape.h"
#include "lib/strbuf.h"
#include "lib/fileio.h"

#include "kselftest_harness.h"

TEST(hexval_of_every_byte)
{
	int c;

	for (c = 0; c < 256; c++) {
		int want = -1;

		if (c >= '0' && c <= '9')
			want = c - '0';
		else if (c >= 'a' && c <= 'f')
			want = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			want = c - 'A' + 10;
		EXPECT_EQ(want, hexval(c)) {
			TH_LOG("byte 0x%02x", c);
		}
	}
}

/* The published FNV-1a 64-bit test vectors */
TEST(fnv1a_vectors)
{
	EXPECT_EQ(0xcbf29ce484222325ULL, fnv1a("", 0));
	EXPECT_EQ(0xaf63dc4c8601ec8cULL, fnv1a("a", 1));
	EXPECT_EQ(0x85944171f73967e8ULL, fnv1a("foobar", 6));
}

FIXTURE(scratch) {
	char dir[32];
};

FIXTURE_SETUP(scratch)
{
	snprintf(self->dir, sizeof(self->dir), "/tmp/fexp-util.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
}

FIXTURE_TEARDOWN(scratch)
{
	char *cmd = xasprintf("rm -rf '%s'", self->dir);

	EXPECT_EQ(0, system(cmd));
	free(cmd);
}

/* write_output(): the whole text in the file, nothing beside it */
TEST_F(scratch, write_output_to_a_file)
{
	char *path = xasprintf("%s/out", self->dir), *got;
	struct strbuf sb = { 0 };
	size_t len;

	sb_puts(&sb, "line 1\nline 2\n");
	ASSERT_EQ(0, write_output(path, &sb));
	ASSERT_EQ(0, read_file(path, 1 << 20, &got, &len));
	EXPECT_STREQ("line 1\nline 2\n", got);
	free(got);
	EXPECT_EQ(0, unlink(path));
	EXPECT_EQ(0, rmdir(self->dir));	/* no temporary file left */
	free(path);
	sb_free(&sb);
}

/* Pages whose names the tool made: what sits there is replaced */
TEST_F(scratch, pages_replace_a_link_or_fifo_never_follow_it)
{
	char *paths[2] = { xasprintf("%s/t0.html", self->dir),
			   xasprintf("%s/index.html", self->dir) };
	char *elsewhere = xasprintf("%s/elsewhere", self->dir), *got;
	struct strbuf pages[2] = { 0 };
	struct stat st;
	size_t len;

	sb_puts(&pages[0], "page\n");
	sb_puts(&pages[1], "index\n");
	put_str(elsewhere, "keep\n");
	ASSERT_EQ(0, symlink(elsewhere, paths[0]));
	ASSERT_EQ(0, mkfifo(paths[1], 0600));
	/* a FIFO with no reader: written through, this would wait */
	ASSERT_EQ(0, write_pages_atomic(paths, pages, 2));
	ASSERT_EQ(0, read_file(elsewhere, 1 << 20, &got, &len));
	EXPECT_STREQ("keep\n", got);
	free(got);
	ASSERT_EQ(0, lstat(paths[0], &st));
	EXPECT_TRUE(S_ISREG(st.st_mode));
	ASSERT_EQ(0, read_file(paths[1], 1 << 20, &got, &len));
	EXPECT_STREQ("index\n", got);
	free(got);
	/* a directory is no page: refused, nothing written */
	ASSERT_EQ(0, unlink(paths[1]));
	ASSERT_EQ(0, mkdir(paths[1], 0700));
	EXPECT_EQ(-1, write_pages_atomic(paths, pages, 2));
	EXPECT_EQ(EISDIR, errno);
	/* the negative control: an output named by the user is followed */
	ASSERT_EQ(0, unlink(paths[0]));
	ASSERT_EQ(0, symlink(elsewhere, paths[0]));
	ASSERT_EQ(0, write_files_atomic(paths, pages, 1));
	ASSERT_EQ(0, read_file(elsewhere, 1 << 20, &got, &len));
	EXPECT_STREQ("page\n", got);
	free(got);
	sb_free(&pages[0]);
	sb_free(&pages[1]);
}

/* The text of an HTML attribute or element, its references read back */
static char *unmarkup(const char *s)
{
	static const char *const ent[][2] = {
		{ "&amp;", "&" }, { "&lt;", "<" }, { "&gt;", ">" },
		{ "&quot;", "\"" }, { "&#10;", "\n" }, { "&#13;", "\r" },
		{ "&#9;", "\t" },
	};
	char *out = malloc(strlen(s) + 1), *o = out;
	size_t i;

	while (*s) {
		for (i = 0; i < ARRAY_SIZE(ent); i++)
			if (!strncmp(s, ent[i][0], strlen(ent[i][0])))
				break;
		if (i < ARRAY_SIZE(ent)) {
			*o++ = ent[i][1][0];
			s += strlen(ent[i][0]);
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
	return out;
}

/* For any bytes, markup is UTF-8 and the name is read back from it */
TEST(any_bytes_give_utf8_markup_and_names_read_back)
{
	unsigned int seed = test_seed(getpid()), i;
	char name[24];

	srand(seed);
	for (i = 0; i < 20000; i++) {
		size_t n = random_name(name, sizeof(name) - 1), j;
		bool valid = utf8_valid_len(name, n) == n;
		struct strbuf sb = { 0 };
		char *text, *back;

		sb_add_markup(&sb, name);
		sb_puts(&sb, "");
		ASSERT_EQ(sb.len, utf8_valid_len(sb.buf, sb.len));
		ASSERT_EQ(NULL, strpbrk(sb.buf, "<>\""));
		text = unmarkup(sb.buf);
		back = valid ? strdup(text) : unescape_name(text);
		/* the other control characters are no XML: '?' */
		for (j = 0; j < n; j++)
			if ((unsigned char)name[j] < 0x20 && !strchr("\n\r\t", name[j]))
				name[j] = '?';
		EXPECT_STREQ(name, back);
		free(text);
		free(back);
		sb_free(&sb);
	}
}

/* Every string of a pool stays as it was copied, however many follow */
/* The one rule for a section name that becomes a file or a directory */
TEST(file_name_ok_stays_in_its_directory)
{
	static const char *const bad[] = { "", ".", "..", "../up", "a/b",
					   ".hidden", "/abs", "a/" };
	static const char *const good[] = { "xfs", "ext4_1k", "a.b", "a..b",
					    "-x", "a b" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		EXPECT_EQ(0, file_name_ok(bad[i]) ? i + 1 : 0);
	for (i = 0; i < ARRAY_SIZE(good); i++)
		EXPECT_EQ(0, file_name_ok(good[i]) ? 0 : i + 1);
}

TEST(strpool_keeps_every_string)
{
	struct strpool sp = { 0 };
	char *s[3000], want[40];
	char *long_one = xmalloc(20000);
	size_t i;

	memset(long_one, 'x', 19999);
	long_one[19999] = '\0';
	for (i = 0; i < ARRAY_SIZE(s); i++) {
		if (i % 1000 == 500) {
			s[i] = strpool_ndup(&sp, long_one, 19999);
			continue;
		}
		snprintf(want, sizeof(want), "generic/%zu%s", i, "tail");
		/* n bytes only: the tail is not copied */
		s[i] = strpool_ndup(&sp, want, strlen(want) - 4);
	}
	for (i = 0; i < ARRAY_SIZE(s); i++) {
		if (i % 1000 == 500) {
			EXPECT_STREQ(long_one, s[i]);
			continue;
		}
		snprintf(want, sizeof(want), "generic/%zu", i);
		EXPECT_STREQ(want, s[i]);
	}
	EXPECT_STREQ("", strpool_ndup(&sp, "abc", 0));
	strpool_free(&sp);
	EXPECT_EQ(NULL, sp.blocks);
	free(long_one);
}

/* Messages are cut at a byte count: never inside a character */
TEST(utf8_cut_keeps_characters_whole)
{
	const char *two = "a\xc3\xa9\xc3\xa9";	/* "aéé" */
	const char *four = "\xf0\x9f\x98\x80x";	/* an emoji, "x" */

	EXPECT_EQ(5, utf8_cut(two, 5, 240));
	EXPECT_EQ(3, utf8_cut(two, 5, 3));
	EXPECT_EQ(3, utf8_cut(two, 5, 4));
	EXPECT_EQ(1, utf8_cut(two, 5, 2));
	EXPECT_EQ(0, utf8_cut(four, 5, 3));
	EXPECT_EQ(4, utf8_cut(four, 5, 4));
	/* not UTF-8: cut where asked rather than lose everything */
	EXPECT_EQ(4, utf8_cut("\x80\x80\x80\x80\x80\x80", 6, 4));
}

/* Wrapped text breaks at spaces only: a long word is kept whole */
TEST(wrap_never_splits_a_word)
{
	struct strbuf sb = { 0 };

	sb_wrap(&sb, "# ", "#   ", "one two three four", 12);
	EXPECT_STREQ("# one two\n#   three\n#   four\n", sb.buf);
	sb_free(&sb);
	/* a commit id longer than the room: a line of its own, whole */
	sb_wrap(&sb, "Fix: ", "  ",
		"see 0123456789abcdef0123456789abcdef01234567 now", 20);
	EXPECT_STREQ("Fix: see\n  0123456789abcdef0123456789abcdef01234567\n  now\n",
		     sb.buf);
	sb_free(&sb);
	sb_wrap(&sb, "a", "b", "", 10);
	EXPECT_EQ(NULL, sb.buf);
}

TEST_HARNESS_MAIN
