/* SPDX-License-Identifier: GPL-2.0 */
/* A result.xml written back in fstests' own xunit shape. */
#ifndef FEXP_RESULT_WRITE_H
#define FEXP_RESULT_WRITE_H

#include <stdbool.h>

#include "lib/strbuf.h"
#include "results/results.h"

/*
 * Write rf (read by result_read_whole(), or built from such files) as
 * fstests writes it. Consecutive testcases of one name are the attempts
 * of one test, as check -L writes them: the header counts each test once,
 * by its first attempt. Unless finished, time="" marks the run as
 * stopped early, as fstests does until a section ends.
 */
void result_write(const struct result_file *rf, bool finished,
		  struct strbuf *sb);

#endif
