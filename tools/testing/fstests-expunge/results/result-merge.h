/* SPDX-License-Identifier: GPL-2.0 */
/* The pieces of one section's run merged into one result file. */
#ifndef FEXP_RESULT_MERGE_H
#define FEXP_RESULT_MERGE_H

#include "results/results.h"

/*
 * Merge into out (zeroed) the parts of a run (the main run, in pieces
 * when it was resumed) and its retry rounds: every testcase of the
 * parts in order, each followed at once by the retries' attempts at the
 * same test, in round order, as check -L writes repeats. Properties and
 * <testsuite> attributes come from the first part that has them; time=
 * is what every piece took, retries too (a piece check left without
 * time= counts its testcases' times). The cases move into out: the
 * inputs are left without them.
 */
void result_merge(struct result_file *out, struct result_file *parts,
		  size_t nparts, struct result_file *retries,
		  size_t nretries);

#endif
