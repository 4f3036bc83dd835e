// SPDX-License-Identifier: GPL-2.0
/* Tests for tar.c: the members of archives GNU tar writes, in memory. */
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "lib/tar.h"
#include "test-util.h"
#include "tmpdir-fixture.h"

struct seen {
	char names[8][300];
	char first[32];
	int n;
};

static int note(const struct tar_member *m, void *arg)
{
	struct seen *s = arg;

	if (!m->regular || s->n >= 8)
		return 0;
	snprintf(s->names[s->n++], sizeof(s->names[0]), "%s", m->name);
	if (!s->first[0])
		snprintf(s->first, sizeof(s->first), "%.*s", (int)m->len,
			 m->data);
	return 0;
}

/* tar's own archive of dir, read back */
static char *tar_of(const char *dir, const char *fmt, size_t *len)
{
	char *out = str_printf("%s.tar", dir);

	if (shell_call("tar -C %s --format=%s -cf %s a", dir, fmt, out))
		return NULL;
	return get_file(out, len);
}

TEST_F(tmp, members_and_long_names_of_gnu_and_ustar)
{
	static const char *const fmts[] = { "gnu", "ustar" };
	char *longdir = str_printf("%s/a/%070d/%070d", self->dir, 7, 8);
	size_t i, len;

	ASSERT_EQ(0, shell_call("mkdir -p %s", longdir));
	put_in_dir(str_printf("%s/a", self->dir), "one", "first file\n");
	put_in_dir(longdir, "result.xml", "<x/>\n");
	for (i = 0; i < 2; i++) {
		struct seen s = { 0 };
		const char *why = NULL;
		char *buf = tar_of(self->dir, fmts[i], &len);
		char *deep = str_printf("a/%070d/%070d/result.xml", 7, 8);
		int j, found = 0;

		ASSERT_NE(NULL, buf);
		ASSERT_TRUE(is_tar(buf, len));
		ASSERT_EQ(0, tar_each(buf, len, note, &s, &why)) TH_LOG("%s", why);
		EXPECT_EQ(2, s.n);
		for (j = 0; j < s.n; j++)
			found += !strcmp(s.names[j], deep) ||
				!strcmp(s.names[j], "a/one");
		EXPECT_EQ(2, found) TH_LOG("%s: %s", fmts[i], s.names[0]);
		free(buf);
	}
}

TEST(damaged_header_is_an_error_not_a_crash)
{
	char buf[1024] = "not a tar header at all";
	const char *why = NULL;
	struct seen s = { 0 };

	EXPECT_FALSE(is_tar(buf, sizeof(buf)));
	EXPECT_EQ(-1, tar_each(buf, sizeof(buf), note, &s, &why));
	EXPECT_NE(NULL, why);
	EXPECT_EQ(0, s.n);
}

TEST_F(tmp, cut_short_archive_gives_what_came_before)
{
	struct seen s = { 0 };
	const char *why = NULL;
	size_t len;
	char *buf;

	ASSERT_EQ(0, shell_call("mkdir -p %s/a", self->dir));
	put_in_dir(str_printf("%s/a", self->dir), "one", "first file\n");
	ASSERT_EQ(0, shell_call("head -c 5000 /dev/urandom | base64 >%s/a/two",
				self->dir));
	buf = tar_of(self->dir, "gnu", &len);
	ASSERT_NE(NULL, buf);
	/* a: folder; one: header + 1 block; two's header, its data cut */
	ASSERT_EQ(0, tar_each(buf, 512 * 5, note, &s, &why));
	EXPECT_LE(1, s.n);
	EXPECT_GE(1, s.n);
	free(buf);
}

TEST_HARNESS_MAIN
