// SPDX-License-Identifier: GPL-2.0
/* Every archived run summed up per test, as the runs stream by. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matrix/cells.h"

unsigned int cells_name(struct cells *cs, const char *name)
{
	bool added;
	int *ix = strmap_get(&cs->name_ix, name, strlen(name), true, &added);

	if (added) {
		*ix = cs->names.n;
		strlist_add(&cs->names, xstrdup(name));
	}
	return *ix;
}

/* The index of the item of key in map, pushed onto the array if new */
static unsigned int lookup(struct strmap *map, const char *key,
			   void *arrp, size_t *n, size_t *alloc, size_t size,
			   bool *added)
{
	int *ix = strmap_get(map, key, strlen(key), true, added);

	if (*added) {
		*ix = *n;
		array_push(arrp, n, alloc, size);
	}
	return *ix;
}

static struct cell_col *col_of(struct cells *cs, const struct run_record *r,
			       unsigned int *group)
{
	struct cell_group g = {
		.fs = cells_name(cs, record_get(r, "fs") ?: "unknown"),
		.section = cells_name(cs, record_get(r, "section") ?: "unknown"),
		.machine = cells_name(cs, record_get(r, "machine") ?: "unknown"),
		.setup = cells_name(cs, record_get(r, "setup") ?: "-"),
	};
	unsigned int kernel = cells_name(cs, record_get(r, "kernel") ?: "unknown");
	char key[64];
	bool added;
	unsigned int i;

	snprintf(key, sizeof(key), "%u/%u/%u/%u", g.fs, g.section, g.machine,
		 g.setup);
	*group = lookup(&cs->group_ix, key, &cs->g, &cs->ng, &cs->ag,
			sizeof(*cs->g), &added);
	if (added)
		cs->g[*group] = g;
	snprintf(key, sizeof(key), "%u/%u", *group, kernel);
	i = lookup(&cs->col_ix, key, &cs->col, &cs->ncol, &cs->acol,
		   sizeof(*cs->col), &added);
	cs->col[i].group = *group;
	cs->col[i].kernel = kernel;
	return &cs->col[i];
}

/* a[i], a growing array of unsigned ints, zeroes where new */
static unsigned int *slot_of(unsigned int **a, size_t *n, size_t i)
{
	size_t old = *n;

	if (i >= old) {
		*n = i < 16 ? 32 : 2 * i;
		*a = xrealloc(*a, *n * sizeof(**a));
		memset(*a + old, 0, (*n - old) * sizeof(**a));
	}
	return &(*a)[i];
}

/* The cell of test in column col: two array lookups once it exists */
static struct cell *cell_of(struct cells *cs, struct cell_col *col,
			    const char *test)
{
	unsigned int t = cells_name(cs, test);
	struct cell_group *g = &cs->g[col->group];
	unsigned int *tn = slot_of(&g->tix, &g->ntix, t), *ci;
	struct cell *c;

	if (!*tn)
		*tn = ++g->ntests;
	ci = slot_of(&col->cix, &col->ncix, *tn - 1);
	if (*ci)
		return &cs->c[*ci - 1];
	c = array_push(&cs->c, &cs->n, &cs->alloc, sizeof(*cs->c));
	*ci = cs->n;
	c->group = col->group;
	c->kernel = col->kernel;
	c->test = t;
	return c;
}

/*
 * The slot of a run that started at started among the newest two of
 * group g (the older moved down to make room), or NULL: older than both.
 */
static struct group_run *newest_slot(struct cell_group *g,
				     const char *started)
{
	struct group_run *r = &g->last[0];

	if (r->have && strcmp(started, r->started) < 0) {
		r = &g->last[1];
		if (r->have && strcmp(started, r->started) < 0)
			return NULL;
		free(r->failed);
	} else {
		free(g->last[1].failed);
		g->last[1] = g->last[0];
	}
	memset(r, 0, sizeof(*r));
	r->have = true;
	snprintf(r->started, sizeof(r->started), "%s", started);
	return r;
}

static void failed_in(struct group_run *r, unsigned int test)
{
	if (r)
		*(unsigned int *)array_push(&r->failed, &r->n, &r->alloc,
					    sizeof(*r->failed)) = test;
}

/*
 * The attempts of one test in a run are consecutive testcases; the
 * tests that failed go to r too (NULL: none)
 */
static void add_cases(struct cells *cs, struct cell_col *col,
		      const struct result_file *rf, bool cut_short,
		      struct group_run *r, unsigned int log)
{
	size_t i, j;

	for (i = 0; i < rf->ncases; i = j) {
		unsigned int pass = 0, fail = 0, skip = 0;
		struct cell *c;

		for (j = i; j < rf->ncases &&
		     !strcmp(rf->cases[j].name, rf->cases[i].name); j++) {
			pass += rf->cases[j].outcome == OUT_PASS;
			fail += rf->cases[j].outcome == OUT_FAIL;
			skip += rf->cases[j].outcome == OUT_NOTRUN;
		}
		c = cell_of(cs, col, rf->cases[i].name);
		c->runs += pass || fail;
		c->fail += !!fail;
		c->mixed += pass && fail;
		c->notrun += skip && !pass && !fail;
		c->crash += cut_short && j == rf->ncases;
		if (fail || (cut_short && j == rf->ncases && !pass)) {
			failed_in(r, c->test);
			c->log = log ? log : c->log;
		}
	}
}

void cells_add_run(struct cells *cs, const struct archive_run *run)
{
	const char *status = record_get(&run->rec, "status");
	unsigned int group;
	struct cell_col *col = col_of(cs, &run->rec, &group);
	bool cut_short = str_starts(status ?: "", "incomplete");
	struct group_run *r;
	unsigned int log = 0;
	size_t i;

	col->runs++;
	col->incomplete += cut_short;
	if (record_get(&run->rec, "started") &&
	    strcmp(record_get(&run->rec, "started"), col->last) > 0)
		snprintf(col->last, sizeof(col->last), "%s",
			 record_get(&run->rec, "started"));
	if (run->broken) {	/* said in its heading, left out of its cells */
		col->broken++;
		return;
	}
	if (!run->summary_only &&
	    (!run->readable || str_starts(status ?: "", "corrupt"))) {
		col->corrupt++;
		return;
	}
	r = newest_slot(&cs->g[group], record_get(&run->rec, "started") ?: "");
	if (run->summary_only) {
		col->summary++;
		for (i = 0; i < run->failed.n; i++) {
			struct cell *c = cell_of(cs, col, run->failed.v[i]);

			c->sfail++;
			failed_in(r, c->test);
		}
		return;
	}
	if (record_get(&run->rec, "logs") && run->dir) {
		strlist_add(&cs->logs, xasprintf("%s/runs/%s/logs", run->dir,
						 run->id));
		log = cs->logs.n;
	}
	add_cases(cs, col, &run->rf, cut_short && !run->rf.nmore, r, log);
	for (i = 0; i < run->rf.nmore; i++)
		add_cases(cs, col, &run->rf.more[i], false, r, log);
}

void cells_free(struct cells *cs)
{
	size_t i;

	for (i = 0; i < cs->ng; i++) {
		free(cs->g[i].tix);
		free(cs->g[i].last[0].failed);
		free(cs->g[i].last[1].failed);
	}
	for (i = 0; i < cs->ncol; i++)
		free(cs->col[i].cix);
	strmap_free(&cs->name_ix);
	strlist_free(&cs->names);
	strlist_free(&cs->logs);
	strmap_free(&cs->group_ix);
	strmap_free(&cs->col_ix);
	free(cs->g);
	free(cs->col);
	free(cs->c);
	memset(cs, 0, sizeof(*cs));
}
