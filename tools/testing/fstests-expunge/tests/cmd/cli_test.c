// SPDX-License-Identifier: GPL-2.0
/* Tests of the commands as users run them: output, files, exit codes. */
#include <dirent.h>
#include <stdarg.h>
#include <sys/stat.h>

#include "kselftest_harness.h"

#include "json-reader.h"
#include "test-util.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "lib/fileio.h"
#include "tmpdir-fixture.h"

#define DATA	FIXTURE_PATH("data")
#define DAX	FIXTURE_PATH("config-dax")
#define NODAX	FIXTURE_PATH("config-nodax")

/* Run the tool with printf-formatted, shell-quoted arguments */
static __printf(1, 2) struct proc_out fexp(const char *fmt, ...)
{
	struct proc_out r;
	va_list ap;
	char *args;

	va_start(ap, fmt);
	if (vasprintf(&args, fmt, ap) < 0)
		abort();
	va_end(ap);
	unsetenv("FSTESTS_EXPUNGE_DATA");
	r = fexp_call(args);
	free(args);
	return r;
}

/* exclude --fs ext4 with the fixture data, a section, release and config */
static struct proc_out ext4_exclude(const char *section,
				    const char *release, const char *config,
				    const char *more)
{
	return fexp("exclude --fs ext4 --section %s --release %s --config %s --data %s %s",
		    section, release, config, DATA, more);
}

#define EXPECT_HAS(text, part) EXPECT_NE(NULL, strstr(text, part))

/* The test ids of an exclude file, in order, one per line */
static char *tests_of(const char *text)
{
	struct strbuf sb = { 0 };
	const char *p = text;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);

		if (*p != '#' && len) {
			size_t w = strcspn(p, " \t\n");

			sb_add(&sb, p, w);
			sb_puts(&sb, "\n");
		}
		p += len + (nl ? 1 : 0);
	}
	return sb.buf ? sb.buf : strdup("");
}

static void write_to(const char *dir, const char *name, const char *text)
{
	char *path;
	FILE *f;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		abort();
	f = fopen(path, "w");
	if (!f)
		abort();
	fputs(text, f);
	fclose(f);
	free(path);
}

static char *read_from(const char *dir, const char *name)
{
	char *path, *buf = NULL;
	size_t len;

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		abort();
	if (read_file(path, 1 << 20, &buf, &len))
		buf = NULL;
	free(path);
	return buf;
}

/* The names in dir, sorted, space-separated */
static char *dir_listing(const char *dir)
{
	struct dirent **names;
	struct strbuf sb = { 0 };
	int n, i;

	n = scandir(dir, &names, NULL, alphasort);
	if (n < 0)
		abort();
	for (i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.')
			sb_printf(&sb, "%s%s", sb.len ? " " : "",
				  names[i]->d_name);
		free(names[i]);
	}
	free(names);
	return sb.buf ? sb.buf : strdup("");
}

TEST(help_of_every_command)
{
	static const char *const cmds[][8] = {
		{ "kernel", "--release", "--config", "--kernel", "--build-dir",
		  "--srctree", "--data", NULL },
		{ "exclude", "--fs", "--section", "--output", "--outdir",
		  "--explain", "--run-known-failures", "--release" },
		{ "flaky", "--fs", "--section", "--release", "--config",
		  "--data", NULL },
		{ "view", "--fs", "--section", "--env", "--fstests",
		  "--release", "--data", NULL },
		{ "check", "--srctree", "--fstests", "--data", NULL },
		{ "import", "--from", "--fs", "--write", "--data",
		  "xfstests-bld|kdevops", NULL },
	};
	struct proc_out r, h;
	size_t i, j;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		r = fexp("%s --help", cmds[i][0]);
		EXPECT_EQ(0, r.status);
		EXPECT_EQ(0, strlen(r.err));
		EXPECT_TRUE(str_starts(r.out, "Usage: fstests-expunge "));
		EXPECT_NE(NULL, strstr(r.out, "Exit status"));
		for (j = 1; j < 8 && cmds[i][j]; j++) {
			EXPECT_NE(NULL, strstr(r.out, cmds[i][j])) {
				TH_LOG("%s --help: no %s", cmds[i][0],
				       cmds[i][j]);
			}
		}
		/* "help CMD" is the same */
		h = fexp("help %s", cmds[i][0]);
		EXPECT_EQ(0, h.status);
		EXPECT_STREQ(r.out, h.out);
		/* -h too */
		proc_out_free(&h);
		h = fexp("%s -h", cmds[i][0]);
		EXPECT_EQ(0, h.status);
		EXPECT_STREQ(r.out, h.out);
		proc_out_free(&h);
		proc_out_free(&r);
	}
	r = fexp("--help");
	EXPECT_EQ(0, r.status);
	for (i = 0; i < ARRAY_SIZE(cmds); i++)
		EXPECT_NE(NULL, strstr(r.out, cmds[i][0]));
	proc_out_free(&r);
	r = fexp("help");
	EXPECT_EQ(0, r.status);
	proc_out_free(&r);
}

/* Every command's --help fits a terminal: no line over 80 columns */
TEST(help_fits_80_columns)
{
	struct proc_out c = fexp("--list-cmds"), r;
	const char *cmd, *line;
	size_t n, len;

	ASSERT_EQ(0, c.status);
	for (cmd = c.out; *cmd; cmd += n + (cmd[n] == '\n')) {
		n = strcspn(cmd, "\n");
		r = fexp("%.*s --help", (int)n, cmd);
		EXPECT_EQ(0, r.status);
		for (line = r.out; *line; line += len + (line[len] == '\n')) {
			len = strcspn(line, "\n");
			EXPECT_GE(80, len)
				TH_LOG("%.*s --help: %.*s", (int)n, cmd,
				       (int)len, line);
		}
		proc_out_free(&r);
	}
	proc_out_free(&c);
}

TEST(usage_errors_exit_2)
{
	static const char *const bad[] = {
		"",
		"frobnicate",
		"--frobnicate",
		"exclude --bogus",
		"exclude",
		"exclude --fs",
		"exclude --fs ext4 stray",
		"exclude --fs ext4 -o a --outdir b",
		"exclude --fs ext4 --section a --section b",
		"flaky",
		"flaky --fs ext4 extra",
		"kernel extra",
		"kernel --bogus",
		"check --bogus",
		"help frobnicate",
		"import",
		"import /tmp",
		"import --from xfstests-bld",
		"import --from frob /tmp",
		"import --from kdevops /tmp /tmp",
		"import --from kdevops /nonexistent --write --data /nonexistent",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct proc_out r = fexp("%s", bad[i]);

		EXPECT_EQ(2, r.status) {
			TH_LOG("'%s' exited %d", bad[i], r.status);
		}
		/* a message for the user, never a crash */
		EXPECT_NE(0, strlen(r.err)) {
			TH_LOG("'%s' said nothing on stderr", bad[i]);
		}
		proc_out_free(&r);
	}
}

TEST(unknown_command_named)
{
	struct proc_out r = fexp("frobnicate");

	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "'frobnicate'"));
	proc_out_free(&r);
	/* a unique prefix works */
	r = fexp("excl --help");
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "exclude"));
	proc_out_free(&r);
}

/* A prefix of several commands names them all, in the order of help */
TEST(ambiguous_prefix_lists_the_commands)
{
	struct proc_out r = fexp("e --help");

	EXPECT_EQ(2, r.status);
	EXPECT_STREQ("", r.out);
	EXPECT_HAS(r.err, "ambiguous command 'e': exclude, entries\n");
	proc_out_free(&r);
	r = fexp("help e");
	EXPECT_EQ(2, r.status);
	EXPECT_HAS(r.err, "ambiguous command 'e': exclude, entries\n");
	proc_out_free(&r);
	r = fexp("frobnicate");
	EXPECT_HAS(r.err, "unknown command 'frobnicate'\n");
	proc_out_free(&r);
}

TEST(exclude_expected_lines)
{
	struct proc_out r;
	char *tests;

	r = ext4_exclude("ext4_4k_dax", "6.8.12", DAX, "");
	ASSERT_EQ(0, r.status) {
		TH_LOG("%s", r.err);
	}
	tests = tests_of(r.out);
	/*
	 * global: generic/079 always, generic/742 (since 6.7, fixed 6.9);
	 * ext4: generic/042, ext4/032 (fixed 6.9), generic/470 (dax
	 * section, FS_DAX && !EXT4_FS_SECURITY); not the flaky ones, not
	 * generic/413 (!FS_DAX), not ext4/004 (ext4_1k).
	 */
	EXPECT_STREQ("ext4/032\ngeneric/042\ngeneric/079\ngeneric/470\ngeneric/742\n",
		     tests);
	EXPECT_HAS(r.out,
		   "\ngeneric/079 # expunge: hangs on chattr +i of a device node\n#   (global.expunge:4)\n");
	EXPECT_HAS(r.out,
		   "\next4/032 # fail fixed-by 0123456789ab (ext4.expunge:7)\n");
	EXPECT_TRUE(str_starts(r.out, "# fstests exclude list for ext4, section ext4_4k_dax\n"));
	EXPECT_NE(NULL, strstr(r.out, "kernel 6.8.12 (version 6.8.12)"));
	free(tests);
	proc_out_free(&r);

	/* a later kernel: ext4/032 and generic/742 are fixed */
	r = ext4_exclude("ext4_4k_dax", "6.9.0", DAX, "");
	ASSERT_EQ(0, r.status);
	tests = tests_of(r.out);
	EXPECT_STREQ("generic/042\ngeneric/079\ngeneric/470\n", tests);
	free(tests);
	proc_out_free(&r);

	/* without DAX: generic/413 instead of generic/470 */
	r = ext4_exclude("ext4_dax", "6.1.95", NODAX, "");
	ASSERT_EQ(0, r.status);
	tests = tests_of(r.out);
	EXPECT_STREQ("generic/042\ngeneric/079\ngeneric/413\n", tests);
	free(tests);
	proc_out_free(&r);

	/* xfs has its own file, and the global one */
	r = fexp("exclude --fs xfs --release 6.6.29 --data %s", DATA);
	ASSERT_EQ(0, r.status) {
		TH_LOG("%s", r.err);
	}
	tests = tests_of(r.out);
	EXPECT_STREQ("generic/079\ngeneric/742\nxfs/076\n", tests);
	free(tests);
	proc_out_free(&r);
}

TEST(run_known_failures)
{
	struct proc_out r;
	char *tests;

	r = ext4_exclude("ext4_4k_dax", "6.8.12", DAX, "--run-known-failures");
	ASSERT_EQ(0, r.status);
	tests = tests_of(r.out);
	EXPECT_STREQ("generic/079\ngeneric/470\n", tests);
	free(tests);
	proc_out_free(&r);
}

TEST(explain)
{
	struct proc_out r;
	char *tests;

	r = ext4_exclude("ext4_4k_dax", "6.8.12", DAX, "--explain");
	ASSERT_EQ(0, r.status);
	/* the same tests: every explanation is a comment */
	tests = tests_of(r.out);
	EXPECT_STREQ("ext4/032\ngeneric/042\ngeneric/079\ngeneric/470\ngeneric/742\n",
		     tests);
	EXPECT_HAS(r.out,
		   "# not applied: generic/413 expunge (ext4.expunge:9): if !FS_DAX: n\n");
	EXPECT_HAS(r.out,
		   "# not applied: ext4/004 expunge (ext4.expunge:10): section ext4_4k_dax is not ext4_1k\n");
	EXPECT_HAS(r.out,
		   "# runs (flaky): generic/475 flaky (ext4.expunge:6): ");
	EXPECT_HAS(r.out,
		   "# left out: generic/079 expunge (global.expunge:4): applies to 6.8.12");
	free(tests);
	proc_out_free(&r);

	/* at 1k, generic/475 fails: its flaky entry does not make it run */
	r = ext4_exclude("ext4_1k", "6.8.12", DAX, "--explain");
	ASSERT_EQ(0, r.status);
	EXPECT_HAS(r.out,
		   "# left out: generic/475 flaky (ext4.expunge:6): applies to 6.8.12, section ext4_1k; fail (ext4.expunge:11) decides\n");
	EXPECT_HAS(r.out,
		   "# left out: generic/475 fail (ext4.expunge:11): applies to 6.8.12, section ext4_1k\n");
	proc_out_free(&r);
	r = ext4_exclude("ext4_1k", "6.8.12", DAX, "--explain --run-known-failures");
	ASSERT_EQ(0, r.status);
	EXPECT_HAS(r.out,
		   "# runs (--run-known-failures): generic/475 flaky (ext4.expunge:6): ");
	proc_out_free(&r);

	r = ext4_exclude("ext4_4k_dax", "6.9", DAX, "--explain");
	ASSERT_EQ(0, r.status);
	EXPECT_HAS(r.out,
		   "# not applied: ext4/032 fail (ext4.expunge:7): fixed in 6.9 (kernel 6.9)\n");
	proc_out_free(&r);
}

TEST_F(tmp, output_file_is_replaced_atomically)
{
	char *dir = self->dir, *text, *names;
	struct proc_out r;

	write_to(dir, "x.exclude", "old content\n");
	r = fexp("exclude --fs ext4 --release 6.8.12 --config %s --data %s -o %s/x.exclude",
		 DAX, DATA, dir);
	EXPECT_EQ(0, r.status);
	EXPECT_EQ(0, strlen(r.out));
	proc_out_free(&r);
	text = read_from(dir, "x.exclude");
	ASSERT_NE(NULL, text);
	EXPECT_EQ(NULL, strstr(text, "old content"));
	EXPECT_NE(NULL, strstr(text, "\ngeneric/079 # "));
	/* no temporary file left beside it */
	names = dir_listing(dir);
	EXPECT_STREQ("x.exclude", names);
	free(names);
	free(text);

	/* the same with --output, and the file is readable by others */
	r = fexp("exclude --fs ext4 --release 6.8.12 --config %s --data %s --output %s/y",
		 DAX, DATA, dir);
	EXPECT_EQ(0, r.status);
	proc_out_free(&r);
	names = dir_listing(dir);
	EXPECT_STREQ("x.exclude y", names);
	free(names);
}

TEST_F(tmp, output_file_unwritable)
{
	char *dir = self->dir, *names;
	struct proc_out r;

	r = fexp("exclude --fs ext4 --release 6.8.12 --config %s --data %s -o %s/no/such/dir/x",
		 DAX, DATA, dir);
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "/no/such/dir/x"));
	proc_out_free(&r);
	names = dir_listing(dir);
	EXPECT_STREQ("", names);
	free(names);
}

TEST_F(tmp, outdir_several_sections)
{
	char *dir = self->dir, *names, *a, *b, *ta, *tb;
	struct proc_out r;

	r = fexp("exclude --fs ext4 --release 6.6.29 --config %s --data %s --outdir %s %s",
		 DAX, DATA, dir,
		 "--section ext4_1k --section ext4_4k --section ext4_dax");
	EXPECT_EQ(0, r.status) {
		TH_LOG("%s", r.err);
	}
	EXPECT_EQ(0, strlen(r.out));
	proc_out_free(&r);
	names = dir_listing(dir);
	EXPECT_STREQ("ext4_1k.exclude ext4_4k.exclude ext4_dax.exclude", names);
	free(names);
	a = read_from(dir, "ext4_1k.exclude");
	b = read_from(dir, "ext4_4k.exclude");
	ASSERT_NE(NULL, a);
	ASSERT_NE(NULL, b);
	ta = tests_of(a);
	tb = tests_of(b);
	/* 1k: ext4/004, and generic/475 fails there rather than flakes */
	EXPECT_STREQ("ext4/004\next4/032\ngeneric/042\ngeneric/079\ngeneric/475\ngeneric/742\n",
		     ta);
	EXPECT_STREQ("ext4/032\ngeneric/042\ngeneric/079\ngeneric/742\n", tb);
	EXPECT_TRUE(str_starts(a, "# fstests exclude list for ext4, section ext4_1k\n"));
	free(ta);
	free(tb);
	free(a);
	free(b);
	free(read_from(dir, "ext4_dax.exclude"));
}

TEST_F(tmp, outdir_stays_in_its_directory)
{
	static const char *const bad[] = { "../up", "a/b", "''", ".hidden" };
	char *dir = self->dir, *sub, *names;
	struct proc_out r;
	size_t i;

	ASSERT_NE(-1, asprintf(&sub, "%s/out", dir));
	ASSERT_EQ(0, mkdir(sub, 0755));
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		r = fexp("exclude --fs xfs --release 6.8 --data %s --outdir %s --section %s",
			 DATA, sub, bad[i]);
		EXPECT_EQ(2, r.status);
		EXPECT_HAS(r.err, "cannot name a file");
		proc_out_free(&r);
	}
	names = dir_listing(dir);
	EXPECT_STREQ("out", names);
	free(names);
	names = dir_listing(sub);
	EXPECT_STREQ("", names);
	free(names);
	free(sub);
}

TEST(flaky)
{
	struct proc_out r;

	r = fexp("flaky --fs ext4 --section ext4_4k --release 6.8.12 --config %s --data %s",
		 DAX, DATA);
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ(r.out,
		     "generic/388 3 # flaky (retries 3): log recovery races with shutdown (ext4.expunge:5)\n"
		     "generic/475 5 # flaky (retries 5): shutdown can leave the journal dirty (ext4.expunge:6)\n");
	proc_out_free(&r);

	/* at 1k, generic/475 is a known failure, not flaky */
	r = fexp("flaky --fs ext4 --section ext4_1k --release 6.8.12 --config %s --data %s",
		 DAX, DATA);
	EXPECT_EQ(0, r.status);
	EXPECT_TRUE(str_starts(r.out, "generic/388 3 # "));
	EXPECT_EQ(NULL, strstr(r.out, "generic/475"));
	proc_out_free(&r);

	r = fexp("flaky --fs xfs --release 6.8.12 --data %s", DATA);
	EXPECT_EQ(0, r.status);
	EXPECT_TRUE(str_starts(r.out, "generic/388 7 # "));
	proc_out_free(&r);
}

TEST_F(tmp, kernel_command)
{
	struct proc_out r;
	char *dir = self->dir, *want;

	r = fexp("kernel --release 6.1.0-28-amd64 --config %s --data %s",
		 DAX, DATA);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "release:  6.1.0-28-amd64 (from --release)\n"));
	EXPECT_NE(NULL, strstr(r.out, "version:  6.1 (from --release)\n"));
	ASSERT_NE(-1, asprintf(&want, "config:   %s (4 symbols)\n", DAX));
	EXPECT_NE(NULL, strstr(r.out, want));
	free(want);
	ASSERT_NE(-1, asprintf(&want, "data:     %s (--data): ext4 xfs\n", DATA));
	EXPECT_NE(NULL, strstr(r.out, want));
	free(want);
	proc_out_free(&r);

	/* the data directory from the environment */
	setenv("FSTESTS_EXPUNGE_DATA", DATA, 1);
	r = fexp_call("kernel --release 6.1.0 --config " DAX);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "(FSTESTS_EXPUNGE_DATA): ext4 xfs\n"));
	proc_out_free(&r);
	unsetenv("FSTESTS_EXPUNGE_DATA");

	/* a build directory */
	ASSERT_NE(-1, asprintf(&want, "mkdir -p %s/include/config && %s",
			       dir, "echo 6.12.9-b > include/config/kernel.release"));
	ASSERT_EQ(0, chdir(dir));
	ASSERT_EQ(0, system(want));
	free(want);
	ASSERT_NE(-1, asprintf(&want, "cp %s %s/.config", NODAX, dir));
	ASSERT_EQ(0, system(want));
	free(want);
	r = fexp("kernel --build-dir %s --data %s", dir, DATA);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "release:  6.12.9-b (from "));
	EXPECT_NE(NULL, strstr(r.out, "version:  6.12.9 (from "));
	EXPECT_NE(NULL, strstr(r.out, "/.config (4 symbols)\n"));
	proc_out_free(&r);
}

/*
 * A distribution's build directory: its release says 6.1, not 6.1.119;
 * the tree it came from says it (source/Makefile), or its compile.h.
 */
static char *distro_build(const char *compile_h)
{
	static const char *const dirs[] = {
		"include", "include/config", "include/generated", "src",
	};
	char *dir = tmpdir_new(), *path, *config;
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		if (asprintf(&path, "%s/%s", dir, dirs[i]) < 0 || mkdir(path, 0755))
			abort();
		free(path);
	}
	put_in_dir(dir, "include/config/kernel.release", "6.1.0-28-amd64\n");
	if (read_file(NODAX, 1 << 20, &config, &len))
		abort();
	put_in_dir(dir, ".config", config);
	free(config);
	if (asprintf(&path, "%s/source", dir) < 0 || symlink("src", path))
		abort();
	free(path);
	if (compile_h)
		put_in_dir(dir, "include/generated/compile.h", compile_h);
	else
		put_in_dir(dir, "src/Makefile",
			   "VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 119\nEXTRAVERSION =\n");
	return dir;
}

#define UTS_DEBIAN	"#define UTS_VERSION \"#1 SMP Debian 6.1.119-1 (2024-11-22)\"\n"

TEST(distro_build_dir_gives_the_upstream_version)
{
	char *tree = distro_build(NULL);
	char *banner = distro_build(UTS_DEBIAN);
	struct proc_out r;

	/* the tree the build came from: source/Makefile */
	r = fexp("kernel --build-dir %s --data %s", tree, DATA);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_HAS(r.out, "release:  6.1.0-28-amd64 (from ");
	EXPECT_HAS(r.out, "version:  6.1.119 (from ");
	EXPECT_HAS(r.out, "/source/Makefile)\n");
	proc_out_free(&r);
	/* or the banner the build wrote */
	r = fexp("kernel --build-dir %s --data %s", banner, DATA);
	EXPECT_HAS(r.out, "version:  6.1.119 (from Debian version in the banner");
	EXPECT_HAS(r.out, "compile.h");
	proc_out_free(&r);
	/* so that fixed=6.1.90 holds: ext4/032 is no longer a known failure */
	r = fexp("exclude --fs ext4 -s ext4_4k --build-dir %s --data %s", tree, DATA);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.out, "\next4/032 "));
	proc_out_free(&r);
	/* --version says it outright */
	r = fexp("kernel --release 6.1.0-28-amd64 --version 6.1.120 --config %s --data %s",
		 NODAX, DATA);
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_HAS(r.out, "version:  6.1.120 (from --version)\n");
	proc_out_free(&r);
	r = fexp("kernel --version 6.x --config %s --data %s", NODAX, DATA);
	EXPECT_EQ(2, r.status);
	EXPECT_HAS(r.err, "--version 6.x");
	proc_out_free(&r);
	tmpdir_remove(tree);
	tmpdir_remove(banner);
}

/* The value of key in "key=value" lines, or NULL */
static char *key_value(const char *lines, const char *key)
{
	size_t len = strlen(key);
	const char *p;

	for (p = lines; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (!strncmp(p, key, len) && p[len] == '=')
			return strndup(p + len + 1, strcspn(p + len + 1, "\n"));
	}
	return NULL;
}

/* For scripts: every fact of the display, one key=value a line. */
TEST(kernel_format_keys)
{
	static const char *const want[][2] = {
		{ "release", "6.1.0-28-amd64" },
		{ "release_from", "--release" },
		{ "version", "6.1" },
		{ "version_from", "--release" },
		{ "config", DAX },
		{ "srctree", "" },
		{ "data", DATA },
		{ "data_from", "--data" },
		{ "filesystems", "ext4 xfs" },
	};
	struct proc_out r, bad;
	size_t i, lines = 0;
	const char *p;

	r = fexp("kernel --format keys --release 6.1.0-28-amd64 --config %s --data %s",
		 DAX, DATA);
	EXPECT_EQ(0, r.status);
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		char *v = key_value(r.out, want[i][0]);

		EXPECT_STREQ(want[i][1], v ? v : "(none)") {
			TH_LOG("key %s", want[i][0]);
		}
		free(v);
	}
	for (p = r.out; *p; p++)
		lines += *p == '\n';
	EXPECT_EQ(ARRAY_SIZE(want), lines);
	proc_out_free(&r);
	bad = fexp("kernel --format yaml");
	EXPECT_EQ(2, bad.status);
	EXPECT_NE(NULL, strstr(bad.err, "text|keys|json"));
	proc_out_free(&bad);
}

/* The same facts as one JSON object; null where none is known */
TEST(kernel_format_json)
{
	struct proc_out r;
	struct jval *j;

	r = fexp("kernel --format json --release 6.1.0-28-amd64 --config %s --data %s",
		 DAX, DATA);
	EXPECT_EQ(0, r.status);
	j = json_parse(r.out);
	ASSERT_NE(NULL, j) {
		TH_LOG("not JSON: %s", r.out);
	}
	EXPECT_STREQ("6.1.0-28-amd64", json_str_at(j, "release"));
	EXPECT_STREQ("--release", json_str_at(j, "release_from"));
	EXPECT_STREQ("6.1", json_str_at(j, "version"));
	EXPECT_STREQ(DAX, json_str_at(j, "config"));
	EXPECT_EQ(J_NULL, json_at(j, "srctree")->type);
	EXPECT_STREQ(DATA, json_str_at(j, "data"));
	EXPECT_STREQ("--data", json_str_at(j, "data_from"));
	EXPECT_EQ(2, json_at(j, "filesystems")->n);
	EXPECT_STREQ("ext4", json_str_at(j, "filesystems/0"));
	EXPECT_STREQ("xfs", json_str_at(j, "filesystems/1"));
	json_free(j);
	proc_out_free(&r);
}

/* --list-cmds and --list-opts: what the bash completion reads */
TEST(commands_and_options_listed)
{
	struct proc_out c = fexp("--list-cmds"), o;

	EXPECT_EQ(0, c.status);
	EXPECT_STREQ("kernel\nexclude\nflaky\nview\ncheck\ncompare\nentries\nrun\nupdate\n"
		     "import\narchive\nmatrix\nhelp\n",
		     c.out);
	o = fexp("flaky --list-opts");
	EXPECT_EQ(0, o.status);
	EXPECT_STREQ("--fs FS\n-f FS\n--section S\n-s S\n--fstests DIR\n"
		     "--env NAME\n--release R\n"
		     "--config FILE\n--kernel FILE\n--build-dir DIR\n"
		     "--version X.Y.Z\n--srctree DIR\n--data DIR\n--help\n-h\n", o.out);
	proc_out_free(&c);
	proc_out_free(&o);
}

#define BUG_1	"https://bugzilla.kernel.org/show_bug.cgi?id=1"
#define ENTRY_FIELDS \
	"[.file, .line, .test, .kind, (.since | join(\",\")), .bug] | join(\"|\")"

/* entries: the data as JSON lines, for scripts that must not parse it */
TEST(entries_as_json_lines)
{
	struct proc_out r = fexp("entries %s/global.expunge", DATA);
	char *line2 = r.out ? strchr(r.out, '\n') : NULL, *v;

	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	ASSERT_NE(NULL, line2);
	v = jsonq(line2 + 1, ENTRY_FIELDS);
	EXPECT_STREQ("global.expunge|5|generic/742|fail|6.6.12,6.7|" BUG_1, v);
	free(v);
	proc_out_free(&r);
	r = fexp("entries -");
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("", r.out);
	proc_out_free(&r);
}

TEST(no_config_found)
{
	struct proc_out r;

	r = fexp("kernel --release 0.1.2-no-such-kernel --data %s", DATA);
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "/boot/config-0.1.2-no-such-kernel"));
	EXPECT_NE(NULL, strstr(r.err, "/lib/modules/0.1.2-no-such-kernel/build/.config"));
	proc_out_free(&r);

	/*
	 * the data has conditions: without a config they are undecided, said
	 * on stderr (release_only_test.c has the rest)
	 */
	r = fexp("exclude --fs ext4 --section dax --release 0.1.2-no-such-kernel --data %s",
		 DATA);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.err, "no kernel config found for 0.1.2-no-such-kernel: "));
	EXPECT_NE(NULL, strstr(r.err, "undecided"));
	EXPECT_NE(NULL, strstr(r.out, "\n# no kernel config found for 0.1.2-no-such-kernel:\n"));
	proc_out_free(&r);

	/* xfs has none: no config needed */
	r = fexp("exclude --fs xfs --release 0.1.2-no-such-kernel --data %s",
		 DATA);
	EXPECT_EQ(0, r.status);
	proc_out_free(&r);
}

TEST(unknown_fs_lists_known_ones)
{
	/* EXT4 is ext4 (names_test.c); ext5 a typo, no filesystem */
	static const char *const names[] = { "global", "../ext4", "ext5", "''" };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		struct proc_out r = fexp("exclude --fs %s --release 6.8 --data %s",
					 names[i], DATA);

		EXPECT_EQ(2, r.status);
		EXPECT_NE(NULL, strstr(r.err, "there is data for: ext4 xfs")) {
			TH_LOG("%s", r.err);
		}
		proc_out_free(&r);
	}
}

TEST(fs_without_a_data_file_gets_global_expunge)
{
	struct proc_out r = fexp("exclude --fs nilfs2 --release 6.8 --data %s",
				 DATA);
	char *tests = tests_of(r.out);

	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("generic/079\ngeneric/742\n", tests);
	/* said on stderr and in the file: a misspelt --fs shows */
	EXPECT_HAS(r.err, "no data for filesystem 'nilfs2'");
	EXPECT_HAS(r.err, "there is data for: ext4 xfs");
	EXPECT_HAS(r.out, "\n# no data for filesystem 'nilfs2'");
	free(tests);
	proc_out_free(&r);
	r = fexp("flaky --fs nilfs2 --release 6.8 --data %s", DATA);
	EXPECT_EQ(0, r.status);
	proc_out_free(&r);
}

TEST(exclude_without_section_says_section_entries_are_left_out)
{
	struct proc_out r = fexp("exclude --fs ext4 --release 6.8.12 --config %s --data %s",
				 DAX, DATA);
	const char *line = strstr(r.out, "\n# 5 entries name sections");

	EXPECT_EQ(0, r.status);
	ASSERT_NE(NULL, line) TH_LOG("%s", r.out);
	EXPECT_HAS(r.err, "5 entries name sections");
	EXPECT_HAS(r.err, "--section");
	proc_out_free(&r);
	/* with a section there is nothing to say */
	r = ext4_exclude("ext4_4k", "6.8.12", DAX, "");
	EXPECT_EQ(NULL, strstr(r.out, "entries name sections"));
	EXPECT_STREQ("", r.err);
	proc_out_free(&r);
}

TEST(flaky_lists_every_section_given)
{
	struct proc_out r;
	const char *one, *two;

	r = fexp("flaky --fs ext4 -s ext4_4k -s ext4_1k --release 6.8.12 --config %s --data %s",
		 DAX, DATA);
	EXPECT_EQ(0, r.status);
	one = strstr(r.out, "# section ext4_4k\n");
	two = strstr(r.out, "# section ext4_1k\n");
	ASSERT_NE(NULL, one) TH_LOG("%s", r.out);
	ASSERT_NE(NULL, two) TH_LOG("%s", r.out);
	EXPECT_LT(one, two);
	/* 4k: generic/388 and generic/475; 1k: generic/388 only */
	EXPECT_TRUE(str_starts(one + 18, "generic/388 3 # "));
	EXPECT_NE(NULL, strstr(one, "\ngeneric/475 5 # "));
	EXPECT_GT(strstr(one, "\ngeneric/475 5 # "), one);
	EXPECT_LT(strstr(one, "\ngeneric/475 5 # "), two);
	EXPECT_TRUE(str_starts(two + 18, "generic/388 3 # "));
	EXPECT_EQ(NULL, strstr(two, "generic/475"));
	proc_out_free(&r);
}

TEST_F(tmp, malformed_data_stops_exclude)
{
	char *dir = self->dir, *want;
	struct proc_out r;

	write_to(dir, "ext4.expunge",
		 "# comment\ngeneric/001 fail # ok\ngeneric/002 fial # typo\n");
	r = fexp("exclude --fs ext4 --release 6.8 --data %s", dir);
	EXPECT_EQ(2, r.status);
	ASSERT_NE(-1, asprintf(&want, "%s/ext4.expunge:3: error: unknown kind 'fial'",
			       dir));
	EXPECT_NE(NULL, strstr(r.err, want)) {
		TH_LOG("%s", r.err);
	}
	/* nothing half-written on standard output */
	EXPECT_EQ(0, strlen(r.out));
	free(want);
	proc_out_free(&r);

	/* the same through -o: the old file stays as it was */
	write_to(dir, "old", "old content\n");
	r = fexp("exclude --fs ext4 --release 6.8 --data %s -o %s/old", dir, dir);
	EXPECT_EQ(2, r.status);
	proc_out_free(&r);
	want = read_from(dir, "old");
	EXPECT_STREQ("old content\n", want);
	free(want);

	/* a broken global.expunge counts too */
	write_to(dir, "ext4.expunge", "generic/001 fail # ok\n");
	write_to(dir, "global.expunge", "generic/003 fail since=6.x # bad\n");
	r = fexp("exclude --fs ext4 --release 6.8 --data %s", dir);
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "global.expunge:1: error: "));
	proc_out_free(&r);
}

TEST_F(tmp, bad_condition_stops_exclude)
{
	char *dir = self->dir, *want;
	struct proc_out r;

	write_to(dir, "ext4.expunge",
		 "generic/001 fail if FS_DAX # ok\ngeneric/002 fail if FS_DAX || || A # bad\n");
	r = fexp("exclude --fs ext4 --release 6.8 --config %s --data %s",
		 DAX, dir);
	EXPECT_EQ(2, r.status);
	ASSERT_NE(-1, asprintf(&want, "%s/ext4.expunge:2: error: if FS_DAX || || A: ",
			       dir));
	EXPECT_NE(NULL, strstr(r.err, want)) {
		TH_LOG("%s", r.err);
	}
	free(want);
	proc_out_free(&r);
}

TEST(check_clean_data)
{
	struct proc_out r = fexp("check --data %s", DATA);

	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("12 entries in 3 files: 0 errors, 0 warnings\n", r.out);
	proc_out_free(&r);
}

TEST(check_each_kind_of_mistake)
{
	static const char *const mistakes[][2] = {
		{ "generic/002 broken # x", "unknown kind 'broken'" },
		{ "generic/002 fail foo=1 # x", "unknown key 'foo'" },
		{ "generic/002 fail fixed=6.1 fixed=6.2 # x", "fixed= given twice" },
		{ "generic/002 fail fixed=6.x # x", "'6.x' is not a kernel version" },
		{ "generic/002 fail section=[a # x", "'[' without ']'" },
		{ "Generic/002 fail # x", "not a test name" },
		{ "generic/002 fail fixed-by=xyz # x", "not a commit id" },
		{ "generic/002 fail retries=2 # x", "only for flaky" },
		{ "generic/002 fail if # x", "'if' without a condition" },
		{ "generic/002 fail if $(shell,true) # x", "not allowed" },
		{ "generic/002 fail if A && && B # x", "syntax error" },
		{ "generic/001 fail # again", "duplicate of" },
		{ "generic/001 expunge # other kind", "expunge conflicts with fail" },
		{ "generic/002 fail", "warning: generic/002: no reason" },
		{ "generic/002 fail since=6.9 fixed=6.8 # x", "already fixed" },
		{ "generic/002 fail series=6.9.3 fixed=6.9.2 # x",
		  "series=6.9.3 is already fixed" },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mistakes); i++) {
		char *text, *path, *want;
		struct proc_out r;

		ASSERT_NE(-1, asprintf(&text, "generic/001 fail # fine\n%s\n",
				       mistakes[i][0]));
		path = tmpfile_str(text);
		r = fexp("check %s", path);
		EXPECT_EQ(1, r.status) {
			TH_LOG("%s: exit %d", mistakes[i][0], r.status);
		}
		ASSERT_NE(-1, asprintf(&want, "%s:2: ", path));
		EXPECT_TRUE(str_starts(r.out, want)) {
			TH_LOG("%s: %s", mistakes[i][0], r.out);
		}
		EXPECT_NE(NULL, strstr(r.out, mistakes[i][1])) {
			TH_LOG("%s: %s", mistakes[i][0], r.out);
		}
		proc_out_free(&r);
		unlink(path);
		free(path);
		free(want);
		free(text);
	}
}

TEST_F(tmp, check_test_of_another_fs)
{
	char *dir = self->dir;
	struct proc_out r;

	write_to(dir, "ext4.expunge", "xfs/001 fail # on the wrong file\n");
	write_to(dir, "global.expunge", "ext4/001 fail # not for everyone\n");
	r = fexp("check --data %s", dir);
	EXPECT_EQ(1, r.status);
	EXPECT_HAS(r.out,
		   "ext4.expunge:1: warning: xfs/001: a xfs test never runs on ext4");
	EXPECT_NE(NULL, strstr(r.out, "global.expunge:1: warning: ext4/001"));
	proc_out_free(&r);
}

TEST_F(tmp, check_unreadable_input)
{
	struct proc_out r;
	char *dir, *path;

	r = fexp("check /nonexistent/x.expunge");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "/nonexistent/x.expunge: error: "));
	proc_out_free(&r);
	/* a data file that cannot be read is not a lint problem */
	dir = self->dir;
	ASSERT_NE(-1, asprintf(&path, "%s/ext4.expunge", dir));
	ASSERT_EQ(0, mkdir(path, 0755));
	write_to(dir, "xfs.expunge", "xfs/001 fail # x\n");
	r = fexp("check --data %s", dir);
	EXPECT_EQ(2, r.status);
	EXPECT_HAS(r.out, "ext4.expunge: error: Is a directory");
	proc_out_free(&r);
	free(path);

	r = fexp("check --data /nonexistent/dir");
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "/nonexistent/dir"));
	proc_out_free(&r);
}

/* Reading the tree's whole Kconfig: slow on a loaded machine, not wrong */
TEST_F_TIMEOUT(tmp, check_with_tree, 600)
{
	char *path = str_printf("%s/x.expunge", self->dir);
	static const char text[] = "generic/001 fail if EXT4_FS && FS_DAX # a\n"
				   "generic/002 fail if NO_SUCH_SYMBOL_AT_ALL # b\n";
	struct proc_out r;
	struct stat st;

	if (stat(KSRC "/fs/ext4/Kconfig", &st))
		SKIP(return, "no kernel tree at %s", KSRC);
	put_file(path, text, strlen(text));
	r = fexp("check --srctree %s %s", KSRC, path);
	EXPECT_EQ(1, r.status);
	EXPECT_NE(NULL, strstr(r.out, ":2: error: NO_SUCH_SYMBOL_AT_ALL: no such config symbol"));
	EXPECT_EQ(NULL, strstr(r.out, ":1: "));
	proc_out_free(&r);
	free(path);
}

/* Mutate text in place (room for 32 more bytes), deterministically */
static size_t mutate(char *buf, size_t len, unsigned int *seed)
{
	static const char alphabet[] = " \t\n#=,.*[]!&|()\"$\\/-_09aZy\377";
	size_t k, edits = 1 + rand_r(seed) % 6;

	for (k = 0; k < edits; k++) {
		size_t at = rand_r(seed) % (len + 1);
		char c = alphabet[rand_r(seed) % (sizeof(alphabet) - 1)];

		switch (rand_r(seed) % 3) {
		case 0:
			if (at < len)
				buf[at] = c;
			break;
		case 1:
			memmove(buf + at + 1, buf + at, len - at);
			buf[at] = c;
			len++;
			break;
		default:
			if (at < len) {
				memmove(buf + at, buf + at + 1, len - at - 1);
				len--;
			}
		}
	}
	return len;
}

static bool sane_exit(const struct proc_out *r)
{
	return r->status <= 2 && !strstr(r->err, "Sanitizer") &&
	       !strstr(r->err, "runtime error");
}

/* Mutated data and configs through check and exclude: never a crash */
/* 80 runs of the tool: more than 30 s under ASan on a busy machine */
TEST_F_TIMEOUT(tmp, mutated_inputs_never_crash_the_tool, 300)
{
	char *dir = self->dir, *data, *config, *cfgpath;
	size_t dlen, clen, round;
	unsigned int seed = 2024, status[3] = { 0 };

	data = read_from(DATA, "ext4.expunge");
	config = read_from(FIXTURE_PATH(""), "config-dax");
	ASSERT_NE(NULL, data);
	ASSERT_NE(NULL, config);
	dlen = strlen(data);
	clen = strlen(config);
	ASSERT_NE(-1, asprintf(&cfgpath, "%s/config", dir));
	for (round = 0; round < 40; round++) {
		char *d = malloc(dlen + 40), *c = malloc(clen + 40), *path;
		struct proc_out r;
		size_t n;
		FILE *f;

		ASSERT_NE(NULL, d);
		ASSERT_NE(NULL, c);
		memcpy(d, data, dlen);
		memcpy(c, config, clen);
		ASSERT_NE(-1, asprintf(&path, "%s/ext4.expunge", dir));
		f = fopen(path, "w");
		ASSERT_NE(NULL, f);
		n = mutate(d, dlen, &seed);
		fwrite(d, 1, n, f);
		fclose(f);
		free(path);
		f = fopen(cfgpath, "w");
		ASSERT_NE(NULL, f);
		n = round % 2 ? mutate(c, clen, &seed) : clen;
		fwrite(c, 1, n, f);
		fclose(f);

		r = fexp("check --data %s", dir);
		EXPECT_TRUE(sane_exit(&r)) {
			TH_LOG("round %zu: check: %d %s", round, r.status,
			       r.err);
		}
		proc_out_free(&r);
		r = fexp("exclude --fs ext4 --section ext4_dax --release 6.8 --config %s --data %s",
			 cfgpath, dir);
		EXPECT_TRUE(sane_exit(&r)) {
			TH_LOG("round %zu: exclude: %d %s", round, r.status,
			       r.err);
		}
		if (r.status <= 2)
			status[r.status]++;
		/* an error is said on stderr, and nothing half-done is out */
		if (r.status) {
			EXPECT_NE(0, strlen(r.err));
			EXPECT_EQ(0, strlen(r.out));
		}
		proc_out_free(&r);
		free(d);
		free(c);
	}
	/* both outcomes are reached */
	EXPECT_GT(status[0], 3);
	EXPECT_GT(status[2], 3);
	free(cfgpath);
	free(data);
	free(config);
}

/*
 * fstests' rule for "check -E FILE": each line minus "#..." excludes
 * test ID when it matches ^ID\b (bash regex), as check does it.
 */
static const char fstests_rule[] =
	"readarray -t exclude_tests < <(sed \"s/#.*$//\" \"$1\")\n"
	"shift\n"
	"for id in \"$@\"; do\n"
	"	hit=no\n"
	"	for f in \"${exclude_tests[@]}\"; do\n"
	"		id_regex=\"^${id}\\b\"\n"
	"		if [[ \"$f\" =~ ${id_regex} ]]; then\n"
	"			hit=yes\n"
	"			break\n"
	"		fi\n"
	"	done\n"
	"	echo \"$id $hit\"\n"
	"done\n";

/* "ID yes|no" lines: is each id expunged by the exclude file? */
static char *fstests_expunged(const char *file, const char *ids)
{
	char *script = tmpfile_str(fstests_rule), *cmd, *out;
	char outp[] = "/tmp/fexp-rule.XXXXXX";
	int fd = mkstemp(outp);

	if (fd < 0 || asprintf(&cmd, "bash %s %s %s >%s", script, file, ids,
			       outp) < 0 || system(cmd))
		abort();
	out = slurp_fd(fd);
	unlink(outp);
	unlink(script);
	free(script);
	free(cmd);
	return out;
}

static void join(struct strbuf *sb, const char *const *ids,
		 const char *suffix)
{
	for (; *ids; ids++)
		sb_printf(sb, "%s%s", *ids, suffix);
}

static void expect_rule(struct __test_metadata *_metadata, const char *args,
			const char *const *listed, const char *const *unlisted)
{
	char *dir = tmpdir_new(), *file, *got, *tests;
	struct strbuf want = { 0 }, ids = { 0 };
	struct proc_out r;

	ASSERT_NE(-1, asprintf(&file, "%s/x.exclude", dir));
	r = fexp("exclude %s -o %s", args, file);
	ASSERT_EQ(0, r.status) {
		TH_LOG("%s", r.err);
	}
	proc_out_free(&r);
	/* what we list is what we meant to list */
	got = read_from(dir, "x.exclude");
	tests = tests_of(got);
	join(&want, listed, "\n");
	EXPECT_STREQ(want.buf, tests);
	free(tests);
	free(got);
	sb_free(&want);

	/* and fstests expunges exactly those */
	join(&ids, listed, " ");
	join(&ids, unlisted, " ");
	join(&want, listed, " yes\n");
	join(&want, unlisted, " no\n");
	got = fstests_expunged(file, ids.buf);
	EXPECT_STREQ(want.buf, got);
	free(got);
	sb_free(&want);
	sb_free(&ids);
	free(file);
	tmpdir_remove(dir);
}

TEST(fstests_rule_matches_exactly_our_tests)
{
	static const char *const listed_1k[] = {
		"ext4/004", "ext4/032", "generic/042", "generic/079",
		"generic/475", "generic/742", NULL,
	};
	/* prefixes and extensions of those, other kinds, other dirs */
	static const char *const unlisted_1k[] = {
		"generic/0420", "generic/04", "generic/0421", "generic/388",
		"generic/470", "generic/413", "ext4/00", "ext4/0040",
		"ext4/03", "ext4/0320", "generic/07", "generic/0790",
		"generic/7420", "generic/74", "generic/4750", "xfs/076",
		"btrfs/042", "xfs/004", "generic/001", NULL,
	};
	static const char *const listed_dax[] = {
		"ext4/032", "generic/042", "generic/079", "generic/470",
		"generic/742", NULL,
	};
	static const char *const unlisted_dax[] = {
		"ext4/004", "generic/388", "generic/413", "generic/475",
		"generic/0420", "generic/04", "ext4/03", NULL,
	};
	char *args;

	if (system("command -v bash >/dev/null 2>&1"))
		SKIP(return, "no bash");
	ASSERT_NE(-1, asprintf(&args, "--fs ext4 --section %s --release %s --config %s --data %s%s",
			       "ext4_1k", "6.6.29", DAX, DATA, ""));
	expect_rule(_metadata, args, listed_1k, unlisted_1k);
	free(args);

	/* with --explain, every explanation stays a comment */
	ASSERT_NE(-1, asprintf(&args, "--fs ext4 --section %s --release %s --config %s --data %s%s",
			       "ext4_4k_dax", "6.8.12", DAX, DATA, " --explain"));
	expect_rule(_metadata, args, listed_dax, unlisted_dax);
	free(args);
}

/* An fstests-like tree: generic/001, 002, xfs/001 in group dax */
static void fstests_tree(const char *dir)
{
	static const char *const groups[] = { "auto dax", "quick dax",
					      "auto" };
	size_t i;

	if (shell_call("mkdir -p %s/fst/tests/generic", dir))
		abort();
	for (i = 0; i < 3; i++)
		put_str(str_printf("%s/fst/tests/generic/00%zu", dir, i + 1),
			str_printf("_begin_fstest %s\n", groups[i]));
	/* a dax test that never runs on ext4 */
	if (shell_call("mkdir -p %s/fst/tests/xfs", dir))
		abort();
	put_str(str_printf("%s/fst/tests/xfs/001", dir), "_begin_fstest dax\n");
}

TEST_F(tmp, exclude_expands_groups_from_the_fstests_tree)
{
	char *dir = self->dir, *file = str_printf("%s/x", dir), *got;
	struct proc_out r;

	fstests_tree(dir);
	write_to(dir, "ext4.expunge",
		 "group:dax expunge section=!dax # needs pmem\n"
		 "generic/002 fail # and fails too\n");
	r = fexp("exclude --fs ext4 --section ext4_4k --release 6.8 %s %s %s %s/fst -o %s",
		 "--data", dir, "--fstests", dir, file);
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("", r.err);
	proc_out_free(&r);
	/* each test once, as fstests reads the file */
	got = fstests_expunged(file, "generic/001 generic/002 generic/003");
	EXPECT_STREQ("generic/001 yes\ngeneric/002 yes\ngeneric/003 no\n", got);
	free(got);
	/* the tree from FSTESTS_DIR */
	setenv("FSTESTS_DIR", str_printf("%s/fst", dir), 1);
	r = fexp("exclude --fs ext4 --section 4k --release 6.8 --data %s",
		 dir);
	EXPECT_HAS(r.out, "generic/001 # group dax: expunge: needs pmem");
	EXPECT_STREQ("generic/001\ngeneric/002\n", tests_of(r.out));
	proc_out_free(&r);
	/* the dax section is not one it is for, however it is named */
	r = fexp("exclude --fs ext4 --section ext4/dax --release 6.8 --data %s",
		 dir);
	EXPECT_STREQ("generic/002\n", tests_of(r.out));
	proc_out_free(&r);
	unsetenv("FSTESTS_DIR");
	free(file);
}

TEST_F(tmp, exclude_without_a_tree_names_the_groups)
{
	struct proc_out r;

	unsetenv("FSTESTS_DIR");
	write_to(self->dir, "ext4.expunge",
		 "group:dax expunge # needs pmem\ngroup:encrypt fail # x\n");
	r = fexp("exclude --fs ext4 --release 6.8 --data %s", self->dir);
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("", tests_of(r.out));
	EXPECT_HAS(r.out, "# not expanded (no fstests tree): group:dax # expunge: needs pmem");
	EXPECT_HAS(r.err, "left as comments: dax encrypt\n");
	proc_out_free(&r);
}

TEST_F(tmp, check_against_an_fstests_tree)
{
	char *dir = self->dir;
	struct proc_out r;

	fstests_tree(dir);
	write_to(dir, "ext4.expunge",
		 "generic/001 expunge # x\ngeneric/009 expunge # gone\n"
		 "group:dax expunge # x\ngroup:nosuch expunge # x\n");
	r = fexp("check --data %s --fstests %s/fst", dir, dir);
	EXPECT_EQ(1, r.status);
	EXPECT_HAS(r.out, "ext4.expunge:2: error: generic/009: no such test in");
	EXPECT_HAS(r.out, "ext4.expunge:4: error: group:nosuch: no test in");
	EXPECT_HAS(r.out, ": 2 errors, 0 warnings\n");
	proc_out_free(&r);
}

TEST_F(tmp, check_names_fstests_would_confuse)
{
	char *dir = self->dir, *file, *got;
	struct proc_out r;

	write_to(dir, "xfs.expunge", "xfs/191-input-validation expunge # x\n");
	r = fexp("check --data %s", dir);
	EXPECT_EQ(1, r.status);
	EXPECT_HAS(r.out,
		   "xfs.expunge:1: warning: xfs/191-input-validation: 'check -E' would also leave out xfs/191\n");
	proc_out_free(&r);

	/* what fstests does with it, the reason for the warning */
	ASSERT_NE(-1, asprintf(&file, "%s/x", dir));
	r = fexp("exclude --fs xfs --release 6.8 --data %s -o %s", dir, file);
	EXPECT_EQ(0, r.status);
	proc_out_free(&r);
	got = fstests_expunged(file, "xfs/191 xfs/191-input-validation xfs/19 xfs/1910");
	EXPECT_STREQ("xfs/191 yes\nxfs/191-input-validation yes\nxfs/19 no\nxfs/1910 no\n",
		     got);
	free(got);
	free(file);
}

TEST_HARNESS_MAIN
