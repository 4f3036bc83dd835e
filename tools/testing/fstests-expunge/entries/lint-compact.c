// SPDX-License-Identifier: GPL-2.0
/*
 * Lint rules from compaction: what compact_plan() would drop or merge
 * is said, with the fix, so that the data a maintainer reads is the
 * smallest that selects the same.
 */
#include <stdlib.h>
#include <string.h>

#include "entries/compact-rel.h"
#include "entries/compact.h"
#include "entries/data-dir.h"
#include "entries/lint-compact.h"
#include "entries/lint-covered.h"

/* The entries of ds read from file (the same name pointer), into sub */
static void entries_of(const struct dataset *ds, const char *file,
		       struct dataset *sub)
{
	size_t i;

	memset(sub, 0, sizeof(*sub));
	for (i = 0; i < ds->n; i++) {
		if (ds->entries[i].file == file)
			*(struct entry *)array_push(&sub->entries, &sub->n,
						    &sub->alloc,
						    sizeof(struct entry)) =
				ds->entries[i];
	}
}

/* "DIR/global.expunge" for "DIR/xfs.expunge"; NULL when it is global */
static char *global_name(const char *file)
{
	const char *base = strrchr(file, '/');
	size_t dir = base ? (size_t)(base + 1 - file) : 0;

	if (!strcmp(file + dir, GLOBAL_DATA ".expunge"))
		return NULL;
	return xasprintf("%.*s%s.expunge", (int)dir, file, GLOBAL_DATA);
}

/* The global.expunge of file's directory among ds's files, or NULL */
static const char *global_of(const struct dataset *ds, const char *file)
{
	char *name = global_name(file);
	const char *found = NULL;
	size_t i;

	for (i = 0; name && i < ds->files.n && !found; i++) {
		if (!strcmp(ds->files.v[i], name))
			found = ds->files.v[i];
	}
	free(name);
	return found;
}

static void add_sections(struct strbuf *sb, char *const *s)
{
	for (; s && *s; s++)
		sb_printf(sb, "%s%s", sb->len ? "," : "", *s);
}

/* Mark e, a copy of an entry of ds, as gone */
static void mark_gone(const struct dataset *ds, const struct entry *e,
		      bool *gone)
{
	size_t i;

	for (i = 0; i < ds->n; i++) {
		if (ds->entries[i].file == e->file &&
		    ds->entries[i].line == e->line)
			gone[i] = true;
	}
}

static void say(const struct compact_step *s, const struct entry *e,
		const struct entry *o, struct diag *d)
{
	struct strbuf sec = { 0 };

	if (!s->merge) {
		diag_add(d, false, e->file, e->line,
			 "%s: %s:%u covers this line (applies wherever it does, as strong or stronger): delete this line (check --compact does)",
			 e->test, entry_file(o), o->line);
	} else if (entry_section_mergeable(e, o)) {
		add_sections(&sec, o->sections);
		add_sections(&sec, e->sections);
		diag_add(d, false, e->file, e->line,
			 "%s: differs from %s:%u only in its sections: make the two one line with section=%s (check --compact does)",
			 e->test, entry_file(o), o->line, sec.buf);
	} else {
		diag_add(d, false, e->file, e->line,
			 "%s: differs from %s:%u only in a kernel range that meets its own: make the two one line over both ranges (check --compact does)",
			 e->test, entry_file(o), o->line);
	}
	sb_free(&sec);
}

/*
 * A line of sub or global that covers hand-written line a of sub (of two
 * that cover each other, the later is the one said), or NULL
 */
static const struct entry *hand_cover(const struct dataset *sub,
				      const struct dataset *global, size_t a)
{
	const struct entry *e = &sub->entries[a], *o;
	size_t b;

	for (b = 0; b < global->n; b++) {
		if (entry_covers(&global->entries[b], e))
			return &global->entries[b];
	}
	for (b = 0; b < sub->n; b++) {
		o = &sub->entries[b];
		if (b != a && !strcmp(o->test, e->test) && entry_covers(o, e) &&
		    (b < a || !entry_covers(e, o)))
			return o;
	}
	return NULL;
}

/* Hand-written lines compaction keeps, though another line covers them */
static void lint_hand(const struct dataset *ds, const struct dataset *sub,
		      const struct dataset *global, bool *gone,
		      struct diag *d)
{
	const struct entry *o;
	size_t a;

	for (a = 0; a < sub->n; a++) {
		o = entry_hand(&sub->entries[a]) ?
		    hand_cover(sub, global, a) : NULL;
		if (o)
			mark_gone(ds, &sub->entries[a], gone);
		if (o)
			diag_add(d, false, sub->entries[a].file,
				 sub->entries[a].line,
				 "%s: %s:%u covers this hand-written line, which changes nothing: delete it, or carry its facts into that line (check --compact keeps hand-written lines)",
				 sub->entries[a].test, entry_file(o), o->line);
	}
}

/* The steps of one file, said at its lines */
static void lint_file(const struct dataset *ds, const char *file,
		      bool *gone, struct diag *d)
{
	const char *gname = global_of(ds, file);
	struct dataset sub, global = { 0 };
	struct compact_step *steps;
	size_t n, i;

	entries_of(ds, file, &sub);
	if (gname)
		entries_of(ds, gname, &global);
	compact_plan(&sub, gname ? &global : NULL, &steps, &n);
	for (i = 0; i < n; i++) {
		say(&steps[i], &sub.entries[steps[i].entry],
		    steps[i].global ? &global.entries[steps[i].other] :
		    &sub.entries[steps[i].other], d);
		if (!steps[i].merge)
			mark_gone(ds, &sub.entries[steps[i].entry], gone);
	}
	lint_hand(ds, &sub, &global, gone, d);
	free(steps);
	free(sub.entries);
	free(global.entries);
}

void lint_compact(const struct dataset *ds, struct diag *d)
{
	bool *gone = xcalloc(ds->n + 1, sizeof(*gone));
	size_t i;

	for (i = 0; i < ds->files.n; i++)
		lint_file(ds, ds->files.v[i], gone, d);
	/* what no one line covers, but the lines the tool reads with it */
	lint_covered(ds, gone, d);
	free(gone);
}
