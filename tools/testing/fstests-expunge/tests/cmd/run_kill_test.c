// SPDX-License-Identifier: GPL-2.0
/*
 * However "run" ends, check and everything it started end with it: the
 * stand-in check leaves a sleeper in its process group and one in a
 * session of its own, as fstests' helpers may.
 */
#include "run-fixture.h"

/* A pid from a file of the stand-in's state directory, or 0. */
static pid_t state_pid(struct _test_data_run *self, const char *name)
{
	FILE *f = fopen(str_printf("%s/state/%s", self->dir, name), "r");
	int pid = 0;

	if (f) {
		if (fscanf(f, "%d", &pid) != 1)
			pid = 0;
		fclose(f);
	}
	return pid;
}

/* Alive, and not a zombie (one nobody reaps is dead too) */
static bool alive(pid_t pid)
{
	FILE *f = fopen(str_printf("/proc/%d/stat", pid), "r");
	char buf[256] = "", *p;
	bool ret = false;

	if (f) {
		if (fgets(buf, sizeof(buf), f)) {
			p = strrchr(buf, ')');
			ret = p && p[1] == ' ' && p[2] != 'Z' && p[2] != 'X';
		}
		fclose(f);
	}
	return ret;
}

/* Wait (a bounded while) for the pids of the stand-in to be gone. */
static bool all_gone(struct _test_data_run *self)
{
	static const char *const names[] = {
		"check.pid", "grandchild.pid", "escapee.pid",
	};
	pid_t pids[3];
	bool any = true;
	int i, k;

	for (k = 0; k < 3; k++)
		pids[k] = state_pid(self, names[k]);
	for (i = 0; i < 500 && any; i++) {
		any = false;
		for (k = 0; k < 3; k++)
			any |= pids[k] > 0 && alive(pids[k]);
		if (any)
			usleep(20000);
	}
	for (k = 0; k < 3; k++) {
		if (pids[k] > 0 && alive(pids[k]))	/* not behind us */
			kill(pids[k], SIGKILL);
	}
	return !any;
}

/* run in the background, check spawning, until it runs generic/005 */
static pid_t start_spawning(struct _test_data_run *self)
{
	pid_t pid;

	put_str(str_printf("%s/state/spawn", self->dir), "");
	pid = start_hanging(self, "");
	if (pid > 0 && (!alive(state_pid(self, "grandchild.pid")) ||
			!alive(state_pid(self, "escapee.pid")))) {
		kill(-pid, SIGKILL);	/* a failure, not a run left behind */
		wait_status(pid);
		return -1;
	}
	return pid;
}

TEST_F_TIMEOUT(run, kill_9_of_run_ends_what_check_started,
	       HANG_TEST_TIMEOUT)
{
	pid_t pid = start_spawning(self);

	ASSERT_GT(pid, 0);
	kill(pid, SIGKILL);
	wait_status(pid);
	EXPECT_TRUE(all_gone(self));
}

TEST_F_TIMEOUT(run, kill_9_of_runs_process_group_ends_what_check_started,
	       HANG_TEST_TIMEOUT)
{
	pid_t pid = start_spawning(self);

	ASSERT_GT(pid, 0);
	/* a supervisor that kills the group it started run in */
	ASSERT_EQ(pid, getpgid(pid));
	kill(-pid, SIGKILL);
	wait_status(pid);
	EXPECT_TRUE(all_gone(self));
}

TEST_F_TIMEOUT(run, kill_9_of_the_guard_ends_what_check_started,
	       HANG_TEST_TIMEOUT)
{
	pid_t pid = start_spawning(self), check;

	ASSERT_GT(pid, 0);
	check = state_pid(self, "check.pid");
	ASSERT_GT(check, 0);
	/* the guard leads check's process group */
	kill(getpgid(check), SIGKILL);
	/* run ends it all itself before it exits: no wait needed */
	EXPECT_EQ(1, wait_status(pid));
	EXPECT_FALSE(alive(check));
	EXPECT_TRUE(all_gone(self));
}

TEST_F(run, check_that_ends_leaves_nothing_running)
{
	struct proc_out r;

	put_str(str_printf("%s/state/spawn", self->dir), "");
	r = fexp_run(self, "-- generic/001");
	EXPECT_EQ(0, r.status);
	EXPECT_FALSE(alive(state_pid(self, "grandchild.pid")));
	EXPECT_FALSE(alive(state_pid(self, "escapee.pid")));
	EXPECT_TRUE(all_gone(self));
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
