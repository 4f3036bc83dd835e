// SPDX-License-Identifier: GPL-2.0
/* One call of fstests' check: its output streamed, Ctrl-C passed on. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "entries/entry.h"
#include "fstests/tree.h"
#include "lib/base.h"
#include "lib/fileio.h"
#include "lib/spawn.h"
#include "lib/strbuf.h"
#include "run/check-child.h"
#include "run/check-guard.h"
#include "run/descendants.h"
#include "run/resume-state.h"

#define NAME_MAX_LEN	128
#define WATCH_LINE_MAX	(64 << 10)

char *check_line_test(const char *line, size_t len)
{
	size_t n = 0;
	char *name;

	while (n < len && n < NAME_MAX_LEN && line[n] != ' ' &&
	       line[n] != '\t' && line[n] != '\n')
		n++;
	if (!n || n == NAME_MAX_LEN)
		return NULL;
	name = xstrndup(line, n);
	if (valid_test_name(name))
		return name;
	free(name);
	return NULL;
}

struct setup {
	const struct check_call *cc;
	pid_t run;
};

/* In the child: what check needs besides its directory. */
static int check_setup(void *arg)
{
	const struct setup *su = arg;
	sigset_t none;

	/* its own group: a signal reaches check and its tests */
	setpgid(0, 0);
	/* and the group ends with run */
	if (check_guard(su->run))
		return -1;
	/*
	 * run started in the background has SIGINT ignored; check would
	 * inherit that, and bash cannot trap a signal ignored on entry
	 */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (su->cc->stderr_too && dup2(STDOUT_FILENO, STDERR_FILENO) < 0)
		return -1;
	return setenv("RESULT_BASE", su->cc->result_base, 1);
}

static pid_t spawn(const struct check_call *cc, int *fd)
{
	struct setup su = { .cc = cc, .run = getpid() };
	pid_t pid = spawn_reader_setup(cc->argv, cc->fstests, fd, check_setup,
				       &su);

	if (pid > 0)
		setpgid(pid, pid);	/* either side may be first */
	return pid;
}

static void record_running(const struct check_call *cc, const char *test)
{
	char *text = run_state_running_text(cc->round, test);

	if (write_file_atomic(cc->running, text, strlen(text)))
		pr_warn("%s: %s", cc->running, strerror(errno));
	free(text);
}

/* Follow check's output: each test as check starts it. */
static void note_tests(const struct check_call *cc, struct strbuf *line,
		       const char *buf, size_t n, bool *named)
{
	char *test;
	size_t i;

	for (i = 0; i < n; i++) {
		if (buf[i] == '\n') {
			line->len = 0;
			*named = false;
		} else if (line->len < NAME_MAX_LEN) {
			sb_add(line, buf + i, 1);
		}
	}
	if (*named || !line->len || !cc->running)
		return;
	/* check prints the name alone, then runs the test */
	test = check_line_test(line->buf, line->len);
	if (test) {
		*named = true;
		record_running(cc, test);
		free(test);
	}
}

/*
 * The first Ctrl-C goes to check's process group (the test), and check
 * itself gets SIGTERM: bash holds a trapped SIGINT back for good when
 * the test it waits for exits by its own trap, as fstests' tests do,
 * but runs the TERM trap (the report, then exit) once the test ends. A
 * second one kills the group. True if one came.
 */
static bool pass_signal(int sfd, pid_t pid, bool again)
{
	struct signalfd_siginfo si;

	if (read(sfd, &si, sizeof(si)) != sizeof(si))
		return false;
	if (again) {
		kill(-pid, SIGKILL);
		return true;
	}
	kill(-pid, si.ssi_signo);
	kill(pid, SIGTERM);
	return true;
}

struct stream {
	const struct check_call *cc;
	pid_t pid;
	int fd, sfd;		/* check's output; our INT and TERM */
	int status;		/* check's wait status */
	bool exited, interrupted;
	bool ended;		/* the watch ended it */
	struct strbuf wline;	/* the watch's line so far */
};

/* Give the watch each whole line; end check when it says so. */
static void watch_output(struct stream *st, const char *buf, size_t n)
{
	const struct check_watch *w = st->cc->watch;
	const char *nl;

	while (n) {
		nl = memchr(buf, '\n', n);
		sb_add(&st->wline, buf, nl ? (size_t)(nl - buf) : n);
		/* a line without end is given in pieces */
		if (!nl && st->wline.len < WATCH_LINE_MAX)
			return;
		if (!st->ended && w->line(w->data, st->wline.buf, st->wline.len))
			st->ended = true;
		st->wline.len = 0;
		if (!nl)
			return;
		n -= nl + 1 - buf;
		buf = nl + 1;
	}
}

static void watch_tick(struct stream *st)
{
	const struct check_watch *w = st->cc->watch;

	if (!w)
		return;
	if (!st->ended && w->tick(w->data))
		st->ended = true;
	if (st->ended && !st->exited)
		kill(-st->pid, SIGKILL);
}

/*
 * Copy check's output until check exits: what it left running in the
 * background (and ignoring SIGINT, as background jobs of a script do)
 * may hold the pipe open long after.
 */
static void stream(struct stream *st)
{
	struct pollfd pfd[2] = {
		{ .fd = st->fd, .events = POLLIN },
		{ .fd = st->sfd, .events = POLLIN },
	};
	struct strbuf line = { 0 };
	bool named = false;
	char buf[4096];
	ssize_t n;

	for (;;) {
		watch_tick(st);
		if (!st->exited && waitpid(st->pid, &st->status, WNOHANG) == st->pid)
			st->exited = true;
		if (poll(pfd, 2, st->exited ? 0 : 200) <= 0) {
			if (st->exited)
				break;
			continue;
		}
		if ((pfd[1].revents & POLLIN) &&
		    pass_signal(st->sfd, st->pid, st->interrupted))
			st->interrupted = true;
		if (!(pfd[0].revents & (POLLIN | POLLHUP)))
			continue;
		n = read(st->fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		if (st->cc->watch) {	/* it says what is worth saying */
			watch_output(st, buf, n);
			continue;
		}
		fwrite(buf, 1, n, stdout);
		fflush(stdout);
		note_tests(st->cc, &line, buf, n, &named);
	}
	if (line.len)	/* what follows starts on a line of its own */
		fputc('\n', stdout);
	if (st->wline.len && st->cc->watch && !st->ended)
		st->cc->watch->line(st->cc->watch->data, st->wline.buf,
				    st->wline.len);
	sb_free(&line);
	sb_free(&st->wline);
	while (!st->exited && waitpid(st->pid, &st->status, 0) < 0 &&
	       errno == EINTR)
		;
}

int check_signals_catch(void)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	if (sigprocmask(SIG_BLOCK, &mask, NULL))
		return -1;
	return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

bool check_signals_pending(int sigfd)
{
	struct signalfd_siginfo si;
	bool got = false;

	while (read(sigfd, &si, sizeof(si)) == sizeof(si))
		got = true;
	return got;
}

void check_signals_release(int sigfd)
{
	sigset_t mask;

	if (sigfd < 0)
		return;
	close(sigfd);
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigprocmask(SIG_UNBLOCK, &mask, NULL);
}

int check_run(const struct check_call *cc, bool *interrupted)
{
	struct stream st = { .cc = cc, .sfd = cc->sigfd };
	int status;

	/* what outlives the guard (killed alone) comes back to us */
	if (descendants_adopt() < 0)
		pr_warn("PR_SET_CHILD_SUBREAPER: %s", strerror(errno));
	st.pid = spawn(cc, &st.fd);
	if (st.pid < 0) {
		pr_err("%s/%s: %s", cc->fstests, cc->argv[0], strerror(errno));
		status = -1;
		goto out;
	}
	stream(&st);
	close(st.fd);
	/*
	 * what check left behind (or all of it, if the guard was killed)
	 * must not hold the devices for the next call or run
	 */
	descendants_end();
	if (WIFEXITED(st.status))
		status = WEXITSTATUS(st.status);
	else
		status = 128 + WTERMSIG(st.status);
	if (status == 127)
		pr_err("%s: could not run %s", cc->fstests, cc->argv[0]);
out:
	*interrupted = st.interrupted;
	return status;
}
