/* SPDX-License-Identifier: GPL-2.0 */
/* Many result.xml files read in parallel, handed on in a stable order. */
#ifndef FEXP_RESULT_POOL_H
#define FEXP_RESULT_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "results/results.h"

/* The readers' count: FSTESTS_EXPUNGE_JOBS, else the CPUs online. */
#define RESULT_JOBS_ENV	"FSTESTS_EXPUNGE_JOBS"
#define RESULT_JOBS_MAX	64

/*
 * One file read: ret and err as result_read() gives them. rf and err
 * belong to the callee (result_free(), free()).
 */
typedef void (*result_sink)(void *ctx, size_t i, struct result_file *rf,
			    int ret, char *err);

/*
 * result_read() every path, several at once, and call sink for each in
 * the order of paths, from the calling thread: what the sink does never
 * depends on timing. At most a few files per reader are held at a time.
 */
void result_read_many(char *const *paths, size_t n, result_sink sink,
		      void *ctx);
/*
 * The same, path i read with result_read_named() where named[i] (named
 * on the command line: it may be a pipe), else result_read().
 */
void result_read_many_named(char *const *paths, const bool *named, size_t n,
			    result_sink sink, void *ctx);

/* The readers result_read_many() uses (1: none, the caller reads). */
unsigned int result_jobs(void);

#endif
