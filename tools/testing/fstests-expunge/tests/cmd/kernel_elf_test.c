// SPDX-License-Identifier: GPL-2.0
/* The kernel from its files: --kernel, configs.ko and --build-dir, end to end. */
#include <glob.h>
#include <time.h>

#include "elf-build.h"

#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

#define FAKE_RELEASE	"0.1.2-fexp-test"

static bool has(const char *text, const char *want)
{
	return strstr(text, want);
}

/* Run "kernel ARGS": the harness's output is stdout, so show a mismatch. */
__printf(1, 2) static struct proc_out kernel_cmd(const char *fmt, ...)
{
	struct proc_out r;
	va_list ap;
	char *args, *cmd;

	va_start(ap, fmt);
	if (vasprintf(&args, fmt, ap) < 0)
		abort();
	va_end(ap);
	cmd = str_printf("kernel %s", args);
	r = fexp_call(cmd);
	free(cmd);
	free(args);
	return r;
}

/* A linked vmlinux-like image with a Debian banner and IKCONFIG. */
static char *debian_vmlinux(const char *dir, const char *ikconfig)
{
	struct kobj_spec spec = { .banner = DEB_BANNER, .ikconfig = ikconfig };
	char *obj = build_kobj(dir, "vmlinux.o", &spec);
	char *out = str_printf("%s/vmlinux", dir);

	if (shell_call("ld -e 0 -o '%s' '%s'", out, obj))
		abort();
	free(obj);
	return out;
}

TEST_F(tmp, vmlinux_gives_release_upstream_version_and_config)
{
	char *dir = self->dir, *v, *want;
	struct proc_out r;

	v = debian_vmlinux(dir, real_config_gz(dir));
	r = kernel_cmd("--kernel %s", v);
	EXPECT_EQ(0, r.status);
	want = str_printf("release:  " DEB_RELEASE " (from %s, linux_banner)\n", v);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	/* Debian's banner says "Debian 6.1.119-1": the real upstream version */
	want = str_printf("version:  6.1.119 (from %s (%s, linux_banner))\n",
			  "Debian version in the banner", v);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	want = str_printf("config:   %s (IKCONFIG) (%d symbols)\n", v,
			  REAL_CONFIG_SYMS);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	proc_out_free(&r);
}

/* configs.ko as distributions ship it: plain, xz, zstd, gzip. */
TEST_F(tmp, compressed_modules_give_release_and_config)
{
	static const char * const fmts[][2] = {
		{ "", NULL }, { ".xz", "xz" }, { ".zst", "zstd -q" },
		{ ".gz", "gzip" },
	};
	struct kobj_spec spec = { .vermagic = DEB_VERMAGIC };
	char *dir = self->dir, *ko, *path, *want;
	struct proc_out r;
	size_t i;

	spec.ikconfig = real_config_gz(dir);
	ko = build_kobj(dir, "configs.ko", &spec);
	for (i = 0; i < ARRAY_SIZE(fmts); i++) {
		path = str_printf("%s%s", ko, fmts[i][0]);
		if (fmts[i][1])
			ASSERT_EQ(0, shell_call("%s -c '%s' > '%s'", fmts[i][1], ko,
						path));
		r = kernel_cmd("--kernel %s", path);
		EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
		want = str_printf("release:  " DEB_RELEASE " (from %s, .modinfo vermagic)\n",
				  path);
		EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
		free(want);
		/* vermagic has only the release: 6.1.0 is all it tells */
		EXPECT_TRUE(has(r.out, "version:  6.1 (from ")) TH_LOG("%s", r.out);
		want = str_printf("config:   %s (IKCONFIG) (%d symbols)\n", path,
				  REAL_CONFIG_SYMS);
		EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
		free(want);
		proc_out_free(&r);
		free(path);
	}
}

TEST_F(tmp, module_without_ikconfig_falls_back)
{
	struct kobj_spec spec = {
		.vermagic = "vermagic=" FAKE_RELEASE " SMP mod_unload ",
	};
	char *dir = self->dir, *ko, *want;
	struct proc_out r;

	ko = build_kobj(dir, "ext4.ko", &spec);
	r = kernel_cmd("--kernel %s --config %s", ko, REAL_CONFIG);
	EXPECT_EQ(0, r.status);
	want = str_printf("config:   %s (%d symbols)\n", REAL_CONFIG,
			  REAL_CONFIG_SYMS);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	proc_out_free(&r);

	/* no --config: the places for that release, each one named */
	r = kernel_cmd("--kernel %s", ko);
	EXPECT_EQ(2, r.status);
	want = str_printf("no kernel config found for %s; tried:\n  %s: %s\n",
			  FAKE_RELEASE, ko, "no IKCONFIG in it");
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	EXPECT_TRUE(has(r.err, "/boot/config-" FAKE_RELEASE ": not found"));
	EXPECT_TRUE(has(r.err, "/lib/modules/" FAKE_RELEASE
			"/kernel/kernel/configs.ko.zst: not found"));
	EXPECT_FALSE(has(r.err, "/proc/config.gz"));
	proc_out_free(&r);
}

TEST_F(tmp, explicit_options_win_over_the_file)
{
	char *dir = self->dir, *v, *cfg, *want;
	struct proc_out r;

	v = debian_vmlinux(dir, real_config_gz(dir));
	cfg = tmpfile_str("CONFIG_EXT4_FS=y\n");
	r = kernel_cmd("--kernel %s --config %s --release 6.6.30", v, cfg);
	EXPECT_EQ(0, r.status);
	EXPECT_TRUE(has(r.out, "release:  6.6.30 (from --release)\n"));
	EXPECT_TRUE(has(r.out, "version:  6.6.30 (from --release)\n"))
		TH_LOG("%s", r.out);
	want = str_printf("config:   %s (1 symbols)\n", cfg);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	proc_out_free(&r);
	unlink(cfg);
}

TEST(release_without_config_lists_configs_ko)
{
	static const char * const ext[] = { "", ".xz", ".zst", ".gz" };
	struct proc_out r;
	char *want;
	size_t i;

	r = kernel_cmd("--release " FAKE_RELEASE);
	EXPECT_EQ(2, r.status);
	for (i = 0; i < ARRAY_SIZE(ext); i++) {
		want = str_printf("\n  /lib/modules/%s/kernel/kernel/configs.ko%s: not found",
				  FAKE_RELEASE, ext[i]);
		EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
		free(want);
	}
	proc_out_free(&r);
}

/* Writes under /lib/modules, in a release of its own; skipped if it can't. */
TEST(configs_ko_of_the_release_is_found)
{
	struct kobj_spec spec = {
		.vermagic = "vermagic=" FAKE_RELEASE " SMP mod_unload ",
	};
	char *dir = tmpdir_new(), *mod, *want;
	bool made_root = access("/lib/modules", F_OK) != 0;
	struct proc_out r;
	char release[64];

	snprintf(release, sizeof(release), FAKE_RELEASE "-%d", getpid());
	mod = str_printf("/lib/modules/%s/kernel/kernel", release);
	if (shell_call("mkdir -p %s 2>/dev/null", mod)) {
		shell_call("rm -rf '%s'", dir);
		SKIP(return, "cannot write to /lib/modules");
	}
	spec.ikconfig = real_config_gz(dir);
	ASSERT_EQ(0, shell_call("xz -c '%s' > %s/configs.ko.xz",
				build_kobj(dir, "configs.ko", &spec), mod));
	r = kernel_cmd("--release %s", release);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	want = str_printf("config:   %s/configs.ko.xz (IKCONFIG) (%d symbols)\n",
			  mod, REAL_CONFIG_SYMS);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	proc_out_free(&r);
	shell_call("rm -rf /lib/modules/%s", release);
	if (made_root)
		rmdir("/lib/modules");
	shell_call("rm -rf '%s'", dir);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* 1 GiB of zeros as ~1 MiB of gzip (128 members of 8 MiB each). */
TEST_F(tmp, gzip_bomb_in_ikconfig_is_refused_quickly)
{
	char *dir = self->dir, *bomb, *v, *want;
	struct proc_out r;
	double start;

	bomb = str_printf("%s/bomb.gz", dir);
	ASSERT_EQ(0, shell_call("head -c 8M /dev/zero | gzip -9 > %s.1", bomb));
	ASSERT_EQ(0, shell_call("for i in $(seq 128); do cat %s.1; done > %s",
				bomb, bomb));
	v = debian_vmlinux(dir, bomb);
	start = now();
	r = kernel_cmd("--kernel %s", v);
	EXPECT_LT(now() - start, 10);
	EXPECT_EQ(2, r.status);
	want = str_printf("%s (IKCONFIG): decompressed data over the size limit", v);
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	proc_out_free(&r);
}

/* A module that decompresses to 300 MiB: over the image limit. */
TEST_F(tmp, zstd_bomb_module_is_refused)
{
	char *dir = self->dir, *bomb, *want;
	struct proc_out r;

	bomb = str_printf("%s/bomb.ko.zst", dir);
	ASSERT_EQ(0, shell_call("head -c 300M /dev/zero | zstd -q -1 > %s", bomb));
	r = kernel_cmd("--kernel %s", bomb);
	EXPECT_EQ(2, r.status);
	want = str_printf("%s: decompressed data over the size limit", bomb);
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	proc_out_free(&r);
}

TEST_F(tmp, corrupt_gzip_in_ikconfig_is_an_error)
{
	char *dir = self->dir, *gz, *buf, *v, *want;
	struct proc_out r;
	size_t len;

	gz = real_config_gz(dir);
	buf = get_file(gz, &len);
	memset(buf + len / 2, 0x55, 16);
	put_file(gz, buf, len);
	v = debian_vmlinux(dir, gz);
	r = kernel_cmd("--kernel %s", v);
	EXPECT_EQ(2, r.status);
	want = str_printf("%s (IKCONFIG): corrupt gzip data", v);
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	proc_out_free(&r);

	/* cut short */
	put_file(gz, buf, len / 2);
	v = debian_vmlinux(dir, gz);
	r = kernel_cmd("--kernel %s", v);
	EXPECT_EQ(2, r.status);
	want = str_printf("%s (IKCONFIG): gzip data cut short", v);
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	proc_out_free(&r);
	free(buf);
}

TEST_F(tmp, garbage_line_in_ikconfig_names_its_line)
{
	char *dir = self->dir, *gz, *v, *want;
	struct proc_out r;

	gz = str_printf("%s/config.gz", dir);
	ASSERT_EQ(0, shell_call("(cat %s; echo 'rm -rf /') | gzip > %s",
				REAL_CONFIG, gz));
	v = debian_vmlinux(dir, gz);
	r = kernel_cmd("--kernel %s", v);
	EXPECT_EQ(2, r.status);
	/* the fixture's 400 lines, then the garbage */
	want = str_printf("%s (IKCONFIG):%d: not a kernel config line: rm -rf /\n",
			  v, REAL_CONFIG_SYMS + 1);
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	proc_out_free(&r);
}

TEST_F(tmp, broken_files_exit_2_naming_the_file)
{
	char *dir = self->dir, *v, *path, *buf, *want;
	struct proc_out r;
	size_t len;

	v = debian_vmlinux(dir, real_config_gz(dir));
	buf = get_file(v, &len);
	path = str_printf("%s/cut", dir);
	put_file(path, buf, len / 2);
	r = kernel_cmd("--kernel %s", path);
	EXPECT_EQ(2, r.status);
	want = str_printf("%s: ELF section headers lie outside the file (cut short?)",
			  path);
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	proc_out_free(&r);

	put_file(path, "", 0);
	r = kernel_cmd("--kernel %s", path);
	EXPECT_EQ(2, r.status);
	EXPECT_TRUE(has(r.err, ": empty file"));
	proc_out_free(&r);

	r = kernel_cmd("--kernel %s", REAL_CONFIG);
	EXPECT_EQ(2, r.status);
	EXPECT_TRUE(has(r.err, REAL_CONFIG ": not an ELF file"));
	proc_out_free(&r);

	r = kernel_cmd("--kernel %s/missing", dir);
	EXPECT_EQ(2, r.status);
	EXPECT_TRUE(has(r.err, "/missing: No such file or directory"));
	proc_out_free(&r);
	free(buf);
	free(path);
}

/* An O= build: include/config/kernel.release and .config. */
static void make_build_dir(const char *dir, const char *release)
{
	char *path = str_printf("%s/include/config", dir);

	if (shell_call("mkdir -p %s && cp %s %s/.config", path, REAL_CONFIG, dir))
		abort();
	free(path);
	path = str_printf("%s/include/config/kernel.release", dir);
	put_file(path, release, strlen(release));
	free(path);
}

TEST_F(tmp, build_dir_gives_release_and_config)
{
	char *dir = self->dir, *want;
	struct proc_out r;

	make_build_dir(dir, "6.12.9-build\n");
	r = kernel_cmd("--build-dir %s", dir);
	EXPECT_EQ(0, r.status);
	want = str_printf("release:  6.12.9-build (from %s/include/config/kernel.release)\n",
			  dir);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	EXPECT_TRUE(has(r.out, "version:  6.12.9 (from ")) TH_LOG("%s", r.out);
	want = str_printf("config:   %s/.config (%d symbols)\n", dir,
			  REAL_CONFIG_SYMS);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	proc_out_free(&r);

	/* without kernel.release: an error naming it */
	ASSERT_EQ(0, shell_call("rm %s/include/config/kernel.release", dir));
	r = kernel_cmd("--build-dir %s", dir);
	EXPECT_EQ(2, r.status);
	want = str_printf("%s/include/config/kernel.release: No such file or directory",
			  dir);
	EXPECT_TRUE(has(r.err, want)) TH_LOG("%s", r.err);
	free(want);
	proc_out_free(&r);
}

/* A vmlinux with a build directory: the image's release, the dir's config. */
TEST_F(tmp, kernel_without_ikconfig_uses_the_build_dir_config)
{
	char *dir = self->dir, *v, *want;
	struct proc_out r;

	v = debian_vmlinux(dir, NULL);
	make_build_dir(dir, "9.9.9\n");
	r = kernel_cmd("--kernel %s --build-dir %s", v, dir);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_TRUE(has(r.out, "release:  " DEB_RELEASE " (from "));
	want = str_printf("config:   %s/.config (%d symbols)\n", dir,
			  REAL_CONFIG_SYMS);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	proc_out_free(&r);
}

/*
 * A module from a distribution's kernel package, where one is installed
 * (or named by FEXP_REAL_MODULE): its release is its directory's name.
 */
TEST(real_distribution_module)
{
	const char *path = getenv("FEXP_REAL_MODULE");
	char *release, *slash, *want;
	struct proc_out r;
	glob_t g = { 0 };

	if (!path) {
		if (glob("/lib/modules/*/kernel/fs/*/*.ko*", 0, NULL, &g) ||
		    !g.gl_pathc)
			SKIP(return, "no distribution module installed");
		path = g.gl_pathv[0];
	}
	release = strdup(strstr(path, "/lib/modules/") + 13);
	slash = strchr(release, '/');
	ASSERT_NE(NULL, slash);
	*slash = '\0';
	r = kernel_cmd("--kernel %s --config %s", path, REAL_CONFIG);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	want = str_printf("release:  %s (from %s, .modinfo vermagic)\n",
			  release, path);
	EXPECT_TRUE(has(r.out, want)) TH_LOG("%s", r.out);
	free(want);
	proc_out_free(&r);
	free(release);
	globfree(&g);
}

TEST_HARNESS_MAIN
