/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What run keeps beside a section's results so that it can be resumed:
 * RESULT_BASE/SECTION/fstests-expunge/ holds the exclude files, check's
 * arguments, each check call's result.xml (main-N.xml for the pieces of
 * the main run, retry-N.xml for retry round N), the test now running
 * and the tests that were running when the machine went down.
 */
#ifndef FEXP_RESUME_STATE_H
#define FEXP_RESUME_STATE_H

#include <stdbool.h>
#include <time.h>

#include "lib/strbuf.h"
#include "results/results.h"

#define RUN_STATE_DIR	"fstests-expunge"

struct run_state {
	char *secdir;		/* RESULT_BASE/SECTION: check's result.xml */
	char *dir;		/* secdir/RUN_STATE_DIR */
	const char *section;
	/*
	 * When the run began (the args file was written): a log file older
	 * than that is an earlier run's, never kept as one of this run's.
	 */
	struct timespec since;
};

/*
 * Set up the state of section under base; a fresh run (not resume)
 * forgets an earlier one: its state and the logs it kept (.rerunN).
 * Returns 0, or -1 with *err.
 */
int run_state_open(struct run_state *st, const char *base,
		   const char *section, bool fresh, char **err);
void run_state_free(struct run_state *st);

/* A file of the state directory (malloc'd). */
char *run_state_path(const struct run_state *st, const char *name);
/* The path of piece n of kind: main-N.xml, retry-N.xml (malloc'd). */
char *run_state_piece(const struct run_state *st, const char *kind,
		      unsigned int n);
/* How many of main-1.xml, main-2.xml ... (kind "main") are there. */
unsigned int run_state_count(const struct run_state *st, const char *kind);

/* check's arguments of the run, kept for --resume; the run begins. */
int run_state_save_args(struct run_state *st, char *const *args, int n);
/* Those arguments, NULL-terminated in *args (empty if none were kept). */
int run_state_load_args(const struct run_state *st, struct strlist *args);

/*
 * Move the result.xml check just wrote to the next kind-N.xml (an empty
 * run if check wrote none). Returns 0, or -1 after saying why.
 */
int run_state_take(const struct run_state *st, const char *kind);

/*
 * What the "running" file holds while test runs: "ROUND TEST BOOT_ID"
 * (malloc'd), so that --resume can tell a reboot from a killed run.
 */
char *run_state_running_text(unsigned int round, const char *test);

/*
 * After check died (check_died) or run stopped (a "running" file left
 * behind): keep what check wrote before it as the next piece, and record
 * the test that was running as crashed in it, unless it had finished or,
 * when run stopped, the machine did not go down since (run itself was
 * killed and check with it: the test runs again). Returns 0, or -1.
 */
int run_state_recover(const struct run_state *st, bool check_died);

/*
 * run --vm: the guest's kernel crashed (or hung) while the test of the
 * "running" file ran: that test is crashed, with the crash's signature
 * in its result. Returns 0, or -1.
 */
int run_state_crashed(const struct run_state *st, const char *signature);

/*
 * Before --resume: the state is what run wrote (each piece empty or a
 * result file, "running" and "crashed" in their forms). Else 0 is not
 * returned but -1, after naming each damaged file: resuming over junk
 * would report a run of nothing as a clean one.
 */
int run_state_check(const struct run_state *st);

/*
 * Read every piece whole: the main run's into parts, the retry rounds'
 * into retries (each array malloc'd), with a failed testcase added for
 * each test that crashed the machine. Returns 0, or -1 after saying why.
 */
int run_state_load(const struct run_state *st, struct result_file **parts,
		   size_t *nparts, struct result_file **retries,
		   size_t *nretries);

/*
 * Keep test's log files under fstests' -L names, TEST.out.bad.rerunN for
 * attempt N, unless kept already or written before the run began (an
 * earlier run's); back: copy them back to TEST.out.bad etc. where those
 * are gone (check removes the .out.bad of every test it
 * lists, even those it then leaves out).
 */
void run_state_stash(const struct run_state *st, const char *test,
		     unsigned int attempt, bool back);

#endif
