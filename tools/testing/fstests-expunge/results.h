/* SPDX-License-Identifier: GPL-2.0 */
/* One fstests result.xml, read streaming into a compact model. */
#ifndef FEXP_RESULTS_H
#define FEXP_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

enum outcome {
	OUT_PASS,
	OUT_FAIL,
	OUT_NOTRUN,
};

/* One <testcase>: one attempt of a test (-L and -i repeat names). */
struct result_case {
	char *name;		/* "generic/388" */
	enum outcome outcome;
	char *msg;		/* failure or skipped message, first line */
	char *detail;		/* first changed lines of the diff, or kernel warning */
};

struct result_prop {
	char *name;
	char *value;
};

struct result_file {
	char *path;
	char *section;		/* classname "xfstests.S", or SECTION */
	struct result_prop *props;
	size_t nprops, aprops;
	struct result_case *cases;	/* in file order */
	size_t ncases, acases;
	double time;		/* the testsuite's time= in seconds, or -1 */
	bool incomplete;	/* the run stopped early */
	char *why_incomplete;	/* with file and line when cut short */
	unsigned long repaired;	/* unescaped attributes that were repaired */
	/* the <testsuite>s after the first, when a file has several */
	struct result_file *more;
	size_t nmore, amore;
};

/*
 * Read path (a result.xml); each further <testsuite> of a <testsuites>
 * file is one more result_file in rf->more, with its own section,
 * properties and testcases. Returns 0 with what could be read, perhaps
 * marked incomplete; -1 when nothing usable is there, with *err naming
 * the file and line.
 */
int result_read(const char *path, struct result_file *rf, char **err);
/* The same from a buffer; name is used in messages. */
int result_read_buf(const char *name, const char *buf, size_t len,
		    struct result_file *rf, char **err);
void result_free(struct result_file *rf);

/* A property's value, or NULL. */
const char *result_prop(const struct result_file *rf, const char *name);

#endif
