// SPDX-License-Identifier: GPL-2.0
/* Tests of kernel.c: releases, upstream versions and where configs are. */
#include <sys/stat.h>
#include <sys/utsname.h>

#include "kselftest_harness.h"
#include "lib/escape.h"

#include "kernel/kernel.h"
#include "test-util.h"

/* The upstream version as text, or "none" */
static const char *upstream(const char *release, const char *banner,
			    const char *signature, const char **how)
{
	static char buf[48];
	const char *dummy;
	struct kver v;

	if (upstream_version(release, banner, signature, &v,
			     how ? how : &dummy))
		return "none";
	return kver_str(&v, buf);
}

/* /proc/version of Debian 12's kernel, and of its backport of 6.12 */
#define DEBIAN_BANNER "Linux version 6.1.0-28-amd64 (debian-kernel@lists.debian.org) (gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.1.119-1 (2024-11-22)"
#define BPO_BANNER "Linux version 6.12.9+bpo-amd64 (debian-kernel@lists.debian.org) (x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #1 SMP PREEMPT_DYNAMIC Debian 6.12.9-1~bpo12+1 (2025-01-19)"
/* a kernel built by hand on Debian: the banner names only the compiler */
#define SELF_BANNER "Linux version 6.13.2 (me@box) (gcc (Debian 12.2.0-14) 12.2.0, GNU ld (GNU Binutils for Debian) 2.40) #3 SMP Debian clang"

TEST(debian_release_from_banner)
{
	const char *how = NULL;

	/* 6.1.0-28-amd64 is really 6.1.119: not the compiler's 12.2.0 */
	EXPECT_STREQ("6.1.119",
		     upstream("6.1.0-28-amd64", DEBIAN_BANNER, NULL, &how));
	EXPECT_NE(NULL, strstr(how, "Debian"));
	/* without the banner, only the release is left */
	EXPECT_STREQ("6.1", upstream("6.1.0-28-amd64", NULL, NULL, &how));
	EXPECT_STREQ("release", how);
}

TEST(debian_backports)
{
	EXPECT_STREQ("6.12.9",
		     upstream("6.12.9+bpo-amd64", BPO_BANNER, NULL, NULL));
}

TEST(debian_compiler_is_not_the_kernel)
{
	EXPECT_STREQ("6.13.2", upstream("6.13.2", SELF_BANNER, NULL, NULL));
}

TEST(ubuntu_version_signature)
{
	const char *how = NULL;

	EXPECT_STREQ("5.15.131",
		     upstream("5.15.0-91-generic", NULL,
			      "Ubuntu 5.15.0-91.101-generic 5.15.131", &how));
	EXPECT_NE(NULL, strstr(how, "Ubuntu"));
	/* no signature: the release's own version */
	EXPECT_STREQ("5.15", upstream("5.15.0-91-generic", NULL, NULL, NULL));
	/* a signature that is not Ubuntu's is not read */
	EXPECT_STREQ("5.15", upstream("5.15.0-91-generic", NULL,
				      "Something 1.2.3 9.9.9", NULL));
}

TEST(plain_releases)
{
	EXPECT_STREQ("6.5.6",
		     upstream("6.5.6-300.fc39.x86_64", NULL, NULL, NULL));
	EXPECT_STREQ("6.9-rc7", upstream("6.9.0-rc7+", NULL, NULL, NULL));
	EXPECT_STREQ("6.18.44",
		     upstream("6.18.44-fc-v1147", NULL, NULL, NULL));
	EXPECT_STREQ("6.6.30", upstream("6.6.30-rc1", NULL, NULL, NULL));
	EXPECT_STREQ("6.12", upstream("6.12.0", NULL, NULL, NULL));
}

TEST(release_without_version)
{
	EXPECT_STREQ("none", upstream("linux", NULL, NULL, NULL));
	EXPECT_STREQ("none", upstream("", NULL, NULL, NULL));
	EXPECT_STREQ("none", upstream(NULL, NULL, NULL, NULL));
	EXPECT_STREQ("none", upstream("6", "no banner here", "Ubuntu x", NULL));
}

TEST(running_kernel_by_default)
{
	struct kernel_opts o = { 0 };
	struct utsname uts;
	struct kernel k;
	char *err = NULL;

	ASSERT_EQ(0, uname(&uts));
	ASSERT_EQ(0, kernel_identify(&o, &k, &err));
	EXPECT_STREQ(uts.release, k.release);
	EXPECT_STREQ("uname -r", k.release_from);
	EXPECT_TRUE(k.running);
	kernel_free(&k);
}

TEST(release_option)
{
	struct kernel_opts o = { .release = "6.1.0-28-amd64" };
	struct kernel k;
	char *err = NULL, buf[48];

	ASSERT_EQ(0, kernel_identify(&o, &k, &err));
	EXPECT_STREQ("6.1.0-28-amd64", k.release);
	EXPECT_STREQ("--release", k.release_from);
	/* not the running kernel: its /proc/version is not this one's */
	EXPECT_FALSE(k.running);
	EXPECT_STREQ("6.1", kver_str(&k.version, buf));
	kernel_free(&k);

	o.release = "not-a-kernel";
	EXPECT_EQ(-1, kernel_identify(&o, &k, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "not-a-kernel"));
	free(err);
	kernel_free(&k);
}

static char *make_build_dir(const char *release, const char *config)
{
	char *dir = strdup("/tmp/fexp-build.XXXXXX"), *p;
	FILE *f;

	if (!mkdtemp(dir) || asprintf(&p, "%s/include", dir) < 0 ||
	    mkdir(p, 0755))
		abort();
	free(p);
	if (asprintf(&p, "%s/include/config", dir) < 0 || mkdir(p, 0755))
		abort();
	free(p);
	if (release) {
		if (asprintf(&p, "%s/include/config/kernel.release", dir) < 0)
			abort();
		f = fopen(p, "w");
		if (!f)
			abort();
		fputs(release, f);
		fclose(f);
		free(p);
	}
	if (config) {
		if (asprintf(&p, "%s/.config", dir) < 0)
			abort();
		f = fopen(p, "w");
		if (!f)
			abort();
		fputs(config, f);
		fclose(f);
		free(p);
	}
	return dir;
}

static void remove_build_dir(char *dir)
{
	char *cmd;

	if (asprintf(&cmd, "rm -rf '%s'", dir) < 0 || system(cmd))
		abort();
	free(cmd);
	free(dir);
}

TEST(build_dir)
{
	char *dir = make_build_dir("6.12.9-test\n",
				   "CONFIG_EXT4_FS=m\n# CONFIG_XFS_FS is not set\n");
	struct kernel_opts o = { .build_dir = dir };
	const struct kconfig_file *cfg;
	const char *cerr = NULL;
	struct kernel k;
	char *err = NULL, buf[48];

	ASSERT_EQ(0, kernel_identify(&o, &k, &err));
	EXPECT_STREQ("6.12.9-test", k.release);
	EXPECT_NE(NULL, strstr(k.release_from, "include/config/kernel.release"));
	EXPECT_STREQ("6.12.9", kver_str(&k.version, buf));
	EXPECT_FALSE(k.running);
	cfg = kernel_config(&k, &cerr);
	ASSERT_NE(NULL, cfg);
	EXPECT_STREQ("m", kconfig_get(cfg, "EXT4_FS"));
	EXPECT_STREQ("n", kconfig_get(cfg, "XFS_FS"));
	EXPECT_NE(NULL, strstr(cfg->source, dir));
	kernel_free(&k);
	remove_build_dir(dir);
}

TEST(build_dir_release_missing_or_empty)
{
	char *dir = make_build_dir(NULL, "CONFIG_A=y\n");
	struct kernel_opts o = { .build_dir = dir };
	struct kernel k;
	char *err = NULL;

	EXPECT_EQ(-1, kernel_identify(&o, &k, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "kernel.release"));
	EXPECT_NE(NULL, strstr(err, "No such file"));
	free(err);
	kernel_free(&k);
	remove_build_dir(dir);

	dir = make_build_dir("\n", NULL);
	o.build_dir = dir;
	err = NULL;
	EXPECT_EQ(-1, kernel_identify(&o, &k, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "empty"));
	free(err);
	kernel_free(&k);
	remove_build_dir(dir);
}

TEST(config_option_beats_build_dir)
{
	char *dir = make_build_dir("6.12.9\n", "CONFIG_A=y\n");
	char *cfgpath = tmpfile_str("CONFIG_A=m\n");
	struct kernel_opts o = {
		.build_dir = dir, .config = cfgpath, .release = "6.6.30",
	};
	const struct kconfig_file *cfg;
	const char *cerr;
	struct kernel k;
	char *err = NULL, buf[48];

	ASSERT_EQ(0, kernel_identify(&o, &k, &err));
	EXPECT_STREQ("6.6.30", k.release);
	EXPECT_STREQ("6.6.30", kver_str(&k.version, buf));
	cfg = kernel_config(&k, &cerr);
	ASSERT_NE(NULL, cfg);
	EXPECT_STREQ("m", kconfig_get(cfg, "A"));
	/* asked twice: the same answer, read once */
	EXPECT_EQ(cfg, kernel_config(&k, &cerr));
	kernel_free(&k);
	unlink(cfgpath);
	free(cfgpath);
	remove_build_dir(dir);
}

TEST(no_config_lists_every_place_tried)
{
	struct kernel_opts o = { .release = "0.1.2-no-such-kernel" };
	const char *cerr = NULL;
	struct kernel k;
	char *err = NULL;

	ASSERT_EQ(0, kernel_identify(&o, &k, &err));
	EXPECT_EQ(NULL, kernel_config(&k, &cerr));
	ASSERT_NE(NULL, cerr);
	EXPECT_NE(NULL, strstr(cerr, "0.1.2-no-such-kernel"));
	EXPECT_NE(NULL, strstr(cerr, "/boot/config-0.1.2-no-such-kernel"));
	EXPECT_NE(NULL,
		  strstr(cerr, "/lib/modules/0.1.2-no-such-kernel/build/.config"));
	/* /proc/config.gz is the running kernel's, not this one's */
	EXPECT_EQ(NULL, strstr(cerr, "/proc/config.gz"));
	kernel_free(&k);
}

/* An explicit --config is read at once: missing is an error then. */
TEST(missing_config_option)
{
	struct kernel_opts o = {
		.release = "6.6.30", .config = "/nonexistent/config",
	};
	struct kernel k;
	char *err = NULL;

	ASSERT_EQ(-1, kernel_identify(&o, &k, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "/nonexistent/config"));
	free(err);
	kernel_free(&k);
}

TEST(unreadable_config_says_why)
{
	char *cfgpath = tmpfile_str("CONFIG_A=y\nthis is not a config\n");
	struct kernel_opts o = { .release = "6.6.30", .config = cfgpath };
	struct kernel k;
	char *err = NULL, *where;

	ASSERT_EQ(-1, kernel_identify(&o, &k, &err));
	ASSERT_NE(NULL, err);
	ASSERT_NE(-1, asprintf(&where, "%s:2:", cfgpath));
	EXPECT_NE(NULL, strstr(err, where));
	free(where);
	free(err);
	kernel_free(&k);
	unlink(cfgpath);
	free(cfgpath);
}

TEST(control_characters_in_a_release_are_refused)
{
	static const char *const bad[] = {
		"6.6.0\ngeneric/001", "6.6.0\x1b[2J", "6.6.0\r",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct kernel_opts o = { .release = bad[i] };
		struct kernel k;
		char *err = NULL;

		EXPECT_EQ(-1, kernel_identify(&o, &k, &err));
		ASSERT_NE(NULL, err);
		EXPECT_NE(NULL, strstr(err, "control character"));
		/* the message has no control character either */
		EXPECT_FALSE(has_control(err));
		free(err);
		kernel_free(&k);
	}
}

TEST(kernel_file_missing)
{
	struct kernel_opts o = { .kernel = "/nonexistent/vmlinux" };
	struct kernel k;
	char *err = NULL;

	EXPECT_EQ(-1, kernel_identify(&o, &k, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "/nonexistent/vmlinux"));
	free(err);
	kernel_free(&k);
}

TEST_HARNESS_MAIN
