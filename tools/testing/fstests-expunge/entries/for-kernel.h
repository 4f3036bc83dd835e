/* SPDX-License-Identifier: GPL-2.0 */
/* The data for one kernel: used by exclude, flaky and compare alike. */
#ifndef FEXP_FOR_KERNEL_H
#define FEXP_FOR_KERNEL_H

#include "entries/data-dir.h"
#include "fstests/rev.h"
#include "entries/select.h"
#include "kernel/kernel.h"

/* The data that applies to one filesystem on one kernel. */
struct kdata {
	char *fs;
	char *release;		/* the results' KERNEL, or NULL */
	char *version;		/* their KERNEL_VERSION, or NULL */
	struct kernel k;
	struct dataset ds;
	struct diag diag;
	struct selector sel;
	bool have_k, have_sel;
	bool conds_unknown;	/* no config: "if" entries undecided */
	char *note;		/* a warning: no data of fs's own */
	/* conds_unknown: why ("no kernel config found for 6.1.150") */
	char *no_config;
	char *desc;		/* which data for which kernel */
	char *none;		/* or why there is none */
};

struct kdata_cache {
	struct kernel_opts opts;	/* a copy: the kernels point to it */
	bool release_given;	/* --release, --kernel, --build-dir */
	bool config_given;	/* --config, --kernel, --build-dir */
	struct datadir dd;
	bool have_dd;
	struct fstests_rev fstests;	/* opts.fstests or $FSTESTS_DIR */
	bool have_fstests;
	struct kdata **kd;	/* one per filesystem and kernel */
	size_t n, alloc;
};

void kdata_init(struct kdata_cache *kc, const struct kernel_opts *o);

/*
 * The data for fs on the kernel the options name. Returns it, or NULL
 * with *err when the kernel, its config or the data cannot be read, or
 * the data has errors (after printing them).
 */
const struct kdata *kdata_get(struct kdata_cache *kc, const char *fs,
			      char **err);

/*
 * The same for results whose FSTYP is fs and KERNEL release (either may
 * be NULL): the release counts unless an option names the kernel. What
 * the results do not tell leaves no data (->none says why) rather than
 * an error; entries with "if" conditions are undecided when no config of
 * that kernel is found (->note; select.h). NULL with *err as kdata_get().
 */
const struct kdata *kdata_for_results(struct kdata_cache *kc, const char *fs,
				      const char *release, char **err);

/*
 * The data for fs as a command uses it: kdata_get(), its error said on
 * stderr (NULL returned), its note warned of.
 */
const struct kdata *kdata_load(struct kdata_cache *kc, const char *fs);

/*
 * kdata_for_results(), then into set what applies to section (empty when
 * the results leave no data). NULL after saying the error on stderr.
 */
const struct kdata *kdata_for_section(struct kdata_cache *kc, const char *fs,
				      const char *release, const char *section,
				      struct applied_set *set);

/*
 * The same, with the upstream version the results state (KERNEL_VERSION,
 * which run --vm records: a distribution release does not say it), or
 * NULL.
 */
const struct kdata *kdata_for_section_version(struct kdata_cache *kc,
					      const char *fs,
					      const char *release,
					      const char *version,
					      const char *section,
					      struct applied_set *set);

/*
 * No config found: the entries for section whose condition is undecided
 * (select_undecided()), counted and each named, in a warning on stderr
 * and, when comment is not NULL, in "# " lines into it, so that neither
 * a test left out nor a failure left unexplained on a guess goes
 * unsaid. Entries that cannot apply to section are not counted: with
 * none left nothing is said.
 */
void kdata_say_undecided(const struct kdata *kd, const char *section,
			 struct strbuf *comment);

/*
 * A section no entry of the data names and no harness configuration of
 * the filesystem either (a typo?): a warning on stderr naming what is
 * known and, when comment is not NULL, a "# " note into it. Nothing for
 * a known section or none.
 */
void kdata_say_section(const struct kdata *kd, const char *section,
		       struct strbuf *comment);

void kdata_free(struct kdata_cache *kc);

#endif
