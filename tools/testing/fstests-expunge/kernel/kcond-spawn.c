// SPDX-License-Identifier: GPL-2.0
/*
 * kconfig run in a child process, since it keeps global state and calls
 * exit() on errors: a temporary directory with the Kconfig and .config,
 * the child with a time limit, and what it wrote read back.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/kcond-spawn.h"
#include "kernel/kconfig-child.h"
#include "kernel/kconfig-file.h"
#include "lib/fileio.h"

#define CHILD_TIMEOUT_MS	(300 * 1000)

/* The architecture whose Kconfig to read: the config's own, or ours. */
const char *kcond_arch(const struct kconfig_file *cfg)
{
	static const char *const arches[][2] = {
		{ "X86", "x86" }, { "ARM64", "arm64" }, { "ARM", "arm" },
		{ "PPC", "powerpc" }, { "S390", "s390" }, { "RISCV", "riscv" },
		{ "LOONGARCH", "loongarch" }, { "MIPS", "mips" },
		{ "SPARC", "sparc" },
	};
	static struct utsname uts;
	size_t i;

	for (i = 0; cfg && i < ARRAY_SIZE(arches); i++) {
		const char *v = kconfig_get(cfg, arches[i][0]);

		if (v && !strcmp(v, "y"))
			return arches[i][1];
	}
	if (getenv("ARCH"))
		return getenv("ARCH");
	uname(&uts);
	if (!strcmp(uts.machine, "x86_64") || !strcmp(uts.machine, "i686"))
		return "x86";
	if (!strcmp(uts.machine, "aarch64"))
		return "arm64";
	if (str_starts(uts.machine, "ppc"))
		return "powerpc";
	if (str_starts(uts.machine, "riscv"))
		return "riscv";
	if (str_starts(uts.machine, "s390"))
		return "s390";
	return uts.machine;
}

static int make_dir(struct kcond_job *job, char **err)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(job->dir, sizeof(job->dir), "%s/fexp.XXXXXX",
		 tmp && strlen(tmp) < 40 ? tmp : "/tmp");
	if (!mkdtemp(job->dir)) {
		*err = xasprintf("cannot make a temporary directory in %s: %s",
				 tmp ? tmp : "/tmp", strerror(errno));
		return -1;
	}
	job->kconfig = xasprintf("%s/Kconfig.fstests-expunge", job->dir);
	job->config = xasprintf("%s/config", job->dir);
	job->results = xasprintf("%s/results", job->dir);
	job->errors = xasprintf("%s/errors", job->dir);
	return 0;
}

void kcond_job_end(struct kcond_job *job)
{
	unlink(job->kconfig);
	unlink(job->config);
	unlink(job->results);
	unlink(job->errors);
	/* kconfig's cc-option tests may leave files: best effort */
	rmdir(job->dir);
	free(job->kconfig);
	free(job->config);
	free(job->results);
	free(job->errors);
}

static int write_whole(const char *path, const struct strbuf *sb)
{
	return write_file_atomic(path, sb->buf ? sb->buf : "", sb->len);
}

/* Set up the child's environment for kconfig. */
static void child_env(const char *srctree, const struct kconfig_file *cfg,
		      const char *dir)
{
	const char *arch = kcond_arch(cfg);

	/* CONFIG_ in the environment would change the symbol prefix */
	unsetenv("CONFIG_");
	unsetenv("KCONFIG_CONFIG");
	unsetenv("KCONFIG_WARN_UNKNOWN_SYMBOLS");
	unsetenv("KCONFIG_WERROR");
	setenv("srctree", srctree ? srctree : dir, 1);
	if (srctree) {
		setenv("SRCARCH", arch, 1);
		setenv("ARCH", arch, 1);
		setenv("CC", getenv("CC") ? getenv("CC") : "gcc", 1);
		setenv("LD", getenv("LD") ? getenv("LD") : "ld", 1);
	}
}

/*
 * Run fn in a child, its stderr in job->errors and its results in
 * job->results. Returns 0 when it exited 0, else -1 with *err.
 */
/*
 * kconfig calls exit() on a parse error: in the child, that must not run
 * the handlers the parent registered (or flush the parent's buffers).
 */
static void child_exit(int status, void *arg)
{
	_exit(status);
}

static int run_child(struct kcond_job *job, const char *srctree,
		     const struct kconfig_file *cfg, char *const *names,
		     size_t n, bool declared, char **err)
{
	int status, waited = 0, delay = 1;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		*err = xasprintf("fork: %s", strerror(errno));
		return -1;
	}
	if (!pid) {
		int efd = open(job->errors, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int nfd = open("/dev/null", O_RDWR);
		/* "--srctree .": the child works in job->dir */
		char *tree = srctree ? realpath(srctree, NULL) : NULL;
		FILE *out;

		if (efd < 0 || nfd < 0 || (srctree && !tree) || chdir(job->dir) ||
		    on_exit(child_exit, NULL))
			_exit(126);
		dup2(nfd, STDIN_FILENO);
		dup2(nfd, STDOUT_FILENO);
		dup2(efd, STDERR_FILENO);
		child_env(tree, cfg, job->dir);
		out = fopen(job->results, "w");
		if (!out)
			_exit(126);
		if (declared)
			kconfig_child_symbols(job->kconfig, out);
		else
			kconfig_child_values(job->kconfig, job->config, names,
					     n, out);
		_exit(fclose(out) ? 126 : 0);
	}
	for (;;) {
		pid_t ret = waitpid(pid, &status, WNOHANG);
		struct timespec ts;

		if (ret == pid)
			break;
		if (ret < 0 && errno != EINTR) {
			*err = xasprintf("waitpid: %s", strerror(errno));
			return -1;
		}
		if (waited > CHILD_TIMEOUT_MS) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			*err = xasprintf("kconfig did not finish in %d s",
					 CHILD_TIMEOUT_MS / 1000);
			return -1;
		}
		ts.tv_sec = 0;
		ts.tv_nsec = delay * 1000000L;
		nanosleep(&ts, NULL);
		waited += delay;
		if (delay < 20)
			delay++;
	}
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	*err = NULL;
	return -1;
}

/* The first line kconfig wrote to stderr, without our temporary path. */
static char *child_error(const struct kcond_job *job, int status_unknown)
{
	char *buf, *line, *nl, *msg;
	size_t len;

	if (read_file(job->errors, 1 << 20, &buf, &len) || !len) {
		if (!status_unknown)
			return xasprintf("kconfig failed");
		return xasprintf("kconfig failed with no message");
	}
	line = buf;
	if (str_starts(line, job->dir)) {
		/* "DIR/Kconfig.fstests-expunge:12: syntax error" */
		line = strchr(line, ':');
		line = line ? line + 1 : buf;
		while (isdigit((unsigned char)*line))
			line++;
		if (*line == ':')
			line++;
	}
	nl = strchr(line, '\n');
	if (nl)
		*nl = '\0';
	msg = xasprintf("kconfig: %s", trim(line));
	free(buf);
	return msg;
}

/* Parse "INDEX VALUE" lines from the child. */
static int read_results(const struct kcond_job *job, char *values, size_t n)
{
	char *buf, *line, *next;
	size_t len, got = 0;

	if (read_file(job->results, 1 << 24, &buf, &len))
		return -1;
	for (line = buf; *line; line = next) {
		unsigned long i;
		char *end;

		next = strchr(line, '\n');
		if (!next)
			break;
		*next++ = '\0';
		i = strtoul(line, &end, 10);
		if (*end != ' ' || i >= n)
			break;
		values[i] = end[1];
		got++;
	}
	free(buf);
	return got == n ? 0 : -1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One name a line, from the child */
static int read_names(const struct kcond_job *job, struct strlist *names)
{
	char *buf, *line, *next;
	size_t len;

	if (read_file(job->results, 1 << 26, &buf, &len))
		return -1;
	for (line = buf; *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			break;
		*next++ = '\0';
		strlist_add(names, xstrdup(line));
	}
	free(buf);
	kcond_sort_unique(names);
	return 0;
}

void kcond_sort_unique(struct strlist *names)
{
	size_t i, j;

	if (!names->n)
		return;
	qsort(names->v, names->n, sizeof(*names->v), cmp_str);
	for (i = 1, j = 0; i < names->n; i++) {
		if (strcmp(names->v[i], names->v[j]))
			names->v[++j] = names->v[i];
		else
			free(names->v[i]);
	}
	names->n = j + 1;
	names->v[names->n] = NULL;
}

int kcond_job_start(struct kcond_job *job, const struct strbuf *kconfig,
		    const struct strbuf *config, char **err)
{
	if (make_dir(job, err))
		return -1;
	if (write_whole(job->kconfig, kconfig) ||
	    (config && write_whole(job->config, config))) {
		*err = xasprintf("%s: %s", job->dir, strerror(errno));
		kcond_job_end(job);
		return -1;
	}
	return 0;
}

int kcond_job_values(struct kcond_job *job, const char *srctree,
		     const struct kconfig_file *cfg, char *const *names,
		     size_t n, char *values, char **err)
{
	if (run_child(job, srctree, cfg, names, n, false, err)) {
		if (!*err)
			*err = child_error(job, 1);
		return -1;
	}
	if (read_results(job, values, n)) {
		*err = xasprintf("kconfig gave no value for some conditions");
		return -1;
	}
	return 0;
}

int kcond_job_symbols(struct kcond_job *job, const char *srctree,
		      struct strlist *names, char **err)
{
	if (run_child(job, srctree, NULL, NULL, 0, true, err)) {
		if (!*err)
			*err = child_error(job, 1);
		return -1;
	}
	if (read_names(job, names)) {
		*err = xasprintf("kconfig listed no symbols");
		return -1;
	}
	return 0;
}
