/* SPDX-License-Identifier: GPL-2.0 */
/* The data files: one entry per line, parsed into struct entry. */
#ifndef FEXP_ENTRY_H
#define FEXP_ENTRY_H

#include <stdbool.h>
#include <stddef.h>

#include "entries/entry-keys.h"
#include "kernel/version.h"
#include "lib/strbuf.h"

enum entry_kind {
	KIND_EXPUNGE,	/* never run */
	KIND_FAIL,	/* known to fail */
	KIND_FLAKY,	/* fails now and then: retried */
};

#define DEFAULT_RETRIES	3
#define MAX_RETRIES	100

struct entry {
	char *test;		/* "generic/388" */
	enum entry_kind kind;
	char **sections;	/* section= globs, NULL-terminated, or NULL */
	bool has_since, has_fixed;
	struct kver_list since, fixed;
	char **fixed_by;	/* fixed-by= commits, NULL-terminated, or NULL */
	bool has_until;		/* until=: no source knows past these */
	struct kver_list until;
	/* fstests commits that fix the test, or NULL */
	char **test_fixed_by;
	char *test_fixed;	/* the fstests release with it: v2023.08.20 */
	char **env;		/* env= switches, "!NAME" for unless */
	char *cond;		/* "if" Kconfig expression, or NULL */
	int retries;		/* retries=, or -1 */
	char *bug;		/* bug=, or NULL */
	char *comment;		/* text after '#', or NULL */
	/* Evidence and provenance: selection ignores them */
	char **from;		/* from= origins, or NULL */
	bool has_seen, has_passed;
	struct kver_list seen;	/* kernels it was seen failing on */
	struct kver_list passed;	/* kernels it passed on */
	enum entry_cause cause;
	/* rate= failure rates, "F/N" (F of N attempts failed), or NULL */
	char **rate;
	enum entry_crash crash;	/* crash=: how the machine goes down */
	const char *file;	/* data file, as given */
	unsigned int line;
};

struct diag;

struct dataset {
	struct entry *entries;
	size_t n;
	size_t alloc;
	struct strlist files;	/* names of the files read */
};

/* Problems found in data, each with file and line. */
struct diag {
	struct strlist msgs;
	size_t errors, warnings;
	size_t unreadable;	/* files that could not be read at all */
};

__printf(5, 6) void diag_add(struct diag *d, bool error, const char *file,
			     unsigned int line, const char *fmt, ...);
/* What the lint takes as it is and says why: counted as neither */
__printf(4, 5) void diag_note(struct diag *d, const char *file,
			      unsigned int line, const char *fmt, ...);
/*
 * An error in the condition of e: the condition cut to a few hundred
 * bytes, so that the reason after it is never cut away.
 */
void diag_cond(struct diag *d, const struct entry *e, const char *why);
void diag_print(const struct diag *d);
void diag_free(struct diag *d);

const char *kind_name(enum entry_kind kind);
/* The entry's data file name without its directory, for messages. */
const char *entry_file(const struct entry *e);
int entry_retries(const struct entry *e);
/*
 * Is s a section name that means itself in section= (letters, digits,
 * '_', '-', '.', '+'): no glob, no '!', no list, no space?
 */
bool plain_section_name(const char *s);

/*
 * Does fstests run test on filesystem fs: generic/ and shared/ tests,
 * the filesystem's own, and ext4's on ext2 and ext3 too?
 */
bool test_runs_on(const char *test, const char *fs);

/*
 * Is e untriaged without saying so: no cause= (or cause=untriaged), no
 * reason (comment, bug=, fixed-by=), but a harness's list or a results
 * run in from= and seen= (or only kdevops:any/ lists, for every
 * kernel)? Its keys say all that is known: where and when it was seen
 * failing. The parser gives it CAUSE_UNTRIAGED; writers leave out the
 * cause=untriaged it implies.
 */
bool entry_untriaged_implied(const struct entry *e);

/*
 * Is e's since= and until= one series=V: exactly one since= version V
 * and exactly one until= version, the end of V's series
 * (kver_series_end())? Writers write such a line series=V.
 */
bool entry_series(const struct entry *e);

/* An entry for a whole fstests group names it so: "group:dax" */
#define GROUP_PREFIX	"group:"
/* The group an entry's test column names, or NULL for a test. */
const char *entry_group(const struct entry *e);
/* Is the name an fstests group name (as _begin_fstest writes them)? */
bool valid_group_name(const char *s);

/*
 * The entry part of a data line, its words joined by one space: two
 * lines with the same key are the same entry, whatever their comments
 * and alignment. NULL for a blank or comment line.
 */
char *data_line_key(const char *line);

/*
 * Parse data text; name is the file name for messages. Syntax errors go
 * to d; lines that parse are added to ds. Returns the number of errors.
 */
size_t data_parse(struct dataset *ds, const char *name, const char *buf,
		  size_t len, struct diag *d);
/* Read and parse a file: -1 if it cannot be read. */
int data_load_file(struct dataset *ds, const char *path, struct diag *d);
/* The same for a file named on the command line: a pipe will do */
int data_load_named(struct dataset *ds, const char *path, struct diag *d);
void dataset_free(struct dataset *ds);

#endif
