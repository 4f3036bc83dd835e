// SPDX-License-Identifier: GPL-2.0
/* A data entry as a JSON object, for "entries" and compare's JSON report. */
#include "entries/entry-json.h"
#include "entries/entry-keys.h"
#include "lib/json.h"

static void versions(struct strbuf *sb, const char *key, bool has,
		     const struct kver_list *l)
{
	char buf[48];
	size_t i;

	sb_printf(sb, ", \"%s\": ", key);
	if (!has) {
		sb_puts(sb, "null");
		return;
	}
	sb_puts(sb, "[");
	for (i = 0; i < l->n; i++)
		sb_printf(sb, "%s\"%s\"", i ? ", " : "", kver_str(&l->v[i], buf));
	sb_puts(sb, "]");
}

void json_entry(struct strbuf *sb, const struct entry *e)
{
	sb_puts(sb, "{");
	json_key_str(sb, "file", entry_file(e));
	sb_printf(sb, ", \"line\": %u, ", e->line);
	json_key_str(sb, "test", e->test);
	sb_puts(sb, ", ");
	json_key_str(sb, "kind", kind_name(e->kind));
	if (e->kind == KIND_FLAKY)
		sb_printf(sb, ", \"retries\": %d", entry_retries(e));
	else
		sb_puts(sb, ", \"retries\": null");
	sb_puts(sb, ", \"sections\": ");
	json_list(sb, e->sections);
	versions(sb, "since", e->has_since, &e->since);
	versions(sb, "fixed", e->has_fixed, &e->fixed);
	sb_puts(sb, ", \"fixed_by\": ");
	json_list(sb, e->fixed_by);
	sb_puts(sb, ", ");
	json_key_str(sb, "if", e->cond);
	sb_puts(sb, ", ");
	json_key_str(sb, "bug", e->bug);
	sb_puts(sb, ", ");
	json_key_str(sb, "reason", e->comment);
	versions(sb, "until", e->has_until, &e->until);
	versions(sb, "seen", e->has_seen, &e->seen);
	versions(sb, "passed", e->has_passed, &e->passed);
	sb_puts(sb, ", \"from\": ");
	json_list(sb, e->from);
	sb_puts(sb, ", ");
	json_key_str(sb, "cause", cause_name(e->cause));
	sb_puts(sb, ", \"test_fixed_by\": ");
	json_list(sb, e->test_fixed_by);
	sb_puts(sb, ", ");
	json_key_str(sb, "test_fixed", e->test_fixed);
	sb_puts(sb, ", \"env\": ");
	json_list(sb, e->env);
	sb_puts(sb, "}");
}
