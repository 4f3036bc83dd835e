// SPDX-License-Identifier: GPL-2.0
/* An entry written back as one data line. */
#include "entries/entry-format.h"
#include "entries/entry-keys.h"

static void add_words(struct strbuf *sb, const char *key, char *const *list)
{
	size_t i;

	if (!list)
		return;
	sb_printf(sb, " %s=", key);
	for (i = 0; list[i]; i++)
		sb_printf(sb, "%s%s", i ? "," : "", list[i]);
}

static void add_kvers(struct strbuf *sb, const char *key, bool has,
		      const struct kver_list *l)
{
	char buf[48];
	size_t i;

	if (!has)
		return;
	sb_printf(sb, " %s=", key);
	for (i = 0; i < l->n; i++)
		sb_printf(sb, "%s%s", i ? "," : "", kver_str(&l->v[i], buf));
}

void entry_format(const struct entry *e, struct strbuf *sb)
{
	sb_printf(sb, "%-12s %-7s", e->test, kind_name(e->kind));
	add_words(sb, "section", e->sections);
	add_kvers(sb, "since", e->has_since, &e->since);
	add_kvers(sb, "fixed", e->has_fixed, &e->fixed);
	add_kvers(sb, "until", e->has_until, &e->until);
	add_words(sb, "fixed-by", e->fixed_by);
	if (e->retries >= 0)
		sb_printf(sb, " retries=%d", e->retries);
	add_words(sb, "test-fixed-by", e->test_fixed_by);
	if (e->test_fixed)
		sb_printf(sb, " test-fixed=%s", e->test_fixed);
	add_words(sb, "env", e->env);
	if (e->bug)
		sb_printf(sb, " bug=%s", e->bug);
	if (e->cause != CAUSE_NONE)
		sb_printf(sb, " cause=%s", cause_name(e->cause));
	add_words(sb, "from", e->from);
	add_kvers(sb, "seen", e->has_seen, &e->seen);
	add_kvers(sb, "passed", e->has_passed, &e->passed);
	if (e->cond)
		sb_printf(sb, " if %s", e->cond);
	if (e->comment)
		sb_printf(sb, "  # %s", e->comment);
}
