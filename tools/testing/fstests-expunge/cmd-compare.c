// SPDX-License-Identifier: GPL-2.0
/* "compare": fstests results against a baseline and the known failures. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare-data.h"
#include "fstests-hints.h"
#include "main.h"
#include "report.h"
#include "resultfind.h"

static const struct usage usage = {
	.cmd = "compare",
	.synopsis = "[--baseline PATH]... [OPTIONS] PATH...",
	.about =
"Compare fstests results (result.xml, or directories searched for them)\n"
"with a baseline and with the known failures in the data, per section and\n"
"test: regression, fixed, still failing, known failure, unexpected pass,\n"
"flaky (e.g. 2/4 failed), new, missing, not run. Several paths on one side\n"
"are several runs; repeats in one file (check -L, -i) are attempts too.\n"
"Without --baseline, every failure the data does not explain is a\n"
"regression. The data is chosen by each section's FSTYP and the kernel\n"
"the results name (KERNEL), unless the options below name one.",
	.exit_status =
"Exit status: 0 no regression; 1 regressions, or an incomplete run (a\n"
"crash); 2 bad usage or unreadable input. With --bisect: 0 good, 1 bad\n"
"(regressions), 125 cannot tell (no results, an incomplete run, missing\n"
"tests, unreadable input), so that git bisect skips it.",
};

struct compare_opts {
	struct kernel_opts k;
	struct strlist base_paths, paths, maps;
	const char *format;
	const char *output;
	const char *fstests;	/* --fstests: the fstests tree */
	bool bisect;
};

/* Read every file of the paths into one side; -1 after saying why. */
static int read_side(const struct strlist *paths, struct side *sd,
		     struct strlist *notes)
{
	struct found_list fl = { 0 };
	int ret = 0;
	size_t i;

	for (i = 0; i < paths->n; i++) {
		char *err = NULL;

		if (results_find(paths->v[i], &fl, &err)) {
			pr_err("%s", err);
			free(err);
			ret = -1;
		}
	}
	for (i = 0; i < fl.notes.n; i++)
		strlist_add(notes, xstrdup(fl.notes.v[i]));
	for (i = 0; i < fl.n; i++) {
		struct result_file rf;
		char *err = NULL;

		if (result_read(fl.f[i].path, &rf, &err)) {
			pr_err("%s", err);
			free(err);
			result_free(&rf);
			ret = -1;
			continue;
		}
		if (rf.incomplete)
			pr_warn("%s: incomplete: %s", rf.path,
				rf.why_incomplete);
		side_add(sd, &rf, fl.f[i].run);
	}
	found_free(&fl);
	side_finish(sd);
	return ret;
}

/* The baseline section for a section of the run: --map, or its name. */
static const char *mapped(const struct strlist *maps, const char *section)
{
	size_t i;

	for (i = 0; i < maps->n; i++) {
		const char *eq = strchr(maps->v[i], '=');

		if (!strcmp(eq + 1, section))
			return xstrndup(maps->v[i], eq - maps->v[i]);
	}
	return NULL;
}

static int section_cmp_order(const void *a, const void *b)
{
	const struct section_cmp *x = a, *y = b;

	return strcmp(x->name, y->name);
}

struct comparison {
	struct section_cmp *sc;
	size_t n, alloc;
	struct applied_set *sets;
	char **base_names;
	struct compare_data cd;	/* the entries the verdicts point to */
};

static int compare_all(const struct compare_opts *co, const struct side *base,
		       const struct side *cand, struct comparison *cmp,
		       struct strlist *notes)
{
	bool have_base = co->base_paths.n > 0;
	bool *used = xcalloc(base->n + 1, sizeof(*used));
	size_t i, j;
	int ret = 0;

	compare_data_init(&cmp->cd, &co->k);
	cmp->sets = xcalloc(cand->n + 1, sizeof(*cmp->sets));
	cmp->base_names = xcalloc(cand->n + 1, sizeof(*cmp->base_names));
	for (i = 0; i < cand->n && !ret; i++) {
		const struct side_section *c = &cand->s[i];
		const char *bname = cmp->base_names[i] = (char *)mapped(&co->maps,
									 c->name);
		struct side_section *b = side_section(base, bname ? bname : c->name);
		struct section_cmp *sc;
		char *desc = NULL, *err = NULL;

		if (compare_data_section(&cmp->cd, section_prop(c, "FSTYP"),
					 c->kernel, c->name, &cmp->sets[i], &desc,
					 &err)) {
			pr_err("%s", err);
			free(err);
			ret = -1;
			break;
		}
		if (c->kernels_differ && !cmp->cd.release_given)
			strlist_add(notes,
				    xasprintf("%s: runs of several kernels; the data is for %s",
					      c->name, c->kernel));
		if (b)
			used[b - base->s] = true;
		sc = array_push(&cmp->sc, &cmp->n, &cmp->alloc, sizeof(*sc));
		sc->name = c->name;
		sc->base_name = bname;
		sc->data = desc;
		compare_section(sc, b, have_base, c, &cmp->sets[i]);
	}
	for (j = 0; j < base->n && !ret; j++) {
		struct section_cmp *sc;

		if (used[j])
			continue;
		sc = array_push(&cmp->sc, &cmp->n, &cmp->alloc, sizeof(*sc));
		sc->name = base->s[j].name;
		compare_section(sc, &base->s[j], have_base, NULL, NULL);
	}
	if (cmp->n)
		qsort(cmp->sc, cmp->n, sizeof(*cmp->sc), section_cmp_order);
	free(used);
	return ret;
}

static void comparison_free(struct comparison *cmp, size_t ncand)
{
	size_t i;

	for (i = 0; i < cmp->n; i++)
		section_cmp_free(&cmp->sc[i]);
	for (i = 0; i < ncand; i++) {
		applied_free(&cmp->sets[i]);
		free(cmp->base_names[i]);
	}
	free(cmp->sc);
	free(cmp->sets);
	free(cmp->base_names);
	compare_data_free(&cmp->cd);
}

static int emit(const struct compare_opts *co, const struct strbuf *sb)
{
	if (!co->output) {
		fwrite(sb->buf, 1, sb->len, stdout);
		return fflush(stdout) ? -1 : 0;
	}
	if (write_file_atomic(co->output, sb->buf, sb->len)) {
		pr_err("%s: %m", co->output);
		return -1;
	}
	return 0;
}

/*
 * compare --fstests: the kernel fixes each failing test names, and with a
 * git --srctree whether the tree has them: the backports a stable queue
 * may be missing.
 */
static int add_hints(const struct compare_opts *co, struct comparison *cmp)
{
	struct gitfix *git = NULL;
	char *err = NULL;
	size_t i, j;

	if (co->k.srctree && gitfix_open(co->k.srctree, &git, &err) < 0) {
		pr_err("%s", err);
		free(err);
		return -1;
	}
	for (i = 0; i < cmp->n; i++) {
		struct section_cmp *sc = &cmp->sc[i];
		const char *fs = sc->cand ? section_prop(sc->cand, "FSTYP") :
				 NULL;

		for (j = 0; j < sc->n; j++) {
			struct test_verdict *v = &sc->v[j];
			struct strbuf sb = { 0 };

			if (!v->cand || !v->cand->fail)
				continue;
			if (fstests_hints_describe(co->fstests, v->test, fs, git,
						   "", &sb, &err) < 0) {
				pr_warn("%s", err);
				free(err);
				err = NULL;
			}
			if (sb.len && sb.buf[sb.len - 1] == '\n')
				sb.buf[--sb.len] = '\0';
			v->hints = sb.buf;
		}
	}
	gitfix_free(git);
	return 0;
}

static int run_compare(const struct compare_opts *co)
{
	struct side base = { 0 }, cand = { 0 };
	struct strlist notes = { 0 };
	struct comparison cmp = { 0 };
	struct report r = { 0 };
	struct strbuf out = { 0 };
	int bad = co->bisect ? EXIT_SKIP : EXIT_USAGE;
	int ret;

	ret = read_side(&co->base_paths, &base, &notes);
	if (read_side(&co->paths, &cand, &notes) || ret) {
		ret = bad;
		goto out;
	}
	if (compare_all(co, &base, &cand, &cmp, &notes) ||
	    (co->fstests && add_hints(co, &cmp))) {
		ret = EXIT_USAGE;
		goto out;
	}
	r.sc = cmp.sc;
	r.n = cmp.n;
	r.base = &base;
	r.cand = &cand;
	r.have_base = co->base_paths.n > 0;
	r.notes = &notes;
	compare_totals(cmp.sc, cmp.n, &r.totals);
	r.exit_code = compare_exit(&r.totals, co->bisect);
	if (!strcmp(co->format, "json"))
		report_json(&r, &out);
	else if (!strcmp(co->format, "ktap"))
		report_ktap(&r, &out);
	else
		report_text(&r, &out);
	ret = emit(co, &out) ? EXIT_USAGE : r.exit_code;
out:
	comparison_free(&cmp, cand.n);
	side_free(&base);
	side_free(&cand);
	strlist_free(&notes);
	sb_free(&out);
	return ret;
}

/* --map BASE=SECTION: both named */
static int add_map(const struct opt *o, const char *arg)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1]) {
		pr_err("compare: --map %s: not BASE_SECTION=SECTION", arg);
		return -1;
	}
	strlist_add(o->value, xstrdup(arg));
	return 0;
}

int do_compare(int argc, char **argv)
{
	struct compare_opts co = { .format = "text" };
	DECLARE_KERNEL_OPTIONS(kernel_options, &co.k);
	const struct opt opts[] = {
		OPT_STRLIST('b', "baseline", &co.base_paths, "PATH",
			    "results to compare with (repeat for more runs)"),
		OPT_CALLBACK(0, "map", &co.maps, "BASE=SECTION",
			     "compare baseline section BASE with SECTION",
			     add_map),
		OPT_CHOICE('f', "format", &co.format, "text|json|ktap",
			   "the report: for people (default), scripts, KTAP"),
		OPT_STRING('o', "output", &co.output, "FILE",
			   "write the report to FILE (default: stdout)"),
		OPT_BOOLEAN(0, "bisect", &co.bisect,
			    "exit status for 'git bisect run' (see below)"),
		OPT_STRING(0, "fstests", &co.fstests, "DIR",
			   "name the kernel fixes each failing test's source in\n"
			   "this fstests tree gives; with a git --srctree, say\n"
			   "whether the tree has them (a missing backport?)"),
		OPT_PARENT(kernel_options)
	};
	int i, ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0) {
		ret = parse_options_exit(argc);
		goto out;
	}
	for (i = 0; i < argc; i++)
		strlist_add(&co.paths, xstrdup(argv[i]));
	if (!co.paths.n) {
		pr_err("compare: no results given");
		ret = usage_error("compare");
		goto out;
	}
	ret = run_compare(&co);
out:
	strlist_free(&co.base_paths);
	strlist_free(&co.paths);
	strlist_free(&co.maps);
	return ret;
}
