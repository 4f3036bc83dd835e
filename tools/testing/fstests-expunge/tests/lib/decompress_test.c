// SPDX-License-Identifier: GPL-2.0
/* Tests for decompress.c: gzip, xz and zstd in memory, within a bound. */
#include "lib/decompress.h"
#include "elf-build.h"
#include "lib/base.h"

#include "kselftest_harness.h"

static const char *const compressors[][2] = {
	{ "gzip -c", "gzip" }, { "xz -c", "xz" }, { "zstd -q -c", "zstd" },
};

FIXTURE(scratch) {
	char *dir;
	char *path;
};

FIXTURE_SETUP(scratch)
{
	self->dir = tmpdir_new();
	self->path = str_printf("%s/data", self->dir);
}

/* runs even when an assertion failed: no directory is left behind */
FIXTURE_TEARDOWN(scratch)
{
	shell_call("rm -rf '%s'", self->dir);
	free(self->path);
	free(self->dir);
}

/* Each format, told by its magic, gives back the very bytes. */
TEST_F(scratch, every_format_round_trips)
{
	char *want, *buf, *out;
	const char *format, *why;
	size_t wantlen, len, outlen, i;

	want = get_file(REAL_CONFIG, &wantlen);
	for (i = 0; i < ARRAY_SIZE(compressors); i++) {
		ASSERT_EQ(0, shell_call("%s '%s' > '%s'", compressors[i][0],
					REAL_CONFIG, self->path));
		buf = get_file(self->path, &len);
		EXPECT_STREQ(compressors[i][1], compression_of(buf, len));
		ASSERT_EQ(0, decompress_buf(buf, len, 1 << 20, &out, &outlen,
					    &format, &why));
		EXPECT_STREQ(compressors[i][1], format);
		ASSERT_EQ(wantlen, outlen);
		EXPECT_EQ(0, memcmp(want, out, outlen));
		free(out);
		free(buf);
	}
	/* plain data is left alone */
	EXPECT_STREQ("plain", compression_of(want, wantlen));
	EXPECT_EQ(1, decompress_buf(want, wantlen, 1 << 20, &out, &outlen,
				    &format, &why));
	free(want);
}

/* Cut short or damaged compressed data: an error, never garbage. */
TEST_F(scratch, corrupt_and_cut_compressed_data_are_errors)
{
	const char *format, *why;
	size_t len, outlen, i;
	char *buf, *out;

	for (i = 0; i < ARRAY_SIZE(compressors); i++) {
		ASSERT_EQ(0, shell_call("%s '%s' > '%s'", compressors[i][0],
					REAL_CONFIG, self->path));
		buf = get_file(self->path, &len);
		EXPECT_EQ(-1, decompress_buf(buf, len / 2, 1 << 20, &out,
					     &outlen, &format, &why));
		EXPECT_NE(NULL, strstr(why, "cut short")) {
			TH_LOG("%s: %s", format, why);
		}
		buf[len / 2] ^= 0x55;
		buf[len / 2 + 1] ^= 0x55;
		EXPECT_EQ(-1, decompress_buf(buf, len, 1 << 20, &out,
					     &outlen, &format, &why));
		EXPECT_NE(NULL, strstr(why, "corrupt")) {
			TH_LOG("%s: %s", format, why);
		}
		free(buf);
	}
}

TEST_HARNESS_MAIN
