// SPDX-License-Identifier: GPL-2.0
/* One run per results directory and per device: flock()ed lock files. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "run/run-lock.h"

#define LOCK_NAME	".fstests-expunge.lock"

static char *lock_dir(void)
{
	const char *env = getenv(LOCK_DIR_ENV);
	char *dir;

	if (env && *env)
		return xstrdup(env);
	dir = xstrdup("/run/lock/fstests-expunge");
	if (!mkdir(dir, 01777) || errno == EEXIST)
		return dir;
	free(dir);
	dir = xasprintf("/tmp/fstests-expunge-lock-%u", (unsigned int)getuid());
	mkdir(dir, 0700);
	return dir;
}

/* The lock file of a device: its number, else its name made a file name */
static char *dev_lock(const char *dir, const char *dev)
{
	struct stat st;
	char *name, *p;

	if (!stat(dev, &st) && S_ISBLK(st.st_mode))
		return xasprintf("%s/dev-%u:%u.lock", dir, major(st.st_rdev),
				 minor(st.st_rdev));
	name = xasprintf("%s/name-%s.lock", dir, dev);
	for (p = name + strlen(dir) + 1; *p; p++)
		if (*p == '/')
			*p = '_';
	return name;
}

/* The pid a lock file names, or 0 */
static long holder(int fd)
{
	char buf[32];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

	if (n <= 0)
		return 0;
	buf[n] = '\0';
	return strtol(buf, NULL, 10);
}

static void refuse(const char *path, const char *what, long pid)
{
	if (pid > 0 && (!kill(pid, 0) || errno == EPERM))
		pr_err("%s is in use by run %ld (%s): wait for it to end",
		       what, pid, path);
	else if (pid > 0)
		pr_err("%s is in use by the check that run %ld started (%s; run is gone): wait for it to end",
		       what, pid, path);
	else
		pr_err("%s is in use (%s)", what, path);
}

/* Lock path for what; its fd stays open (and is inherited by check) */
static int take(struct run_locks *l, const char *path, const char *what)
{
	int fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW, 0644);
	char pid[32];
	struct stat st;
	long old;

	if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		pr_err("%s: %s", path, errstr(fd < 0 ? errno : ENOTREG));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (flock(fd, LOCK_EX | LOCK_NB)) {
		refuse(path, what, holder(fd));
		close(fd);
		return -1;
	}
	old = holder(fd);
	if (old > 0 && old != getpid())
		pr_warn("%s: the lock of run %ld (gone) taken over", what, old);
	snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) || pwrite(fd, pid, strlen(pid), 0) < 0)
		pr_warn("%s: %s", path, strerror(errno));
	*(int *)array_push(&l->fds, &l->n, &l->alloc, sizeof(int)) = fd;
	return 0;
}

int run_locks_take(struct run_locks *l, const char *base,
		   const struct strlist *devs)
{
	char *path = xasprintf("%s/" LOCK_NAME, base), *dir, *what;
	int ret = take(l, path, base);
	size_t i;

	free(path);
	if (ret || !devs->n)
		return ret;
	dir = lock_dir();
	for (i = 0; !ret && i < devs->n; i++) {
		path = dev_lock(dir, devs->v[i]);
		what = xasprintf("device %s", devs->v[i]);
		ret = take(l, path, what);
		free(what);
		free(path);
	}
	free(dir);
	return ret;
}

void run_locks_release(struct run_locks *l)
{
	size_t i;

	/* a lock file that names a pid was not released: the run died */
	for (i = 0; i < l->n; i++) {
		if (ftruncate(l->fds[i], 0))
			pr_warn("lock: %s", strerror(errno));
		close(l->fds[i]);
	}
	free(l->fds);
	memset(l, 0, sizeof(*l));
}
