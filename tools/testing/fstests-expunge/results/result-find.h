/* SPDX-License-Identifier: GPL-2.0 */
/* The result.xml files a path on the command line stands for. */
#ifndef FEXP_RESULT_FIND_H
#define FEXP_RESULT_FIND_H

#include <stdbool.h>

#include "lib/strbuf.h"

struct found_file {
	char *path;
	char *run;	/* the run it belongs to: its path, or a shard's run */
	/* named on the command line, not found by a walk: may be a pipe */
	bool named;
};

struct found_list {
	struct found_file *f;
	size_t n, alloc;
	struct strlist notes;	/* what was left out, and why */
	/*
	 * Of those, what might have held results: an unreadable directory,
	 * a result.xml that is a link or no regular file, a directory
	 * deeper than the walk goes. The answer may be incomplete.
	 */
	size_t skipped;
};

/*
 * Add the result.xml files of path: path itself if it is a file, else
 * every result.xml below it (fstests results/<section>/, kdevops
 * <host>/<kernel>/<section>/). Of check-parallel's
 * runner-N/results-<timestamp>/ shards only the newest timestamp is one
 * run; older ones are left out, with a note. Returns 0, or -1 with *err.
 */
int results_find(const char *path, struct found_list *l, char **err);
void found_free(struct found_list *l);
/* The paths of l, in its order (the strings are l's): free() the array. */
char **found_paths(const struct found_list *l);
/* Which of them were named (found_file.named): free() the array. */
bool *found_named(const struct found_list *l);

#endif
