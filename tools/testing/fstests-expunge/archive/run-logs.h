/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The log files of a run's failing tests, as fstests leaves them beside
 * its result.xml (TEST.out.bad, TEST.dmesg, TEST.full), kept in the
 * archive as runs/ID/logs/NAME.EXT: NAME the test's name with each '/'
 * as '+' ("generic+001.out.bad"), so that a log is always a file right
 * in logs/. They are not part of the run's id.
 */
#ifndef FEXP_RUN_LOGS_H
#define FEXP_RUN_LOGS_H

#include <stdbool.h>

#include "lib/strbuf.h"
#include "results/result-logs.h"

/* The most kept of one log: its end; a log cut says so on its first line */
#define LOG_MAX		(64u * 1024)
/* The most kept of one run's logs together: the rest are left out */
#define LOGS_RUN_MAX	(32u * 1024 * 1024)
#define LOGS_RUN_FILES	3000

struct run_log {
	char *name;		/* NAME.EXT in logs/ */
	char *data;
	size_t len;
};

struct run_logs {
	struct run_log *l;
	size_t n, alloc;
	size_t bytes;
};

/*
 * Read the logs of the failing tests beside the result.xml at each of
 * the n paths (a log found beside one shard is not looked for again):
 * regular files only, no symbolic link followed at any component below
 * the result's folder, each at most its last LOG_MAX bytes. A log that
 * cannot be read is left out.
 */
void run_logs_read(char *const *paths, size_t n, const struct strlist *failed,
		   struct run_logs *logs);
/* Write them to dir/logs/. 0, or -1 with *err */
int run_logs_put(const char *dir, const struct run_logs *logs, char **err);
void run_logs_free(struct run_logs *logs);

#endif
