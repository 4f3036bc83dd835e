// SPDX-License-Identifier: GPL-2.0
/* Did check run what it was asked to? What a check call left, judged. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "entries/entry.h"
#include "fstests/tree.h"
#include "lib/fileio.h"
#include "run/run-verify.h"

/* What to look at when check did not run the section as asked. */
static void hint(const struct verify_ctx *vc)
{
	pr_err("look at check's output above, and at section [%s] of %s",
	       vc->section, vc->config ? vc->config : "check's config");
}

/* path, if check wrote it during this call */
static bool written_since(const char *path, time_t since)
{
	struct stat sb;

	return !stat(path, &sb) && S_ISREG(sb.st_mode) &&
	       sb.st_mtime >= since;
}

bool verify_result_there(const struct verify_ctx *vc)
{
	char *path = xasprintf("%s/%s/result.xml", vc->base, vc->section);
	char *top = xasprintf("%s/result.xml", vc->base);
	bool there = !access(path, F_OK);

	if (!there) {
		pr_err("check wrote no %s: it did not run section %s", path,
		       vc->section);
		if (written_since(top, vc->since))
			pr_err("it wrote %s instead: a section it does not know",
			       top);
		else if (written_since("/result.xml", vc->since))
			pr_err("it wrote /result.xml instead: a section it does not know");
		hint(vc);
	}
	free(path);
	free(top);
	return there;
}

static void add_names(const struct result_file *rf, struct strlist *names)
{
	size_t i;

	for (i = 0; names && i < rf->ncases; i++) {
		if (!strlist_has(names, rf->cases[i].name))
			strlist_add(names, xstrdup(rf->cases[i].name));
	}
}

enum piece_state verify_piece(const struct verify_ctx *vc, const char *path,
			      struct strlist *names)
{
	struct result_file rf;
	enum piece_state ret = PIECE_WHOLE;
	char *err = NULL;

	if (result_read(path, &rf, &err)) {
		pr_err("check's result.xml (kept as %s) is unreadable: %s",
		       path, err);
		hint(vc);
		free(err);
		return PIECE_UNREADABLE;
	}
	if (rf.incomplete) {
		pr_err("check stopped early: %s; what it did not get to did not run",
		       rf.why_incomplete);
		hint(vc);
		ret = PIECE_STOPPED;
	}
	add_names(&rf, names);
	result_free(&rf);
	return ret;
}

void verify_names(const char *path, struct strlist *names)
{
	struct result_file rf;
	char *err = NULL;

	if (!names || result_read(path, &rf, &err)) {
		free(err);
		return;
	}
	add_names(&rf, names);
	result_free(&rf);
}

/* The tests of an exclude file (a test, then perhaps "# why"). */
static void read_excluded(const char *path, struct strlist *tests)
{
	char *buf, *line, *save;
	size_t len;

	if (read_file(path, 64 << 20, &buf, &len))
		return;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		line[strcspn(line, " \t#")] = '\0';
		if (*line)
			strlist_add(tests, xstrdup(line));
	}
	free(buf);
}

size_t verify_requested(const struct strlist *args,
			const struct result_file *m, const char *exclude,
			struct strlist *missing)
{
	struct strlist ran = { 0 }, excluded = { 0 };
	size_t i, named = 0;

	for (i = 0; i < m->ncases; i++)
		strlist_add(&ran, xstrdup(m->cases[i].name));
	read_excluded(exclude, &excluded);
	for (i = 0; i < args->n; i++) {
		const char *t = args->v[i];

		/* the operand of an option is no test: -x generic, -g quick */
		if (!valid_test_name(t) ||
		    (i && args->v[i - 1][0] == '-' && !args->v[i - 1][2]))
			continue;
		if (strlist_has(&excluded, t))
			continue;
		named++;
		if (!strlist_has(&ran, t) && !strlist_has(missing, t))
			strlist_add(missing, xstrdup(t));
	}
	strlist_free(&ran);
	strlist_free(&excluded);
	return named;
}
