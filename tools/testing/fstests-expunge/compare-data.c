// SPDX-License-Identifier: GPL-2.0
/* The data that applies to each compared section: by FSTYP and kernel. */
#include <stdlib.h>
#include <string.h>

#include "compare-data.h"

struct cd_entry {
	char *fs, *release;
	struct kernel k;
	struct dataset ds;
	struct diag diag;
	struct selector sel;
	bool have_k, have_sel;
	char *desc;		/* which data for which kernel */
	char *none;		/* or why there is none */
};

void compare_data_init(struct compare_data *cd, const struct kernel_opts *o)
{
	memset(cd, 0, sizeof(*cd));
	cd->opts = o;
	cd->release_given = o->release || o->kernel || o->build_dir;
	cd->kernel_given = cd->release_given || o->config;
}

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/*
 * Without a config the "if" conditions cannot be evaluated: the entries
 * that have one are left out, and the description says so.
 */
static void select_unconditional(struct cd_entry *e)
{
	size_t i;

	e->sel.ds = &e->ds;
	e->sel.k = &e->k;
	e->sel.cond = xcalloc(e->ds.n, 1);
	for (i = 0; i < e->ds.n; i++) {
		if (e->ds.entries[i].cond)
			e->sel.cond[i] = 'n';
	}
}

static int load(struct compare_data *cd, struct cd_entry *e, char **err)
{
	struct kernel_opts o = *cd->opts;
	char vbuf[48], *why = NULL;

	if (!e->fs) {
		e->none = xstrdup("none: the results name no FSTYP");
		return 0;
	}
	/* the results' KERNEL, unless the options name the release */
	if (!cd->release_given) {
		if (!e->release) {
			e->none = xstrdup("none: the results name no KERNEL: give --release");
			return 0;
		}
		o.release = e->release;
	}
	if (kernel_identify(&o, &e->k, &why)) {
		if (cd->kernel_given) {
			*err = why;
			return -1;
		}
		e->none = xasprintf("none: %s", why);
		free(why);
		return 0;
	}
	e->have_k = true;
	if (!cd->have_dd) {
		if (datadir_find(cd->opts->data, &cd->dd, err))
			return -1;
		cd->have_dd = true;
	}
	if (datadir_load(&cd->dd, e->fs, &e->ds, &e->diag, &why)) {
		e->none = xasprintf("none: %s", why);
		free(why);
		return 0;
	}
	if (e->diag.errors) {
		diag_print(&e->diag);
		*err = xasprintf("the %s data has errors: run '%s check'",
				 e->fs, progname);
		return -1;
	}
	e->desc = xasprintf("%s data (%s) for kernel %s (version %s, from %s)",
			    e->fs, cd->dd.dir ? cd->dd.dir : "built in",
			    e->k.release, kver_str(&e->k.version, vbuf),
			    cd->release_given ? e->k.release_from :
			    "the KERNEL property");
	if (selector_init(&e->sel, &e->ds, &e->k, &e->diag, &why)) {
		char *d = e->desc;

		selector_free(&e->sel);
		select_unconditional(e);
		/* its first line: the rest lists every place tried */
		e->desc = xasprintf("%s; entries with 'if' conditions left out: %.*s",
				    d, (int)strcspn(why, "\n;"), why);
		free(d);
		free(why);
	}
	e->have_sel = true;
	if (e->diag.errors) {
		diag_print(&e->diag);
		*err = xasprintf("the %s data has errors: run '%s check'",
				 e->fs, progname);
		return -1;
	}
	return 0;
}

int compare_data_section(struct compare_data *cd, const char *fs,
			 const char *release, const char *section,
			 struct applied_set *set, char **desc, char **err)
{
	struct cd_entry *e = NULL;
	size_t i;

	memset(set, 0, sizeof(*set));
	if (cd->release_given)
		release = NULL;
	for (i = 0; i < cd->n && !e; i++) {
		if (same(cd->e[i].fs, fs) && same(cd->e[i].release, release))
			e = &cd->e[i];
	}
	if (!e) {
		e = array_push(&cd->e, &cd->n, &cd->alloc, sizeof(*e));
		e->fs = fs ? xstrdup(fs) : NULL;
		e->release = release ? xstrdup(release) : NULL;
		if (load(cd, e, err))
			return -1;
	}
	if (e->have_sel)
		select_section(&e->sel, section, set);
	*desc = xstrdup(e->have_sel ? e->desc : e->none);
	return 0;
}

void compare_data_free(struct compare_data *cd)
{
	size_t i;

	for (i = 0; i < cd->n; i++) {
		struct cd_entry *e = &cd->e[i];

		if (e->have_sel)
			selector_free(&e->sel);
		if (e->have_k)
			kernel_free(&e->k);
		dataset_free(&e->ds);
		diag_free(&e->diag);
		free(e->fs);
		free(e->release);
		free(e->desc);
		free(e->none);
	}
	free(cd->e);
	if (cd->have_dd)
		datadir_free(&cd->dd);
}
