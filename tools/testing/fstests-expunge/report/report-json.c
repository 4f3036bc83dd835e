// SPDX-License-Identifier: GPL-2.0
/*
 * The compare report as JSON: its shape is an interface, documented in
 * Documentation/filesystems/testing/fstests-expunge.rst (JSON REPORT);
 * a change to it changes "version".
 */
#include <stdlib.h>
#include <string.h>

#include "entries/entry-json.h"
#include "lib/json-writer.h"
#include "report/report.h"
#include "report/verdict.h"

#define JSON_VERSION	4
/*
 * The layout: the report's members on lines of their own, each section
 * on one, from its lists on a line each, and each result on one.
 */
#define TOP	"\n  "
#define SECTION	"\n    "
#define LIST	"\n      "
#define RESULT	"\n        "

/* name: { "class": count, ... } for every class */
static void counts(struct json_writer *w, const char *name,
		   const size_t *count)
{
	size_t k;

	jsonw_name(w, name);
	jsonw_start_object(w);
	for (k = 0; k < NR_CLS; k++)
		jsonw_uint_field(w, cls_name(k), count[k]);
	jsonw_end_object(w);
}

/* PREFIXattempts, PREFIXfailed and PREFIXcrashed of a tally, or null */
static void attempts(struct json_writer *w, const char *prefix,
		     const struct tally *t)
{
	char *a = xasprintf("%sattempts", prefix);
	char *f = xasprintf("%sfailed", prefix);
	char *c = xasprintf("%scrashed", prefix);

	if (t) {
		jsonw_uint_field(w, a, t->pass + t->fail);
		jsonw_uint_field(w, f, t->fail);
		jsonw_uint_field(w, c, t->crashed);
	} else {
		jsonw_null_field(w, a);
		jsonw_null_field(w, f);
		jsonw_null_field(w, c);
	}
	free(a);
	free(f);
	free(c);
}

/*
 * "logs": {"out_bad": PATH, "dmesg": PATH, "full": PATH} of a failure,
 * each null when not found; null when the test did not fail
 */
static void logs(struct json_writer *w, const struct tally *fail)
{
	/* the names of log_exts[] as JSON names */
	static const char *const names[NR_LOGS] = { "out_bad", "dmesg", "full" };
	size_t i;

	if (!fail) {
		jsonw_null_field(w, "logs");
		return;
	}
	jsonw_name(w, "logs");
	jsonw_start_object(w);
	for (i = 0; i < NR_LOGS; i++)
		jsonw_string_field(w, names[i], fail->log[i]);
	jsonw_end_object(w);
}

static void result(struct json_writer *w, const struct test_verdict *v)
{
	const struct tally *fail = v->cand && v->cand->fail ? v->cand :
				   v->base;
	bool failed = fail && fail->fail;

	jsonw_break(w, RESULT);
	jsonw_start_object(w);
	jsonw_string_field(w, "test", v->test);
	jsonw_string_field(w, "class", cls_name(v->cls));
	jsonw_string_field(w, "note", v->note);
	attempts(w, "", v->cand);
	attempts(w, "baseline_", v->base);
	jsonw_string_field(w, "message", failed ? fail->msg : NULL);
	jsonw_string_field(w, "detail", failed ? fail->detail : NULL);
	jsonw_string_field(w, "out_bad", failed ? fail->log[0] : NULL);
	logs(w, failed ? fail : NULL);
	jsonw_string_field(w, "not_run_reason",
			   v->cand ? v->cand->notrun_msg : NULL);
	report_hints_json(w, v->hints);
	report_lines_json(w, "elsewhere", v->elsewhere);
	jsonw_name(w, "entry");
	if (v->data && v->data->kind != KIND_EXPUNGE)
		jsonw_entry(w, v->data->entry);
	else
		jsonw_null(w);
	jsonw_end_object(w);
}

/* name: [ "...", ... ]: a list of strings, maybe none */
static void jlist(struct json_writer *w, const char *name,
		  const struct strlist *l)
{
	size_t i;

	jsonw_name(w, name);
	jsonw_start_array(w);
	for (i = 0; l && i < l->n; i++)
		jsonw_string(w, l->v[i]);
	jsonw_end_array(w);
}

/* "environment": the properties that differ between the sides */
static void environment(struct json_writer *w, const struct section_cmp *sc)
{
	size_t i;

	jsonw_break(w, LIST);
	jsonw_name(w, "environment");
	jsonw_start_array(w);
	for (i = 0; i < sc->nenv; i++) {
		jsonw_start_object(w);
		jsonw_string_field(w, "property", sc->env[i].name);
		jsonw_string_field(w, "baseline", sc->env[i].base);
		jsonw_string_field(w, "run", sc->env[i].cand);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void section(struct json_writer *w, const struct section_cmp *sc,
		    bool all)
{
	bool any = false;
	size_t i;

	jsonw_break(w, SECTION);
	jsonw_start_object(w);
	jsonw_string_field(w, "section", sc->name);
	jsonw_string_field(w, "baseline_section", sc->base_name);
	jsonw_bool_field(w, "in_baseline", sc->base);
	jsonw_bool_field(w, "in_run", sc->cand);
	jsonw_uint_field(w, "tests", sc->tests);
	jsonw_string_field(w, "data", sc->data);
	jsonw_break(w, LIST);
	jlist(w, "incomplete", &sc->cand->incomplete);
	jsonw_break(w, LIST);
	jlist(w, "baseline_incomplete",
	      sc->base ? &sc->base->incomplete : NULL);
	environment(w, sc);
	jsonw_break(w, LIST);
	counts(w, "counts", sc->count);
	jsonw_break(w, LIST);
	jsonw_name(w, "results");
	jsonw_start_array(w);
	for (i = 0; i < sc->n; i++) {
		if (sc->v[i].cls != CLS_PASS || all) {
			result(w, &sc->v[i]);
			any = true;
		}
	}
	if (any)
		jsonw_break(w, LIST);
	jsonw_end_array(w);
	jsonw_end_object(w);
}

/* name: a duration in seconds, or null */
static void seconds(struct json_writer *w, const char *name, double t)
{
	jsonw_name(w, name);
	if (t < 0)
		jsonw_null(w);
	else
		jsonw_float(w, 3, t);
}

/* side: [ { "name", "duration", "files": [ { "path", ... } ] } ] */
static void runs(struct json_writer *w, const char *side,
		 const struct side *sd)
{
	size_t i, j;

	jsonw_name(w, side);
	jsonw_start_array(w);
	for (i = 0; i < sd->nruns; i++) {
		const struct side_run *r = &sd->runs[i];
		double total = 0;

		for (j = 0; j < r->n && total >= 0; j++)
			total = r->f[j].time < 0 ? -1 : total + r->f[j].time;
		jsonw_break(w, SECTION);
		jsonw_start_object(w);
		jsonw_string_field(w, "name", r->name);
		seconds(w, "duration", total);
		jsonw_name(w, "files");
		jsonw_start_array(w);
		for (j = 0; j < r->n; j++) {
			jsonw_start_object(w);
			jsonw_string_field(w, "path", r->f[j].path);
			jsonw_string_field(w, "section", r->f[j].section);
			seconds(w, "duration", r->f[j].time);
			jsonw_end_object(w);
		}
		jsonw_end_array(w);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

/* "kernels": { "baseline": [ ... ], "run": [ ... ] } */
static void kernels(struct json_writer *w, const struct report *r)
{
	struct strlist b = { 0 }, c = { 0 };

	side_kernels(r->base, &b);
	side_kernels(r->cand, &c);
	jsonw_name(w, "kernels");
	jsonw_start_object(w);
	jlist(w, "baseline", &b);
	jlist(w, "run", &c);
	jsonw_end_object(w);
	strlist_free(&b);
	strlist_free(&c);
}

void report_json(const struct report *r, struct strbuf *out)
{
	struct json_writer w;
	size_t i;

	jsonw_init(&w, out);
	jsonw_start_object(&w);
	jsonw_break(&w, TOP);
	jsonw_int_field(&w, "version", JSON_VERSION);
	jsonw_break(&w, TOP);
	jsonw_int_field(&w, "exit", r->exit_code);
	jsonw_break(&w, TOP);
	jsonw_name(&w, "files");
	jsonw_start_object(&w);
	jsonw_uint_field(&w, "baseline", r->base->files);
	jsonw_uint_field(&w, "run", r->cand->files);
	jsonw_end_object(&w);
	jsonw_break(&w, TOP);
	kernels(&w, r);
	jsonw_break(&w, TOP);
	jsonw_name(&w, "runs");
	jsonw_start_object(&w);
	runs(&w, "baseline", r->base);
	jsonw_break(&w, "\n   ");
	runs(&w, "run", r->cand);
	jsonw_end_object(&w);
	jsonw_break(&w, TOP);
	jlist(&w, "notes", r->notes);
	jsonw_break(&w, TOP);
	jlist(&w, "not_in_baseline", r->not_in_base);
	jsonw_break(&w, TOP);
	jlist(&w, "not_in_run", r->not_in_run);
	jsonw_break(&w, TOP);
	counts(&w, "totals", r->totals.count);
	jsonw_break(&w, TOP);
	jsonw_name(&w, "sections");
	jsonw_start_array(&w);
	for (i = 0; i < r->n; i++)
		section(&w, &r->sc[i], r->all);
	if (r->n)
		jsonw_break(&w, TOP);
	jsonw_end_array(&w);
	jsonw_break(&w, "\n");
	jsonw_end_object(&w);
	sb_puts(out, "\n");
}
