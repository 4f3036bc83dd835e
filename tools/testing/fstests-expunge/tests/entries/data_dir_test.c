// SPDX-License-Identifier: GPL-2.0
/*
 * Where the data is: --data before FSTESTS_EXPUNGE_DATA before data/
 * of the source tree (the binary in it, or where its build put it)
 * before the installed share/fstests-expunge before the
 * built-in copy; and which filesystems a data directory has.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test-util.h"
#include "entries/builtin-data.h"
#include "entries/data-dir.h"
#include "lib/fileio.h"

/* the harness defines it again */
#undef ARRAY_SIZE
#include "kselftest_harness.h"
#include "tmpdir-fixture.h"

static char *make_dir(void)
{
	char *dir = strdup("/tmp/fexp-datadir.XXXXXX");

	if (!dir || !mkdtemp(dir))
		abort();
	return dir;
}

static void remove_dir(const char *dir)
{
	char *cmd;

	if (asprintf(&cmd, "rm -rf '%s'", dir) < 0 || system(cmd))
		abort();
	free(cmd);
}

static const char entry[] = "generic/001  expunge  # a reason\n";

TEST(data_option_wins_over_environment)
{
	char *a = make_dir(), *b = make_dir(), *err = NULL;
	struct datadir dd;

	setenv(DATA_ENV, a, 1);
	ASSERT_EQ(0, datadir_find(b, &dd, &err));
	EXPECT_STREQ(b, dd.dir);
	EXPECT_STREQ("--data", dd.from);
	datadir_free(&dd);
	unsetenv(DATA_ENV);
	remove_dir(a);
	remove_dir(b);
	free(a);
	free(b);
}

TEST(environment_used_without_option)
{
	char *a = make_dir(), *err = NULL;
	struct datadir dd;

	setenv(DATA_ENV, a, 1);
	ASSERT_EQ(0, datadir_find(NULL, &dd, &err));
	EXPECT_STREQ(a, dd.dir);
	EXPECT_STREQ(DATA_ENV, dd.from);
	datadir_free(&dd);
	unsetenv(DATA_ENV);
	remove_dir(a);
	free(a);
}

TEST(empty_environment_is_ignored)
{
	struct datadir dd;
	char *err = NULL;

	setenv(DATA_ENV, "", 1);
	ASSERT_EQ(0, datadir_find(NULL, &dd, &err));
	EXPECT_STRNE(DATA_ENV, dd.from);
	datadir_free(&dd);
	unsetenv(DATA_ENV);
}

TEST(missing_directory_named_with_its_source)
{
	struct datadir dd;
	char *err = NULL;

	EXPECT_EQ(-1, datadir_find("/nonexistent/fexp", &dd, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "--data /nonexistent/fexp"));
	free(err);
	err = NULL;
	datadir_free(&dd);

	setenv(DATA_ENV, "/nonexistent/env", 1);
	EXPECT_EQ(-1, datadir_find(NULL, &dd, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, DATA_ENV " /nonexistent/env"));
	free(err);
	datadir_free(&dd);
	unsetenv(DATA_ENV);
}

TEST_F(tmp, filesystems_sorted_without_global_and_other_files)
{
	char *dir = self->dir;
	struct datadir dd = { .dir = dir };
	char **fs;

	put_in_dir(dir, "xfs.expunge", entry);
	put_in_dir(dir, "ext4.expunge", entry);
	put_in_dir(dir, "global.expunge", entry);
	put_in_dir(dir, ".hidden.expunge", entry);
	put_in_dir(dir, "README", "not data\n");
	put_in_dir(dir, "btrfs.expunge~", entry);
	fs = datadir_filesystems(&dd);
	ASSERT_NE(NULL, fs[0]);
	EXPECT_STREQ("ext4", fs[0]);
	ASSERT_NE(NULL, fs[1]);
	EXPECT_STREQ("xfs", fs[1]);
	EXPECT_EQ(NULL, fs[2]);
	free_list(fs);
}

/* The copy built in is the data directory of the source tree. */
TEST(builtin_copy_is_the_source_data)
{
	struct datadir src = { .dir = SRCDIR "/data" }, builtin = { 0 };
	char **a = datadir_filesystems(&src);
	char **b = datadir_filesystems(&builtin);
	char *path, *text;
	size_t i, len;

	for (i = 0; a[i] && b[i]; i++)
		EXPECT_STREQ(a[i], b[i]);
	EXPECT_EQ(NULL, a[i]);
	EXPECT_EQ(NULL, b[i]);
	for (i = 0; builtin_data[i].name; i++) {
		if (asprintf(&path, SRCDIR "/data/%s", builtin_data[i].name) < 0)
			abort();
		ASSERT_EQ(0, read_file(path, 1 << 24, &text, &len));
		EXPECT_EQ(len, builtin_data[i].len);
		EXPECT_EQ(0, memcmp(text, builtin_data[i].text, len));
		free(text);
		free(path);
	}
	free_list(a);
	free_list(b);
}

TEST_F(tmp, unknown_filesystem_lists_the_known_ones)
{
	char *dir = self->dir, *err = NULL;
	struct datadir dd = { .dir = dir };
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	put_in_dir(dir, "ext4.expunge", entry);
	put_in_dir(dir, "xfs.expunge", entry);
	EXPECT_EQ(-1, datadir_load(&dd, "ext3", &ds, &d, &err));
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "'ext3'"));
	EXPECT_NE(NULL, strstr(err, "there is data for: ext4 xfs"));
	free(err);
	err = NULL;
	/* a name that would leave the directory is no filesystem */
	EXPECT_EQ(-1, datadir_load(&dd, "../ext4", &ds, &d, &err));
	free(err);
	dataset_free(&ds);
	diag_free(&d);
}

TEST(filesystem_without_its_own_file_gets_global_only)
{
	char *dir = make_dir(), *err = NULL;
	struct datadir dd = { .dir = dir };
	struct dataset ds = { 0 };
	struct diag d = { 0 };

	put_in_dir(dir, "ext4.expunge", entry);
	put_in_dir(dir, "global.expunge", "generic/001 expunge # everywhere\n");
	EXPECT_EQ(1, datadir_load(&dd, "ext3", &ds, &d, &err));
	ASSERT_EQ(1, ds.n);
	EXPECT_STREQ("generic/001", ds.entries[0].test);
	/* the note says so, and names the filesystems that have data */
	ASSERT_NE(NULL, err);
	EXPECT_NE(NULL, strstr(err, "global.expunge only"));
	EXPECT_NE(NULL, strstr(err, "there is data for: ext4"));
	free(err);
	dataset_free(&ds);
	diag_free(&d);
	remove_dir(dir);
	free(dir);
}

/* The binary under test, as fexp_call() finds it. */
static char *fexp_binary(void)
{
	const char *bin = getenv("FEXP");

	return strdup(bin ? bin : SRCDIR "/fstests-expunge");
}

/*
 * Copy the built binary to DIR/BIN (alone, beside data/, or as installed
 * in usr/bin/) and run "kernel" with it; env is FSTESTS_EXPUNGE_DATA
 * (NULL: unset).
 */
static struct proc_out run_copy(const char *dir, const char *bin,
				const char *env)
{
	char *cmd, *path, *args, *cfg, *orig = fexp_binary();
	struct proc_out r;

	if (asprintf(&path, "%s/%s", dir, bin) < 0 ||
	    asprintf(&cmd, "mkdir -p \"$(dirname '%s')\" && cp '%s' '%s'",
		     path, orig, path) < 0 || system(cmd))
		abort();
	cfg = tmpfile_str("CONFIG_MODULES=y\n");
	if (asprintf(&args, "kernel --release 6.6.30 --config %s", cfg) < 0)
		abort();
	if (env)
		setenv(DATA_ENV, env, 1);
	else
		unsetenv(DATA_ENV);
	setenv("FEXP", path, 1);
	r = fexp_call(args);
	setenv("FEXP", orig, 1);
	unsetenv(DATA_ENV);
	unlink(cfg);
	free(cfg);
	free(args);
	free(cmd);
	free(path);
	free(orig);
	return r;
}

TEST_F(tmp, lone_binary_reads_builtin_data)
{
	char *dir = self->dir;
	struct proc_out r;

	r = run_copy(dir, "fstests-expunge", NULL);
	EXPECT_EQ(0, r.status);
	/* the data is found nowhere else: said once */
	EXPECT_NE(NULL, strstr(r.out, "\ndata:     built in: "));
	EXPECT_EQ(NULL, strstr(r.out, "(built in)"));
	proc_out_free(&r);
}

/*
 * A copy of the binary beside someone else's data/ reads the built-in
 * data, and says which data/ it did not read
 */
TEST_F(tmp, lone_binary_beside_unrelated_data_says_it_is_not_read)
{
	char *dir = self->dir, *want;
	struct proc_out r;

	if (asprintf(&want, "%s/data", dir) < 0 || mkdir(want, 0755))
		abort();
	put_in_dir(want, "mine.expunge", entry);
	r = run_copy(dir, "fstests-expunge", NULL);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, "\ndata:     built in: "));
	EXPECT_EQ(NULL, strstr(r.out, " mine"));
	EXPECT_NE(NULL, strstr(r.err, want));
	EXPECT_NE(NULL, strstr(r.err, "--data"));
	proc_out_free(&r);
	free(want);
}

/* In a source tree (main.c beside it), the tree's data/ */
TEST_F(tmp, binary_in_a_source_tree_reads_its_data)
{
	char *dir = self->dir, *want;
	struct proc_out r;

	if (asprintf(&want, "%s/data", dir) < 0 || mkdir(want, 0755))
		abort();
	put_in_dir(want, "mine.expunge", entry);
	put_in_dir(dir, "main.c", "int main(void);\n");
	r = run_copy(dir, "fstests-expunge", NULL);
	EXPECT_EQ(0, r.status);
	free(want);
	if (asprintf(&want, "data:     %s/data (the source tree): mine\n",
		     dir) < 0)
		abort();
	EXPECT_NE(NULL, strstr(r.out, want));
	EXPECT_EQ(NULL, strstr(r.err, "not read"));
	proc_out_free(&r);
	free(want);
}

TEST_F(tmp, installed_binary_reads_share_then_environment)
{
	char *dir = self->dir, *env = make_dir(), *share, *want;
	struct proc_out r;

	if (asprintf(&share, "mkdir -p '%s/usr/share/fstests-expunge'",
		     dir) < 0 || system(share))
		abort();
	free(share);
	if (asprintf(&share, "%s/usr/share/fstests-expunge", dir) < 0)
		abort();
	put_in_dir(share, "inst.expunge", entry);
	put_in_dir(env, "fromenv.expunge", entry);

	r = run_copy(dir, "usr/bin/fstests-expunge", NULL);
	EXPECT_EQ(0, r.status);
	if (asprintf(&want, "data:     %s/usr/bin/../share/fstests-expunge (installed): inst\n",
		     dir) < 0)
		abort();
	EXPECT_NE(NULL, strstr(r.out, want));
	free(want);
	proc_out_free(&r);

	/* the environment comes first */
	r = run_copy(dir, "usr/bin/fstests-expunge", env);
	if (asprintf(&want, "data:     %s (" DATA_ENV "): fromenv\n", env) < 0)
		abort();
	EXPECT_NE(NULL, strstr(r.out, want));
	free(want);
	proc_out_free(&r);
	remove_dir(env);
	free(share);
	free(env);
}

/*
 * The binary where the build put it (O=build/ included) reads the data/
 * of the tree it was built from, not its built-in copy: an edit to the
 * data counts without a rebuild
 */
TEST(built_binary_reads_its_tree_data)
{
	char *real = realpath(SRCDIR "/data", NULL), *want, *cfg, *args;
	struct proc_out r;

	ASSERT_NE(NULL, real);
	unsetenv(DATA_ENV);
	cfg = tmpfile_str("CONFIG_MODULES=y\n");
	if (asprintf(&args, "kernel --release 6.6.30 --config %s", cfg) < 0 ||
	    asprintf(&want, "data:     %s (the source tree", real) < 0)
		abort();
	r = fexp_call(args);
	EXPECT_EQ(0, r.status);
	EXPECT_NE(NULL, strstr(r.out, want)) {
		TH_LOG("want '%s' in:\n%s", want, r.out);
	}
	EXPECT_EQ(NULL, strstr(r.out, "built in"));
	proc_out_free(&r);
	unlink(cfg);
	free(cfg);
	free(args);
	free(want);
	free(real);
}

TEST_HARNESS_MAIN
