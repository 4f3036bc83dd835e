/* SPDX-License-Identifier: GPL-2.0 */
/* "Did you mean ...?": the closest of a list of names to a misspelt one. */
#ifndef FEXP_SUGGEST_H
#define FEXP_SUGGEST_H

#include <stddef.h>

/*
 * Edit distance between a and b (insert, delete, replace, and swap of two
 * neighbours, each 1; letters differing only in case are equal).
 */
size_t edit_distance(const char *a, const char *b);

/*
 * The name of names[0..n) closest to name, if it is close enough to be
 * a likely typo (another name at most a third of the name's length
 * apart), or NULL. Ties go to the first.
 */
const char *suggest_name(const char *name, char *const *names, size_t n);

#endif
