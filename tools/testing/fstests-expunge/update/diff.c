// SPDX-License-Identifier: GPL-2.0
/* The planned data changes as a unified diff, or written to the files. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "update/update.h"
#include "entries/data-write.h"
#include "entries/entry-format.h"
#include "lib/fileio.h"

#define CONTEXT	3
#define NO_NEWLINE	" No newline at end of file"

/*
 * One line of the diff: ' ' kept, '-' removed, '+' added, '\\' the
 * previous line has no newline at the end of the file.
 */
struct dline {
	char op;
	const char *text;
	size_t len;
};

struct ddiff {
	struct dline *l;
	size_t n, alloc;
	struct strlist owned;	/* the texts of lines made here */
};

static void push(struct ddiff *d, char op, const char *text, size_t len)
{
	struct dline *l = array_push(&d->l, &d->n, &d->alloc, sizeof(*l));

	l->op = op;
	l->text = text;
	l->len = len;
}

static const struct data_edit *edit_at(const struct update_plan *p,
				       const char *file, unsigned int line)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		if (p->e[i].line == line && !strcmp(p->e[i].file, file))
			return &p->e[i];
	}
	return NULL;
}

/*
 * A new line, in the key order --write gives it (the compaction writer):
 * the diff applies to the same data.
 */
static void push_line(struct ddiff *d, const char *file, const char *text)
{
	char *c = data_line_canonical(file, text);

	strlist_add(&d->owned, c);
	push(d, '+', c, strlen(c));
}

/* The file's lines with the plan's edits, as diff lines. */
static void build(const struct update_plan *p, const char *file,
		  const char *buf, size_t len, struct ddiff *d)
{
	const char *s = buf, *end = buf + len;
	unsigned int n = 0;
	size_t i;

	while (s < end) {
		const char *nl = memchr(s, '\n', end - s);
		size_t l = (nl ? nl : end) - s;
		const struct data_edit *e = edit_at(p, file, ++n);

		/* a last line without newline gets one: it changes */
		if (!nl && !e) {
			push(d, '-', s, l);
			push(d, '\\', NO_NEWLINE, strlen(NO_NEWLINE));
			push(d, '+', s, l);
			break;
		}
		push(d, e ? '-' : ' ', s, l);
		if (!nl)
			push(d, '\\', NO_NEWLINE, strlen(NO_NEWLINE));
		if (e && e->text)
			push_line(d, file, e->text);
		s += nl ? l + 1 : l;
	}
	for (i = 0; i < p->n; i++) {
		if (!p->e[i].line && !strcmp(p->e[i].file, file))
			push_line(d, file, p->e[i].text);
	}
}

static void hunk(const struct ddiff *d, size_t from, size_t to,
		 size_t old_at, size_t new_at, struct strbuf *out)
{
	size_t i, old_n = 0, new_n = 0;

	for (i = from; i < to; i++) {
		old_n += d->l[i].op == ' ' || d->l[i].op == '-';
		new_n += d->l[i].op == ' ' || d->l[i].op == '+';
	}
	sb_printf(out, "@@ -%zu,%zu +%zu,%zu @@\n", old_n ? old_at : old_at - 1,
		  old_n, new_n ? new_at : new_at - 1, new_n);
	for (i = from; i < to; i++) {
		sb_printf(out, "%c", d->l[i].op);
		sb_add(out, d->l[i].text, d->l[i].len);
		sb_puts(out, "\n");
	}
}

/*
 * The header of a file's diff; a name with a space ends in a tab, as
 * git diff writes it, so patch does not cut the name at the space.
 */
static void header(const char *name, struct strbuf *out)
{
	const char *tab = strchr(name, ' ') ? "\t" : "";

	sb_printf(out, "--- a/%s%s\n+++ b/%s%s\n", name, tab, name, tab);
}

static void unified(const struct ddiff *d, const char *name,
		    struct strbuf *out)
{
	size_t i = 0, old_line = 1, new_line = 1;

	header(name, out);
	while (i < d->n) {
		size_t start, end, j, o, nw;

		while (i < d->n && d->l[i].op == ' ') {
			i++;
			old_line++;
			new_line++;
		}
		if (i == d->n)
			break;
		start = i > CONTEXT ? i - CONTEXT : 0;
		o = old_line - (i - start);
		nw = new_line - (i - start);
		/* extend while the next change is within 2 * CONTEXT */
		for (end = i; end < d->n; end++) {
			if (d->l[end].op != ' ')
				continue;
			for (j = end; j < d->n && d->l[j].op == ' '; j++)
				;
			if (j == d->n || j - end > 2 * CONTEXT)
				break;
			end = j - 1;
		}
		for (; i < end; i++) {
			old_line += d->l[i].op == ' ' || d->l[i].op == '-';
			new_line += d->l[i].op == ' ' || d->l[i].op == '+';
		}
		end = end + CONTEXT < d->n ? end + CONTEXT : d->n;
		for (; i < end; i++) {
			old_line++;
			new_line++;
		}
		hunk(d, start, end, o, nw, out);
	}
}

/* The real path of file, which may not exist yet (its directory does) */
static char *real_name(const char *file)
{
	const char *slash = strrchr(file, '/');
	char *dir, *abs, *name;

	abs = realpath(file, NULL);
	if (abs)
		return abs;
	dir = slash ? xstrndup(file, slash == file ? 1 : slash - file) :
		      xstrdup(".");
	abs = realpath(dir, NULL);
	free(dir);
	if (!abs)
		return NULL;
	name = xasprintf("%s/%s", strcmp(abs, "/") ? abs : "",
			 slash ? slash + 1 : file);
	free(abs);
	return name;
}

/* The top of the git tree abs is in, or NULL */
static char *git_top(const char *abs)
{
	char *top = xstrdup(abs), *slash;

	while ((slash = strrchr(top, '/')) && slash != top) {
		char *git;
		bool found;

		*slash = '\0';
		git = xasprintf("%s/.git", top);
		found = !access(git, F_OK);
		free(git);
		if (found)
			return top;
	}
	free(top);
	return NULL;
}

/*
 * The file's path for the diff, as git apply and patch -p1 take it
 * (never "a/./x" or "a//x"): from the top of its git tree; else from
 * the current directory when it is below it; else from "/".
 */
static char *diff_name(const char *file)
{
	char *abs = real_name(file), *top, *cwd, *name;
	size_t n;

	if (!abs)
		abs = xasprintf("/%s", file);	/* as given, made clean below */
	top = git_top(abs);
	cwd = top ? NULL : getcwd(NULL, 0);
	if (!top && cwd && strcmp(cwd, "/"))
		top = cwd;
	else
		free(cwd);
	n = top ? strlen(top) : 0;
	if (top && !strncmp(abs, top, n) && abs[n] == '/')
		name = xstrdup(abs + n + 1);
	else
		name = xstrdup(abs + strspn(abs, "/"));
	free(top);
	free(abs);
	return name;
}

/* The new text of file, into text; its diff, into out. -1 if unreadable */
static int one_file(const struct update_plan *p, const char *file,
		    struct strbuf *text, struct strbuf *out)
{
	struct ddiff d = { 0 };
	char *buf = NULL, *name;
	size_t len = 0, i;

	if (read_file(file, 16 << 20, &buf, &len) && errno != ENOENT) {
		pr_err("%s: %s", file, errstr(errno));
		return -1;
	}
	build(p, file, buf ? buf : "", len, &d);
	for (i = 0; i < d.n; i++) {
		if (d.l[i].op == '-' || d.l[i].op == '\\')
			continue;
		sb_add(text, d.l[i].text, d.l[i].len);
		sb_puts(text, "\n");
	}
	name = diff_name(file);
	unified(&d, name, out);
	free(name);
	free(d.l);
	strlist_free(&d.owned);
	free(buf);
	return 0;
}

int update_apply(const struct update_plan *p, bool write, struct strbuf *out)
{
	struct strbuf *texts = xcalloc(p->n + 1, sizeof(*texts));
	struct strbuf diff = { 0 };
	struct strlist files = { 0 };
	size_t i, j;
	int ret = 0;

	for (i = 0; i < p->n && !ret; i++) {
		for (j = 0; j < i && strcmp(p->e[j].file, p->e[i].file); j++)
			;
		if (j < i)
			continue;
		ret = one_file(p, p->e[i].file, &texts[files.n], &diff);
		strlist_add(&files, xstrdup(p->e[i].file));
	}
	if (!ret && write)
		ret = data_files_write(files.v, texts, files.n, NULL) ? -1 : 0;
	else if (!ret)
		sb_add(out, diff.buf ? diff.buf : "", diff.len);
	for (i = 0; i < files.n; i++)
		sb_free(&texts[i]);
	free(texts);
	sb_free(&diff);
	strlist_free(&files);
	return ret;
}
