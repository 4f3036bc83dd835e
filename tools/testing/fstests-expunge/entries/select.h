/* SPDX-License-Identifier: GPL-2.0 */
/* Which data entries apply to a kernel and a section, and why. */
#ifndef FEXP_SELECT_H
#define FEXP_SELECT_H

#include "entries/entry.h"
#include "kernel/kernel.h"

enum verdict {
	APPLIES,
	NOT_SECTION,	/* section= does not match */
	NEEDS_SECTION,	/* section= given, but no section to match */
	NOT_SINCE,	/* since= not reached */
	NOT_FIXED,	/* fixed= reached */
	NOT_UNTIL,	/* until= reached: not known past it */
	NOT_FIXED_BY,	/* the git tree has every fixed-by= commit */
	NOT_TEST_FIXED,	/* the fstests tree has the test's fix */
	NOT_ENV,	/* env= does not hold for the --env switches */
	NOT_COND,	/* "if" is n */
};

struct gitfix;
struct fstests_rev;

struct selector {
	const struct dataset *ds;
	const char *fs;		/* the filesystem: for section names */
	struct kernel *k;
	/*
	 * per entry: 'n', 'm', 'y', or 0 for no condition; '?' undecided,
	 * when no config was found and undecided_ok was set
	 */
	char *cond;
	/*
	 * Set before selector_init(): no config found is no error, every
	 * condition is undecided then. An undecided expunge entry applies
	 * (its test is not run: a test that may crash the machine under
	 * some config is not run on a guess); an undecided fail or flaky
	 * entry does not (no failure is explained by a guess).
	 */
	bool undecided_ok;
	size_t undecided;	/* entries whose condition is undecided */
	struct gitfix *git;	/* k->srctree's history, if a git tree */
	/* the fstests tree (set before selector_init), or NULL */
	const struct fstests_rev *fstests;
	/*
	 * The --env switches stated, when not k->opts.env's: a copy of the
	 * selector with other switches tells what they would change.
	 */
	char *const *env;
};

/*
 * Evaluate every condition of ds for k, in one go. Kconfig's complaints
 * about a condition go to d with the entry's file and line. When some
 * entry has fixed-by= and k->srctree is a git tree, read its history.
 * The --env switches are k->opts.env; s->fs and s->fstests are the
 * caller's to set before.
 * Returns 0, or -1 with *err (no config found, kconfig or git failed).
 */
int selector_init(struct selector *s, const struct dataset *ds,
		  struct kernel *k, struct diag *d, char **err);
void selector_free(struct selector *s);

/*
 * Do section= globs (NULL-terminated; "!GLOB" for a section the entry is
 * not for) match section of filesystem fs? For fs F, the names X, F_X
 * and F/X are one configuration (xfstests-bld says 4k or ext4/4k,
 * kdevops ext4_4k): each is tried, whatever the case. True when a name
 * matches a positive glob (or there is none) and no name matches a
 * negative one.
 */
bool section_matches(char *const *globs, const char *fs,
		     const char *section);

/*
 * Does entry i apply to this section (NULL: none given)? When why is
 * not NULL, the reason is appended to it.
 */
enum verdict selector_check(const struct selector *s, size_t i,
			    const char *section, struct strbuf *why);

/* What explain says of an undecided condition, applied or not */
#define UNDECIDED_EXPUNGE \
	"undecided (no config); an expunge entry applies then"
#define UNDECIDED_NOT \
	"undecided (no config); only an expunge entry applies then"

/*
 * The entries with an undecided condition that would apply to section
 * but for it, into sb: "generic/470 expunge applied (ext4.expunge:5: if
 * FS_DAX)", sep between them. Returns how many.
 */
size_t select_undecided(const struct selector *s, const char *section,
			const char *sep, struct strbuf *sb);

/* What the data says of one test: the entries that apply, merged. */
struct applied {
	const char *test;
	enum entry_kind kind;	/* the strongest: expunge, fail, flaky */
	int retries;		/* flaky: the most any entry asks for */
	const struct entry *entry;	/* the first entry of that kind */
	/*
	 * A fail entry whose passed= already records a pass on this
	 * kernel's series (at or below it): a pass is no news, more
	 * runs decide (data-format.rst, the evidence rule)
	 */
	bool passed_here;
};

struct applied_set {
	struct applied *a;	/* sorted by test */
	size_t n;
};

void select_section(const struct selector *s, const char *section,
		    struct applied_set *set);
const struct applied *applied_find(const struct applied_set *set,
				   const char *test);
void applied_free(struct applied_set *set);

/*
 * "expunge: reason [cause kernel; seen 6.12.3; from hand] (file:line)",
 * for exclude files and reports
 */
void entry_describe(const struct entry *e, struct strbuf *sb);
/* Just the part in [ ]: cause, seen, passed, until, fstests fix, env, from */
void entry_evidence(const struct entry *e, struct strbuf *sb);

#endif
