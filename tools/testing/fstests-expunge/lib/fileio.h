/* SPDX-License-Identifier: GPL-2.0 */
/* Files read and written safely: regular files only, atomic writes. */
#ifndef FEXP_FILEIO_H
#define FEXP_FILEIO_H

#include <errno.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "lib/strbuf.h"

/* errno for a path that is not a regular file (a FIFO, a device) */
#define ENOTREG		EMEDIUMTYPE
/* errno for a large pipe read a second time (read_named()) */
#define EREADONCE	ESTRPIPE
/* strerror(), and "not a regular file" for ENOTREG */
const char *errstr(int err);

/*
 * A name that, joined to a directory, names a file right in it: not
 * empty, no '/', not starting with '.' ("..", a hidden file). A section
 * name becomes SECTION.exclude and RESULT_BASE/SECTION by this rule.
 */
bool file_name_ok(const char *name);

/*
 * Open a regular file for reading, without blocking on a FIFO or a
 * device: anything else fails with ENOTREG (EISDIR for a directory).
 */
int open_regular(const char *path);
/* The same, with the file's status */
int open_regular_stat(const char *path, struct stat *st);

/*
 * Open an input named on the command line, as grep reads one: a regular
 * file, or a FIFO or pipe ("--config <(zcat config.gz)") or a character
 * device ("--config /dev/null"); a directory or a block device is
 * refused. Opening never waits for a FIFO's writer; a FIFO that has none
 * reads as empty. Only files found by walking a directory must be
 * regular (open_regular()).
 */
int open_named(const char *path);
/*
 * read_file() of an input named on the command line (open_named()). A
 * pipe or device is read once: a later read of it in this process gets
 * the same bytes (or the same error), not what is left of it; one over
 * 64 MiB is not kept, and a later read of it fails with EREADONCE.
 */
int read_named(const char *path, size_t max, char **buf, size_t *len);
/* Is path a FIFO, pipe or character device (open_named() reads those)? */
bool is_named_stream(const char *path);

/*
 * rm -rf: path and all below it; a symbolic link is removed, never
 * followed. Returns 0 (also when path is not there), or -1.
 */
int remove_tree(const char *path);

/* mkdir -p: path and the directories above it. Returns 0, or -1. */
int mkdir_p(const char *path);

/*
 * Read a whole regular file (open_regular()), at most max bytes (a larger file is an error).
 * Returns 0, or -1 with errno set (EFBIG when over max).
 */
int read_file(const char *path, size_t max, char **buf, size_t *len);

/*
 * read_file() of name in dirfd (AT_FDCWD: a path), a symbolic link at
 * name never followed (ELOOP): for files a run or an archive holds,
 * which must not lead to a file elsewhere.
 */
int read_file_nofollow(int dirfd, const char *name, size_t max, char **buf,
		       size_t *len);

/*
 * Write a file atomically: a temporary file beside it, then rename(). A
 * symbolic link is followed (the link stays); a device or FIFO is written
 * through (never waiting for a reader); anything else is refused
 * (EISDIR, ENOTREG).
 */
int write_file_atomic(const char *path, const char *buf, size_t len);
/*
 * The same for n files at once: all are written aside before any is
 * renamed, so a failure leaves every old file as it was.
 */
int write_files_atomic(char *const *paths, const struct strbuf *bufs,
		       size_t n);
/*
 * The same for files whose names the tool made itself in a folder (the
 * pages of matrix -o DIR, exclude --outdir DIR): whatever sits at such a
 * name, a symbolic link, a device or a FIFO, is replaced, never followed
 * nor written through (a link would send the page to a file elsewhere).
 */
int write_pages_atomic(char *const *paths, const struct strbuf *bufs,
		       size_t n);

/*
 * A command's output: to path (write_file_atomic()), or to standard
 * output when path is NULL (a write error there is reported as the
 * command ends). Returns 0, or -1 after saying what failed.
 */
int write_output(const char *path, const struct strbuf *sb);
/* n outputs to n paths, all or none (write_files_atomic()), or stdout. */
int write_outputs(char *const *paths, const struct strbuf *sbs, size_t n);

#endif
