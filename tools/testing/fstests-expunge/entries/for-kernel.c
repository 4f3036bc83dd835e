// SPDX-License-Identifier: GPL-2.0
/* The data for one kernel: used by exclude, flaky and compare alike. */
#include <stdlib.h>
#include <string.h>

#include "entries/entry-keys.h"
#include "entries/for-kernel.h"
#include "entries/known-names.h"
#include "lib/escape.h"
#include "fstests/tree.h"
#include "kernel/kimage.h"

void kdata_init(struct kdata_cache *kc, const struct kernel_opts *o)
{
	memset(kc, 0, sizeof(*kc));
	kc->opts = *o;
	kc->release_given = o->release || o->kernel || o->build_dir;
	kc->config_given = o->config || o->build_dir;
}

/* Is a switch stated both NAME and !NAME? */
static bool env_stated_both(const struct strlist *env, const char *name)
{
	char *off = xasprintf("!%s", name);
	bool both = *name != '!' && strlist_has(env, off);

	free(off);
	return both;
}

/* The --env switches must be ones the data defines */
static int check_env(const struct kernel_opts *o, char **err)
{
	const char *why;
	size_t i;

	for (i = 0; i < o->env.n; i++) {
		const char *name = o->env.v[i];

		/* "!NAME": stated off, whatever run would decide */
		why = env_name_check(name, true);
		if (!why && !env_defined(name + (*name == '!')))
			why = "no such switch (known: " ENV_SWITCHES ")";
		if (!why && env_stated_both(&o->env, name))
			why = "stated both on and off";
		if (why) {
			*err = xasprintf("--env %s: %s", o->env.v[i], why);
			return -1;
		}
	}
	return 0;
}

static bool any_test_fix(const struct dataset *ds)
{
	size_t i;

	for (i = 0; i < ds->n; i++) {
		if (ds->entries[i].test_fixed_by || ds->entries[i].test_fixed)
			return true;
	}
	return false;
}

/* The fstests tree, read once when some entry has an fstests fix */
static int open_fstests(struct kdata_cache *kc, struct kdata *kd,
			char **err)
{
	const char *dir = fstests_dir(kc->opts.fstests);

	if (!kc->have_fstests && dir && any_test_fix(&kd->ds)) {
		if (fstests_rev_open(dir, &kc->fstests, err))
			return -1;
		kc->have_fstests = true;
	}
	kd->sel.fstests = kc->have_fstests ? &kc->fstests : NULL;
	return 0;
}

/* 0 known, 1 no data (kd->none says why), -1 error */
static int identify(struct kdata_cache *kc, struct kdata *kd, bool results,
		    char **err)
{
	struct kernel_opts o = kc->opts;
	char *why = NULL;

	if (check_env(&o, err))
		return -1;

	if (results && !kc->release_given) {
		if (!kd->release) {
			kd->none = xstrdup("none: the results name no KERNEL: give --release");
			return 1;
		}
		o.release = kd->release;
		o.release_from = "the KERNEL property";
		if (kd->version && !o.version)
			o.version = kd->version;
	}
	kd->have_k = true;
	if (!kernel_identify(&o, &kd->k, &why))
		return 0;
	if (!results || kc->release_given || kc->config_given) {
		*err = why;
		return -1;
	}
	kd->none = xasprintf("none: %s", why);
	free(why);
	return 1;
}

static int data_errors(const struct kdata *kd, char **err)
{
	if (!kd->diag.errors)
		return 0;
	diag_print(&kd->diag);
	*err = xasprintf("the %s data has errors: run '%s check' for all of them",
			 kd->fs, progname);
	return -1;
}

/* 0 loaded, 1 no data (kd->none says why), -1 error */
static int load_data(struct kdata_cache *kc, struct kdata *kd, bool results,
		     char **err)
{
	char *why = NULL;
	int ret;

	if (!kc->have_dd) {
		if (datadir_find(kc->opts.data, &kc->dd, err))
			return -1;
		kc->have_dd = true;
	}
	ret = datadir_load(&kc->dd, kd->fs, &kd->ds, &kd->diag, &why);
	if (ret < 0 && !results) {
		*err = why;
		return -1;
	}
	if (ret < 0) {
		kd->none = xasprintf("none: %s", why);
		free(why);
		return 1;
	}
	kd->note = why;	/* global.expunge only */
	return data_errors(kd, err);
}

/*
 * No config, and none named (--config, --build-dir): the conditions are
 * undecided (select.h says which entries apply then); why is kept for
 * kdata_say_undecided(), which names the entries of a section.
 */
static void note_undecided(struct kdata *kd)
{
	const char *why = NULL;

	if (kernel_config(&kd->k, &why) || !why)
		why = "no kernel config found";
	kd->conds_unknown = true;
	/* its first line (the rest lists every place tried), and a bzImage */
	kd->no_config = xasprintf("%.*s%s%s%s%s",
				  (int)strcspn(why, "\n;"), why,
				  kd->k.bzimage ? " (" : "",
				  kd->k.bzimage ? kd->k.opts.kernel : "",
				  kd->k.bzimage ? ": " BZIMAGE_NO_CONFIG : "",
				  kd->k.bzimage ? ")" : "");
}

static int choose(struct kdata_cache *kc, struct kdata *kd, char **err)
{
	kd->sel.fs = kd->fs;
	if (open_fstests(kc, kd, err))
		return -1;
	kd->sel.undecided_ok = !kc->config_given;
	if (selector_init(&kd->sel, &kd->ds, &kd->k, &kd->diag, err))
		return -1;
	if (kd->sel.undecided)
		note_undecided(kd);
	kd->have_sel = true;
	return data_errors(kd, err);
}

static int load(struct kdata_cache *kc, struct kdata *kd, bool results,
		char **err)
{
	char vbuf[48];
	int ret;

	if (results && !kd->fs) {
		kd->none = xstrdup("none: the results name no FSTYP");
		return 0;
	}
	ret = identify(kc, kd, results, err);
	if (!ret)
		ret = load_data(kc, kd, results, err);
	if (!ret)
		ret = choose(kc, kd, err);
	if (ret)
		return ret < 0 ? -1 : 0;
	kd->desc = xasprintf("%s data (%s) for kernel %s (version %s, from %s)%s%s",
			     kd->fs, kc->dd.dir ? kc->dd.dir : "built in",
			     kd->k.release, kver_str(&kd->k.version, vbuf),
			     kd->k.release_from, kd->note ? "; " : "",
			     kd->note ? kd->note : "");
	return 0;
}

static const struct kdata *get(struct kdata_cache *kc, const char *fs,
			       const char *release, const char *version,
			       bool results, char **err)
{
	struct kdata *kd, **slot;
	size_t i;

	for (i = 0; i < kc->n; i++) {
		if (str_same(kc->kd[i]->fs, fs) &&
		    str_same(kc->kd[i]->release, release) &&
		    str_same(kc->kd[i]->version, version))
			return kc->kd[i];
	}
	kd = xcalloc(1, sizeof(*kd));
	kd->fs = fs ? xstrdup(fs) : NULL;
	kd->release = release ? xstrdup(release) : NULL;
	kd->version = version ? xstrdup(version) : NULL;
	slot = array_push(&kc->kd, &kc->n, &kc->alloc, sizeof(*slot));
	*slot = kd;
	return load(kc, kd, results, err) ? NULL : kd;
}

const struct kdata *kdata_get(struct kdata_cache *kc, const char *fs,
			      char **err)
{
	return get(kc, fs, NULL, NULL, false, err);
}

const struct kdata *kdata_for_results(struct kdata_cache *kc, const char *fs,
				      const char *release, char **err)
{
	return get(kc, fs, kc->release_given ? NULL : release, NULL, true, err);
}

const struct kdata *kdata_load(struct kdata_cache *kc, const char *fs)
{
	char *err = NULL;
	const struct kdata *kd = kdata_get(kc, fs, &err);

	if (!kd) {
		pr_err("%s", err);
		free(err);
		return NULL;
	}
	if (kd->note)
		pr_warn("%s", kd->note);
	return kd;
}

const struct kdata *kdata_for_section(struct kdata_cache *kc, const char *fs,
				      const char *release, const char *section,
				      struct applied_set *set)
{
	return kdata_for_section_version(kc, fs, release, NULL, section, set);
}

const struct kdata *kdata_for_section_version(struct kdata_cache *kc,
					      const char *fs,
					      const char *release,
					      const char *version,
					      const char *section,
					      struct applied_set *set)
{
	char *err = NULL;
	const struct kdata *kd;

	kd = get(kc, fs, kc->release_given ? NULL : release,
		 kc->release_given ? NULL : version, true, &err);

	memset(set, 0, sizeof(*set));
	if (!kd) {
		pr_err("%s", err);
		free(err);
		return NULL;
	}
	if (kd->have_sel)
		select_section(&kd->sel, section, set);
	return kd;
}

#define UNDECIDED_POLICY \
	"an expunge entry applies then, a fail or flaky one does not"

void kdata_say_undecided(const struct kdata *kd, const char *section,
			 struct strbuf *comment)
{
	struct strbuf sb = { 0 };
	size_t n;

	n = kd->have_sel ? select_undecided(&kd->sel, section, "; ", &sb) : 0;
	if (n)
		pr_warn("%s%s%s: %s: %zu %s undecided (%s): %s", kd->fs,
			section ? " section " : "", section ? section : "",
			kd->no_config, n,
			n == 1 ? "entry's 'if' condition" :
			"entries' 'if' conditions", UNDECIDED_POLICY, sb.buf);
	sb_free(&sb);
	/* in the file one entry a line, to fit a mail */
	if (n && comment) {
		select_undecided(&kd->sel, section, "\n#   ", &sb);
		sb_printf(comment, "# %s:\n#   %zu %s undecided\n#   (%s):\n#   %s\n",
			  kd->no_config, n, n == 1 ? "entry" : "entries",
			  UNDECIDED_POLICY, sb.buf);
		sb_free(&sb);
	}
}

void kdata_say_section(const struct kdata *kd, const char *section,
		       struct strbuf *comment)
{
	char *note = section_unknown(&kd->ds, kd->fs, section);

	if (!note)
		return;
	pr_warn("%s", note);
	if (comment)
		sb_wrap(comment, "# note: ", "#   ", note, 72);
	free(note);
}

void kdata_free(struct kdata_cache *kc)
{
	size_t i;

	for (i = 0; i < kc->n; i++) {
		struct kdata *kd = kc->kd[i];

		if (kd->have_sel)
			selector_free(&kd->sel);
		if (kd->have_k)
			kernel_free(&kd->k);
		dataset_free(&kd->ds);
		diag_free(&kd->diag);
		free(kd->fs);
		free(kd->release);
		free(kd->version);
		free(kd->note);
		free(kd->no_config);
		free(kd->desc);
		free(kd->none);
		free(kd);
	}
	free(kc->kd);
	if (kc->have_dd)
		datadir_free(&kc->dd);
	if (kc->have_fstests)
		fstests_rev_free(&kc->fstests);
}
