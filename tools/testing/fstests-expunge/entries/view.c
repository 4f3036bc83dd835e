// SPDX-License-Identifier: GPL-2.0
/* A maintainer's view: the data lines that apply to one kernel and section. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entries/entry-format.h"
#include "entries/entry-keys.h"
#include "entries/view.h"
#include "lib/escape.h"

/* Columns: the view can be pasted into a mail */
#define WIDTH	72

/* Groups in this order: the cause said first, untriaged, none said last */
static int cause_rank(enum entry_cause c)
{
	return c == CAUSE_NONE ? CAUSE_UNTRIAGED + 1 : (int)c;
}

static int by_group(const void *a, const void *b)
{
	const struct entry *x = *(const struct entry *const *)a;
	const struct entry *y = *(const struct entry *const *)b;

	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->cause != y->cause)
		return cause_rank(x->cause) < cause_rank(y->cause) ? -1 : 1;
	/* the dataset's order: file order */
	return x < y ? -1 : x > y;
}

/* The entries that apply, sorted into their groups; *n of them */
static const struct entry **applying(const struct kdata *kd,
				     const char *section, size_t *n)
{
	const struct entry **v = xcalloc(kd->ds.n + 1, sizeof(*v));
	size_t i;

	*n = 0;
	for (i = 0; i < kd->ds.n; i++) {
		if (selector_check(&kd->sel, i, section, NULL) == APPLIES)
			v[(*n)++] = &kd->ds.entries[i];
	}
	if (*n)
		qsort(v, *n, sizeof(*v), by_group);
	return v;
}

static void summary(const struct entry **v, size_t n, struct strbuf *sb)
{
	size_t count[KIND_FLAKY + 1] = { 0 }, i;

	for (i = 0; i < n; i++)
		count[v[i]->kind]++;
	sb_printf(sb, "# %zu %s: %zu expunge, %zu fail, %zu flaky\n", n,
		  n == 1 ? "line applies" : "lines apply", count[KIND_EXPUNGE],
		  count[KIND_FAIL], count[KIND_FLAKY]);
}

/* The widest "FILE:LINE:" of v, so that the lines line up */
static int place_width(const struct entry **v, size_t n)
{
	int w = 0, m;
	size_t i;

	for (i = 0; i < n; i++) {
		m = snprintf(NULL, 0, "%s:%u:", entry_file(v[i]), v[i]->line);
		if (m > w)
			w = m;
	}
	return w;
}

/*
 * "FILE:LINE: " and the data line without its provenance (from=: the
 * file has it); a line too wide for a mail goes on, indented, the
 * comment on lines of its own
 */
static void view_line(const struct entry *e, int w, struct strbuf *sb)
{
	struct strbuf place = { 0 }, line = { 0 };
	struct entry shown = *e;
	char *hash;

	sb_printf(&place, "%s:%u:", entry_file(e), e->line);
	sb_printf(&place, "%*s", w + 1 - (int)place.len, "");
	shown.from = NULL;
	entry_format(&shown, &line);
	hash = strstr(line.buf, "  # ");
	if (place.len + line.len <= WIDTH || !hash) {
		sb_wrap(sb, place.buf, "    ", line.buf, WIDTH);
	} else {
		*hash = '\0';
		sb_wrap(sb, place.buf, "    ", line.buf, WIDTH);
		sb_wrap(sb, "    # ", "    # ", hash + 4, WIDTH);
	}
	sb_free(&place);
	sb_free(&line);
}

size_t view_lines(const struct kdata *kd, const char *section,
		  struct strbuf *sb)
{
	return view_lines_more(kd, section, NULL, sb);
}

size_t view_lines_more(const struct kdata *kd, const char *section,
		       const struct view_more *more, struct strbuf *sb)
{
	size_t n, i, j;
	const struct entry **v = applying(kd, section, &n);
	int w = place_width(v, n);

	summary(v, n, sb);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && v[j]->kind == v[i]->kind &&
		     v[j]->cause == v[i]->cause; j++)
			;
		sb_printf(sb, "\n%s, cause %s: %zu line%s\n",
			  kind_name(v[i]->kind),
			  v[i]->cause == CAUSE_NONE ? "not said" :
			  cause_name(v[i]->cause), j - i, j - i == 1 ? "" : "s");
		for (; i < j; i++) {
			view_line(v[i], w, sb);
			if (more)
				more->add(v[i], more->arg, sb);
		}
	}
	free(v);
	return n;
}
