// SPDX-License-Identifier: GPL-2.0
/*
 * Data files as they are written: entries for kernels out of
 * maintenance moved to eol/, then each file compacted.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "entries/compact-rel.h"
#include "entries/compact.h"
#include "entries/data-dir.h"
#include "entries/data-prepare.h"
#include "entries/eol.h"
#include "entries/section-globs.h"
#include "lib/fileio.h"

#define EXPUNGE_MAX	(64 << 20)

static struct strbuf *add_file(struct data_files *f, char *path)
{
	struct strbuf *t;
	size_t n = f->paths.n;

	strlist_add(&f->paths, path);
	t = array_push(&f->texts, &n, &f->alloc, sizeof(*t));
	memset(t, 0, sizeof(*t));
	return t;
}

static ssize_t find_file(const struct data_files *f, const char *path)
{
	size_t i;

	for (i = 0; i < f->paths.n; i++) {
		if (!strcmp(f->paths.v[i], path))
			return i;
	}
	return -1;
}

/* "DIR/" of path ("" for none), and whether DIR is an eol/ directory */
static char *dir_of(const char *path, bool *eol)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, slash - path + 1) : xstrdup("");
	size_t n = strlen(dir), m = strlen(EOL_DIR) + 1;

	*eol = (n == m && !strncmp(dir, EOL_DIR "/", m)) ||
	       (n > m && dir[n - m - 1] == '/' &&
		!strcmp(dir + n - m, EOL_DIR "/"));
	return dir;
}

/* The text of DIR/eol/NAME in f (its index): read from disk, or started */
static ssize_t eol_text(struct data_files *f, const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	bool eol;
	char *dir = dir_of(path, &eol), *epath, *buf = NULL;
	ssize_t at;
	size_t len = 0;
	struct strbuf *t;

	epath = xasprintf("%s%s", dir, EOL_DIR);
	mkdir(epath, 0755);	/* writing says it if this failed */
	free(epath);
	epath = xasprintf("%s%s/%s", dir, EOL_DIR, base);
	free(dir);
	at = find_file(f, epath);
	if (at >= 0) {
		free(epath);
		return at;
	}
	if (read_file(epath, EXPUNGE_MAX, &buf, &len) && errno != ENOENT) {
		pr_err("%s: %s", epath, errstr(errno));
		free(epath);
		return -1;
	}
	t = add_file(f, epath);
	if (buf)
		sb_add(t, buf, len);
	else
		sb_printf(t, "# SPDX-%s: GPL-2.0\n#\n# %s: %s.\n# Format: %s.\n",
			  "License-Identifier", base,
			  "entries that apply only to kernels out of maintenance",
			  "Documentation/filesystems/testing/data-format.rst");
	free(buf);
	return f->paths.n - 1;
}

/* Which lines of text move to eol/: a flag per line (1-based), or NULL */
static bool *eol_lines(const char *path, const struct strbuf *text)
{
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	bool *move = NULL;
	size_t i, lines = 2;

	for (i = 0; i < text->len; i++)
		lines += text->buf[i] == '\n';
	data_parse(&ds, path, text->buf ? text->buf : "", text->len, &d);
	for (i = 0; i < ds.n; i++) {
		const struct entry *e = &ds.entries[i];

		if (entry_hand(e) || !entry_eol_only(e))
			continue;
		if (!move)
			move = xcalloc(lines, sizeof(*move));
		move[e->line] = true;
	}
	diag_free(&d);
	dataset_free(&ds);
	return move;
}

/* Move what applies only to kernels out of maintenance: 0, or -1 */
static int split_eol(struct data_files *f, size_t i)
{
	struct strbuf keep = { 0 }, moved = { 0 };
	const char *s, *end, *nl;
	size_t line = 0, nmoved = 0;
	bool eol, *move;
	char *dir = dir_of(f->paths.v[i], &eol);
	ssize_t at;

	free(dir);
	move = eol ? NULL : eol_lines(f->paths.v[i], &f->texts[i]);
	if (!move)
		return 0;
	at = eol_text(f, f->paths.v[i]);
	if (at < 0) {
		free(move);
		return -1;
	}
	s = f->texts[i].buf;
	end = s + f->texts[i].len;
	for (; s < end; s = nl + 1) {
		nl = memchr(s, '\n', end - s);
		nl = nl ? nl : end;
		++line;
		sb_add(move[line] ? &moved : &keep, s, nl - s);
		sb_puts(move[line] ? &moved : &keep, "\n");
		nmoved += move[line];
	}
	if (f->texts[at].len && f->texts[at].buf[f->texts[at].len - 1] != '\n')
		sb_puts(&f->texts[at], "\n");
	sb_add(&f->texts[at], moved.buf, moved.len);
	fprintf(stderr, "%s: %zu lines for kernels out of maintenance moved to %s\n",
		f->paths.v[i], nmoved, f->paths.v[at]);
	sb_free(&f->texts[i]);
	f->texts[i] = keep;
	sb_free(&moved);
	free(move);
	return 0;
}

static bool is_global(const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

	return !strcmp(base, GLOBAL_DATA ".expunge");
}

/* The entries of path: as written in f, or on disk (none if absent) */
static void entries_of(const struct data_files *f, const char *path,
		       struct dataset *ds)
{
	struct diag d = { 0 };
	ssize_t at = find_file(f, path);

	if (at >= 0)
		data_parse(ds, path, f->texts[at].buf ? f->texts[at].buf : "",
			   f->texts[at].len, &d);
	else if (!access(path, F_OK))
		data_load_file(ds, path, &d);
	diag_free(&d);
}

/* The entries of DIR/global.expunge for path: as written, or on disk */
static void global_of(const struct data_files *f, const char *path,
		      struct dataset *ds)
{
	bool eol;
	char *dir = dir_of(path, &eol), *g = xasprintf("%s%s.expunge", dir,
						       GLOBAL_DATA);

	entries_of(f, g, ds);
	free(dir);
	free(g);
}

/*
 * The section names known for filesystem fs of path (section-globs.h):
 * those of FS.expunge and global.expunge in its data directory and in
 * eol/ there, and its harnesses' configurations
 */
static void universe_of(const struct data_files *f, const char *path,
			const char *fs, struct strlist *u)
{
	static const char *const subs[] = { "", EOL_DIR "/" };
	bool eol;
	char *dir = dir_of(path, &eol);
	size_t i, j;

	if (eol)
		dir[strlen(dir) - strlen(EOL_DIR "/")] = '\0';
	for (i = 0; i < ARRAY_SIZE(subs); i++) {
		for (j = 0; j < 2; j++) {
			char *p = xasprintf("%s%s%s.expunge", dir, subs[i],
					    j ? GLOBAL_DATA : fs);
			struct dataset ds = { 0 };

			entries_of(f, p, &ds);
			section_universe_add(u, fs, &ds);
			dataset_free(&ds);
			free(p);
		}
	}
	free(dir);
}

/* Text i's section= lists of three or more names written short */
static void globs_one(struct data_files *f, size_t i, struct strmap *keep)
{
	const char *path = f->paths.v[i];
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	size_t n = strlen(base), ext = strlen(".expunge");
	struct strlist u = { 0 };
	struct strbuf out = { 0 };
	char *fs;

	if (n <= ext || strcmp(base + n - ext, ".expunge"))
		return;
	fs = xstrndup(base, n - ext);
	universe_of(f, path, fs, &u);
	if (!data_section_globs(path, fs, f->texts[i].buf ? f->texts[i].buf : "",
				f->texts[i].len, &u, keep, &out)) {
		sb_free(&f->texts[i]);
		f->texts[i] = out;
	} else {
		sb_free(&out);
	}
	strlist_free(&u);
	free(fs);
}

/*
 * Make text i compact, against its directory's global.expunge; a
 * filesystem's file then with its section lists short
 */
static void compact_one(struct data_files *f, size_t i, struct strmap *keep)
{
	struct dataset global = { 0 };
	struct compact_stats st;
	struct strbuf out = { 0 };

	if (!is_global(f->paths.v[i]))
		global_of(f, f->paths.v[i], &global);
	if (!data_compact(f->paths.v[i], f->texts[i].buf ? f->texts[i].buf : "",
			  f->texts[i].len, &global, keep, &out, &st)) {
		if (st.before != st.after)
			fprintf(stderr, "%s: %zu entries, %zu compact (%zu covered, %zu merged)\n",
				f->paths.v[i], st.before, st.after, st.dropped,
				st.merged);
		sb_free(&f->texts[i]);
		f->texts[i] = out;
		if (!is_global(f->paths.v[i]))
			globs_one(f, i, keep);
	}
	dataset_free(&global);
}

int data_files_prepare(char *const *paths, const struct strbuf *texts,
		       size_t n, struct strmap *keep, struct data_files *f)
{
	size_t i;
	int pass;

	memset(f, 0, sizeof(*f));
	for (i = 0; i < n; i++)
		sb_add(add_file(f, xstrdup(paths[i])), texts[i].buf, texts[i].len);
	for (i = 0; i < n; i++) {
		if (split_eol(f, i))
			return -1;
	}
	/* global.expunge first: the others are compacted against it */
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < f->paths.n; i++) {
			if (is_global(f->paths.v[i]) == !pass)
				compact_one(f, i, keep);
		}
	}
	return 0;
}

void data_files_free(struct data_files *f)
{
	size_t i;

	for (i = 0; i < f->paths.n; i++)
		sb_free(&f->texts[i]);
	free(f->texts);
	strlist_free(&f->paths);
	memset(f, 0, sizeof(*f));
}
