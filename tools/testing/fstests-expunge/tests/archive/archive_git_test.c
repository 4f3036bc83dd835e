// SPDX-License-Identifier: GPL-2.0
/*
 * archive/archive-git.c: a run goes into the archive whole or not at
 * all, whatever fails, races or is killed; the archive's own git
 * settings and the caller's GIT_* variables never steer the add.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "archive/archive.h"
#include "random-name.h"
#include "tmpdir-fixture.h"

/* A run of its own for each n: the hash differs, so does the id */
static char *make_run(const char *dir, int n)
{
	char *res = str_printf("%s/r%d", dir, n);
	char *xml = str_printf("<?xml version=\"1.0\"?>\n"
		"<testsuite name=\"xfstests\" tests=\"2\" failures=\"1\" time=\"%d\">\n"
		"<properties>\n"
		"<property name=\"FSTYP\" value=\"ext4\"/>\n"
		"<property name=\"KERNEL\" value=\"6.6.%d\"/>\n"
		"<property name=\"SECTION\" value=\"ext4_4k\"/>\n"
		"</properties>\n"
		"<testcase classname=\"xfstests.ext4_4k\" name=\"generic/001\" time=\"1\"/>\n"
		"<testcase classname=\"xfstests.ext4_4k\" name=\"generic/002\" time=\"1\">\n"
		"<failure message=\"output mismatch\"/></testcase>\n"
		"</testsuite>\n", n, n);

	if (shell_call("mkdir -p %s/ext4_4k", res))
		abort();
	put_in_dir(str_printf("%s/ext4_4k", res), "result.xml", xml);
	free(xml);
	return res;
}

/* "archive add -a DIR/a ARGS": its exit status, output dropped */
static __printf(2, 3) int add(const char *dir, const char *fmt, ...)
{
	char *args;
	va_list ap;
	int st;

	va_start(ap, fmt);
	if (vasprintf(&args, fmt, ap) < 0)
		abort();
	va_end(ap);
	st = shell_call("$FEXP archive add -a %s/a %s >/dev/null 2>&1", dir,
			args);
	free(args);
	return st;
}

/* Commits of the archive: git's own count (0: none, no HEAD) */
static int commits(const char *dir)
{
	char *f = str_printf("%s/count", dir), *text;
	size_t len;
	int n = 0;

	if (!shell_call("git -C %s/a rev-list --count HEAD >%s 2>/dev/null",
			dir, f)) {
		text = get_file(f, &len);
		n = atoi(text);
		free(text);
	}
	unlink(f);
	free(f);
	return n;
}

/* Each run the reader gives must be whole: record and result.xml */
static int count_whole(struct archive_run *run, void *arg)
{
	int *n = arg;

	if (!run->readable || !run->rf.ncases)
		return -1;
	++*n;
	return 0;
}

/*
 * The archive is whole: every run folder in it reads back whole, every
 * run committed is there, nothing half made is left beside them, and
 * git sees the work tree as committed (clean) when clean is asked.
 * Returns the number of runs, or -1.
 */
static int whole(struct __test_metadata *_metadata, const char *dir,
		 bool clean)
{
	char *a = str_printf("%s/a", dir), *err = NULL;
	int n = 0;

	EXPECT_EQ(0, archive_each(a, NULL, count_whole, &n, &err)) {
		TH_LOG("%s", err ? err : "a run not whole");
		return -1;
	}
	/* every run of HEAD is in the work tree */
	EXPECT_EQ(0, shell_call("cd %s\n"
				"git ls-tree --name-only HEAD runs/ 2>/dev/null |\n"
				"while read r; do\n"
				"	test -f $r/run && test -f $r/result.xml.zst || exit 1\n"
				"done\n", a));
	if (clean) {
		EXPECT_EQ(0, shell_call("test -z \"$(git -C %s status --porcelain)\"", a));
		EXPECT_EQ(n, commits(dir));
	}
	EXPECT_EQ(0, shell_call("$FEXP matrix --format json %s >/dev/null", a));
	return n;
}

TEST_F(tmp, git_variables_of_the_caller_do_not_steer_the_add)
{
	char *other = str_printf("%s/other", self->dir);

	make_run(self->dir, 1);
	ASSERT_EQ(0, shell_call("git init -q %s\n"
				"git -C %s -c user.name=a -c user.email=a@b commit -q --allow-empty -m x\n",
				other, other));
	setenv("GIT_DIR", str_printf("%s/.git", other), 1);
	setenv("GIT_WORK_TREE", other, 1);
	setenv("GIT_INDEX_FILE", str_printf("%s/idx", self->dir), 1);
	EXPECT_EQ(0, add(self->dir, "%s/r1", self->dir));
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	unsetenv("GIT_INDEX_FILE");
	EXPECT_EQ(1, commits(self->dir));
	EXPECT_EQ(0, shell_call("test $(git -C %s rev-list --count HEAD) = 1\n"
				"test -z \"$(git -C %s ls-files)\"\n", other, other));
	EXPECT_EQ(1, whole(_metadata, self->dir, true));
}

TEST_F(tmp, the_archives_hooks_and_programs_never_run)
{
	char *a = str_printf("%s/a", self->dir);
	char *mark = str_printf("%s/ran", self->dir);

	make_run(self->dir, 1);
	make_run(self->dir, 2);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	/* one program for each hook, fsmonitor, signing and a filter */
	put_in_dir(self->dir, "prog", str_printf("#!/bin/sh\necho \"$0 $*\" >> %s\ncat\n",
						 mark));
	ASSERT_EQ(0, shell_call("set -e\n"
				"cd %s\n"
				"chmod +x ../prog\n"
				"mkdir ../hooks\n"
				"for h in pre-commit commit-msg post-commit post-index-change\\\n"
				"	reference-transaction pre-auto-gc; do\n"
				"	cp ../prog .git/hooks/$h; cp ../prog ../hooks/$h\n"
				"done\n"
				"git config core.hooksPath %s/hooks\n"
				"git config core.fsmonitor %s/prog\n"
				"git config commit.gpgSign true\n"
				"git config gpg.program %s/prog\n"
				"git config filter.f.clean %s/prog\n"
				"echo '* filter=f' > .git/info/attributes\n",
				a, self->dir, self->dir, self->dir, self->dir));
	EXPECT_EQ(0, add(self->dir, "%s/r2", self->dir));
	EXPECT_NE(0, access(mark, F_OK)) {
		TH_LOG("a program of the archive ran");
	}
	EXPECT_EQ(2, commits(self->dir));
	/* the negative control: git's own add runs them */
	shell_call("cd %s && touch x && git add x && git commit -qm x >/dev/null 2>&1",
		   a);
	EXPECT_EQ(0, access(mark, F_OK));
}

FIXTURE(failing_git) {
	char *dir;
};

/* The git step that fails, and whether it is the repository's index */
FIXTURE_VARIANT(failing_git) {
	const char *step;
	bool real_index;
};

FIXTURE_VARIANT_ADD(failing_git, hash_object) { .step = "hash-object" };
FIXTURE_VARIANT_ADD(failing_git, read_tree) { .step = "read-tree" };
FIXTURE_VARIANT_ADD(failing_git, write_tree) { .step = "write-tree" };
FIXTURE_VARIANT_ADD(failing_git, commit_tree) { .step = "commit-tree" };
FIXTURE_VARIANT_ADD(failing_git, update_index) {
	.step = "update-index", .real_index = true
};

FIXTURE_VARIANT_ADD(failing_git, update_ref) { .step = "update-ref" };

FIXTURE_SETUP(failing_git)
{
	self->dir = tmpdir_new();
}

FIXTURE_TEARDOWN(failing_git)
{
	tmpdir_remove(self->dir);
}

/*
 * A git first in PATH that fails the step (in the repository's index
 * only, with real_index) and runs the real git otherwise.
 */
TEST_F(failing_git, a_failed_step_leaves_nothing_of_the_run)
{
	char *real = NULL, *path = getenv("PATH"), *fake;
	FILE *f = popen("command -v git", "r");
	size_t alloc = 0;

	ASSERT_NE(NULL, f);
	ASSERT_LT(0, getline(&real, &alloc, f));
	pclose(f);
	real[strcspn(real, "\n")] = '\0';
	ASSERT_EQ(0, shell_call("mkdir %s/bin", self->dir));
	fake = str_printf("#!/bin/sh\n"
			  "for a; do\n"
			  "	case $a in -c) ;; *=*) ;; %s) %s exit 1;; *) break;; esac\n"
			  "done\n"
			  "exec %s \"$@\"\n", variant->step,
			  variant->real_index ? "[ -n \"$GIT_INDEX_FILE\" ] ||" : "",
			  real);
	put_in_dir(str_printf("%s/bin", self->dir), "git", fake);
	ASSERT_EQ(0, shell_call("chmod +x %s/bin/git", self->dir));
	make_run(self->dir, 1);
	make_run(self->dir, 2);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	setenv("PATH", str_printf("%s/bin:%s", self->dir, path), 1);
	EXPECT_EQ(2, add(self->dir, "%s/r2", self->dir));
	setenv("PATH", path, 1);
	EXPECT_EQ(1, whole(_metadata, self->dir, true));
	EXPECT_EQ(0, shell_call("test $(ls -A %s/a/runs | wc -l) = 1", self->dir));
	/* and the next add, with git at work again, adds it */
	EXPECT_EQ(0, add(self->dir, "%s/r2", self->dir));
	EXPECT_EQ(2, whole(_metadata, self->dir, true));
}

TEST_F(tmp, a_held_index_lock_leaves_nothing_of_the_run)
{
	make_run(self->dir, 1);
	make_run(self->dir, 2);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	/* another git at work in the archive */
	ASSERT_EQ(0, shell_call("touch %s/a/.git/index.lock", self->dir));
	EXPECT_EQ(2, add(self->dir, "%s/r2", self->dir));
	EXPECT_EQ(0, shell_call("rm %s/a/.git/index.lock", self->dir));
	EXPECT_EQ(1, whole(_metadata, self->dir, true));
	EXPECT_EQ(0, add(self->dir, "%s/r2", self->dir));
	EXPECT_EQ(2, whole(_metadata, self->dir, true));
}

TEST_F(tmp, a_read_only_git_folder_leaves_nothing_of_the_run)
{
	make_run(self->dir, 1);
	make_run(self->dir, 2);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	if (shell_call("mount --bind %s/a/.git %s/a/.git 2>/dev/null &&\n"
		       "mount -o remount,ro,bind %s/a/.git\n", self->dir,
		       self->dir, self->dir)) {
		shell_call("umount %s/a/.git 2>/dev/null", self->dir);
		SKIP(return, "no bind mount here (not root?)");
	}
	EXPECT_EQ(2, add(self->dir, "%s/r2", self->dir));
	EXPECT_EQ(0, shell_call("umount %s/a/.git", self->dir));
	EXPECT_EQ(1, whole(_metadata, self->dir, true));
	EXPECT_EQ(0, add(self->dir, "%s/r2", self->dir));
	EXPECT_EQ(2, whole(_metadata, self->dir, true));
}

TEST_F(tmp, a_full_disk_leaves_nothing_of_the_run)
{
	char *a = str_printf("%s/a", self->dir);

	make_run(self->dir, 1);
	/* a run that compresses badly: 300 KiB of random bytes in base64 */
	ASSERT_EQ(0, shell_call("mkdir -p %s/big/x\n"
				"cd %s/r1/ext4_4k\n"
				"(head -n 8 result.xml\n"
				" echo '<system-out><![CDATA['\n"
				" head -c 300000 /dev/urandom | base64\n"
				" echo ']]></system-out>'\n"
				" tail -n 4 result.xml) > %s/big/x/result.xml\n",
				self->dir, self->dir, self->dir));
	ASSERT_EQ(0, shell_call("mkdir %s", a));
	if (shell_call("mount -t tmpfs -o size=512k fexp-full %s 2>/dev/null", a))
		SKIP(return, "no tmpfs mount here (not root?)");
	EXPECT_EQ(0, add(self->dir, "%s/r1", self->dir));
	EXPECT_EQ(2, add(self->dir, "%s/big", self->dir));
	EXPECT_EQ(1, whole(_metadata, self->dir, true));
	/* the space the failed add took is free again */
	EXPECT_EQ(0, shell_call("test $(du -sk %s/runs | cut -f1) -lt 64", a));
	shell_call("umount %s", a);
}

TEST_F(tmp, the_same_run_added_at_once_is_one_commit)
{
	int i, ok = 0, status;

	make_run(self->dir, 1);
	for (i = 0; i < 4; i++)
		if (!fork())
			_exit(add(self->dir, "%s/r1", self->dir));
	for (i = 0; i < 4; i++)
		if (wait(&status) > 0 && WIFEXITED(status) &&
		    !WEXITSTATUS(status))
			ok++;
	EXPECT_EQ(4, ok);
	EXPECT_EQ(1, whole(_metadata, self->dir, true));
}

/*
 * An add killed while it staged a run leaves runs/.adding: the next add
 * takes it away, even one that has nothing to add.
 */
TEST_F(tmp, a_staged_run_left_by_a_killed_add_goes)
{
	make_run(self->dir, 1);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	ASSERT_EQ(0, shell_call("cd %s/a && mkdir -p runs/.adding/run &&\n"
				"echo x >runs/.adding/run/result.xml.zst",
				self->dir));
	EXPECT_EQ(0, add(self->dir, "%s/r1", self->dir));
	EXPECT_EQ(1, whole(_metadata, self->dir, true));
}

TEST_F(tmp, adds_racing_into_a_new_archive_all_go_in)
{
	int i, ok = 0, status;

	for (i = 0; i < 4; i++)
		make_run(self->dir, i);
	for (i = 0; i < 4; i++)
		if (!fork())
			_exit(add(self->dir, "%s/r%d", self->dir, i));
	for (i = 0; i < 4; i++)
		if (wait(&status) > 0 && WIFEXITED(status) &&
		    !WEXITSTATUS(status))
			ok++;
	EXPECT_EQ(4, ok);
	EXPECT_EQ(4, whole(_metadata, self->dir, true));
}

/* Wait until no add (nor a git one left running) holds the archive */
static void settle(const char *dir)
{
	char *a = str_printf("%s/a", dir);
	int fd = open(a, O_RDONLY | O_DIRECTORY);

	if (fd >= 0) {
		flock(fd, LOCK_EX);
		close(fd);
	}
	free(a);
}

#define KILL_ROUNDS	12
#define KILL_ADDERS	4
#define KILL_RUNS	6

/*
 * Adders run at once, each adding three runs, and are killed after a
 * random time: after each round the archive is whole; at the end every
 * run goes in once.
 */
TEST_F_TIMEOUT(tmp, adds_killed_at_random_points_leave_it_whole, 300)
{
	unsigned int seed = test_seed(time(NULL) ^ getpid());
	pid_t pid[KILL_ADDERS];
	int round, i, killed = 0;

	srand(seed);
	for (i = 0; i < KILL_RUNS; i++)
		make_run(self->dir, i);
	for (round = 0; round < KILL_ROUNDS; round++) {
		for (i = 0; i < KILL_ADDERS; i++) {
			int r = rand();

			pid[i] = fork();
			ASSERT_LE(0, pid[i]);
			if (!pid[i]) {
				char *cmd = str_printf("cd %s\n"
						       "exec $FEXP archive add -a a r%d r%d r%d >/dev/null 2>&1\n",
						       self->dir, r % KILL_RUNS,
						       (r / 7) % KILL_RUNS,
						       (r / 49) % KILL_RUNS);

				execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
				_exit(127);
			}
		}
		for (i = 0; i < KILL_ADDERS; i++) {
			int status;

			usleep(rand() % 70000);
			kill(pid[i], SIGKILL);
			waitpid(pid[i], &status, 0);
			killed += WIFSIGNALED(status);
		}
		settle(self->dir);
		/* killed before the first run went in: nothing to read */
		if (access(str_printf("%s/a/runs", self->dir), F_OK))
			continue;
		ASSERT_LE(0, whole(_metadata, self->dir, false)) {
			TH_LOG("round %d", round);
		}
	}
	TH_LOG("%d of %d adders killed", killed, KILL_ROUNDS * KILL_ADDERS);
	for (i = 0; i < KILL_RUNS; i++)
		EXPECT_EQ(0, add(self->dir, "%s/r%d", self->dir, i));
	EXPECT_EQ(KILL_RUNS, whole(_metadata, self->dir, true));
}

TEST_F(tmp, a_runs_link_out_of_the_archive_is_not_followed)
{
	char *a = str_printf("%s/a", self->dir), *id;
	char *out = str_printf("%s/outside", self->dir);
	size_t len;

	make_run(self->dir, 1);
	make_run(self->dir, 2);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	/* runs/ID of the next run, a link out: replaced, not followed */
	ASSERT_EQ(0, shell_call("set -e\n"
				"mkdir %s\n"
				"$FEXP archive add -a %s/b %s/r2 >/dev/null\n"
				"ls %s/b/runs > %s/id\n", out, self->dir, self->dir,
				self->dir, self->dir));
	id = get_file(str_printf("%s/id", self->dir), &len);
	id[strcspn(id, "\n")] = '\0';
	ASSERT_EQ(0, shell_call("ln -s %s %s/runs/%s", out, a, id));
	EXPECT_EQ(0, add(self->dir, "%s/r2", self->dir));
	EXPECT_EQ(0, shell_call("test -z \"$(ls -A %s)\"", out));
	EXPECT_EQ(2, whole(_metadata, self->dir, true));
	/* runs/ itself a link out: refused */
	ASSERT_EQ(0, shell_call("set -e\n"
				"$FEXP archive add -a %s/c %s/r1 >/dev/null\n"
				"rm -rf %s/c/runs\n"
				"ln -s %s %s/c/runs\n",
				self->dir, self->dir, self->dir, out, self->dir));
	EXPECT_EQ(2, shell_call("$FEXP archive add -a %s/c %s/r2 2>/dev/null",
				self->dir, self->dir));
	EXPECT_EQ(0, shell_call("test -z \"$(ls -A %s)\"", out));
}

/* Nor does a reader follow one: the run it leads to is left out, said */
TEST_F(tmp, a_runs_link_is_not_read_either)
{
	char *a = str_printf("%s/a", self->dir);
	struct proc_out r;

	make_run(self->dir, 1);
	make_run(self->dir, 2);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	/* a whole run outside, linked in under a run's name */
	ASSERT_EQ(0, shell_call("set -e\n"
				"$FEXP archive add -a %s/b %s/r2 >/dev/null\n"
				"cd %s/b/runs\n"
				"for r in *; do ln -s %s/b/runs/$r %s/runs/$r; done\n",
				self->dir, self->dir, self->dir, self->dir, a));
	r = fexp_call(str_printf("matrix --format json %s", a));
	EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_NE(NULL, strstr(r.err, "left out: a symbolic link, not followed"))
		TH_LOG("%s", r.err);
	EXPECT_EQ(NULL, strstr(r.out, "6.6.2")) TH_LOG("the linked run was read");
	EXPECT_NE(NULL, strstr(r.out, "6.6.1"));
}

TEST_F(tmp, no_path_of_the_adders_machine_is_stored)
{
	char *a = str_printf("%s/a", self->dir);

	make_run(self->dir, 1);
	ASSERT_EQ(0, add(self->dir, "%s/r1", self->dir));
	/* neither in the files nor in the commit */
	EXPECT_NE(0, shell_call("cd %s\n"
				"(cat runs/*/run; zstd -qdc runs/*/*.zst; git log --format=%%B) |\n"
				"grep -F %s\n", a, self->dir));
	EXPECT_EQ(0, shell_call("grep -qx 'source: r1/ext4_4k/result.xml' %s/runs/*/run",
				a));
}

TEST_HARNESS_MAIN
