// SPDX-License-Identifier: GPL-2.0
/* One call of fstests' check: its output streamed, Ctrl-C passed on. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "data.h"
#include "run-check.h"
#include "util.h"

#define NAME_MAX_LEN	128

static volatile sig_atomic_t child_pgid;
static volatile sig_atomic_t got_signal;

static void on_signal(int sig)
{
	got_signal = sig;
	if (child_pgid > 0)
		kill(-child_pgid, sig);
}

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

static pid_t spawn(const struct check_call *cc, int *fd)
{
	int pfd[2];
	pid_t pid;

	if (pipe2(pfd, O_CLOEXEC))
		return -1;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (!pid) {
		/* its own group: a signal reaches check and its tests */
		setpgid(0, 0);
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		dup2(pfd[1], STDOUT_FILENO);
		if (chdir(cc->fstests) ||
		    setenv("RESULT_BASE", cc->result_base, 1))
			_exit(127);
		execv(cc->argv[0], cc->argv);
		_exit(127);
	}
	setpgid(pid, pid);	/* either side may be first */
	close(pfd[1]);
	*fd = pfd[0];
	return pid;
}

static void record_running(const struct check_call *cc, const char *test)
{
	char *text = xasprintf("%u %s\n", cc->round, test);

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
 * Copy check's output until check exits: what it left running in the
 * background (and ignoring SIGINT, as background jobs of a script do)
 * may hold the pipe open long after. Returns check's wait status.
 */
static int stream(const struct check_call *cc, int fd, pid_t pid)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };
	struct strbuf line = { 0 };
	bool named = false, open = true;
	int status = 0, exited = 0;
	char buf[4096];
	ssize_t n;

	while (open) {
		if (!exited && waitpid(pid, &status, WNOHANG) == pid)
			exited = 1;
		if (poll(&pfd, 1, exited ? 0 : 200) <= 0) {
			if (exited)
				break;
			continue;
		}
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		open = n > 0;
		if (!open)
			break;
		fwrite(buf, 1, n, stdout);
		fflush(stdout);
		note_tests(cc, &line, buf, n, &named);
	}
	if (line.len)	/* what follows starts on a line of its own */
		fputc('\n', stdout);
	sb_free(&line);
	while (!exited && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

int check_run(const struct check_call *cc, bool *interrupted)
{
	struct sigaction sa = { .sa_handler = on_signal }, old_int, old_term;
	int fd, status;
	pid_t pid;

	got_signal = 0;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	pid = spawn(cc, &fd);
	if (pid < 0) {
		pr_err("%s/%s: %s", cc->fstests, cc->argv[0], strerror(errno));
		status = -1;
		goto out;
	}
	child_pgid = pid;
	status = stream(cc, fd, pid);
	close(fd);
	child_pgid = 0;
	/* stopped: what check left behind must not hold the filesystems */
	if (got_signal)
		kill(-pid, SIGKILL);
	if (WIFEXITED(status))
		status = WEXITSTATUS(status);
	else
		status = 128 + WTERMSIG(status);
	if (status == 127)
		pr_err("%s: could not run %s", cc->fstests, cc->argv[0]);
out:
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	*interrupted = got_signal != 0;
	return status;
}
