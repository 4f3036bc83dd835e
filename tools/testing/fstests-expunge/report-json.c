// SPDX-License-Identifier: GPL-2.0
/*
 * The compare report as JSON. The field names are an interface:
 * { "version": 1, "exit": N, "files": { "baseline": N, "run": N },
 *   "notes": [ "..." ], "totals": { CLASS: N, ... },
 *   "sections": [ { "section", "baseline_section", "in_baseline",
 *     "in_run", "tests", "data", "incomplete": [ "..." ],
 *     "environment": [ { "property", "baseline", "run" } ],
 *     "counts": { CLASS: N, ... },
 *     "results": [ { "test", "class", "note", "attempts", "failed",
 *       "baseline_attempts", "baseline_failed", "message", "detail",
 *       "not_run_reason", "hints", "entry" } ] } ] }
 * CLASS is regression, fixed, still_failing, known_failure,
 * unexpected_pass, flaky, new, missing, not_run or pass; "results" lists
 * every test but those that simply passed. Absent values are null.
 */
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "report.h"

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
	struct strbuf e = { 0 };

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
	json_key_str(sb, "not_run_reason", v->cand ? v->cand->notrun_msg : NULL);
	hint_list(sb, v->hints);
	if (v->data && v->data->kind != KIND_EXPUNGE)
		entry_describe(v->data->entry, &e);
	sb_puts(sb, ", ");
	json_key_str(sb, "entry", e.buf);
	sb_free(&e);
	sb_puts(sb, "}");
}

static void section(struct strbuf *sb, const struct section_cmp *sc)
{
	const struct strlist *inc = sc->cand ? &sc->cand->incomplete : NULL;
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
	sb_puts(sb, ",\n      \"incomplete\": [");
	for (i = 0; inc && i < inc->n; i++) {
		sb_puts(sb, i ? ", " : "");
		json_str(sb, inc->v[i]);
	}
	sb_puts(sb, "],\n      \"environment\": [");
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
		if (sc->v[i].cls == CLS_PASS)
			continue;
		result(sb, &sc->v[i], first);
		first = false;
	}
	sb_puts(sb, first ? "]}" : "\n      ]}");
}

void report_json(const struct report *r, struct strbuf *out)
{
	size_t i;

	sb_printf(out, "{\n  \"version\": 1,\n  \"exit\": %d,\n", r->exit_code);
	sb_printf(out, "  \"files\": {\"baseline\": %u, \"run\": %u},\n",
		  r->base->files, r->cand->files);
	sb_puts(out, "  \"notes\": [");
	for (i = 0; r->notes && i < r->notes->n; i++) {
		sb_puts(out, i ? ", " : "");
		json_str(out, r->notes->v[i]);
	}
	sb_puts(out, "],\n  \"totals\": ");
	counts(out, r->totals.count);
	sb_puts(out, ",\n  \"sections\": [");
	for (i = 0; i < r->n; i++) {
		section(out, &r->sc[i]);
		if (i + 1 < r->n)
			sb_puts(out, ",");
	}
	sb_puts(out, r->n ? "\n  ]\n}\n" : "]\n}\n");
}
