// SPDX-License-Identifier: GPL-2.0
/* The guard of check's process group: check lives no longer than run. */
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/compiler.h>

#include "run/check-guard.h"
#include "run/descendants.h"

/* What the kernel sends the guard when run dies */
#define RUN_DIED	SIGUSR1

/* check ended: end the same way, for run's waitpid() */
static __noreturn void exit_as(int status)
{
	sigset_t all;

	if (WIFSIGNALED(status)) {
		signal(WTERMSIG(status), SIG_DFL);
		sigfillset(&all);
		sigprocmask(SIG_UNBLOCK, &all, NULL);
		raise(WTERMSIG(status));
	}
	_exit(WIFEXITED(status) ? WEXITSTATUS(status) : 1);
}

static __noreturn void guard(pid_t check, const sigset_t *set)
{
	siginfo_t si;
	int status;

	for (;;) {
		switch (sigwaitinfo(set, &si)) {
		case RUN_DIED:
			/*
			 * check, its tests, and what left the group
			 * (setsid) or lost its parent: all came from us
			 */
			descendants_end();
			_exit(1);
		case SIGTERM:
			kill(check, SIGTERM);
			break;
		case SIGCHLD:
			if (waitpid(check, &status, WNOHANG) == check)
				exit_as(status);
			break;
		default:	/* SIGINT: to the group, check's to handle */
			break;
		}
	}
}

int check_guard(pid_t run)
{
	sigset_t set;
	pid_t pid;

	sigemptyset(&set);
	sigaddset(&set, RUN_DIED);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGINT);
	if (sigprocmask(SIG_BLOCK, &set, NULL) || descendants_adopt() ||
	    prctl(PR_SET_PDEATHSIG, RUN_DIED))
		return -1;
	/* run died before the line above: no signal will come */
	if (getppid() != run) {
		kill(0, SIGKILL);
		_exit(1);
	}
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid)
		return 0;	/* check, whose signals the caller sets */
	/* check's output pipe must end when check's copy does */
	close(STDOUT_FILENO);
	close(STDIN_FILENO);
	guard(pid, &set);
}
