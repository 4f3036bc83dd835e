/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kconfig run in a child process, since it keeps global state and calls
 * exit() on errors: a temporary directory with the Kconfig and .config,
 * the child with a time limit, and what it wrote read back.
 */
#ifndef FEXP_KCOND_SPAWN_H
#define FEXP_KCOND_SPAWN_H

#include "lib/strbuf.h"

struct kconfig_file;

struct kcond_job {
	char dir[64];		/* the temporary directory, the child's cwd */
	char *kconfig;
	char *config;
	char *results;		/* what the child wrote */
	char *errors;		/* its standard error */
};

/*
 * Make the job's directory with kconfig in it, and config unless NULL.
 * Returns 0, or -1 with *err (and nothing left behind).
 */
int kcond_job_start(struct kcond_job *job, const struct strbuf *kconfig,
		    const struct strbuf *config, char **err);
void kcond_job_end(struct kcond_job *job);

/*
 * In a child: read the Kconfig (with srctree: as the tree's, for cfg's
 * architecture) and the config, then the value of each of names[n] into
 * values[n] ('n', 'm', 'y', or another first byte). 0, or -1 with *err.
 */
int kcond_job_values(struct kcond_job *job, const char *srctree,
		     const struct kconfig_file *cfg, char *const *names,
		     size_t n, char *values, char **err);

/* In a child: every symbol the Kconfig declares, sorted, once each. */
int kcond_job_symbols(struct kcond_job *job, const char *srctree,
		      struct strlist *names, char **err);

/* The architecture whose Kconfig to read: the config's own, or ours. */
const char *kcond_arch(const struct kconfig_file *cfg);

/* Sort names and drop the duplicates. */
void kcond_sort_unique(struct strlist *names);

#endif
