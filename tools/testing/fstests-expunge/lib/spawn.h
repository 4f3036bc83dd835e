/* SPDX-License-Identifier: GPL-2.0 */
/* Child processes whose output is read back. */
#ifndef FEXP_SPAWN_H
#define FEXP_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/*
 * Run argv in dir (NULL: here) with its standard output on a pipe whose
 * read end is *fd. Returns the pid, or -1.
 */
pid_t spawn_reader(const char *const argv[], const char *dir, int *fd);
/* The same, with setup(arg) run in the child before exec (0: go on). */
pid_t spawn_reader_setup(const char *const argv[], const char *dir, int *fd,
			 int (*setup)(void *arg), void *arg);
/* The same, argv run with the environment envp instead of ours. */
pid_t spawn_reader_env(const char *const argv[], const char *dir,
		       char *const envp[], int *fd);

/* Run argv and collect its standard output (at most max bytes). */
int spawn_capture(const char *const argv[], const char *dir, size_t max,
		  char **out, size_t *outlen);
/* The same, with the environment envp (NULL: ours). */
int spawn_capture_env(const char *const argv[], const char *dir,
		      char *const envp[], size_t max, char **out,
		      size_t *outlen);

#endif
