// SPDX-License-Identifier: GPL-2.0
/* An entry written back as one data line. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "entries/entry-format.h"
#include "entries/entry-keys.h"
#include "lib/base.h"

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

/*
 * e's from=, its kdevops list for every kernel "kdevops" where the line
 * says which one it is (data-format.rst), and no plain "kdevops" would
 * then name two lists
 */
static char *from_join(const struct entry *e)
{
	const char *any = origin_kdevops_any(e->env, e->has_seen);
	char kdevops[] = "kdevops", **list;
	char *s;
	size_t i, n;

	for (n = 0; e->from[n]; n++) {
		if (!strcmp(e->from[n], "kdevops"))
			any = NULL;
	}
	if (!any)
		return origins_join(e->from);
	list = xcalloc(n + 1, sizeof(*list));
	for (i = 0; i < n; i++)
		list[i] = strcmp(e->from[i], any) ? e->from[i] : kdevops;
	s = origins_join(list);
	free(list);
	return s;
}

void entry_format(const struct entry *e, struct strbuf *sb)
{
	bool series = entry_series(e);

	sb_printf(sb, "%s %s", e->test, kind_name(e->kind));
	add_words(sb, "section", e->sections);
	/* series=V where since= and until= say V's series from V on */
	if (series) {
		add_kvers(sb, "series", true, &e->since);
		add_kvers(sb, "fixed", e->has_fixed, &e->fixed);
	} else {
		add_kvers(sb, "since", e->has_since, &e->since);
		add_kvers(sb, "fixed", e->has_fixed, &e->fixed);
		add_kvers(sb, "until", e->has_until, &e->until);
	}
	add_words(sb, "fixed-by", e->fixed_by);
	if (e->retries >= 0)
		sb_printf(sb, " retries=%d", e->retries);
	add_words(sb, "test-fixed-by", e->test_fixed_by);
	if (e->test_fixed)
		sb_printf(sb, " test-fixed=%s", e->test_fixed);
	add_words(sb, "env", e->env);
	if (e->bug)
		sb_printf(sb, " bug=%s", e->bug);
	/*
	 * untriaged is what a line with evidence and no reason says, kernel
	 * what crash= does
	 */
	if (e->cause != CAUSE_NONE &&
	    (e->cause != CAUSE_UNTRIAGED || !entry_untriaged_implied(e)) &&
	    (e->cause != CAUSE_KERNEL || e->crash == CRASH_NONE))
		sb_printf(sb, " cause=%s", cause_name(e->cause));
	if (e->crash != CRASH_NONE)
		sb_printf(sb, " crash=%s", crash_name(e->crash));
	add_words(sb, "rate", e->rate);
	if (e->from) {
		char *from = from_join(e);

		sb_printf(sb, " from=%s", from);
		free(from);
	}
	add_kvers(sb, "seen", e->has_seen, &e->seen);
	add_kvers(sb, "passed", e->has_passed, &e->passed);
	if (e->cond)
		sb_printf(sb, " if %s", e->cond);
	if (e->comment)
		sb_printf(sb, "  # %s", e->comment);
}

/* Do a[0..na) and b[0..nb) hold the same words, in the same order? */
static bool same_words(const char *a, size_t na, const char *b, size_t nb)
{
	const char *ea = a + na, *eb = b + nb;

	for (;;) {
		while (a < ea && isspace((unsigned char)*a))
			a++;
		while (b < eb && isspace((unsigned char)*b))
			b++;
		if (a == ea || b == eb)
			return a == ea && b == eb;
		while (a < ea && b < eb && !isspace((unsigned char)*a) &&
		       *a == *b) {
			a++;
			b++;
		}
		if ((a < ea && !isspace((unsigned char)*a)) ||
		    (b < eb && !isspace((unsigned char)*b)))
			return false;
	}
}

bool entry_line_canonical(const struct entry *e, const char *line, size_t len,
			  struct strbuf *sb)
{
	struct strbuf f = { 0 };
	bool rewrite;

	entry_format(e, &f);
	rewrite = !same_words(line, len, f.buf, f.len);
	if (rewrite)
		sb_add(sb, f.buf, f.len);
	else
		sb_add(sb, line, len);
	sb_free(&f);
	return rewrite;
}

char *data_line_canonical(const char *name, const char *line)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	struct strbuf sb = { 0 };
	size_t len = strlen(line);
	char *out;

	if (!strchr(line, '\r') && !data_parse(&ds, name, line, len, &d) &&
	    ds.n == 1 && entry_line_canonical(&ds.entries[0], line, len, &sb))
		out = xstrdup(sb.buf);
	else
		out = xstrdup(line);
	sb_free(&sb);
	diag_free(&d);
	dataset_free(&ds);
	return out;
}
