// SPDX-License-Identifier: GPL-2.0
/*
 * The compare report as JSON: its shape is an interface, documented in
 * Documentation/filesystems/testing/fstests-expunge.rst (JSON REPORT);
 * a change to it changes "version".
 */
#include <stdlib.h>
#include <string.h>

#include "entries/entry-json.h"
#include "lib/json.h"
#include "report/report.h"

#define JSON_VERSION	2

static void counts(struct strbuf *sb, const size_t *count)
{
	size_t k;

	sb_puts(sb, "{");
	for (k = 0; k < NR_CLS; k++)
		sb_printf(sb, "%s\"%s\": %zu", k ? ", " : "", cls_name(k),
			  count[k]);
	sb_puts(sb, "}");
}

static void attempts(struct strbuf *sb, const char *prefix,
		     const struct tally *t)
{
	if (t)
		sb_printf(sb, ", \"%sattempts\": %u, \"%sfailed\": %u", prefix,
			  t->pass + t->fail, prefix, t->fail);
	else
		sb_printf(sb, ", \"%sattempts\": null, \"%sfailed\": null",
			  prefix, prefix);
}

/* "hints": the fix lines of compare --fstests, or null */
static void hint_list(struct strbuf *sb, const char *hints)
{
	const char *p, *nl;
	bool first = true;

	sb_puts(sb, ", \"hints\": ");
	if (!hints) {
		sb_puts(sb, "null");
		return;
	}
	sb_puts(sb, "[");
	for (p = hints; *p; p = nl + 1) {
		char *line;

		nl = strchrnul(p, '\n');
		line = xstrndup(p, nl - p);
		sb_puts(sb, first ? "" : ", ");
		json_str(sb, trim(line));
		free(line);
		first = false;
		if (!*nl)
			break;
	}
	sb_puts(sb, "]");
}

static void result(struct strbuf *sb, const struct test_verdict *v, bool first)
{
	const struct tally *fail = v->cand && v->cand->fail ? v->cand :
				   v->base;

	sb_printf(sb, "%s\n        {", first ? "" : ",");
	json_key_str(sb, "test", v->test);
	sb_puts(sb, ", ");
	json_key_str(sb, "class", cls_name(v->cls));
	sb_puts(sb, ", ");
	json_key_str(sb, "note", v->note);
	attempts(sb, "", v->cand);
	attempts(sb, "baseline_", v->base);
	sb_puts(sb, ", ");
	json_key_str(sb, "message", fail && fail->fail ? fail->msg : NULL);
	sb_puts(sb, ", ");
	json_key_str(sb, "detail", fail && fail->fail ? fail->detail : NULL);
	sb_puts(sb, ", ");
	json_key_str(sb, "out_bad", fail && fail->fail ? fail->out_bad : NULL);
	sb_puts(sb, ", ");
	json_key_str(sb, "not_run_reason", v->cand ? v->cand->notrun_msg : NULL);
	hint_list(sb, v->hints);
	sb_puts(sb, ", \"entry\": ");
	if (v->data && v->data->kind != KIND_EXPUNGE)
		json_entry(sb, v->data->entry);
	else
		sb_puts(sb, "null");
	sb_puts(sb, "}");
}

/* ",\n      \"key\": [ "..." ]": a list of strings, maybe none */
static void jlist(struct strbuf *sb, const char *key, const struct strlist *l)
{
	size_t i;

	sb_printf(sb, ",\n      \"%s\": [", key);
	for (i = 0; l && i < l->n; i++) {
		sb_puts(sb, i ? ", " : "");
		json_str(sb, l->v[i]);
	}
	sb_puts(sb, "]");
}

static void section(struct strbuf *sb, const struct section_cmp *sc,
		    bool all)
{
	bool first = true;
	size_t i;

	sb_puts(sb, "\n    {");
	json_key_str(sb, "section", sc->name);
	sb_puts(sb, ", ");
	json_key_str(sb, "baseline_section", sc->base_name);
	sb_printf(sb, ", \"in_baseline\": %s, \"in_run\": %s, \"tests\": %zu, ",
		  sc->base ? "true" : "false", sc->cand ? "true" : "false",
		  sc->tests);
	json_key_str(sb, "data", sc->data);
	jlist(sb, "incomplete", sc->cand ? &sc->cand->incomplete : NULL);
	jlist(sb, "baseline_incomplete",
	      sc->base ? &sc->base->incomplete : NULL);
	sb_puts(sb, ",\n      \"environment\": [");
	for (i = 0; i < sc->nenv; i++) {
		sb_puts(sb, i ? ", {" : "{");
		json_key_str(sb, "property", sc->env[i].name);
		sb_puts(sb, ", ");
		json_key_str(sb, "baseline", sc->env[i].base);
		sb_puts(sb, ", ");
		json_key_str(sb, "run", sc->env[i].cand);
		sb_puts(sb, "}");
	}
	sb_puts(sb, "],\n      \"counts\": ");
	counts(sb, sc->count);
	sb_puts(sb, ",\n      \"results\": [");
	for (i = 0; i < sc->n; i++) {
		if (sc->v[i].cls == CLS_PASS && !all)
			continue;
		result(sb, &sc->v[i], first);
		first = false;
	}
	sb_puts(sb, first ? "]}" : "\n      ]}");
}

/* A duration in seconds, or null */
static void seconds(struct strbuf *sb, double t)
{
	if (t < 0)
		sb_puts(sb, "null");
	else
		sb_printf(sb, "%.3f", t);
}

/* "side": [ { "name", "duration", "files": [ { "path", ... } ] } ] */
static void runs(struct strbuf *sb, const char *side, const struct side *sd)
{
	size_t i, j;

	sb_printf(sb, "\"%s\": [", side);
	for (i = 0; i < sd->nruns; i++) {
		const struct side_run *r = &sd->runs[i];
		double total = 0;

		for (j = 0; j < r->n && total >= 0; j++)
			total = r->f[j].time < 0 ? -1 : total + r->f[j].time;
		sb_puts(sb, i ? ",\n    {" : "\n    {");
		json_key_str(sb, "name", r->name);
		sb_puts(sb, ", \"duration\": ");
		seconds(sb, total);
		sb_puts(sb, ", \"files\": [");
		for (j = 0; j < r->n; j++) {
			sb_puts(sb, j ? ", {" : "{");
			json_key_str(sb, "path", r->f[j].path);
			sb_puts(sb, ", ");
			json_key_str(sb, "section", r->f[j].section);
			sb_puts(sb, ", \"duration\": ");
			seconds(sb, r->f[j].time);
			sb_puts(sb, "}");
		}
		sb_puts(sb, "]}");
	}
	sb_puts(sb, "]");
}

void report_json(const struct report *r, struct strbuf *out)
{
	size_t i;

	sb_printf(out, "{\n  \"version\": %d,\n  \"exit\": %d,\n",
		  JSON_VERSION, r->exit_code);
	sb_printf(out, "  \"files\": {\"baseline\": %u, \"run\": %u},\n",
		  r->base->files, r->cand->files);
	sb_puts(out, "  \"runs\": {");
	runs(out, "baseline", r->base);
	sb_puts(out, ",\n   ");
	runs(out, "run", r->cand);
	sb_puts(out, "},\n");
	sb_puts(out, "  \"notes\": [");
	for (i = 0; r->notes && i < r->notes->n; i++) {
		sb_puts(out, i ? ", " : "");
		json_str(out, r->notes->v[i]);
	}
	sb_puts(out, "],\n  \"totals\": ");
	counts(out, r->totals.count);
	sb_puts(out, ",\n  \"sections\": [");
	for (i = 0; i < r->n; i++) {
		section(out, &r->sc[i], r->all);
		if (i + 1 < r->n)
			sb_puts(out, ",");
	}
	sb_puts(out, r->n ? "\n  ]\n}\n" : "]\n}\n");
}
