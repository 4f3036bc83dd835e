/* SPDX-License-Identifier: GPL-2.0 */
/* One fstests result.xml, read streaming into a compact model. */
#ifndef FEXP_RESULTS_H
#define FEXP_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strbuf.h"

/* The failure type= of a test that was running when the machine went down */
#define RESULT_CRASH_TYPE	"crashed"

enum outcome {
	OUT_PASS,
	OUT_FAIL,
	OUT_NOTRUN,
};

/* One <testcase>: one attempt of a test (-L and -i repeat names). */
struct result_case {
	char *name;		/* "generic/388" */
	enum outcome outcome;
	double time;		/* its time= in seconds, or -1 */
	char *msg;		/* failure or skipped message, first line */
	char *detail;		/* first changed lines of the diff, or kernel warning */
	/*
	 * it took the machine or check down: a failure of type
	 * RESULT_CRASH_TYPE (run writes it), or an <error> (xfstests-bld
	 * records the test that was running so; fstests never writes one)
	 */
	bool crashed;
	struct case_text *text;	/* everything, when read to be written again */
};

/*
 * A testcase in full, for result_read_whole(): what a writer needs to
 * give it back (logs as the reader's filter kept them).
 */
struct case_text {
	char *time;		/* the time attribute, or NULL */
	char *type;		/* failure type, or NULL */
	char *message;		/* the whole failure or skipped message */
	char *out;		/* system-out: the .full log */
	char *err;		/* system-err: the diff */
	char *klog;		/* kernel-log: the .dmesg */
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
	/*
	 * result_read() keeps the cases' names and messages (not details)
	 * in a pool (pooled): they are the file's, freed with it, never by
	 * result_case_free().
	 */
	struct strpool names;
	bool pooled;
	double time;		/* the testsuite's time= in seconds, or -1 */
	char *started;		/* its start_timestamp= (else timestamp=) */
	char *hostname;		/* its hostname=, entities decoded */
	bool incomplete;	/* the run stopped early */
	char *why_incomplete;	/* with file and line when cut short */
	unsigned long repaired;	/* unescaped attributes that were repaired */
	/* the <testsuite>s after the first, when a file has several */
	struct result_file *more;
	size_t nmore, amore;
	struct result_prop *attrs;	/* of <testsuite>: result_read_whole() */
	size_t nattrs, aattrs;
};

/*
 * Read path (a result.xml); each further <testsuite> of a <testsuites>
 * file is one more result_file in rf->more, with its own section,
 * properties and testcases. Returns 0 with what could be read, perhaps
 * marked incomplete; -1 when nothing usable is there, with *err naming
 * the file and line, and nothing in rf to free.
 */
int result_read(const char *path, struct result_file *rf, char **err);
/* The same, keeping every testcase's text and logs (struct case_text). */
int result_read_whole(const char *path, struct result_file *rf, char **err);
/*
 * A result file named on the command line: result_read(), or a pipe or
 * device (open_named()) read whole, at most RESULT_STREAM_MAX bytes.
 */
#define RESULT_STREAM_MAX	(64u << 20)
int result_read_named(const char *path, struct result_file *rf, char **err);
/* The same from a buffer; name is used in messages; on error rf is empty. */
int result_read_buf(const char *name, const char *buf, size_t len,
		    struct result_file *rf, char **err);
/*
 * The same through libxml2 alone, never the byte scanner that reads the
 * common form (tests and fuzzers compare the two).
 */
int result_read_buf_xml(const char *name, const char *buf, size_t len,
			struct result_file *rf, char **err);
void result_free(struct result_file *rf);
/* Ready libxml2: once, before several threads call result_read(). */
void result_read_init(void);

/* NULL when a and b hold the same, else what differs first. */
const char *result_diff(const struct result_file *a,
			const struct result_file *b);

/* A property's value, or NULL. */
const char *result_prop(const struct result_file *rf, const char *name);

/* Free a case and its text, leaving it zeroed. */
void result_case_free(struct result_case *c);

#endif
