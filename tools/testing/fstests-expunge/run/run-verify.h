/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Did check run what it was asked to? A run that ran nothing, or not all
 * it was asked to, is never a good run: what each check call left is
 * judged here, and what is wrong is said with what to look at.
 */
#ifndef FEXP_RUN_VERIFY_H
#define FEXP_RUN_VERIFY_H

#include <stdbool.h>
#include <time.h>

#include "lib/strbuf.h"
#include "results/results.h"

/* Where check was asked to write, and the config it reads. */
struct verify_ctx {
	const char *base;	/* RESULT_BASE */
	const char *section;
	const char *config;	/* check's config file, or NULL */
	time_t since;		/* when the check call started */
};

/*
 * check exited: is there a RESULT_BASE/SECTION/result.xml? If not, says
 * so (and where check wrote one instead: a section check did not know
 * puts it at the root) and returns false.
 */
bool verify_result_there(const struct verify_ctx *vc);

enum piece_state {
	PIECE_WHOLE,
	PIECE_STOPPED,		/* check stopped early: said why */
	PIECE_UNREADABLE,	/* said why */
};

/*
 * Judge the piece a check call left (path): unreadable, stopped early
 * (time="", or cut short), or whole. The names of its testcases are
 * added to names if that is not NULL.
 */
enum piece_state verify_piece(const struct verify_ctx *vc, const char *path,
			      struct strlist *names);

/*
 * The tests named in check's arguments that are neither in the run (m)
 * nor in the exclude file: into missing. Returns how many tests the
 * arguments name that the exclude file does not hold.
 */
size_t verify_requested(const struct strlist *args,
			const struct result_file *m, const char *exclude,
			struct strlist *missing);

/*
 * The names of the testcases of a piece (path) into names (if not NULL),
 * saying nothing of what is wrong with it: after a Ctrl-C.
 */
void verify_names(const char *path, struct strlist *names);

#endif
