/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reasons (the text after "#" of a data line) merged clause by clause,
 * for compaction when two lines become one.
 */
#ifndef FEXP_REASON_H
#define FEXP_REASON_H

/*
 * a and b (each may be NULL) as one reason, malloc'd (NULL when both
 * are). A reason is read as clauses: its text split at ", " and "; "
 * outside parentheses and double quotes. A clause either already said
 * goes; "failure rate F:..." clauses become one that lists every rate
 * once, in the order met, as the importer writes several ("failure rate
 * F:1/5 F:1/10"), and "see URL" clauses one that lists every link once;
 * clauses that differ only in a trailing "(on KERNEL: ...)" keep the
 * parenthetical naming more sections (all.txt most; the first on a
 * tie). Of the stock clauses ("un-triaged: ...", "fails now and then",
 * "cause not investigated yet") the first stays, with the parenthetical
 * naming more sections; a cause the other reason gives does not make it
 * go, since that reason may be of other sections or kernels. A clause of b new to a is placed after
 * the clause of a that b's previous clause matched; b's first clause,
 * when new, after what a says and before its links and fixes ("see",
 * "fix:", a URL), joined with "; ". When one reason says all the other
 * does, the merge is that reason.
 */
char *reason_merge(const char *a, const char *b);

#endif
