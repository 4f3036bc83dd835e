// SPDX-License-Identifier: GPL-2.0
/* The test matrix: the archives' runs as tables of tests x kernels. */
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "matrix/matrix.h"
#include "results/result-logs.h"

const char *const *const mx_log_exts = log_exts;

/* Which logs of test the run's logs/ at dir holds: regular files only */
static void cell_logs(const char *dir, const char *test, struct mx_cell *cell)
{
	char *stem = log_stem(test);
	const char *id, *end;

	if (!stem)
		return;
	cell->logs = logs_in(dir, stem);
	/* dir is ARCHIVE/runs/ID/logs */
	end = dir + strlen(dir) - strlen("/logs");
	id = end - 16;
	if (cell->logs && id > dir) {
		cell->log_src = xasprintf("%s/%s", dir, stem);
		cell->log_page = xasprintf("logs/%.*s-%s", (int)(end - id), id,
					   stem);
	} else {
		cell->logs = 0;
	}
	free(stem);
}

static bool want(const struct run_record *rec, const struct matrix_opts *o)
{	const char *fs = record_get(rec, "fs");
	const char *section = record_get(rec, "section");
	const char *kernel = record_get(rec, "kernel");

	return (!o->fs || str_same(fs, o->fs)) &&
		(!o->section || str_same(section, o->section)) &&
		(!o->kernel || (kernel && !fnmatch(o->kernel, kernel, 0)));
}

struct walk {
	struct matrix *m;
	const struct matrix_opts *o;
};

static int add(struct archive_run *run, void *arg)
{
	struct walk *w = arg;

	cells_add_run(&w->m->cs, run);
	w->m->runs++;
	return 0;
}

static bool want_run(const struct run_record *rec, void *arg)
{
	return want(rec, ((struct walk *)arg)->o);
}

static int kernel_cmp(const void *a, const void *b)
{
	const struct mx_kernel *x = a, *y = b;
	int c = kver_cmp(&x->v, &y->v);

	return c ? c : strcmp(x->release, y->release);
}

static int test_cmp(const void *a, const void *b)
{
	return strcmp(((const struct mx_test *)a)->name,
		      ((const struct mx_test *)b)->name);
}

static int table_cmp(const void *a, const void *b)
{
	const struct mx_table *x = a, *y = b;
	int c = strcmp(x->fs, y->fs);

	if (!c)
		c = strcmp(x->section, y->section);
	if (!c)
		c = strcmp(x->machine, y->machine);
	return c ? c : strcmp(x->setup, y->setup);
}

/* The kernels of group g, oldest first; kpos: a kernel's column */
static void table_kernels(struct matrix *m, struct mx_table *t,
			  unsigned int g, int *kpos)
{
	size_t i, n = 0;

	for (i = 0; i < m->cs.ncol; i++)
		n += m->cs.col[i].group == g;
	t->k = xcalloc(n + 1, sizeof(*t->k));
	for (i = 0; i < m->cs.ncol; i++) {
		struct mx_kernel *k = &t->k[t->nk];

		if (m->cs.col[i].group != g)
			continue;
		t->nk++;
		k->release = m->cs.names.v[m->cs.col[i].kernel];
		k->col = &m->cs.col[i];
		if (!kver_parse_prefix(k->release, &k->v, NULL))
			kver_str(&k->v, k->version);
	}
	qsort(t->k, t->nk, sizeof(*t->k), kernel_cmp);
	for (i = 0; i < t->nk; i++)
		kpos[t->k[i].col->kernel] = i;
}

/*
 * The tests that failed in the table's newest run, and not in the run
 * before it (passed, not run, or not there). tpos: all -1, as it is left.
 */
static void new_since_previous_run(struct matrix *m, struct mx_table *t,
				   int *tpos)
{
	const struct group_run *now = &t->last[0], *before = &t->last[1];
	size_t i;

	if (!before->have)
		return;
	for (i = 0; i < t->nt; i++)
		tpos[cells_name(&m->cs, t->t[i].name)] = i;
	for (i = 0; i < now->n; i++)
		if (tpos[now->failed[i]] >= 0)
			t->t[tpos[now->failed[i]]].new_run = true;
	for (i = 0; i < before->n; i++)
		if (tpos[before->failed[i]] >= 0)
			t->t[tpos[before->failed[i]]].new_run = false;
	for (i = 0; i < t->nt; i++)
		tpos[cells_name(&m->cs, t->t[i].name)] = -1;
}

/* The tests of group g, by name, each with a cell per kernel */
static void table_tests(struct matrix *m, struct mx_table *t,
			unsigned int g, const int *kpos, int *tpos)
{
	size_t i, n = 0;

	for (i = 0; i < m->cs.n; i++)
		if (m->cs.c[i].group == g && tpos[m->cs.c[i].test] < 0)
			tpos[m->cs.c[i].test] = n++;
	t->t = xcalloc(n + 1, sizeof(*t->t));
	for (i = 0; i < m->cs.n; i++) {
		const struct cell *c = &m->cs.c[i];

		if (c->group == g && !t->t[tpos[c->test]].name)
			t->t[tpos[c->test]].name = m->cs.names.v[c->test];
	}
	t->nt = n;
	qsort(t->t, n, sizeof(*t->t), test_cmp);
	for (i = 0; i < n; i++) {
		tpos[cells_name(&m->cs, t->t[i].name)] = i;
		t->t[i].cells = xcalloc(t->nk + 1, sizeof(*t->t[i].cells));
	}
	for (i = 0; i < m->cs.n; i++) {
		const struct cell *c = &m->cs.c[i];

		if (c->group != g)
			continue;
		t->t[tpos[c->test]].cells[kpos[c->kernel]].c = c;
		if (c->log)
			cell_logs(m->cs.logs.v[c->log - 1], t->t[tpos[c->test]].name,
				  &t->t[tpos[c->test]].cells[kpos[c->kernel]]);
	}
	for (i = 0; i < n; i++)
		tpos[cells_name(&m->cs, t->t[i].name)] = -1;
	new_since_previous_run(m, t, tpos);
}

static void tables(struct matrix *m)
{
	size_t names = m->cs.names.n + 1, g;
	int *kpos = xcalloc(names, sizeof(*kpos));
	int *tpos = xmalloc(names * sizeof(*tpos));

	memset(tpos, 0xff, names * sizeof(*tpos));
	m->tab = xcalloc(m->cs.ng + 1, sizeof(*m->tab));
	for (g = 0; g < m->cs.ng; g++) {
		struct mx_table *t = &m->tab[m->n++];

		t->fs = m->cs.names.v[m->cs.g[g].fs];
		t->section = m->cs.names.v[m->cs.g[g].section];
		t->machine = m->cs.names.v[m->cs.g[g].machine];
		t->setup = m->cs.names.v[m->cs.g[g].setup];
		t->last = m->cs.g[g].last;
		table_kernels(m, t, g, kpos);
		table_tests(m, t, g, kpos, tpos);
	}
	qsort(m->tab, m->n, sizeof(*m->tab), table_cmp);
	free(kpos);
	free(tpos);
}

int matrix_build(const struct matrix_opts *o, char *const *archives,
		 size_t n, struct matrix *m, char **err)
{
	struct walk w = { m, o };
	size_t i;

	for (i = 0; i < n; i++)
		if (archive_each(archives[i], want_run, add, &w, err))
			return -1;
	tables(m);
	return 0;
}

void matrix_free(struct matrix *m)
{
	size_t i, j, k;

	for (i = 0; i < m->n; i++) {
		for (j = 0; j < m->tab[i].nt; j++) {
			for (k = 0; k < m->tab[i].nk; k++) {
				free(m->tab[i].t[j].cells[k].log_src);
				free(m->tab[i].t[j].cells[k].log_page);
			}
			free(m->tab[i].t[j].cells);
		}
		free(m->tab[i].t);
		free(m->tab[i].k);
	}
	free(m->tab);
	cells_free(&m->cs);
	strlist_free(&m->whys);
	memset(m, 0, sizeof(*m));
}

const char *cell_class_name(enum cell_class cls)
{
	static const char *const names[] = {
		[CL_PASS] = "pass", [CL_FAIL] = "fail", [CL_FLAKY] = "flaky",
		[CL_KNOWN] = "known", [CL_EXPUNGED] = "expunged",
		[CL_NOTRUN] = "notrun", [CL_CRASH] = "crash",
	};

	return names[cls];
}
