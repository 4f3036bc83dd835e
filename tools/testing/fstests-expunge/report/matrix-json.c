// SPDX-License-Identifier: GPL-2.0
/* The test matrix as one JSON document. */
#include "lib/json.h"
#include "report/matrix-report.h"

static void put_kernel(const struct mx_kernel *k, struct strbuf *out)
{
	sb_puts(out, "{");
	json_key_str(out, "release", k->release);
	sb_puts(out, ", ");
	json_key_str(out, "version", *k->version ? k->version : NULL);
	sb_printf(out, ", \"runs\": %u, \"incomplete\": %u, \"corrupt\": %u}",
		  k->col->runs, k->col->incomplete, k->col->corrupt);
}

static void put_cell(const struct mx_kernel *k, const struct mx_cell *cell,
		     struct strbuf *out)
{
	const struct cell *c = cell->c;

	sb_puts(out, "{");
	json_key_str(out, "kernel", k->release);
	sb_puts(out, ", ");
	json_key_str(out, "class", cell_class_name(cell->cls));
	sb_printf(out, ", \"runs\": %u, \"failures\": %u, \"notrun\": %u",
		  c ? c->runs : 0, c ? c->fail : 0, c ? c->notrun : 0);
	if (c && c->runs)
		sb_printf(out, ", \"rate\": %.4f", (double)c->fail / c->runs);
	else
		sb_puts(out, ", \"rate\": null");
	sb_puts(out, ", ");
	json_key_str(out, "data", cell->why);
	sb_puts(out, "}");
}

static void put_test(const struct mx_table *t, const struct mx_test *test,
		     struct strbuf *out)
{
	size_t i;

	sb_puts(out, "{");
	json_key_str(out, "test", test->name);
	sb_puts(out, ", ");
	json_key_str(out, "first_failing", test->first_fail);
	sb_puts(out, ", \"cells\": [");
	for (i = 0; i < t->nk; i++) {
		sb_puts(out, i ? ", " : "");
		put_cell(&t->k[i], &test->cells[i], out);
	}
	sb_puts(out, "]}");
}

static void put_table(const struct mx_table *t, struct strbuf *out)
{
	size_t i;

	sb_puts(out, "{");
	json_key_str(out, "fs", t->fs);
	sb_puts(out, ", ");
	json_key_str(out, "section", t->section);
	sb_puts(out, ", ");
	json_key_str(out, "machine", t->machine);
	sb_puts(out, ",\n   \"kernels\": [");
	for (i = 0; i < t->nk; i++) {
		sb_puts(out, i ? ", " : "");
		put_kernel(&t->k[i], out);
	}
	sb_puts(out, "],\n   \"tests\": [");
	for (i = 0; i < t->nt; i++) {
		sb_puts(out, i ? ",\n    " : "\n    ");
		put_test(t, &t->t[i], out);
	}
	sb_puts(out, "]}");
}

void matrix_json(const struct matrix *m, struct strbuf *out)
{
	size_t i;

	sb_printf(out, "{\"runs\": %lu, \"matrices\": [", m->runs);
	for (i = 0; i < m->n; i++) {
		sb_puts(out, i ? ",\n  " : "\n  ");
		put_table(&m->tab[i], out);
	}
	sb_puts(out, "]}\n");
}
