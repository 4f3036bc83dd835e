// SPDX-License-Identifier: GPL-2.0
/*
 * A user's own exclude list ("check -E FILE": one test a line, '#'
 * comments) as data lines: each test an expunge entry whose reason is
 * the user's own comment (on its line, else the comment block above it)
 * and whose origin is the file (from=user:PATH). At run time that is the
 * user's data: their words stay theirs.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "entries/data-dir.h"
#include "entries/entry.h"
#include "fstests/tree.h"
#include "import/import.h"
#include "lib/fileio.h"

#define LIST_MAX	(16u << 20)

/* A comment as one line: no control characters in a data line */
static char *one_line(const char *s)
{
	char *c = xstrdup(s), *p;

	for (p = c; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = ' ';
	return c;
}

static void add_test(struct import_result *r, const char *path,
		     const char *fs, const char *test, unsigned int no,
		     const char *why)
{
	char *w = one_line(why && *why ? why : "excluded by this list");

	import_add_line(r, fs, xasprintf("%s expunge from=user:%s  # %s",
					 test, path, w),
			xasprintf("%s:%u", path, no));
	free(w);
}

static void read_list(char *buf, const char *path, const char *fs,
		      struct import_result *r)
{
	struct strbuf block = { 0 };
	char *line, *next, *note, *test;
	unsigned int no = 0;

	for (line = buf; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		no++;
		note = strchr(line, '#');
		if (note)
			*note++ = '\0';
		test = trim(line);
		if (!*test) {
			/* a comment block goes on; a blank line ends it */
			if (note && *trim(note))
				sb_printf(&block, "%s%s", block.len ? " " : "",
					  trim(note));
			else if (!note)
				block.len = 0;
			continue;
		}
		if (!valid_test_name(test) || strcspn(test, " \t") != strlen(test)) {
			import_add_skip(r, xasprintf("%s:%u", path, no),
					xstrdup("not one test name"));
			continue;
		}
		add_test(r, path, fs, test, no,
			 note && *trim(note) ? trim(note) :
			 block.len ? block.buf : NULL);
	}
	sb_free(&block);
}

int import_user_list(const char *path, const struct strlist *fs,
		     struct import_result *r)
{
	char *buf = NULL;
	size_t len;

	if (fs->n > 1) {
		pr_err("import --from list: one --fs (or none: %s.expunge)",
		       GLOBAL_DATA);
		return -1;
	}
	if (path[strcspn(path, " \t\n#,")]) {
		pr_err("%s: a list whose name holds a space, '#' or ',' cannot be named in from=",
		       path);
		return -1;
	}
	if (read_named(path, LIST_MAX, &buf, &len)) {
		pr_err("%s: %s", path, errstr(errno));
		return -1;
	}
	if (buf && memchr(buf, '\0', len)) {
		pr_err("%s: not a text file", path);
		free(buf);
		return -1;
	}
	r->user = xstrdup(path);
	if (buf)
		read_list(buf, path, fs->n ? fs->v[0] : GLOBAL_DATA, r);
	free(buf);
	return 0;
}
