// SPDX-License-Identifier: GPL-2.0
/* A data entry as a JSON object, for "entries" and compare's JSON report. */
#include "entries/entry-json.h"
#include "entries/entry-keys.h"

/* name: the versions as strings, or null when the entry has none */
static void versions(struct json_writer *w, const char *name, bool has,
		     const struct kver_list *l)
{
	char buf[48];
	size_t i;

	jsonw_name(w, name);
	if (!has) {
		jsonw_null(w);
		return;
	}
	jsonw_start_array(w);
	for (i = 0; i < l->n; i++)
		jsonw_string(w, kver_str(&l->v[i], buf));
	jsonw_end_array(w);
}

void jsonw_entry(struct json_writer *w, const struct entry *e)
{
	jsonw_start_object(w);
	jsonw_string_field(w, "file", entry_file(e));
	jsonw_uint_field(w, "line", e->line);
	jsonw_string_field(w, "test", e->test);
	jsonw_string_field(w, "kind", kind_name(e->kind));
	if (e->kind == KIND_FLAKY)
		jsonw_int_field(w, "retries", entry_retries(e));
	else
		jsonw_null_field(w, "retries");
	jsonw_name(w, "sections");
	jsonw_string_list(w, e->sections);
	/*
	 * since and until hold what the line selects, however it is
	 * written; series the V of a line written series=V
	 */
	if (entry_series(e)) {
		char buf[48];

		jsonw_string_field(w, "series", kver_str(&e->since.v[0], buf));
	} else {
		jsonw_null_field(w, "series");
	}
	versions(w, "since", e->has_since, &e->since);
	versions(w, "fixed", e->has_fixed, &e->fixed);
	jsonw_name(w, "fixed_by");
	jsonw_string_list(w, e->fixed_by);
	jsonw_string_field(w, "if", e->cond);
	jsonw_string_field(w, "bug", e->bug);
	jsonw_string_field(w, "reason", e->comment);
	versions(w, "until", e->has_until, &e->until);
	versions(w, "seen", e->has_seen, &e->seen);
	versions(w, "passed", e->has_passed, &e->passed);
	jsonw_name(w, "from");
	jsonw_string_list(w, e->from);
	jsonw_string_field(w, "cause", cause_name(e->cause));
	jsonw_string_field(w, "crash", crash_name(e->crash));
	jsonw_name(w, "rate");
	jsonw_string_list(w, e->rate);
	jsonw_name(w, "test_fixed_by");
	jsonw_string_list(w, e->test_fixed_by);
	jsonw_string_field(w, "test_fixed", e->test_fixed);
	jsonw_name(w, "env");
	jsonw_string_list(w, e->env);
	jsonw_end_object(w);
}

void json_entry(struct strbuf *sb, const struct entry *e)
{
	struct json_writer w;

	jsonw_init(&w, sb);
	jsonw_entry(&w, e);
}
