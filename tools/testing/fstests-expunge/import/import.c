// SPDX-License-Identifier: GPL-2.0
/* What the importers collect: data lines, and the lines they could not use. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "entries/entry-format.h"
#include "entries/entry-keys.h"
#include "import/import.h"
#include "lib/fileio.h"

void import_add_line(struct import_result *r, const char *fs, char *text,
		     char *origin)
{
	struct import_line *l = array_push(&r->lines, &r->n, &r->alloc,
					   sizeof(*l));

	l->fs = xstrdup(fs);
	/* in the writers' key order (entry_line_canonical) */
	l->text = data_line_canonical("import", text);
	free(text);
	l->origin = origin;
}

static bool str_eq(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

void import_listing_add(struct import_listing *l, const char *fs,
			const char *test, const char *section,
			const char *path, const char *opened,
			unsigned int line)
{
	struct import_listed *last = l->n ? &l->v[l->n - 1] : NULL, *x;

	/* a line read once per version span it holds for is one line */
	if (last && last->line == line && !strcmp(last->path, path) &&
	    !strcmp(last->test, test) && str_eq(last->section, section) &&
	    !strcmp(last->fs, fs))
		return;
	x = array_push(&l->v, &l->n, &l->alloc, sizeof(*x));
	x->fs = xstrdup(fs);
	x->test = xstrdup(test);
	x->section = section ? xstrdup(section) : NULL;
	x->path = xstrdup(path);
	x->opened = opened ? xstrdup(opened) : NULL;
	x->line = line;
}

void import_listing_free(struct import_listing *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].fs);
		free(l->v[i].test);
		free(l->v[i].section);
		free(l->v[i].path);
		free(l->v[i].opened);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void import_put_from(struct strbuf *sb, const struct strlist *origins)
{
	struct strlist put = { 0 };
	size_t i;

	for (i = 0; i < origins->n; i++) {
		char *s = origin_short(origins->v[i]);

		if (strlist_has(&put, s)) {
			free(s);
			continue;
		}
		strlist_add(&put, s);
	}
	if (put.n) {
		char *joined = origins_join(put.v);	/* NULL-terminated */

		sb_printf(sb, " from=%s", joined);
		free(joined);
	}
	strlist_free(&put);
}

void import_add_skip(struct import_result *r, char *origin, char *why)
{
	struct import_skip *s = array_push(&r->skips, &r->nskips,
					   &r->skips_alloc, sizeof(*s));

	s->origin = origin;
	s->why = why;
}

void import_add_unreadable(struct import_result *r, char *origin)
{
	int err = errno;

	import_add_skip(r, origin, xasprintf("cannot read: %s", errstr(err)));
	r->unreadable++;
}

void import_result_free(struct import_result *r)
{
	size_t i;

	for (i = 0; i < r->n; i++) {
		free(r->lines[i].fs);
		free(r->lines[i].text);
		free(r->lines[i].origin);
	}
	for (i = 0; i < r->nskips; i++) {
		free(r->skips[i].origin);
		free(r->skips[i].why);
	}
	free(r->lines);
	free(r->skips);
	free(r->user);
	memset(r, 0, sizeof(*r));
}
