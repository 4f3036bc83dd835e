// SPDX-License-Identifier: GPL-2.0
/* A result.xml written back in fstests' own xunit shape. */
#include <stdlib.h>
#include <string.h>

#include "lib/escape.h"
#include "results/result-write.h"
#include "results/xmlfilter.h"

#define SCHEMA "https://git.kernel.org/pub/scm/fs/xfs/xfstests-dev.git"

/* An attribute value escaped in full: the reader gave it decoded. */
static void put_attr(struct strbuf *sb, const char *name, const char *v)
{
	struct strbuf clean = { 0 };

	xf_sanitize(&clean, v ? v : "", v ? strlen(v) : 0);
	sb_printf(sb, "%s=\"", name);
	sb_add_markup(sb, clean.buf);
	sb_puts(sb, "\"");
	sb_free(&clean);
}

/* A log in CDATA; "]]>" inside it is split across two sections. */
static void put_log(struct strbuf *sb, const char *elem, const char *text)
{
	struct strbuf clean = { 0 };
	const char *p;

	if (!text)
		return;
	xf_sanitize(&clean, text, strlen(text));
	sb_printf(sb, "\t\t<%s>\n<![CDATA[", elem);
	for (p = clean.buf ? clean.buf : ""; *p; p++) {
		if (str_starts(p, "]]>")) {
			/* "]]" ends one section, ">" starts the next */
			sb_puts(sb, "]]]]><![CDATA[>");
			p += 2;
		} else if ((unsigned char)*p < 0x20 && *p != '\n' &&
			   *p != '\t' && *p != '\r') {
			sb_puts(sb, "?");	/* not XML, even in CDATA */
		} else {
			sb_add(sb, p, 1);
		}
	}
	sb_printf(sb, "]]>\n\t\t</%s>\n", elem);
	sb_free(&clean);
}

static void put_case(struct strbuf *sb, const char *section,
		     const struct result_case *c)
{
	const struct case_text *t = c->text;
	const char *msg = t && t->message ? t->message : c->msg;

	sb_puts(sb, "\t<testcase ");
	put_attr(sb, "classname", section);
	sb_puts(sb, " ");
	put_attr(sb, "name", c->name);
	sb_puts(sb, " ");
	put_attr(sb, "time", t && t->time ? t->time : "0");
	sb_puts(sb, ">\n");
	if (c->outcome == OUT_NOTRUN) {
		sb_puts(sb, "\t\t<skipped ");
		put_attr(sb, "message", msg);
		sb_puts(sb, " />\n");
	} else if (c->outcome == OUT_FAIL) {
		sb_puts(sb, "\t\t<failure ");
		put_attr(sb, "message", msg);
		sb_puts(sb, " ");
		put_attr(sb, "type", c->crashed ? RESULT_CRASH_TYPE :
			 t && t->type ? t->type : "TestFail");
		sb_puts(sb, " />\n");
	}
	if (t) {
		put_log(sb, "system-out", t->out);
		put_log(sb, "system-err", t->err);
		put_log(sb, "kernel-log", t->klog);
	}
	sb_puts(sb, "\t</testcase>\n");
}

struct counts {
	size_t tests, failures, skipped;
};

/* Each test once, by its first attempt (the first of a run of names). */
static void count(const struct result_file *rf, struct counts *n)
{
	size_t i;

	memset(n, 0, sizeof(*n));
	for (i = 0; i < rf->ncases; i++) {
		const struct result_case *c = &rf->cases[i];

		if (i && !strcmp(c->name, rf->cases[i - 1].name))
			continue;
		n->tests++;
		n->failures += c->outcome == OUT_FAIL;
		n->skipped += c->outcome == OUT_NOTRUN;
	}
}

static bool is_count(const char *name)
{
	return !strcmp(name, "failures") || !strcmp(name, "skipped") ||
	       !strcmp(name, "tests") || !strcmp(name, "time") ||
	       !strcmp(name, "name") || !strcmp(name, "errors");
}

static void put_header(const struct result_file *rf, bool finished,
		       struct strbuf *sb)
{
	const char *time = NULL;
	struct counts n;
	size_t i;

	for (i = 0; i < rf->nattrs; i++) {
		if (!strcmp(rf->attrs[i].name, "time"))
			time = rf->attrs[i].value;
	}
	count(rf, &n);
	sb_puts(sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite\n"
		" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
		" xsi:schemaLocation=\"" SCHEMA " " SCHEMA
		"/tree/doc/xunit.xsd\"\n\n name=\"xfstests\"\n");
	sb_printf(sb, " failures=\"%zu\" skipped=\"%zu\" tests=\"%zu\" ",
		  n.failures, n.skipped, n.tests);
	put_attr(sb, "time", finished && time && *time ? time :
		 finished ? "0" : "");
	for (i = 0; i < rf->nattrs; i++) {
		if (is_count(rf->attrs[i].name))
			continue;
		sb_puts(sb, "\n ");
		put_attr(sb, rf->attrs[i].name, rf->attrs[i].value);
	}
	sb_puts(sb, "\n>\n\t<properties>\n");
	for (i = 0; i < rf->nprops; i++) {
		sb_puts(sb, "\t\t<property ");
		put_attr(sb, "name", rf->props[i].name);
		sb_puts(sb, " ");
		put_attr(sb, "value", rf->props[i].value);
		sb_puts(sb, "/>\n");
	}
	sb_puts(sb, "\t</properties>\n");
}

void result_write(const struct result_file *rf, bool finished,
		  struct strbuf *sb)
{
	char *cls = xasprintf("xfstests.%s", rf->section ? rf->section :
			      "global");
	size_t i;

	put_header(rf, finished, sb);
	for (i = 0; i < rf->ncases; i++)
		put_case(sb, cls, &rf->cases[i]);
	sb_puts(sb, "</testsuite>\n");
	free(cls);
}
