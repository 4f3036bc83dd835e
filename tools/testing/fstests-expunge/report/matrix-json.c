// SPDX-License-Identifier: GPL-2.0
/* The test matrix as one JSON document. */
#include "lib/json-writer.h"
#include "report/matrix-report.h"

static void put_kernel(struct json_writer *w, const struct mx_kernel *k)
{
	jsonw_start_object(w);
	jsonw_string_field(w, "release", k->release);
	jsonw_string_field(w, "version", *k->version ? k->version : NULL);
	jsonw_uint_field(w, "runs", k->col->runs);
	jsonw_uint_field(w, "incomplete", k->col->incomplete);
	jsonw_uint_field(w, "corrupt", k->col->corrupt);
	jsonw_uint_field(w, "summary_only", k->col->summary);
	jsonw_uint_field(w, "broken", k->col->broken);
	jsonw_string_field(w, "newest_run", *k->col->last ? k->col->last : NULL);
	jsonw_end_object(w);
}

static void put_cell(struct json_writer *w, const struct mx_kernel *k,
		     const struct mx_cell *cell)
{
	const struct cell *c = cell->c;

	jsonw_start_object(w);
	jsonw_string_field(w, "kernel", k->release);
	jsonw_string_field(w, "class", cell_class_name(cell->cls));
	jsonw_uint_field(w, "runs", c ? c->runs : 0);
	jsonw_uint_field(w, "failures", c ? c->fail : 0);
	jsonw_uint_field(w, "notrun", c ? c->notrun : 0);
	jsonw_uint_field(w, "summary_failures", c ? c->sfail : 0);
	jsonw_name(w, "rate");
	if (c && c->runs)
		jsonw_float(w, 4, (double)c->fail / c->runs);
	else
		jsonw_null(w);
	jsonw_string_field(w, "data", cell->why);
	jsonw_end_object(w);
}

static void put_test(struct json_writer *w, const struct mx_table *t,
		     const struct mx_test *test)
{
	size_t i;

	jsonw_start_object(w);
	jsonw_string_field(w, "test", test->name);
	jsonw_string_field(w, "first_failing", test->first_fail);
	jsonw_bool_field(w, "new_since_previous_run", test->new_run);
	jsonw_name(w, "cells");
	jsonw_start_array(w);
	for (i = 0; i < t->nk; i++)
		put_cell(w, &t->k[i], &test->cells[i]);
	jsonw_end_array(w);
	jsonw_end_object(w);
}

/* A table: its kernels on a line, then each test on a line of its own */
static void put_table(struct json_writer *w, const struct mx_table *t)
{
	size_t i;

	jsonw_start_object(w);
	jsonw_string_field(w, "fs", t->fs);
	jsonw_string_field(w, "section", t->section);
	jsonw_string_field(w, "machine", t->machine);
	jsonw_string_field(w, "setup", t->setup);
	jsonw_break(w, "\n   ");
	jsonw_name(w, "kernels");
	jsonw_start_array(w);
	for (i = 0; i < t->nk; i++)
		put_kernel(w, &t->k[i]);
	jsonw_end_array(w);
	jsonw_break(w, "\n   ");
	jsonw_name(w, "tests");
	jsonw_start_array(w);
	for (i = 0; i < t->nt; i++) {
		jsonw_break(w, "\n    ");
		put_test(w, t, &t->t[i]);
	}
	jsonw_end_array(w);
	jsonw_end_object(w);
}

void matrix_json(const struct matrix *m, struct strbuf *out)
{
	struct json_writer w;
	size_t i;

	jsonw_init(&w, out);
	jsonw_start_object(&w);
	jsonw_uint_field(&w, "runs", m->runs);
	jsonw_name(&w, "matrices");
	jsonw_start_array(&w);
	for (i = 0; i < m->n; i++) {
		jsonw_break(&w, "\n  ");
		put_table(&w, &m->tab[i]);
	}
	jsonw_end_array(&w);
	jsonw_end_object(&w);
	sb_puts(out, "\n");
}
