// SPDX-License-Identifier: GPL-2.0
/* Child processes whose output is read back. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/wait.h>

#include "lib/spawn.h"
#include "lib/base.h"
#include "lib/strbuf.h"

/* envp NULL: the child has our environment */
static pid_t spawn(const char *const argv[], const char *dir,
		   char *const envp[], int *fd, int (*setup)(void *arg),
		   void *arg)
{
	int pfd[2];
	pid_t pid;

	if (pipe2(pfd, O_CLOEXEC))
		return -1;
	/* what stdio holds must not be written twice */
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(pfd[0]);
		close(pfd[1]);
		return -1;
	}
	if (!pid) {
		int devnull = open("/dev/null", O_RDWR);

		dup2(pfd[1], STDOUT_FILENO);
		if (devnull >= 0)
			dup2(devnull, STDIN_FILENO);
		if ((dir && chdir(dir)) || (setup && setup(arg)))
			_exit(127);
		/* execvp() does not change them: the cast is POSIX's */
		if (envp)
			execvpe(argv[0], (char *const *)argv, envp);
		else
			execvp(argv[0], (char *const *)argv);
		_exit(127);
	}
	close(pfd[1]);
	*fd = pfd[0];
	return pid;
}

pid_t spawn_reader(const char *const argv[], const char *dir, int *fd)
{
	return spawn(argv, dir, NULL, fd, NULL, NULL);
}

pid_t spawn_reader_setup(const char *const argv[], const char *dir, int *fd,
			 int (*setup)(void *arg), void *arg)
{
	return spawn(argv, dir, NULL, fd, setup, arg);
}

pid_t spawn_reader_env(const char *const argv[], const char *dir,
		       char *const envp[], int *fd)
{
	return spawn(argv, dir, envp, fd, NULL, NULL);
}

int spawn_capture(const char *const argv[], const char *dir, size_t max,
		  char **out, size_t *outlen)
{
	return spawn_capture_env(argv, dir, NULL, max, out, outlen);
}

int spawn_capture_env(const char *const argv[], const char *dir,
		      char *const envp[], size_t max, char **out,
		      size_t *outlen)
{
	struct strbuf sb = { 0 };
	char chunk[65536];
	bool too_big = false;
	int fd, status;
	ssize_t n;
	pid_t pid;

	pid = spawn(argv, dir, envp, &fd, NULL, NULL);
	if (pid < 0)
		return -1;
	while ((n = read(fd, chunk, sizeof(chunk))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		if (sb.len + n > max)
			too_big = true;
		else
			sb_add(&sb, chunk, n);
	}
	close(fd);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (too_big || !WIFEXITED(status) || WEXITSTATUS(status)) {
		sb_free(&sb);
		errno = too_big ? EFBIG : ECHILD;
		return -1;
	}
	if (!sb.buf)
		sb.buf = xstrdup("");
	*out = sb.buf;
	*outlen = sb.len;
	return 0;
}
