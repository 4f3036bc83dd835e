// SPDX-License-Identifier: GPL-2.0
/* Tests for kelf.c: release and IKCONFIG from ELF images, hostile ones too. */
#include <elf.h>
#include <zlib.h>

#include "elf-build.h"
#include "lib/decompress.h"
#include "kernel/kelf.h"
#include "lib/escape.h"

#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

/* Read an object back into memory and run kelf_read() on it. */
static int kelf_file(const char *path, struct kelf_info *ki, char **err)
{
	size_t len;
	char *buf = get_file(path, &len);
	int ret = kelf_read(path, buf, len, ki, err);

	free(buf);
	return ret;
}

TEST_F(tmp, banner_symbol_gives_release_and_banner)
{
	struct kobj_spec spec = { .banner = DEB_BANNER };
	char *dir = self->dir, *err = NULL;
	struct kelf_info ki;

	ASSERT_EQ(0, kelf_file(build_kobj(dir, "vmlinux.o", &spec), &ki,
			       &err));
	EXPECT_STREQ(DEB_RELEASE, ki.release);
	EXPECT_STREQ("linux_banner", ki.release_from);
	/* the trailing newline of the kernel's banner is dropped */
	EXPECT_STREQ(DEB_BANNER, ki.banner);
	EXPECT_FALSE(ki.module);
	EXPECT_EQ(NULL, ki.ikconfig);
	kelf_free(&ki);
}

/* Linked: the symbol's value is an address, not a section offset. */
TEST_F(tmp, banner_symbol_in_linked_image_wins_over_other_strings)
{
	struct kobj_spec spec = {
		.decoy = "Linux version 0.0.1-decoy (nobody)",
		.banner = DEB_BANNER,
	};
	char *dir = self->dir, *obj, *err = NULL;
	struct kelf_info ki;

	obj = build_kobj(dir, "vmlinux.o", &spec);
	ASSERT_EQ(0, shell_call("ld -e 0 -o '%s/vmlinux' '%s'", dir, obj));
	ASSERT_EQ(0, kelf_file(str_printf("%s/vmlinux", dir), &ki, &err));
	EXPECT_STREQ(DEB_RELEASE, ki.release);
	EXPECT_STREQ("linux_banner", ki.release_from);
	kelf_free(&ki);
}

TEST_F(tmp, stripped_image_release_from_rodata_string)
{
	struct kobj_spec spec = { .banner = DEB_BANNER };
	char *dir = self->dir, *obj, *err = NULL;
	struct kelf_info ki;

	obj = build_kobj(dir, "vmlinux.o", &spec);
	ASSERT_EQ(0, shell_call("ld -e 0 -s -o '%s/vmlinux' '%s'", dir, obj));
	ASSERT_EQ(0, kelf_file(str_printf("%s/vmlinux", dir), &ki, &err));
	EXPECT_STREQ(DEB_RELEASE, ki.release);
	EXPECT_STREQ(".rodata", ki.release_from);
	EXPECT_STREQ(DEB_BANNER, ki.banner);
	kelf_free(&ki);
}

TEST_F(tmp, module_release_from_vermagic)
{
	struct kobj_spec spec = { .vermagic = DEB_VERMAGIC };
	char *dir = self->dir, *err = NULL;
	struct kelf_info ki;

	ASSERT_EQ(0, kelf_file(build_kobj(dir, "m.ko", &spec), &ki, &err));
	EXPECT_STREQ(DEB_RELEASE, ki.release);
	EXPECT_STREQ("vermagic", ki.release_from);
	EXPECT_TRUE(ki.module);
	EXPECT_EQ(NULL, ki.banner);
	kelf_free(&ki);
}

TEST_F(tmp, ikconfig_is_the_gzip_between_the_markers)
{
	char *dir = self->dir, *err = NULL, *gz, *want, *text;
	struct kobj_spec spec = { .vermagic = DEB_VERMAGIC };
	size_t wantlen, textlen;
	struct kelf_info ki;
	const char *why;

	gz = real_config_gz(dir);
	spec.ikconfig = gz;
	ASSERT_EQ(0, kelf_file(build_kobj(dir, "configs.ko", &spec), &ki,
			       &err));
	ASSERT_NE(NULL, ki.ikconfig);
	want = get_file(REAL_CONFIG, &wantlen);
	ASSERT_EQ(0, gunzip_buf(ki.ikconfig, ki.ikconfig_len, 1 << 20, &text,
				&textlen, &why));
	ASSERT_EQ(wantlen, textlen);
	EXPECT_EQ(0, memcmp(want, text, wantlen));
	free(want);
	free(text);
	kelf_free(&ki);
}

TEST(not_elf_and_empty_are_errors)
{
	struct kelf_info ki;
	char text[] = "CONFIG_EXT4_FS=y\n", *err = NULL;

	EXPECT_EQ(-1, kelf_read("config", text, strlen(text), &ki, &err));
	EXPECT_STREQ("config: not an ELF file", err);
	free(err);
	EXPECT_EQ(-1, kelf_read("empty", text, 0, &ki, &err));
	EXPECT_STREQ("empty: not an ELF file", err);
	free(err);
}

TEST_F(tmp, object_without_release_is_an_error)
{
	char *dir = self->dir, *err = NULL, *obj;
	struct kobj_spec spec = { 0 };
	struct kelf_info ki;

	obj = build_kobj(dir, "empty.o", &spec);
	EXPECT_EQ(-1, kelf_file(obj, &ki, &err));
	EXPECT_NE(NULL, strstr(err, "no kernel release (no linux_banner, no vermagic)"));
	EXPECT_NE(NULL, strstr(err, obj));
	free(err);
}

/* Every cut of a real object: an error or a result, never a crash. */
TEST_F(tmp, truncated_image_is_an_error_at_every_length)
{
	struct kobj_spec spec = { .vermagic = DEB_VERMAGIC };
	char *dir = self->dir, *buf, *err = NULL, *copy;
	struct kelf_info ki;
	size_t len, cut;

	spec.ikconfig = real_config_gz(dir);
	buf = get_file(build_kobj(dir, "m.ko", &spec), &len);
	for (cut = 0; cut < len; cut += 7) {
		/* a copy of exactly cut bytes, so ASan sees any overread */
		copy = malloc(cut ? cut : 1);
		memcpy(copy, buf, cut);
		ASSERT_EQ(-1, kelf_read("m.ko", copy, cut, &ki, &err));
		/* not even the magic, else cut short */
		ASSERT_TRUE(cut < SELFMAG ?
			    !strcmp(err, "m.ko: not an ELF file") :
			    !!strstr(err, "cut short")) {
			TH_LOG("%zu bytes: %s", cut, err);
		}
		free(err);
		free(copy);
	}
	free(buf);
}

/* Patch the first section with this name in a 64-bit object. */
static Elf64_Shdr *find_shdr(char *buf, const char *name)
{
	Elf64_Ehdr *eh = (Elf64_Ehdr *)buf;
	Elf64_Shdr *sh = (Elf64_Shdr *)(buf + eh->e_shoff);
	const char *names = buf + sh[eh->e_shstrndx].sh_offset;
	int i;

	for (i = 0; i < eh->e_shnum; i++)
		if (!strcmp(names + sh[i].sh_name, name))
			return &sh[i];
	return NULL;
}

TEST_F(tmp, section_outside_the_file_is_an_error)
{
	struct kobj_spec spec = { .banner = DEB_BANNER };
	char *dir = self->dir, *buf, *err = NULL;
	struct kelf_info ki;
	Elf64_Shdr *shdr;
	size_t len;

	buf = get_file(build_kobj(dir, "v.o", &spec), &len);
	ASSERT_EQ(ELFCLASS64, buf[EI_CLASS]);
	shdr = find_shdr(buf, ".rodata");
	ASSERT_NE(NULL, shdr);
	shdr->sh_offset = len - 4;	/* its bytes run past the end */
	EXPECT_EQ(-1, kelf_read("v.o", buf, len, &ki, &err));
	EXPECT_NE(NULL, strstr(err, "v.o: ELF section"));
	EXPECT_NE(NULL, strstr(err, "(.rodata) lies outside the file"));
	free(err);
	shdr->sh_offset = ~0ULL - 8;	/* offset + size wraps around */
	EXPECT_EQ(-1, kelf_read("v.o", buf, len, &ki, &err));
	EXPECT_NE(NULL, strstr(err, "lies outside the file"));
	free(err);
	free(buf);
}

TEST_F(tmp, section_headers_outside_the_file_are_an_error)
{
	struct kobj_spec spec = { .banner = DEB_BANNER };
	char *dir = self->dir, *buf, *err = NULL;
	struct kelf_info ki;
	Elf64_Ehdr *eh;
	size_t len;

	buf = get_file(build_kobj(dir, "v.o", &spec), &len);
	eh = (Elf64_Ehdr *)buf;
	eh->e_shnum = 0xff00;
	EXPECT_EQ(-1, kelf_read("v.o", buf, len, &ki, &err));
	EXPECT_EQ(0, strncmp(err, "v.o: ", 5));
	free(err);
	eh->e_shnum = 8;
	eh->e_shoff = ~0ULL - 100;
	EXPECT_EQ(-1, kelf_read("v.o", buf, len, &ki, &err));
	EXPECT_EQ(0, strncmp(err, "v.o: ", 5));
	free(err);
	free(buf);
}

/* The banner symbol pointing past its section: then look for the string. */
TEST_F(tmp, banner_symbol_past_its_section_is_not_followed)
{
	struct kobj_spec spec = { .banner = DEB_BANNER };
	char *dir = self->dir, *buf, *err = NULL;
	Elf64_Shdr *symtab;
	struct kelf_info ki;
	Elf64_Sym *sym;
	size_t len, i;

	buf = get_file(build_kobj(dir, "v.o", &spec), &len);
	symtab = find_shdr(buf, ".symtab");
	ASSERT_NE(NULL, symtab);
	sym = (Elf64_Sym *)(buf + symtab->sh_offset);
	for (i = 0; i < symtab->sh_size / sizeof(*sym); i++)
		sym[i].st_value = 1ULL << 40;
	ASSERT_EQ(0, kelf_read("v.o", buf, len, &ki, &err));
	EXPECT_STREQ(".rodata", ki.release_from);
	EXPECT_STREQ(DEB_RELEASE, ki.release);
	kelf_free(&ki);
	free(buf);
}

TEST_F(tmp, ikconfig_start_without_end_is_an_error)
{
	struct kobj_spec spec = { .banner = DEB_BANNER, .no_end_marker = true };
	char *dir = self->dir, *err = NULL;
	struct kelf_info ki;

	spec.ikconfig = real_config_gz(dir);
	EXPECT_EQ(-1, kelf_file(build_kobj(dir, "v.o", &spec), &ki, &err));
	EXPECT_NE(NULL, strstr(err, "v.o: IKCFG_ST without IKCFG_ED in .rodata"));
	free(err);
}

TEST_F(tmp, ikconfig_that_is_not_gzip_is_an_error)
{
	struct kobj_spec spec = { .banner = DEB_BANNER, .ikconfig = REAL_CONFIG };
	char *dir = self->dir, *err = NULL;
	struct kelf_info ki;

	EXPECT_EQ(-1, kelf_file(build_kobj(dir, "v.o", &spec), &ki, &err));
	EXPECT_NE(NULL, strstr(err, "v.o: IKCONFIG data (IKCFG_ST..IKCFG_ED) is not gzip"));
	free(err);
}

TEST_F(tmp, vermagic_without_release_is_an_error)
{
	struct kobj_spec spec = { .vermagic = "vermagic= SMP preempt" };
	char *dir = self->dir, *err = NULL;
	struct kelf_info ki;

	EXPECT_EQ(-1, kelf_file(build_kobj(dir, "m.ko", &spec), &ki, &err));
	EXPECT_NE(NULL, strstr(err, "m.ko: vermagic without a release: 'vermagic= SMP preempt'"));
	free(err);
}

/* What a bad vermagic holds is quoted escaped: no line, no colour forged */
TEST_F(tmp, a_bad_vermagic_is_quoted_escaped)
{
	struct kobj_spec spec = { .vermagic = "vermagic= \x1b[31mRED\nforged" };
	char *dir = self->dir, *err = NULL;
	struct kelf_info ki;

	EXPECT_EQ(-1, kelf_file(build_kobj(dir, "m.ko", &spec), &ki, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "'vermagic= \\x1b[31mRED\\nforged'"));
	EXPECT_FALSE(has_control(err));
	free(err);
}

/* Random bytes changed in a real object: a result or an error, never a crash. */
TEST_F(tmp, mutated_images_never_crash)
{
	struct kobj_spec spec = { .banner = DEB_BANNER, .vermagic = DEB_VERMAGIC };
	char *dir = self->dir, *orig, *buf, *err = NULL;
	unsigned int seed = 12345, round, i;
	struct kelf_info ki;
	size_t len;
	int ok = 0;

	spec.ikconfig = real_config_gz(dir);
	orig = get_file(build_kobj(dir, "m.ko", &spec), &len);
	buf = malloc(len);
	for (round = 0; round < 3000; round++) {
		memcpy(buf, orig, len);
		/* mostly the headers, where offsets and sizes live */
		for (i = 0; i < 1 + rand_r(&seed) % 8; i++) {
			size_t at = rand_r(&seed) % 2 ? rand_r(&seed) % 64 :
				    rand_r(&seed) % len;

			buf[at] = rand_r(&seed);
		}
		if (!kelf_read("m.ko", buf, len, &ki, &err)) {
			ASSERT_NE(NULL, ki.release);
			kelf_free(&ki);
			ok++;
		} else {
			ASSERT_EQ(0, strncmp(err, "m.ko: ", 6));
			free(err);
		}
	}
	/* some changes are harmless: the test did reach the readers */
	EXPECT_GT(ok, 0);
	free(buf);
	free(orig);
}

TEST_HARNESS_MAIN
