/* SPDX-License-Identifier: GPL-2.0 */
/* The output formats of every command that has them, in one table. */
#ifndef FEXP_FORMAT_H
#define FEXP_FORMAT_H

#include <stdbool.h>

struct kernel_found;
struct matrix;
struct report;
struct strbuf;

/*
 * One format of one command: the name its --format takes and the
 * writer of the command's model. A writer appends its document to out;
 * one with pages writes them into the folder -o names instead
 * (returning 0, or -1 with *err).
 */
struct output_format {
	const char *cmd;	/* "compare", "kernel", "matrix" */
	const char *name;	/* "text", "json", ... */
	union {
		void (*report)(const struct report *r, struct strbuf *out);
		void (*kernel)(const struct kernel_found *f,
			       struct strbuf *out);
		int (*matrix)(const struct matrix *m, const char *dir,
			      struct strbuf *out, char **err);
	} write;
	bool pages;		/* writes pages into -o DIR, not a stream */
};

/*
 * The names of cmd's formats in the table's order, "text|json|...", as
 * its --format option offers them (its first is its default).
 */
const char *format_choices(const char *cmd);

/*
 * cmd's format called name; NULL after saying that name is not one
 * of them (exit status EXIT_USAGE for the caller).
 */
const struct output_format *format_find(const char *cmd, const char *name);

#endif
