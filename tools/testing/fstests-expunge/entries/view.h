/* SPDX-License-Identifier: GPL-2.0 */
/* A maintainer's view: the data lines that apply to one kernel and section. */
#ifndef FEXP_VIEW_H
#define FEXP_VIEW_H

#include "entries/for-kernel.h"

/*
 * Every data line of kd that applies to section (NULL: none given),
 * grouped by kind (expunge, fail, flaky), then by cause (kernel, test,
 * tools, env, untriaged, not said), in file order within a group: a heading
 * "KIND, cause CAUSE: N lines" for each group, then "FILE:LINE: LINE"
 * for each line, the line as entry_format() writes it. Into sb, after
 * a summary; returns the number of lines that apply.
 */
size_t view_lines(const struct kdata *kd, const char *section,
		  struct strbuf *sb);

/* What a caller adds under each line shown (view --sources), indented */
struct view_more {
	void (*add)(const struct entry *e, void *arg, struct strbuf *sb);
	void *arg;
};

/* view_lines(), with more->add() called after each line (more: NULL) */
size_t view_lines_more(const struct kdata *kd, const char *section,
		       const struct view_more *more, struct strbuf *sb);

#endif
