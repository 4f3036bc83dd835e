// SPDX-License-Identifier: GPL-2.0
/* Ending every process a process started, those that left its group too. */
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/descendants.h"

struct proc {
	pid_t pid, ppid;
	bool mine;	/* a descendant of this process */
};

/* The parent of pid from /proc/PID/stat ("pid (comm) state ppid ..."). */
static pid_t parent_of(const char *pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	FILE *f;
	int ppid;

	snprintf(path, sizeof(path), "/proc/%s/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strrchr(buf, ')');	/* comm may hold anything but the end */
	if (!p || sscanf(p + 1, " %*c %d", &ppid) != 1)
		return -1;
	return ppid;
}

/* Every process of the system with its parent; their number. */
static size_t list_procs(struct proc **out)
{
	DIR *d = opendir("/proc");
	struct proc *v = NULL;
	size_t n = 0, alloc = 0;
	struct dirent *de;

	while (d && (de = readdir(d))) {
		pid_t ppid;

		if (de->d_name[0] < '1' || de->d_name[0] > '9')
			continue;
		ppid = parent_of(de->d_name);
		if (ppid < 0)
			continue;	/* gone meanwhile */
		if (n == alloc) {
			alloc = alloc ? 2 * alloc : 256;
			v = realloc(v, alloc * sizeof(*v));
			if (!v)
				abort();
		}
		v[n++] = (struct proc){ .pid = atoi(de->d_name), .ppid = ppid };
	}
	if (d)
		closedir(d);
	*out = v;
	return n;
}

/* Mark the descendants of self, to a fixed point; kill them. */
static void kill_marked(struct proc *v, size_t n, pid_t self)
{
	bool more = true;
	size_t i, j;

	while (more) {
		more = false;
		for (i = 0; i < n; i++) {
			if (v[i].mine)
				continue;
			for (j = 0; j < n; j++) {
				if (v[i].ppid == self ||
				    (v[j].mine && v[j].pid == v[i].ppid)) {
					v[i].mine = true;
					more = true;
					break;
				}
			}
		}
	}
	for (i = 0; i < n; i++) {
		if (v[i].mine)
			kill(v[i].pid, SIGKILL);
	}
}

int descendants_adopt(void)
{
	return prctl(PR_SET_CHILD_SUBREAPER, 1);
}

void descendants_end(void)
{
	struct proc *v;
	size_t n;

	for (;;) {
		n = list_procs(&v);
		kill_marked(v, n, getpid());
		free(v);
		/* one child less, or none left; orphans come back to us */
		if (waitpid(-1, NULL, 0) < 0 && errno != EINTR)
			break;
	}
}
