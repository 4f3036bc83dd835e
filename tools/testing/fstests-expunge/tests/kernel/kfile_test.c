// SPDX-License-Identifier: GPL-2.0
/* Tests for kfile.c: kernel files plain or compressed, and size bounds. */
#include <errno.h>

#include "elf-build.h"
#include "kernel/kfile.h"
#include "lib/base.h"

#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

/* A real object, and each compressed copy, load as the same bytes. */
TEST_F(tmp, compressed_files_load_as_the_plain_bytes)
{
	static const struct { const char *ext, *cmd, *format; } fmts[] = {
		{ "", NULL, "plain" },
		{ ".xz", "xz -c", "xz" },
		{ ".zst", "zstd -q -c", "zstd" },
		{ ".gz", "gzip -c", "gzip" },
	};
	struct kobj_spec spec = { .vermagic = DEB_VERMAGIC };
	char *dir = self->dir, *obj, *want, *path, *err = NULL;
	struct kfile f;
	size_t wantlen, i;

	spec.ikconfig = real_config_gz(dir);
	obj = build_kobj(dir, "configs.ko", &spec);
	want = get_file(obj, &wantlen);
	for (i = 0; i < ARRAY_SIZE(fmts); i++) {
		path = str_printf("%s%s", obj, fmts[i].ext);
		if (fmts[i].cmd)
			ASSERT_EQ(0, shell_call("%s '%s' > '%s'", fmts[i].cmd, obj,
						path));
		ASSERT_EQ(0, kfile_load(path, KFILE_MAX_SIZE, &f, &err));
		EXPECT_STREQ(fmts[i].format, f.format);
		ASSERT_EQ(wantlen, f.len);
		EXPECT_EQ(0, memcmp(want, f.buf, wantlen));
		EXPECT_EQ(!strcmp(fmts[i].format, "plain"), f.map_len != 0);
		kfile_free(&f);
		free(path);
	}
	free(want);
}

/* The format is told by the magic, not by the name. */
TEST_F(tmp, format_comes_from_the_content_not_the_name)
{
	char *dir = self->dir, *path, *err = NULL;
	struct kfile f;

	path = str_printf("%s/vmlinux", dir);
	ASSERT_EQ(0, shell_call("printf 'abc' | zstd -q > '%s'", path));
	ASSERT_EQ(0, kfile_load(path, 1 << 20, &f, &err));
	EXPECT_STREQ("zstd", f.format);
	ASSERT_EQ(3, f.len);
	EXPECT_EQ(0, memcmp("abc", f.buf, 3));
	kfile_free(&f);
}

/* 2 MiB of zeros against a 1 MiB limit: refused in every format. */
TEST_F(tmp, decompression_stops_at_the_limit)
{
	static const char * const cmds[] = { "xz -c", "zstd -q -c", "gzip -c" };
	char *dir = self->dir, *path, *err = NULL;
	struct kfile f;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		path = str_printf("%s/bomb%zu", dir, i);
		ASSERT_EQ(0, shell_call("head -c 2M /dev/zero | %s > '%s'", cmds[i],
					path));
		EXPECT_EQ(-1, kfile_load(path, 1 << 20, &f, &err));
		EXPECT_EQ(NULL, f.buf);
		EXPECT_NE(NULL, strstr(err, "decompressed data over the size limit"));
		EXPECT_EQ(0, strncmp(err, path, strlen(path)));
		free(err);
		/* and the same data within a limit large enough */
		ASSERT_EQ(0, kfile_load(path, 2 << 20, &f, &err));
		EXPECT_EQ(2 << 20, f.len);
		kfile_free(&f);
		free(path);
	}
}

TEST_F(tmp, missing_empty_and_directory_are_errors)
{
	char *dir = self->dir, *path, *err = NULL;
	struct kfile f;

	path = str_printf("%s/none", dir);
	EXPECT_EQ(-1, kfile_load(path, 1 << 20, &f, &err));
	EXPECT_EQ(ENOENT, errno);
	EXPECT_NE(NULL, strstr(err, "No such file"));
	free(err);
	put_file(path, "", 0);
	EXPECT_EQ(-1, kfile_load(path, 1 << 20, &f, &err));
	EXPECT_EQ(0, strcmp(err + strlen(path), ": empty file"));
	free(err);
	EXPECT_EQ(-1, kfile_load(dir, 1 << 20, &f, &err));
	EXPECT_EQ(EISDIR, errno);
	free(err);
	EXPECT_EQ(-1, kfile_load("/dev/null", 1 << 20, &f, &err));
	EXPECT_STREQ("/dev/null: not a regular file", err);
	free(err);
	free(path);
}

TEST_HARNESS_MAIN
