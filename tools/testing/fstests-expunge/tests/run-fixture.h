/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fixture of the "run" tests: an fstests tree whose check is the
 * stand-in tests/fake-fstests-check.sh, data, a config, and helpers to
 * run the tool, read the merged result.xml and watch check's processes.
 */
#ifndef FEXP_RUN_FIXTURE_H
#define FEXP_RUN_FIXTURE_H

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "results/results.h"
#include "test-util.h"
#include "kselftest_harness.h"

#define FAKE	SRCDIR "/tests/fake-fstests-check.sh"

static const char data_text[] =
	"generic/003 flaky retries=2 # fails now and then\n"
	"generic/001 flaky retries=2 # made to fail in some tests\n"
	"generic/006 expunge # takes the machine down\n";

FIXTURE(run) {
	char dir[64];
	char *base;	/* the options every run gets */
};

FIXTURE_SETUP(run)
{
	snprintf(self->dir, sizeof(self->dir), "/tmp/fexp-run-test.XXXXXX");
	ASSERT_NE(NULL, mkdtemp(self->dir));
	ASSERT_EQ(0, system(str_printf("mkdir -p %s/data %s/state %s/fstests",
				       self->dir, self->dir, self->dir)));
	/* an fstests tree whose check is the stand-in */
	ASSERT_EQ(0, system(str_printf("cp %s %s/fstests/check", FAKE,
				       self->dir)));
	/* its tests and groups, as fstests' make lists them */
	ASSERT_EQ(0, system(str_printf("mkdir -p %s/fstests/tests/generic",
				       self->dir)));
	put_str(str_printf("%s/fstests/tests/generic/group.list", self->dir),
		"001 auto quick\n002 auto\n003 auto\n004 auto\n005 auto\n"
		"006 auto dangerous\n010 auto\n100 auto\n");
	put_str(str_printf("%s/data/ext4.expunge", self->dir), data_text);
	put_str(str_printf("%s/data/global.expunge", self->dir), "");
	/* the kernel named, so the data's conditions need no machine */
	self->base = str_printf("%s --config %s --data %s/data %s %s/fstests %s %s/res",
				"--release 6.12.9", FIXTURE_PATH("config-dax"),
			      self->dir, "--fs ext4 --section s1 --fstests",
			      self->dir, "--results", self->dir);
	setenv("FAKE_STATE", str_printf("%s/state", self->dir), 1);
	unsetenv("FAKE_FAIL");
	/* the config check reads: the devices run locks */
	unsetenv("HOST_OPTIONS");
	put_str(str_printf("%s/fstests/local.config", self->dir),
		str_printf("[s0]\nFSTYP=ext4\n[s1]\nTEST_DEV=%s/test-dev\n"
			   "SCRATCH_DEV='%s/scratch-dev'\n[s2]\n"
			   "TEST_DEV=%s/other\n", self->dir, self->dir,
			   self->dir));
	ASSERT_EQ(0, system(str_printf("mkdir -p %s/locks", self->dir)));
	setenv("FSTESTS_EXPUNGE_LOCK_DIR", str_printf("%s/locks", self->dir), 1);
}

FIXTURE_TEARDOWN(run)
{
	char *cmd = str_printf("rm -rf '%s'", self->dir);

	if (system(cmd))
		abort();
	free(cmd);
}

static inline struct proc_out fexp_run(struct _test_data_run *self,
				       const char *more)
{
	char *args = str_printf("%s %s %s", "run", self->base, more);
	struct proc_out r = fexp_call(args);

	free(args);
	return r;
}

/*
 * The merged result.xml, well-formed (xmllint) and read with the tool's
 * own reader: 0, or -1 (then rf holds nothing to free).
 */
static inline int read_merged(struct _test_data_run *self,
			      struct result_file *rf)
{
	char *path = str_printf("%s/res/s1/result.xml", self->dir), *err = NULL;
	int ret = -1;

	if (!system(str_printf("xmllint --noout %s", path)))
		ret = result_read_whole(path, rf, &err);
	if (ret)
		memset(rf, 0, sizeof(*rf));
	free(path);
	free(err);
	return ret;
}

/* The outcomes of a test's testcases, in order: "FP" fail then pass. */
static inline char *outcomes(const struct result_file *rf, const char *test)
{
	static char buf[16];
	size_t i, n = 0;

	for (i = 0; i < rf->ncases && n < sizeof(buf) - 1; i++) {
		if (!strcmp(rf->cases[i].name, test))
			buf[n++] = "PFN"[rf->cases[i].outcome];
	}
	buf[n] = '\0';
	return buf;
}

static inline bool exists(struct _test_data_run *self, const char *name)
{
	char *path = str_printf("%s/%s", self->dir, name);
	bool there = !access(path, F_OK);

	free(path);
	return there;
}

/*
 * start_hanging() waits up to 60 s for check to reach the hanging test;
 * the tests that use it get the harness's timeout to match.
 */
#define HANG_WAIT_TRIES		3000
#define HANG_TEST_TIMEOUT	180

/*
 * After a kill -9 of a run and its check, wait (up to 30 s) until the
 * last of them is gone: the results directory's lock is free again, as
 * it is after a reboot. Returns 0, or -1 when it stays held.
 */
static inline int wait_lock_free(struct _test_data_run *self)
{
	char *path = str_printf("%s/res/.fstests-expunge.lock", self->dir);
	int i, fd, ret = -1;

	for (i = 0; i < 3000 && ret; i++) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0 || !flock(fd, LOCK_EX | LOCK_NB))
			ret = 0;
		if (fd >= 0)
			close(fd);
		if (ret)
			usleep(10000);
	}
	free(path);
	return ret;
}

/*
 * Start run in the background, leading a process group of its own;
 * returns its pid once check runs generic/005.
 */
static inline pid_t start_hanging(struct _test_data_run *self,
				  const char *more)
{
	char *cmd = str_printf("exec %s run %s %s -- %s >%s/out 2>&1",
			     getenv("FEXP"), self->base, more,
			     "generic/001 generic/005 generic/010", self->dir);
	char *running = str_printf("%s/res/s1/fstests-expunge/running", self->dir);
	int i;
	pid_t pid;

	put_str(str_printf("%s/state/hang", self->dir), "");
	pid = fork();
	if (!pid) {
		/* as a job in the background of a script: SIGINT ignored */
		signal(SIGINT, SIG_IGN);
		/* in a group of its own, as a supervisor starts a job */
		setpgid(0, 0);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	/* wait for check to start the test that hangs (a busy machine is slow) */
	for (i = 0; i < HANG_WAIT_TRIES; i++) {
		FILE *f = fopen(running, "r");
		char line[64] = "";

		if (f) {
			if (!fgets(line, sizeof(line), f))
				line[0] = '\0';
			fclose(f);
		}
		if (strstr(line, "generic/005"))
			break;
		usleep(20000);
	}
	free(cmd);
	free(running);
	if (i == HANG_WAIT_TRIES) {
		/* never started: a clear failure, not a run left hanging */
		kill(-pid, SIGKILL);
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

static inline int wait_status(pid_t pid)
{
	int st;

	if (waitpid(pid, &st, 0) != pid)
		abort();
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The options with section s9, which the config does not have */
static inline char *str_replace_section(const char *base)
{
	char *s = strdup(base), *p = strstr(s, "--section s1");

	if (!p)
		abort();
	p[strlen("--section s")] = '9';
	return s;
}

/* check's pid, from the stand-in's pid file */
static inline pid_t check_pid(struct _test_data_run *self)
{
	FILE *f = fopen(str_printf("%s/state/check.pid", self->dir), "r");
	int pid = 0;

	if (f) {
		if (fscanf(f, "%d", &pid) != 1)
			pid = 0;
		fclose(f);
	}
	return pid;
}

/* Is a process of group pgid alive (a zombie is not)? */
static inline bool group_alive(pid_t pgid)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	bool alive = false;

	while (d && !alive && (de = readdir(d))) {
		char *path = str_printf("/proc/%s/stat", de->d_name);
		FILE *f = fopen(path, "r");
		char comm[64], state;
		int pid, ppid, pgrp;

		if (f && fscanf(f, "%d (%63[^)]) %c %d %d", &pid, comm, &state,
				&ppid, &pgrp) == 5)
			alive = pgrp == pgid && state != 'Z';
		if (f)
			fclose(f);
		free(path);
	}
	if (d)
		closedir(d);
	return alive;
}

#endif
