// SPDX-License-Identifier: GPL-2.0
/*
 * The compare report as a maintainer pastes it into a mail: a subject,
 * the kernels and a line of counts per section, then what needs a look:
 * regressions with the first lines of their failure, tests still
 * failing, flaky tests with their attempts, unexpected passes with the
 * data line to remove, missing tests, incomplete runs. Plain text, no
 * line over EMAIL_WIDTH columns.
 */
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "report/report.h"
#include "report/verdict.h"

#define EMAIL_WIDTH	72
#define FAILURE_LINES	4	/* of a failure's message and diff */
#define CUT_MARK	" [...]"	/* ends a line cut to the width */
#define LOGS	"a failure's files (SECTION/TEST.out.bad, .full, .dmesg) are in the tester's fstests results directory, results/ unless RESULT_BASE says otherwise: ask the sender for them"

/*
 * text wrapped at spaces into lines of EMAIL_WIDTH: the first after
 * first, the others after indent; a word too long is cut. Its control
 * characters are written as C escapes: a line break in a KERNEL property
 * would add headers ("Bcc:") to the mail.
 */
static void wrap(struct strbuf *out, const char *first, const char *indent,
		 const char *raw)
{
	struct strbuf safe = { 0 };
	const char *lead = first;

	sb_add_escaped(&safe, raw, strlen(raw));
	/* a lead too long for the words: a line of its own */
	if (strlen(first) > EMAIL_WIDTH / 2) {
		wrap(out, "", indent, first);
		lead = indent;
	}
	sb_wrap(out, lead, indent, safe.buf ? safe.buf : "", EMAIL_WIDTH);
	sb_free(&safe);
}

/*
 * A failure's line with the tester's path to a log made one a reader of
 * the list can ask for: "/home/t/results/ext4_4k/generic/044.out.bad"
 * becomes "ext4_4k/generic/044.out.bad", the section's directory of the
 * results (the Logs: line says where that is)
 */
static void local_paths(struct strbuf *line, const char *section)
{
	char *key = xasprintf("/%s/", section), *at, *start;

	while ((at = strstr(line->buf, key))) {
		for (start = at; start > line->buf && start[-1] != ' ' &&
		     start[-1] != '('; start--)
			;
		memmove(start, at + 1, line->len - (at + 1 - line->buf) + 1);
		line->len -= at + 1 - start;
	}
	free(key);
}

/* The first lines of a failure, each cut to the width */
static void failure(struct strbuf *out, const struct tally *t,
		    const char *section)
{
	struct strbuf all = { 0 }, line = { 0 };
	const char *p, *nl;
	int lines = 0;

	if (!t)
		return;
	sb_printf(&all, "%s\n%s", t->msg ? t->msg : "",
		  t->detail ? t->detail : "");
	for (p = all.buf; *p && lines < FAILURE_LINES; p = *nl ? nl + 1 : nl) {
		nl = strchrnul(p, '\n');
		if (nl == p)
			continue;
		line.len = 0;
		sb_add_escaped(&line, p, nl - p);
		local_paths(&line, section);
		if (line.len <= EMAIL_WIDTH - 6) {
			sb_printf(out, "      %s\n", line.buf);
		} else {
			/* a path cut short says so */
			size_t n = utf8_cut(line.buf, line.len, EMAIL_WIDTH - 6 -
					    strlen(CUT_MARK));

			sb_printf(out, "      %.*s%s\n", (int)n, line.buf,
				  CUT_MARK);
		}
		lines++;
	}
	sb_free(&line);
	sb_free(&all);
}

static void kernels(const struct report *r, struct strbuf *out,
		    bool subject)
{
	struct strlist seen = { 0 };
	struct strbuf sb = { 0 };
	size_t i;

	for (i = 0; i < r->n; i++) {
		const char *k = r->sc[i].cand ? r->sc[i].cand->kernel : NULL;

		if (k && !strlist_has(&seen, k))
			strlist_add(&seen, xstrdup(k));
	}
	if (subject)
		sb_printf(&sb, "%s%s", seen.n ? seen.v[0] : "an unknown kernel",
			  seen.n > 1 ? " and more" : "");
	for (i = 0; !subject && i < seen.n; i++)
		sb_printf(&sb, "%s%s", i ? ", " : "", seen.v[i]);
	sb_puts(out, sb.buf ? sb.buf : "unknown");
	sb_free(&sb);
	strlist_free(&seen);
}

static void head(const struct report *r, struct strbuf *out)
{
	const struct compare_totals *t = &r->totals;
	struct strbuf sb = { 0 };
	size_t i;

	sb_puts(&sb, "[fstests] ");
	kernels(r, &sb, true);
	sb_printf(&sb, ": %zu regression%s", t->count[CLS_REGRESSION],
		  t->count[CLS_REGRESSION] == 1 ? "" : "s");
	if (t->count[CLS_CRASH])
		sb_printf(&sb, ", %zu crash%s", t->count[CLS_CRASH],
			  t->count[CLS_CRASH] == 1 ? "" : "es");
	if (t->count[CLS_MISSING])
		sb_printf(&sb, ", %zu missing", t->count[CLS_MISSING]);
	if (t->incomplete)
		sb_printf(&sb, ", %zu incomplete", t->incomplete);
	wrap(out, "Subject: ", "  ", sb.buf);
	sb_free(&sb);
	sb_puts(out, "\n");
	kernels(r, &sb, false);
	wrap(out, "Kernel: ", "  ", sb.buf);
	sb_free(&sb);
	if (r->have_base) {
		side_describe_short(r->base, &sb);
		wrap(out, "Baseline: ", "  ", sb.buf);
		sb_free(&sb);
	}
	side_describe_short(r->cand, &sb);
	wrap(out, "This run: ", "  ", sb.buf);
	sb_free(&sb);
	wrap(out, "Logs: ", "  ", LOGS);
	for (i = 0; i < r->n; i++)
		sb_printf(&sb, "%s%s", i ? ", " : "", r->sc[i].name);
	wrap(out, "Sections: ", "  ", sb.buf ? sb.buf : "none");
	sb_free(&sb);
	for (i = 0; r->notes && i < r->notes->n; i++)
		wrap(out, "Note: ", "  ", r->notes->v[i]);
}

/* A class's name as words: "unexpected_pass" is "unexpected pass" */
static void words(struct strbuf *sb, const char *name)
{
	for (; *name; name++)
		sb_add(sb, *name == '_' ? " " : name, 1);
}

/* "  xfs_crc: 1083 tests; unexpected pass 2, not run 413" */
static void counts(const struct report *r, struct strbuf *out)
{
	size_t i, k;

	sb_puts(out, "\nCounts per section:\n");
	for (i = 0; i < r->n; i++) {
		const struct section_cmp *sc = &r->sc[i];
		struct strbuf sb = { 0 }, lead = { 0 };
		bool any = false;

		sb_printf(&lead, "  %s: ", sc->name);
		sb_printf(&sb, "%zu tests", sc->tests);
		for (k = 0; k < ARRAY_SIZE(report_columns); k++) {
			enum cls c = report_columns[k];

			if (!sc->count[c])
				continue;
			sb_printf(&sb, "%s", any ? ", " : "; ");
			words(&sb, cls_name(c));
			sb_printf(&sb, " %zu", sc->count[c]);
			any = true;
		}
		wrap(out, lead.buf, "      ", sb.buf);
		sb_free(&sb);
		sb_free(&lead);
	}
}

/* Each line of text wrapped after lead */
static void lines(struct strbuf *out, const char *text, const char *lead)
{
	const char *p, *nl;

	for (p = text; p && *p; p = *nl ? nl + 1 : nl) {
		char *line;

		nl = strchrnul(p, '\n');
		line = xstrndup(p, nl - p);
		wrap(out, lead, "          ", line);
		free(line);
	}
}

/* The kernel fixes fstests names for the test (compare --fstests) */
static void hints(struct strbuf *out, const char *hints)
{
	lines(out, hints, "      ");
}

static void item(const struct report *r, const struct section_cmp *sc,
		 const struct test_verdict *v, struct strbuf *out)
{
	struct strbuf sb = { 0 };

	sb_printf(&sb, "%s %s: ", sc->name, v->test);
	attempts_describe(v->cand, &sb);
	if (r->have_base) {
		sb_puts(&sb, " (baseline: ");
		attempts_describe(v->base, &sb);
		sb_puts(&sb, ")");
	}
	wrap(out, "  ", "      ", sb.buf);
	sb_free(&sb);
	if (v->cls != CLS_UNEXPECTED_PASS)
		failure(out, verdict_failure(v), sc->name);
	hints(out, v->hints);
	if (v->elsewhere) {
		wrap(out, "      ", "      ", "no entry applies here; the data has:");
		lines(out, v->elsewhere, "        ");
	}
	if (!v->data || v->data->kind == KIND_EXPUNGE)
		return;
	entry_describe(v->data->entry, &sb);
	wrap(out, v->cls == CLS_UNEXPECTED_PASS ? "      remove: " :
	     "      data: ", "        ", sb.buf);
	sb_free(&sb);
}

static void list(const struct report *r, enum cls k, struct strbuf *out)
{
	size_t i, j;

	if (!r->totals.count[k])
		return;
	sb_printf(out, "\n%s (%zu):\n", cls_title(k), r->totals.count[k]);
	for (i = 0; i < r->n; i++)
		for (j = 0; j < r->sc[i].n; j++)
			if (r->sc[i].v[j].cls == k)
				item(r, &r->sc[i], &r->sc[i].v[j], out);
}

/* The tests of class k by name, a section a paragraph */
static void names(const struct report *r, enum cls k, struct strbuf *out)
{
	size_t i, j;

	if (!r->totals.count[k])
		return;
	sb_printf(out, "\n%s (%zu):\n", cls_title(k), r->totals.count[k]);
	for (i = 0; i < r->n; i++) {
		const struct section_cmp *sc = &r->sc[i];
		struct strbuf sb = { 0 }, lead = { 0 };

		for (j = 0; j < sc->n; j++)
			if (sc->v[j].cls == k && !verdict_new_failure(&sc->v[j]))
				sb_printf(&sb, "%s%s", sb.len ? " " : "",
					  sc->v[j].test);
		sb_printf(&lead, "  %s: ", sc->name);
		if (sb.len)
			wrap(out, lead.buf, "    ", sb.buf);
		sb_free(&sb);
		sb_free(&lead);
	}
	/* a new test that failed is told in full */
	for (i = 0; i < r->n; i++)
		for (j = 0; j < r->sc[i].n; j++)
			if (r->sc[i].v[j].cls == k &&
			    verdict_new_failure(&r->sc[i].v[j]))
				item(r, &r->sc[i], &r->sc[i].v[j], out);
}

static void incomplete(const struct report *r, struct strbuf *out)
{
	size_t i, j;

	if (!r->totals.incomplete)
		return;
	sb_printf(out, "\nIncomplete runs (a crash?), in %zu section%s:\n",
		  r->totals.incomplete, r->totals.incomplete == 1 ? "" : "s");
	for (i = 0; i < r->n; i++) {
		const struct side_section *c = r->sc[i].cand;

		for (j = 0; c && j < c->incomplete.n; j++) {
			const char *v = c->incomplete.v[j];
			const char *end = strstr(v, ".xml: ");
			char *path = end ? xstrndup(v, end + 4 - v) : NULL;
			const char *name = path ? run_short_name(path) : NULL;
			char *s;

			/* "FILE: why", FILE as a list reader can use it */
			if (name && name != path)
				s = xasprintf("%s: .../%s%s", r->sc[i].name,
					      name, end + 4);
			else
				s = xasprintf("%s: %s", r->sc[i].name, v);
			free(path);

			wrap(out, "  ", "    ", s);
			free(s);
		}
	}
}

void report_email(const struct report *r, struct strbuf *out)
{
	head(r, out);
	counts(r, out);
	list(r, CLS_REGRESSION, out);
	list(r, CLS_CRASH, out);
	list(r, CLS_STILL_FAILING, out);
	list(r, CLS_FLAKY, out);
	list(r, CLS_UNEXPECTED_PASS, out);
	list(r, CLS_KNOWN, out);
	names(r, CLS_FIXED, out);
	names(r, CLS_NEW, out);
	names(r, CLS_MISSING, out);
	names(r, CLS_NOT_RUN, out);
	incomplete(r, out);
}
