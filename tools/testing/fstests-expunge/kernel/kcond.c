// SPDX-License-Identifier: GPL-2.0
/*
 * Conditions ("if EXPR" in the data): Kconfig expressions evaluated by the
 * kernel's own kconfig code, in a child process (kcond-spawn.c), over the
 * Kconfig kcond-kconfig.c writes; kcond-lex.c reads them as text.
 */
#include <stdlib.h>
#include <string.h>

#include "kernel/kcond-kconfig.h"
#include "kernel/kcond-spawn.h"
#include "kernel/kcond.h"
#include "kernel/kconfig-file.h"
#include "kernel/ktree.h"
#include "lib/base.h"
#include "lib/strbuf.h"

static char **cond_names(size_t n)
{
	char **names = xcalloc(n + 1, sizeof(*names));
	size_t i;

	for (i = 0; i < n; i++)
		names[i] = xasprintf("%s%zu", KCOND_COND_SYM, i);
	return names;
}

/* Evaluate conds in one child; -1 with *err if it failed. */
static int eval_batch(struct kcond *conds, size_t n,
		      const struct kconfig_file *cfg, const char *srctree,
		      char **err)
{
	struct strbuf kc = { 0 }, config = { 0 };
	char **names = cond_names(n);
	char *values = xcalloc(n, 1);
	struct kcond_job job;
	size_t i;
	int ret = -1;

	if (kcond_write_kconfig(&kc, cfg, srctree, conds, n, err))
		goto out;
	kcond_write_config(&config, cfg);
	if (kcond_job_start(&job, &kc, &config, err))
		goto out;
	if (kcond_job_values(&job, srctree, cfg, names, n, values, err))
		goto out_job;
	for (i = 0; i < n; i++) {
		if (!strchr("nmy", values[i])) {
			*err = xasprintf("kconfig gave no value for %s",
					 conds[i].expr);
			goto out_job;
		}
		conds[i].value = values[i];
	}
	ret = 0;
out_job:
	kcond_job_end(&job);
out:
	free_list(names);
	free(values);
	sb_free(&kc);
	sb_free(&config);
	return ret;
}

int kcond_eval(struct kcond *conds, size_t n, const struct kconfig_file *cfg,
	       const char *srctree, char **err)
{
	struct kcond *good;
	size_t *map, ngood = 0, i;
	int bad = 0, ret;

	/* another version's Kconfig: its own kconfig resolves the config */
	if (srctree && cfg && n && ktree_foreign(srctree)) {
		struct kconfig_file resolved;

		if (ktree_olddefconfig(srctree, cfg, &resolved, err))
			return -1;
		ret = kcond_eval(conds, n, &resolved, NULL, err);
		kconfig_free(&resolved);
		return ret;
	}

	for (i = 0; i < n; i++) {
		conds[i].value = 0;
		conds[i].error = kcond_lint(conds[i].expr);
		bad += !!conds[i].error;
	}
	if (!n || bad == (int)n)
		return bad ? 1 : 0;
	good = xcalloc(n, sizeof(*good));
	map = xcalloc(n, sizeof(*map));
	for (i = 0; i < n; i++) {
		if (!conds[i].error) {
			map[ngood] = i;
			good[ngood++] = conds[i];
		}
	}
	ret = eval_batch(good, ngood, cfg, srctree, err);
	if (ret) {
		/*
		 * Find the conditions kconfig rejects, each alone and with
		 * no tree (a syntax error does not depend on one), then try
		 * the rest again.
		 */
		char *one_err = NULL;
		size_t keep = 0;

		for (i = 0; i < ngood; i++) {
			if (!eval_batch(&good[i], 1, NULL, NULL, &one_err)) {
				good[keep] = good[i];
				map[keep++] = map[i];
				continue;
			}
			conds[map[i]].error = one_err;
			one_err = NULL;
			bad++;
		}
		if (keep == ngood) {
			/* Not the conditions: the tree or config is at fault */
			ret = -1;
			goto out;
		}
		free(*err);
		*err = NULL;
		ngood = keep;
		ret = ngood ? eval_batch(good, ngood, cfg, srctree, err) : 0;
		if (ret)
			goto out;
	}
	for (i = 0; i < ngood; i++)
		conds[map[i]].value = good[i].value;
out:
	free(good);
	free(map);
	if (ret)
		return -1;
	return bad ? 1 : 0;
}

int kcond_tree_declared(const char *srctree, struct strlist *names,
			char **err)
{
	struct strbuf kc = { 0 };
	struct kcond_job job;
	int ret = -1;

	*err = NULL;
	if (ktree_foreign(srctree)) {
		if (ktree_declared(srctree, names, err))
			return -1;
		kcond_sort_unique(names);
		return 0;
	}
	if (kcond_top_kconfig(&kc, srctree, err) ||
	    kcond_job_start(&job, &kc, NULL, err))
		goto out;
	ret = kcond_job_symbols(&job, srctree, names, err);
	kcond_job_end(&job);
out:
	sb_free(&kc);
	return ret;
}
