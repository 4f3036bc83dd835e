/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The logs fstests leaves of a failing test beside its result.xml
 * (TEST.out.bad, TEST.dmesg, TEST.full), and the name an archive keeps
 * them by (runs/ID/logs/NAME.EXT, NAME the test's name with each '/' as
 * '+'): what the readers of both places share.
 */
#ifndef FEXP_RESULT_LOGS_H
#define FEXP_RESULT_LOGS_H

#define NR_LOGS		3
/* The kinds of log, in the order of their bit in a mask */
extern const char *const log_exts[NR_LOGS];

/*
 * The name a test's logs have in logs/ (without .EXT, malloc'd), or NULL
 * when the test's name could lead elsewhere: only letters, digits, '_',
 * '-', '.' and '/' between components that neither are empty nor start
 * with '.' (so never "..").
 */
char *log_stem(const char *test);

/*
 * Which logs dir/name.EXT are there as regular files (a link is not
 * one): bit i for log_exts[i].
 */
unsigned int logs_in(const char *dir, const char *name);

#endif
