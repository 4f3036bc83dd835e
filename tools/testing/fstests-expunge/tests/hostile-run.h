/* SPDX-License-Identifier: GPL-2.0 */
/* Running the tool on hostile input: bounded memory and time, exit code. */
#ifndef FEXP_HOSTILE_RUN_H
#define FEXP_HOSTILE_RUN_H

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/compiler.h>

#include "test-util.h"

/*
 * The address space the tool may use: a streaming reader needs far less
 * whatever the input. Sanitizers reserve terabytes of shadow memory, so
 * under them only the time limit holds.
 */
#define HOSTILE_AS_LIMIT	(512ul << 20)
#define HOSTILE_SECONDS		60

struct hostile {
	int status;	/* exit code, or 128 + signal */
	long maxrss_kb;
	char *out, *err;
};

/* Run "fstests-expunge ARGS" (a shell string) in dir, limits applied. */
static inline __printf(2, 3)
struct hostile hostile_run(const char *dir, const char *fmt, ...)
{
	const char *bin = getenv("FEXP");
	struct hostile h = { 0 };
	char *args, *cmd, *outp, *errp;
	struct rusage ru;
	va_list ap;
	pid_t pid;
	int st;

	va_start(ap, fmt);
	if (vasprintf(&args, fmt, ap) < 0)
		abort();
	va_end(ap);
	if (asprintf(&outp, "%s/.out", dir) < 0 ||
	    asprintf(&errp, "%s/.err", dir) < 0 ||
	    asprintf(&cmd, "cd %s && exec %s %s >%s 2>%s </dev/null", dir,
		     bin ? bin : SRCDIR "/fstests-expunge", args, outp,
		     errp) < 0)
		abort();
	pid = fork();
	if (pid < 0)
		abort();
	if (!pid) {
#ifndef __SANITIZE_ADDRESS__
		struct rlimit rl = { HOSTILE_AS_LIMIT, HOSTILE_AS_LIMIT };

		setrlimit(RLIMIT_AS, &rl);
#endif
		alarm(HOSTILE_SECONDS);	/* kept across exec: a hang dies */
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	if (wait4(pid, &st, 0, &ru) != pid)
		abort();
	h.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	h.maxrss_kb = ru.ru_maxrss;
	h.out = slurp_fd(open(outp, O_RDONLY));
	h.err = slurp_fd(open(errp, O_RDONLY));
	unlink(outp);
	unlink(errp);
	free(outp);
	free(errp);
	free(cmd);
	free(args);
	return h;
}

static inline void hostile_free(struct hostile *h)
{
	free(h->out);
	free(h->err);
}

#endif
