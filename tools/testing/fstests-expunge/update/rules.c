// SPDX-License-Identifier: GPL-2.0
/*
 * "update": the rules that turn what the runs of a test say into data
 * edits. Every line proposed is one "check" takes without a word.
 */
#include <stdlib.h>
#include <string.h>

#include "update/rules.h"
#include "entries/compact-rel.h"
#include "entries/entry-keys.h"
#include "entries/lint.h"
#include "lib/escape.h"
#include "lib/fileio.h"

/* At most this many kernels in seen=, runs in from= (the newest kernels) */
#define SEEN_MAX	4
#define FROM_MAX	4

/*
 * The upstream version of an observation's kernel: the one its results
 * state (KERNEL_VERSION: Debian's 6.1.0-57-amd64 is 6.1.192), else the
 * release's own
 */
static bool kernel_version(const struct obs *o, struct kver *v)
{
	const char *how;

	if (o->version && !kver_parse(o->version, v))
		return true;
	return !upstream_version(o->kernel, NULL, NULL, v, &how);
}

/* "6.6.30-foo: ext4_4k 2/2 failed, ext4_1k 0/3 failed" per kernel */
static void evidence(struct strbuf *sb, const struct obs *o, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!i || strcmp(o[i].kernel, o[i - 1].kernel))
			sb_printf(sb, "%s    %s:", i ? "\n" : "", o[i].kernel);
		sb_printf(sb, " %s %u/%u runs failed", o[i].section,
			  o[i].fail, o[i].runs);
		if (o[i].att > o[i].runs)
			sb_printf(sb, " (%u/%u attempts)", o[i].att_fail,
				  o[i].att);
		sb_puts(sb, i + 1 < n && !strcmp(o[i].kernel, o[i + 1].kernel) ?
			"," : "");
	}
	sb_puts(sb, "\n");
}

static void add_edit(struct planner *pl, const char *file, unsigned int line,
		     char *text)
{
	struct data_edit *e;

	e = array_push(&pl->p->e, &pl->p->n, &pl->p->alloc, sizeof(*e));
	e->file = xstrdup(file);
	e->line = line;
	e->text = text;
}

bool update_line_ok(const char *file, unsigned int lineno, const char *line)
{
	char *one = xasprintf("%s:1: ", file);
	struct dataset ds = { 0 };
	struct diag d = { 0 };
	const char *msg;
	bool ok;

	data_parse(&ds, file, line, strlen(line), &d);
	if (!d.errors)
		lint_dataset(&ds, NULL, NULL, &d);
	ok = !d.msgs.n;
	/* the line was parsed alone, as line 1: name the line it is */
	msg = ok ? NULL : d.msgs.v[0];
	if (msg && str_starts(msg, one)) {
		msg += strlen(one);
		if (lineno)
			pr_warn("not proposed: %s:%u: %s", file, lineno, msg);
		else
			pr_warn("not proposed: %s (a new line): %s", file, msg);
	} else if (msg) {
		pr_warn("not proposed: %s", msg);
	}
	free(one);
	dataset_free(&ds);
	diag_free(&d);
	return ok;
}

static bool obs_mixed(const struct obs *o)
{
	return o->fail != o->runs && o->pass != o->runs;
}

/*
 * The sections where some attempt failed, for section=; *ok false (and
 * said) when one is not a plain section name.
 */
static char *failing_sections(const struct obs *o, size_t n, bool *ok)
{
	struct strbuf sb = { 0 };
	size_t i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(o[j].section, o[i].section))
				break;
		if (j < i || !o[i].att_fail)
			continue;
		if (!plain_section_name(o[i].section)) {
			char *q = quote_input(o[i].section, QUOTE_MAX);

			pr_warn("not proposed: %s: section '%s' is not a plain section name",
				o[0].test, q);
			free(q);
			*ok = false;
		}
		sb_printf(&sb, "%s%s", sb.len ? "," : "", o[i].section);
	}
	return sb.buf ? sb.buf : xstrdup("");
}

static int kver_qcmp(const void *a, const void *b)
{
	return kver_cmp(a, b);
}

/* seen=: the kernels where some attempt failed, the newest SEEN_MAX */
static char *seen_kernels(const struct obs *o, size_t n)
{
	struct kver *v = xcalloc(n + 1, sizeof(*v));
	struct strbuf sb = { 0 };
	size_t i, k = 0;
	char buf[48];

	for (i = 0; i < n; i++)
		if (o[i].att_fail && kernel_version(&o[i], &v[k]))
			k++;
	qsort(v, k, sizeof(*v), kver_qcmp);
	for (i = k > SEEN_MAX ? k - SEEN_MAX : 0; i < k; i++) {
		if (i && !kver_cmp(&v[i], &v[i - 1]))
			continue;
		sb_printf(&sb, "%s%s", sb.len ? "," : "", kver_str(&v[i], buf));
	}
	free(v);
	return sb.buf;
}

/* from=: the failing runs (results:SECTION/START), the first FROM_MAX */
static char *failing_runs(const struct obs *o, size_t n)
{
	struct strbuf sb = { 0 };
	size_t i, count = 0;

	for (i = 0; i < n && count < FROM_MAX; i++) {
		char *copy, *tok, *save;

		if (!o[i].from)
			continue;
		copy = xstrdup(o[i].from);
		for (tok = strtok_r(copy, ",", &save); tok && count < FROM_MAX;
		     tok = strtok_r(NULL, ",", &save)) {
			sb_printf(&sb, "%s%s", sb.len ? "," : "", tok);
			count++;
		}
		free(copy);
	}
	return sb.buf;
}

/*
 * In each section that failed on some kernels and passed on others, did
 * every failing kernel come before every passing one (a fix)? False for
 * any other order, or a kernel whose version is unknown.
 */
static bool fixed_on_later_kernels(const struct obs *o, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++) {
		struct kver f, p;

		if (!o[i].fail)
			continue;
		for (j = 0; j < n; j++) {
			if (!o[j].pass || strcmp(o[j].section, o[i].section))
				continue;
			if (!kernel_version(&o[i], &f) ||
			    !kernel_version(&o[j], &p) ||
			    kver_cmp(&f, &p) >= 0)
				return false;
		}
	}
	return true;
}

/*
 * fixed= for the kernels where the test passed in every run, at least
 * min_runs of them; a kernel with fewer is said in the message.
 */
static char *fixed_kernels(struct planner *pl, const struct obs *o,
			   size_t n, bool some_fail_kernel)
{
	struct strbuf sb = { 0 };
	size_t i, j;

	for (i = 0; some_fail_kernel && i < n; i = j) {
		unsigned int pass = 0, fail = 0;
		struct kver v;
		char vbuf[48];

		for (j = i; j < n && !strcmp(o[j].kernel, o[i].kernel); j++) {
			pass += o[j].pass;
			fail += o[j].runs - o[j].pass;
		}
		if (fail || !kernel_version(&o[i], &v))
			continue;
		if (pass < pl->o->min_runs) {
			sb_printf(&pl->p->message,
				  "    passes on %s in %u run(s), fewer than --min-runs %u: no fixed=%s\n",
				  o[i].kernel, pass, pl->o->min_runs,
				  kver_str(&v, vbuf));
			continue;
		}
		sb_printf(&sb, "%s%s", sb.len ? "," : "", kver_str(&v, vbuf));
	}
	return sb.buf;
}

/* Did some kernel fail in every run of every section it ran? */
static bool a_kernel_fails(const struct obs *o, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i = j) {
		bool all = true;

		for (j = i; j < n && !strcmp(o[j].kernel, o[i].kernel); j++)
			all &= o[j].fail > 0;
		if (all)
			return true;
	}
	return false;
}

/*
 * The line of a new entry: section= where it failed, fixed= and passed=
 * where it passed in min_runs runs after failing, the kernels seen
 * failing and the failing runs (from=results:...).
 */
static char *new_line(struct planner *pl, const struct obs *o, size_t n,
		      bool mixed, bool *ok)
{
	char *sections = failing_sections(o, n, ok), *fixed = NULL;
	char *seen = seen_kernels(o, n), *from = failing_runs(o, n);
	unsigned int runs = 0, fail = 0, att = 0, att_fail = 0;
	struct strbuf sb = { 0 };
	size_t i;

	for (i = 0; i < n; i++) {
		/* a fail line's rate: of the runs where it failed */
		runs += o[i].fail ? o[i].runs : 0;
		fail += o[i].fail;
		att += o[i].att;
		att_fail += o[i].att_fail;
	}
	if (!mixed)
		fixed = fixed_kernels(pl, o, n, a_kernel_fails(o, n));
	sb_printf(&sb, "%s %s section=%s", o[0].test,
		  mixed ? "flaky" : "fail", sections);
	if (fixed)
		sb_printf(&sb, " fixed=%s", fixed);
	/*
	 * what the runs show is the rate, not a cause: keys, no reason (no
	 * cause= either: a line with from= and seen= and no reason is
	 * untriaged)
	 */
	sb_printf(&sb, " rate=%u/%u", mixed ? att_fail : fail,
		  mixed ? att : runs);
	if (from) {
		char *joined = origins_rejoin(from);	/* the short form */

		sb_printf(&sb, " from=%s", joined);
		free(joined);
	}
	if (seen)
		sb_printf(&sb, " seen=%s", seen);
	if (fixed)
		sb_printf(&sb, " passed=%s", fixed);
	free(sections);
	free(fixed);
	free(seen);
	free(from);
	return sb.buf;
}

/*
 * A test that failed where no entry applies (a regression for compare):
 * a fail or a flaky entry, merged with the test's lines if they compact.
 */
void update_new_entry(struct planner *pl, const struct obs *o, size_t n)
{
	bool mixed = false, ok = true, failed = false;
	char *file, *text;
	size_t i, mark = pl->p->message.len;

	for (i = 0; i < n; i++) {
		failed |= o[i].att_fail > 0;
		mixed |= obs_mixed(&o[i]);
	}
	if (!failed)
		return;
	/* passes and fails in one section, not as a fix would: a flake */
	mixed |= !fixed_on_later_kernels(o, n);
	sb_printf(&pl->p->message, "%s: new %s entry in %s.expunge\n",
		  o[0].test, mixed ? "flaky" : "fail", o[0].fs);
	text = new_line(pl, o, n, mixed, &ok);
	file = xasprintf("%s/%s.expunge", pl->dd.dir ? pl->dd.dir : "data",
			 o[0].fs);
	if (ok && update_line_ok(file, 0, text) &&
	    update_place(pl, file, o[0].test, text)) {
		evidence(&pl->p->message, o, n);
	} else {
		pl->p->message.len = mark;	/* nothing proposed */
		if (pl->p->message.buf)
			pl->p->message.buf[mark] = '\0';
	}
	free(text);
	free(file);
}

/*
 * Line n of a data file, without its line end; NULL if not there. *cr:
 * the line ended in "\r\n", which the new line keeps.
 */
static char *file_line(const char *path, unsigned int n, bool *cr)
{
	char *buf, *p, *end, *line = NULL;
	unsigned int i;
	size_t len, l;

	*cr = false;
	if (read_file(path, 16 << 20, &buf, &len))
		return NULL;
	end = buf + len;
	for (p = buf, i = 1; i < n && p < end; i++) {
		char *nl = memchr(p, '\n', end - p);

		p = nl ? nl + 1 : end;
	}
	if (p < end) {
		char *nl = memchr(p, '\n', end - p);

		l = (nl ? nl : end) - p;
		*cr = l && p[l - 1] == '\r';
		line = xstrndup(p, l - *cr);
	}
	free(buf);
	return line;
}

/* Where the conditions of an entry line end: at " if " or a comment. */
static size_t conditions_end(const char *line)
{
	size_t i, n = strlen(line);

	for (i = 1; i < n; i++) {
		bool space = line[i - 1] == ' ' || line[i - 1] == '\t';

		if (space && (line[i] == '#' || str_starts(line + i, "if ")))
			break;
	}
	while (i > 0 && (line[i - 1] == ' ' || line[i - 1] == '\t'))
		i--;
	return i < n ? i : n;
}

/* The line with version v added to its KEY= list (or a new one). */
static char *add_version(const char *line, const char *key, const char *v)
{
	size_t stop = conditions_end(line), at;
	char *sp = xasprintf(" %s=", key), *tab = xasprintf("\t%s=", key);
	const char *f = strstr(line, sp);

	if (!f)
		f = strstr(line, tab);
	free(sp);
	free(tab);
	if (f && (size_t)(f - line) < stop) {
		at = f + 1 - line + strcspn(f + 1, " \t");
		return xasprintf("%.*s,%s%s", (int)at, line, v, line + at);
	}
	return xasprintf("%.*s %s=%s%s", (int)stop, line, key, v, line + stop);
}

/* fixed=, and passed= that backs it (check warns of a fixed= without) */
static char *add_fixed(const char *line, const char *v)
{
	char *fixed = add_version(line, "fixed", v);
	char *both = add_version(fixed, "passed", v);

	free(fixed);
	return both;
}

static char *add_fixed_only(const char *line, const char *v)
{
	return add_version(line, "fixed", v);
}

/* Kernels of more than one series (x.y) among o[]'s: */
static bool several_series(const struct obs *o, size_t n)
{
	struct kver a, b;
	size_t i;

	for (i = 1; i < n; i++) {
		if (kernel_version(&o[0], &a) &&
		    kernel_version(&o[i], &b) &&
		    (a.major != b.major || a.minor != b.minor))
			return true;
	}
	return false;
}

/* line (or text) with key=v added, in line */
static void line_add(struct strbuf *line, const char *text,
		     char *(*add)(const char *, const char *), const char *v)
{
	char *next = add(line->buf ? line->buf : text, v);

	line->len = 0;
	sb_puts(line, next);
	free(next);
}

static char *add_passed(const char *line, const char *v)
{
	return add_version(line, "passed", v);
}

static char *add_seen(const char *line, const char *v)
{
	return add_version(line, "seen", v);
}

/*
 * The fixed= versions of the kernels where it passed in min_runs runs,
 * into line and vers; a kernel with fewer passes (and no failure) is an
 * observation: passed= only, and *observed set (the evidence rule).
 */
static bool passing_kernels(struct planner *pl, const struct obs *o,
			    size_t n, const struct entry *e, const char *text,
			    struct strbuf *line, struct strbuf *vers,
			    bool *observed)
{
	bool everywhere = true;
	size_t i, j;

	for (i = 0; i < n; i = j) {
		unsigned int pass = 0, bad = 0;
		struct kver v;
		char vbuf[48];

		for (j = i; j < n && !strcmp(o[j].kernel, o[i].kernel); j++) {
			pass += o[j].pass;
			bad += o[j].runs - o[j].pass;
		}
		if (!kernel_version(&o[i], &v)) {
			everywhere = false;
			continue;
		}
		kver_str(&v, vbuf);
		if (bad) {
			/* failed every run there: an observation, seen= */
			if (!pass && !(e->has_seen &&
				       kver_list_has(&e->seen, &v))) {
				sb_printf(&pl->p->message,
					  "%s: fails on %s in %u run(s): seen=%s recorded (%s:%u)\n",
					  o[0].test, o[i].kernel, bad, vbuf,
					  entry_file(e), e->line);
				line_add(line, text, add_seen, vbuf);
				*observed = true;
			}
			everywhere = false;
			continue;
		}
		if (pass < pl->o->min_runs) {
			bool known = e->has_passed &&
				kver_list_matches(&e->passed, &v, NULL);

			sb_printf(&pl->p->message,
				  "%s: passes on %s in %u run(s), fewer than --min-runs %u: %s, no fixed=%s (%s:%u)\n",
				  o[0].test, o[i].kernel, pass, pl->o->min_runs,
				  known ? "passed= has it" : "passed= recorded",
				  vbuf, entry_file(e), e->line);
			if (!known) {
				line_add(line, text, add_passed, vbuf);
				*observed = true;
			}
			everywhere = false;
			continue;
		}
		if (e->has_fixed && kver_list_matches(&e->fixed, &v, NULL))
			continue;
		/* passed= may have it already, from an observation */
		if (e->has_passed && kver_list_has(&e->passed, &v))
			line_add(line, text, add_fixed_only, vbuf);
		else
			line_add(line, text, add_fixed, vbuf);
		sb_printf(vers, "%s%s", vers->len ? "," : "", vbuf);
	}
	return everywhere;
}

/*
 * A known failure that passes: fixed= for each kernel with at least
 * min_runs passing runs and no failure; removed when that is every
 * kernel the results have, of more than one series (one kernel series
 * says nothing of the others).
 */
void update_known_fail(struct planner *pl, const struct obs *o, size_t n,
		       const struct entry *e)
{
	struct strbuf line = { 0 }, vers = { 0 };
	bool cr, everywhere, observed = false;
	char *text = file_line(e->file, e->line, &cr);

	if (!text)
		return;
	everywhere = passing_kernels(pl, o, n, e, text, &line, &vers,
				     &observed);
	/* a person's line is a person's to remove: it gets the facts */
	if (everywhere && several_series(o, n) && !entry_hand(e)) {
		add_edit(pl, e->file, e->line, NULL);
		sb_printf(&pl->p->message,
			  "%s: passes on every kernel: remove the fail entry (%s:%u)\n",
			  o[0].test, entry_file(e), e->line);
	} else if ((vers.len || observed) &&
		   update_line_ok(e->file, e->line, line.buf)) {
		if (cr)
			sb_puts(&line, "\r");
		add_edit(pl, e->file, e->line, xstrdup(line.buf));
		if (vers.len)
			sb_printf(&pl->p->message, "%s: passes on %s: fixed=%s (%s:%u)%s\n",
				  o[0].test, vers.buf, vers.buf, entry_file(e),
				  e->line, !everywhere ? "" : entry_hand(e) ?
				  "; kept: a hand-written line is for a person to remove" :
				  "; kept: the results hold one kernel series only");
	} else {
		everywhere = false;
		observed = false;
		vers.len = 0;
	}
	if (everywhere || vers.len || observed)
		evidence(&pl->p->message, o, n);
	free(text);
	sb_free(&line);
	sb_free(&vers);
}
