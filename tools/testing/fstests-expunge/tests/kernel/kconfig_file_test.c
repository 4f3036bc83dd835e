// SPDX-License-Identifier: GPL-2.0
/* Tests of kconfig-file.c: .config files, plain or gzip, and bad ones. */
#include <errno.h>
#include <zlib.h>

#include "kselftest_harness.h"

#include "kernel/kconfig-file.h"
#include "test-util.h"
#include "lib/base.h"
#include "lib/strbuf.h"

static const char sample[] =
	"#\n"
	"# Automatically generated file; DO NOT EDIT.\n"
	"# Linux/x86 6.12.9 Kernel Configuration\n"
	"#\n"
	"CONFIG_MODULES=y\n"
	"CONFIG_EXT4_FS=m\n"
	"# CONFIG_XFS_FS is not set\n"
	"CONFIG_LOCALVERSION=\"-test \\\"quoted\\\"\"\n"
	"CONFIG_NR_CPUS=64\n"
	"CONFIG_PHYSICAL_START=0x1000000\n"
	"CONFIG_NEG=-5\n"
	"\n"
	"# a comment that is not a symbol\n"
	"# CONFIG_NOT_A_SYMBOL is something else\n";

/* A gzip file of len bytes of text, made with zlib; the path is malloc'd */
static char *gzip_file(const char *text, size_t len)
{
	char *path = strdup("/tmp/fexp-gz.XXXXXX");
	int fd = mkstemp(path);
	void *gz;	/* zlib's file handle */

	if (fd < 0)
		abort();
	gz = gzdopen(fd, "wb");
	if (!gz || (len && gzwrite(gz, text, len) != (int)len) ||
	    gzclose(gz) != Z_OK)
		abort();
	return path;
}

static char *file_bytes(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END))
		abort();
	n = ftell(f);
	rewind(f);
	buf = malloc(n + 1);
	if (!buf || fread(buf, 1, n, f) != (size_t)n)
		abort();
	fclose(f);
	*len = n;
	return buf;
}

TEST(plain_values)
{
	struct kconfig_file cfg;
	char *err = NULL;

	ASSERT_EQ(0, kconfig_parse("sample", sample, strlen(sample), &cfg,
				   &err));
	EXPECT_EQ(7, cfg.n);
	EXPECT_STREQ("y", kconfig_get(&cfg, "MODULES"));
	EXPECT_STREQ("m", kconfig_get(&cfg, "EXT4_FS"));
	EXPECT_STREQ("n", kconfig_get(&cfg, "XFS_FS"));
	EXPECT_STREQ("\"-test \\\"quoted\\\"\"",
		     kconfig_get(&cfg, "LOCALVERSION"));
	EXPECT_STREQ("64", kconfig_get(&cfg, "NR_CPUS"));
	EXPECT_STREQ("0x1000000", kconfig_get(&cfg, "PHYSICAL_START"));
	EXPECT_STREQ("-5", kconfig_get(&cfg, "NEG"));
	EXPECT_EQ(NULL, kconfig_get(&cfg, "NOT_A_SYMBOL"));
	EXPECT_EQ(NULL, kconfig_get(&cfg, "BTRFS_FS"));
	EXPECT_EQ(NULL, kconfig_get(&cfg, "CONFIG_EXT4_FS"));
	EXPECT_STREQ("sample", cfg.source);
	kconfig_free(&cfg);
}

TEST(later_line_wins)
{
	static const char text[] =
		"CONFIG_A=y\n"
		"CONFIG_B=m\n"
		"CONFIG_A=m\n"
		"# CONFIG_B is not set\n"
		"# CONFIG_C is not set\n"
		"CONFIG_C=y\n";
	struct kconfig_file cfg;
	char *err = NULL;

	ASSERT_EQ(0, kconfig_parse("t", text, strlen(text), &cfg, &err));
	EXPECT_EQ(3, cfg.n);
	EXPECT_STREQ("m", kconfig_get(&cfg, "A"));
	EXPECT_STREQ("n", kconfig_get(&cfg, "B"));
	EXPECT_STREQ("y", kconfig_get(&cfg, "C"));
	kconfig_free(&cfg);
}

TEST(empty_and_crlf)
{
	static const char crlf[] = "CONFIG_A=y\r\n# CONFIG_B is not set\r\n";
	struct kconfig_file cfg;
	char *err = NULL;

	ASSERT_EQ(0, kconfig_parse("empty", "", 0, &cfg, &err));
	EXPECT_EQ(0, cfg.n);
	kconfig_free(&cfg);
	ASSERT_EQ(0, kconfig_parse("crlf", crlf, strlen(crlf), &cfg, &err));
	EXPECT_STREQ("y", kconfig_get(&cfg, "A"));
	EXPECT_STREQ("n", kconfig_get(&cfg, "B"));
	kconfig_free(&cfg);
}

TEST(garbage_line_names_file_and_line)
{
	static const char *const bad[] = {
		"FOO=y",		/* no CONFIG_ */
		"CONFIG_A=maybe",	/* not a value */
		"CONFIG_A",		/* no value */
		"CONFIG_=y",		/* no name */
		"CONFIG_A=\"unterminated",
		"CONFIG_A=\"a\"b\"",
		"CONFIG_A=0x",
		"CONFIG_A=0xfg",
		"CONFIG_A=1.5",
		"CONFIG_A B=y",
		"<html>",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct kconfig_file cfg;
		char *text, *err = NULL;

		ASSERT_NE(-1, asprintf(&text, "CONFIG_OK=y\n\n%s\nCONFIG_Z=y\n",
				       bad[i]));
		EXPECT_EQ(-1, kconfig_parse("my.config", text, strlen(text),
					    &cfg, &err)) {
			TH_LOG("'%s' was accepted", bad[i]);
		}
		if (err) {
			EXPECT_TRUE(str_starts(err, "my.config:3: ")) {
				TH_LOG("message: %s", err);
			}
		} else {
			EXPECT_NE(NULL, err);
		}
		/* nothing is left half-filled */
		EXPECT_EQ(0, cfg.n);
		EXPECT_EQ(NULL, cfg.syms);
		free(err);
		free(text);
	}
}

TEST(binary_data)
{
	static const char text[] = "CONFIG_A=y\n\0\1\2CONFIG_B=y\n";
	struct kconfig_file cfg;
	char *err = NULL;

	EXPECT_EQ(-1, kconfig_parse("bin", text, sizeof(text) - 1, &cfg,
				    &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "bin: "));
	free(err);
}

TEST(gzip_config)
{
	char *path = gzip_file(sample, strlen(sample));
	struct kconfig_file cfg;
	char *err = NULL;

	ASSERT_EQ(0, kconfig_load(path, false, &cfg, &err));
	EXPECT_EQ(7, cfg.n);
	EXPECT_STREQ("m", kconfig_get(&cfg, "EXT4_FS"));
	EXPECT_STREQ("n", kconfig_get(&cfg, "XFS_FS"));
	EXPECT_STREQ(path, cfg.source);
	kconfig_free(&cfg);
	unlink(path);
	free(path);
}

TEST(gzip_made_by_gzip_tool)
{
	char *path = tmpfile_str(sample), *cmd, *gz;
	struct kconfig_file cfg;
	char *err = NULL;

	if (system("command -v gzip >/dev/null 2>&1")) {
		unlink(path);
		free(path);
		SKIP(return, "no gzip");
	}
	ASSERT_NE(-1, asprintf(&cmd, "gzip -9 '%s'", path));
	ASSERT_EQ(0, system(cmd));
	ASSERT_NE(-1, asprintf(&gz, "%s.gz", path));
	ASSERT_EQ(0, kconfig_load(gz, false, &cfg, &err));
	EXPECT_STREQ("m", kconfig_get(&cfg, "EXT4_FS"));
	kconfig_free(&cfg);
	unlink(gz);
	free(gz);
	free(cmd);
	free(path);
}

TEST(gzip_garbage_line)
{
	static const char text[] = "CONFIG_A=y\nCONFIG_B=what\n";
	char *path = gzip_file(text, strlen(text)), *where;
	struct kconfig_file cfg;
	char *err = NULL;

	EXPECT_EQ(-1, kconfig_load(path, false, &cfg, &err));
	ASSERT_NE(NULL, err);
	ASSERT_NE(-1, asprintf(&where, "%s:2: ", path));
	EXPECT_TRUE(str_starts(err, where)) {
		TH_LOG("message: %s", err);
	}
	free(where);
	free(err);
	unlink(path);
	free(path);
}

TEST(truncated_gzip)
{
	char *path = gzip_file(sample, strlen(sample));
	size_t len, cut;
	char *buf = file_bytes(path, &len);

	/* every cut, from the header to the last byte of the trailer */
	for (cut = 2; cut < len; cut++) {
		struct kconfig_file cfg;
		char *err = NULL;

		EXPECT_EQ(-1, kconfig_parse("cut.gz", buf, cut, &cfg, &err)) {
			TH_LOG("cut at %zu of %zu accepted", cut, len);
		}
		if (err)
			EXPECT_TRUE(str_starts(err, "cut.gz: "));
		free(err);
	}
	free(buf);
	unlink(path);
	free(path);
}

TEST(corrupt_gzip)
{
	char *path = gzip_file(sample, strlen(sample));
	size_t len, i;
	char *buf = file_bytes(path, &len);
	unsigned int rejected = 0;

	/* flip each byte after the header: never a crash, mostly an error */
	for (i = 10; i < len; i++) {
		struct kconfig_file cfg;
		char *err = NULL;

		buf[i] ^= 0x55;
		if (kconfig_parse("bad.gz", buf, len, &cfg, &err)) {
			ASSERT_NE(NULL, err);
			EXPECT_TRUE(str_starts(err, "bad.gz"));
			rejected++;
		} else {
			kconfig_free(&cfg);
		}
		free(err);
		buf[i] ^= 0x55;
	}
	/* the CRC32 and length in the trailer catch what inflate does not */
	EXPECT_EQ(len - 10, rejected);
	free(buf);
	unlink(path);
	free(path);
}

TEST(gzip_bomb_is_refused)
{
	size_t big = KCONFIG_MAX_SIZE + 4096;
	char *text = malloc(big), *path, *err = NULL;
	struct kconfig_file cfg;

	ASSERT_NE(NULL, text);
	memset(text, '#', big);
	path = gzip_file(text, big);
	free(text);
	EXPECT_EQ(-1, kconfig_load(path, false, &cfg, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "limit"));
	free(err);
	unlink(path);
	free(path);
}

TEST(missing_file)
{
	struct kconfig_file cfg;
	char *err = NULL;

	errno = 0;
	EXPECT_EQ(-1, kconfig_load("/nonexistent/.config", false, &cfg, &err));
	EXPECT_EQ(ENOENT, errno);
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "/nonexistent/.config"));
	free(err);
}

/* the kconfig lexer is quadratic over a huge name: refused before it */
TEST(a_huge_symbol_name_is_an_error)
{
	size_t big = 10 << 20;
	char *text = malloc(big + 64);
	struct kconfig_file cfg;
	char *err = NULL;

	memcpy(text, "CONFIG_A=y\n# CONFIG_", 21);
	memset(text + strlen(text), 'B', big);
	memcpy(text + 21 + big, " is not set\n", 13);
	EXPECT_EQ(-1, kconfig_parse("big", text, strlen(text), &cfg, &err));
	ASSERT_NE(NULL, err);
	EXPECT_TRUE(str_starts(err, "big:2: not a kernel config line: # CONFIG_BBB"));
	EXPECT_GT(300, strlen(err));
	free(err);
	free(text);
}

TEST(directory_is_not_a_config)
{
	struct kconfig_file cfg;
	char *err = NULL;

	EXPECT_EQ(-1, kconfig_load("/", false, &cfg, &err));
	ASSERT_NE(NULL, err);
	EXPECT_TRUE(str_starts(err, "/: "));
	free(err);
}

/* Mutated configs, plain and gzip: a result or an error, never a crash */
TEST(mutated_configs_never_crash)
{
	static const char alphabet[] = "CONFIG_=\"#\\\n\rymn0x9-_aZ\t\001 ";
	size_t base = strlen(sample), round;
	unsigned int seed = 12345, ok = 0, bad = 0;

	for (round = 0; round < 3000; round++) {
		char *buf = malloc(base + 64), *err = NULL;
		size_t len = base, k, edits = 1 + rand_r(&seed) % 6;
		struct kconfig_file cfg;

		ASSERT_NE(NULL, buf);
		memcpy(buf, sample, base);
		for (k = 0; k < edits; k++) {
			size_t at = rand_r(&seed) % (len + 1);
			int op = rand_r(&seed) % 3;

			if (op == 0 && at < len) {
				buf[at] = alphabet[rand_r(&seed) %
						   (sizeof(alphabet) - 1)];
			} else if (op == 1 && len < base + 60) {
				memmove(buf + at + 1, buf + at, len - at);
				buf[at] = alphabet[rand_r(&seed) %
						   (sizeof(alphabet) - 1)];
				len++;
			} else if (at < len) {
				memmove(buf + at, buf + at + 1, len - at - 1);
				len--;
			}
		}
		if (round % 10 == 0) {
			/* the same text, gzip'd and cut somewhere */
			char *path = gzip_file(buf, len), *gz;
			size_t gzlen;

			gz = file_bytes(path, &gzlen);
			unlink(path);
			free(path);
			free(buf);
			buf = gz;
			len = rand_r(&seed) % 2 ? gzlen :
			      rand_r(&seed) % (gzlen + 1);
		}
		if (kconfig_parse("fuzz", buf, len, &cfg, &err)) {
			ASSERT_NE(NULL, err);
			EXPECT_TRUE(str_starts(err, "fuzz"));
			bad++;
		} else {
			size_t i;

			/* sorted, no duplicates */
			for (i = 1; i < cfg.n; i++)
				EXPECT_LT(strcmp(cfg.syms[i - 1].name,
						 cfg.syms[i].name), 0);
			kconfig_free(&cfg);
			ok++;
		}
		free(err);
		free(buf);
	}
	/* the mutations reach both outcomes */
	EXPECT_GT(ok, 100);
	EXPECT_GT(bad, 100);
}

TEST_HARNESS_MAIN
