/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lint rules on what a line claims: a fixed= with something behind it,
 * bug= a link to a report, crash-class failures expunged.
 */
#ifndef FEXP_LINT_EVIDENCE_H
#define FEXP_LINT_EVIDENCE_H

#include "entries/entry.h"

/* Each rule over one entry, each problem into d with the fix spelled out */
void lint_evidence(const struct entry *e, struct diag *d);

#endif
