// SPDX-License-Identifier: GPL-2.0
/* The class of each cell of the matrix, with the data's help. */
#include <stdlib.h>
#include <string.h>

#include "entries/for-kernel.h"
#include "matrix/matrix-class.h"

static enum cell_class class_of(const struct cell *c,
				const struct applied *a)
{
	if (!c || !c->runs) {
		if (c && c->crash)
			return CL_CRASH;
		if (c && c->sfail)	/* failures a summary names, no pass */
			return a ? CL_KNOWN : CL_FAIL;
		return a && a->kind == KIND_EXPUNGE ? CL_EXPUNGED : CL_NOTRUN;
	}
	if (c->crash && c->fail)
		return CL_CRASH;
	if (!c->fail)
		return CL_PASS;
	if (c->fail < c->runs || c->mixed)
		return CL_FLAKY;
	return a ? CL_KNOWN : CL_FAIL;
}

/* The cells of column i of t, with the data for its kernel */
static void class_column(struct matrix *m, struct mx_table *t, size_t i,
			 const struct applied_set *set)
{
	size_t j;

	for (j = 0; j < t->nt; j++) {
		struct mx_cell *cell = &t->t[j].cells[i];
		const struct applied *a = set ? applied_find(set,
							     t->t[j].name) : NULL;
		struct strbuf why = { 0 };

		cell->cls = class_of(cell->c, a);
		if (a && (cell->cls == CL_KNOWN || cell->cls == CL_EXPUNGED ||
			  cell->cls == CL_FLAKY)) {
			entry_describe(a->entry, &why);
			strlist_add(&m->whys, why.buf);
			cell->why = why.buf;
		}
		if (cell->c && (cell->c->fail || cell->c->sfail) &&
		    !t->t[j].first_fail)
			t->t[j].first_fail = t->k[i].release;
	}
}

static int test_cmp(const void *a, const void *b)
{
	return strcmp(((const struct mx_test *)a)->name,
		      ((const struct mx_test *)b)->name);
}

/*
 * fstests leaves an expunged test out of result.xml: a row for each
 * test the data expunges on some kernel of the table, if it has none.
 */
static void add_expunged(struct matrix *m, struct mx_table *t,
			 struct applied_set *const *sets)
{
	struct strmap added = { 0 };
	size_t j, i, n = t->nt;
	bool fresh;

	for (j = 0; j < t->nk; j++) {
		for (i = 0; sets[j] && i < sets[j]->n; i++) {
			const struct applied *a = &sets[j]->a[i];
			struct mx_test key = { .name = a->test }, *row;
			unsigned int name;

			if (a->kind != KIND_EXPUNGE ||
			    bsearch(&key, t->t, n, sizeof(*t->t), test_cmp))
				continue;
			strmap_get(&added, a->test, strlen(a->test), true, &fresh);
			if (!fresh)
				continue;
			t->t = xrealloc(t->t, (t->nt + 1) * sizeof(*t->t));
			row = &t->t[t->nt++];
			memset(row, 0, sizeof(*row));
			/* first: a new name may move names.v */
			name = cells_name(&m->cs, a->test);
			row->name = m->cs.names.v[name];
			row->cells = xcalloc(t->nk + 1, sizeof(*row->cells));
		}
	}
	qsort(t->t, t->nt, sizeof(*t->t), test_cmp);
	strmap_free(&added);
}

/*
 * The entries of a kernel's data for a section, selected once: the
 * tables of other machines and set-ups share them
 */
struct sel_cache {
	struct strmap ix;	/* "KDATA/SECTION": index + 1 in sets */
	struct applied_set **sets;
	size_t n, alloc;
};

static struct applied_set *section_set(struct sel_cache *sc,
				       const struct kdata *kd,
				       const char *section)
{
	char *key = xasprintf("%p/%s", (const void *)kd, section);
	bool added;
	int *ix = strmap_get(&sc->ix, key, strlen(key), true, &added);
	struct applied_set *set;

	free(key);
	if (!added)
		return sc->sets[*ix];
	set = xcalloc(1, sizeof(*set));
	select_section(&kd->sel, section, set);
	*(struct applied_set **)array_push(&sc->sets, &sc->n, &sc->alloc,
					   sizeof(*sc->sets)) = set;
	*ix = sc->n - 1;
	return set;
}

static void sel_cache_free(struct sel_cache *sc)
{
	size_t i;

	for (i = 0; i < sc->n; i++) {
		applied_free(sc->sets[i]);
		free(sc->sets[i]);
	}
	free(sc->sets);
	strmap_free(&sc->ix);
}

/* The data for each kernel of t: sets[j] for kernel j, or NULL: none */
static int table_data(struct kdata_cache *kc, struct sel_cache *sc,
		      const struct mx_table *t, struct applied_set **sets,
		      char **err)
{
	size_t j;

	for (j = 0; j < t->nk; j++) {
		const struct kdata *kd = kdata_for_results(kc, t->fs,
							   t->k[j].release,
							   err);

		if (!kd)
			return -1;
		if (kd->have_sel)
			sets[j] = section_set(sc, kd, t->section);
	}
	return 0;
}

int matrix_classify(struct matrix *m, const char *data, char **err)
{
	struct kernel_opts ko = { .data = data };
	struct sel_cache sc = { 0 };
	struct kdata_cache kc;
	size_t i, j;
	int ret = 0;

	kdata_init(&kc, &ko);
	for (i = 0; i < m->n && !ret; i++) {
		struct mx_table *t = &m->tab[i];
		struct applied_set **sets = xcalloc(t->nk + 1, sizeof(*sets));

		ret = table_data(&kc, &sc, t, sets, err);
		if (!ret)
			add_expunged(m, t, sets);
		for (j = 0; j < t->nk && !ret; j++)
			class_column(m, t, j, sets[j]);
		free(sets);
	}
	sel_cache_free(&sc);
	kdata_free(&kc);
	return ret;
}
