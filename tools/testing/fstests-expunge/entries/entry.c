// SPDX-License-Identifier: GPL-2.0
/*
 * The data files: one entry per line,
 *
 *	TEST KIND [KEY=VALUE]... [if EXPR] [# comment]
 *
 * '#' starts a comment at the start of a line or after white space (so a
 * URL may hold one).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entries/entry-keys.h"
#include "entries/entry.h"
#include "fstests/rev.h"
#include "fstests/tree.h"
#include "kernel/kcond.h"
#include "lib/base.h"
#include "lib/escape.h"
#include "lib/fileio.h"
#include "lib/strbuf.h"

#define DATA_MAX_SIZE	(16u << 20)
#define DIAG_MAX	400	/* longest message, escaped */

/* "FILE:LINE: LEVEL: message" into d's messages */
static void diag_vput(struct diag *d, const char *level, const char *file,
		      unsigned int line, const char *fmt, va_list ap)
{
	struct strbuf sb = { 0 };
	char *msg, *q;

	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	if (line)
		sb_printf(&sb, "%s:%u: ", file, line);
	else
		sb_printf(&sb, "%s: ", file);
	/* a message quotes at most a few hundred bytes of the input */
	q = quote_input(msg ? msg : "out of memory", DIAG_MAX);
	sb_printf(&sb, "%s: %s", level, q);
	free(msg);
	free(q);
	strlist_add(&d->msgs, sb.buf);
}

void diag_add(struct diag *d, bool error, const char *file,
	      unsigned int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vput(d, error ? "error" : "warning", file, line, fmt, ap);
	va_end(ap);
	if (error)
		d->errors++;
	else
		d->warnings++;
}

void diag_note(struct diag *d, const char *file, unsigned int line,
	       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vput(d, "note", file, line, fmt, ap);
	va_end(ap);
}

void diag_cond(struct diag *d, const struct entry *e, const char *why)
{
	char *q = quote_input(e->cond, QUOTE_MAX);

	diag_add(d, true, e->file, e->line, "if %s: %s", q, why);
	free(q);
}

void diag_print(const struct diag *d)
{
	size_t i;

	for (i = 0; i < d->msgs.n; i++)
		fprintf(stderr, "%s\n", d->msgs.v[i]);
}

void diag_free(struct diag *d)
{
	strlist_free(&d->msgs);
	memset(d, 0, sizeof(*d));
}

const char *kind_name(enum entry_kind kind)
{
	static const char *const names[] = {
		[KIND_EXPUNGE] = "expunge",
		[KIND_FAIL] = "fail",
		[KIND_FLAKY] = "flaky",
	};

	return names[kind];
}

const char *entry_file(const struct entry *e)
{
	const char *slash = strrchr(e->file, '/');

	if (!slash)
		return e->file;
	/* the out-of-maintenance file says so: eol/xfs.expunge */
	if (slash - e->file >= 3 && !strncmp(slash - 3, "eol", 3) &&
	    (slash - e->file == 3 || slash[-4] == '/'))
		return slash - 3;
	return slash + 1;
}

int entry_retries(const struct entry *e)
{
	return e->retries >= 0 ? e->retries : DEFAULT_RETRIES;
}

bool plain_section_name(const char *s)
{
	const char *p;

	for (p = s; *p; p++) {
		if (!isalnum((unsigned char)*p) && !strchr("_-.+", *p))
			return false;
	}
	return *s;
}

bool test_runs_on(const char *test, const char *fs)
{
	size_t len = strcspn(test, "/"), n = strlen(fs);

	if (str_starts(test, "generic/") || str_starts(test, "shared/"))
		return true;
	if (len == n && !strncmp(test, fs, n))
		return true;
	return (!strcmp(fs, "ext2") || !strcmp(fs, "ext3")) &&
	       str_starts(test, "ext4/");
}

const char *entry_group(const struct entry *e)
{
	return str_starts(e->test, GROUP_PREFIX) ?
	       e->test + strlen(GROUP_PREFIX) : NULL;
}

bool valid_group_name(const char *s)
{
	const char *p;

	if (!*s)
		return false;
	for (p = s; *p; p++) {
		if (!islower((unsigned char)*p) &&
		    !isdigit((unsigned char)*p) && *p != '_' && *p != '-')
			return false;
	}
	return true;
}

/*
 * A shell glob over section names: section characters and * ? [...];
 * a leading '!' makes it a glob of sections the entry is not for.
 */
static const char *check_glob(const char *g)
{
	const char *p;

	if (*g == '!')
		g++;
	if (!*g)
		return "empty section glob";
	for (p = g; *p; p++) {
		if (*p == '[') {
			const char *end = p + 1;

			if (*end == '!' || *end == '^')
				end++;
			if (*end == ']')
				end++;
			end = strchr(end, ']');
			if (!end)
				return "'[' without ']'";
			p = end;
			continue;
		}
		if (*p == ']')
			return "']' without '['";
		if (!isalnum((unsigned char)*p) && !strchr("_-.*?", *p))
			return "character not allowed in a section name";
	}
	return NULL;
}

static bool valid_sha(const char *s)
{
	size_t n = strlen(s);

	return n >= 7 && n <= 40 && strspn(s, "0123456789abcdef") == n;
}

/* Split off the next white-space separated word. */
static char *next_word(char **p)
{
	char *s = *p, *w;

	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s) {
		*p = s;
		return NULL;
	}
	w = s;
	while (*s && *s != ' ' && *s != '\t')
		s++;
	if (*s)
		*s++ = '\0';
	*p = s;
	return w;
}

/* Find the comment: a '#' at the start or after white space. */
static char *find_comment(char *line)
{
	char *p;

	for (p = line; *p; p++) {
		if (*p == '#' && (p == line || p[-1] == ' ' || p[-1] == '\t'))
			return p;
	}
	return NULL;
}

char *data_line_key(const char *line)
{
	char *copy = xstrdup(line), *c = find_comment(copy), *p = copy, *w;
	struct strbuf sb = { 0 };

	if (c)
		*c = '\0';
	while ((w = next_word(&p))) {
		if (sb.len)
			sb_puts(&sb, " ");
		sb_puts(&sb, w);
	}
	free(copy);
	return sb.buf;
}

struct line_ctx {
	struct diag *d;
	const char *file;
	unsigned int line;
	size_t errors;
	bool series;	/* the line's since= and until= are its series= */
};

static __printf(2, 3) void line_err(struct line_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vput(c->d, "error", c->file, c->line, fmt, ap);
	va_end(ap);
	c->d->errors++;
	c->errors++;
}

/* What a key's parser returns when the entry has the key already */
#define KEY_TWICE	1

static int key_section(struct line_ctx *c, struct entry *e, const char *key,
		       char *val)
{
	size_t i, n;

	if (e->sections)
		return KEY_TWICE;
	e->sections = split_list(val, &n);
	for (i = 0; i < n; i++) {
		const char *why = check_glob(e->sections[i]);

		if (why) {
			line_err(c, "section=%s: %s", val, why);
			return -1;
		}
	}
	return 0;
}

/* The version list a key names: since= fixed= until= seen= passed= */
static struct kver_list *versions_of(struct entry *e, const char *key,
				     bool **has)
{
	static const char *const names[] = {
		"since", "fixed", "until", "seen", "passed",
	};
	bool *flags[] = {
		&e->has_since, &e->has_fixed, &e->has_until, &e->has_seen,
		&e->has_passed,
	};
	struct kver_list *lists[] = {
		&e->since, &e->fixed, &e->until, &e->seen, &e->passed,
	};
	size_t i;

	for (i = 0; strcmp(key, names[i]); i++)
		;
	*has = flags[i];
	return lists[i];
}

/* series= and since= or until= on one line: which one is meant? */
static int series_conflict(struct line_ctx *c, const struct entry *e,
			   const struct kver *v)
{
	char buf[48];

	line_err(c, "%s: series=%s with since= or until=: series=V is since=V until=X.Y-rc1 (the next series), write one or the other",
		 e->test, kver_str(v, buf));
	return -1;
}

static int key_versions(struct line_ctx *c, struct entry *e, const char *key,
			char *val)
{
	char *bad = NULL;
	bool *has;
	struct kver_list *list = versions_of(e, key, &has);

	if (c->series && (has == &e->has_since || has == &e->has_until))
		return series_conflict(c, e, &e->since.v[0]);
	if (*has)
		return KEY_TWICE;
	if (kver_list_parse(val, list, &bad)) {
		line_err(c, "%s=: '%s' is not a kernel version (x.y, x.y.z or x.y-rcN)",
			 key, bad);
		free(bad);
		return -1;
	}
	*has = true;
	return 0;
}

/*
 * series=V: the kernels of V's series from V on, since=V until=
 * kver_series_end(V); one version, never with since= or until=
 */
static int key_series(struct line_ctx *c, struct entry *e, const char *key,
		      char *val)
{
	struct kver v;

	if (c->series)
		return KEY_TWICE;
	if (kver_parse(val, &v)) {
		line_err(c, "series=%s: not one kernel version (x.y, x.y.z or x.y-rcN)",
			 val);
		return -1;
	}
	if (e->has_since || e->has_until)
		return series_conflict(c, e, &v);
	c->series = true;
	e->has_since = true;
	e->has_until = true;
	e->since.v = xmalloc(sizeof(v));
	e->since.v[0] = v;
	e->since.n = 1;
	e->until.v = xmalloc(sizeof(v));
	e->until.v[0] = kver_series_end(&v);
	e->until.n = 1;
	return 0;
}

/* fixed-by= and test-fixed-by=: commit ids */
static int key_fixed_by(struct line_ctx *c, struct entry *e, const char *key,
			char *val)
{
	char ***list = key[0] == 't' ? &e->test_fixed_by : &e->fixed_by;
	size_t i, n;

	if (*list)
		return KEY_TWICE;
	*list = split_list(val, &n);
	for (i = 0; i < n; i++) {
		if (!valid_sha((*list)[i])) {
			line_err(c, "%s=: '%s' is not a commit id (7 to 40 lowercase hex digits)",
				 key, (*list)[i]);
			return -1;
		}
	}
	return 0;
}

static int key_test_fixed(struct line_ctx *c, struct entry *e,
			  const char *key, char *val)
{
	if (e->test_fixed)
		return KEY_TWICE;
	if (!valid_fstests_release(val)) {
		line_err(c, "test-fixed=%s: not an fstests release (vYYYY.MM.DD)",
			 val);
		return -1;
	}
	e->test_fixed = xstrdup(val);
	return 0;
}

/* v added to e's seen= unless it names it */
static void add_seen(struct entry *e, const struct kver *v)
{
	if (kver_list_has(&e->seen, v))
		return;
	e->seen.v = xrealloc(e->seen.v, (e->seen.n + 1) * sizeof(*v));
	e->seen.v[e->seen.n++] = *v;
	e->has_seen = true;
}

/*
 * Each origin of e's from= in its short form, each once; a kdevops
 * kernel directory's list is "kdevops", its kernel in seen= (from=
 * kdevops:6.1.72+ is from=kdevops seen=6.1.72)
 */
static void shorten_origins(struct entry *e)
{
	char **list = e->from;
	size_t i, j, n = 0;
	struct kver v;

	for (i = 0; list && list[i]; i++) {
		char *s = origin_short(list[i]);

		if (origin_kdevops_kernel(list[i], &v))
			add_seen(e, &v);
		free(list[i]);
		for (j = 0; j < n && strcmp(list[j], s); j++)
			;
		if (j < n)
			free(s);
		else
			list[n++] = s;
	}
	if (list)
		list[n] = NULL;
}

/*
 * A plain "kdevops" on a line without seen= is the list for every
 * kernel its env= says (from=kdevops env=fast is kdevops:any/over-10s):
 * e's from= says it so, each once
 */
static void kdevops_any_origins(struct entry *e)
{
	const char *any = origin_kdevops_any(e->env, e->has_seen);
	char **list = e->from;
	size_t i, j, n = 0;

	for (i = 0; any && list && list[i]; i++) {
		if (!strcmp(list[i], "kdevops")) {
			free(list[i]);
			list[i] = xstrdup(any);
		}
		for (j = 0; j < n && strcmp(list[j], list[i]); j++)
			;
		if (j < n)
			free(list[i]);
		else
			list[n++] = list[i];
	}
	if (any && list)
		list[n] = NULL;
}

/*
 * from= and env=: lists whose every word check() accepts; origins in
 * full (no shared prefix), made short once seen= is read too
 */
static int key_words(struct line_ctx *c, struct entry *e, const char *key,
		     char *val)
{
	bool from = key[0] == 'f';
	char ***list = from ? &e->from : &e->env;
	const char *why;
	size_t i, n;

	if (*list)
		return KEY_TWICE;
	*list = split_list(val, &n);
	if (from)
		origins_expand(*list);
	for (i = 0; i < n; i++) {
		why = from ? origin_check((*list)[i]) :
		      env_name_check((*list)[i], true);
		if (why) {
			line_err(c, "%s=: '%s': %s", key, (*list)[i], why);
			return -1;
		}
	}
	return 0;
}

static int key_cause(struct line_ctx *c, struct entry *e, const char *key,
		     char *val)
{
	if (e->cause != CAUSE_NONE)
		return KEY_TWICE;
	if (cause_parse(val, &e->cause)) {
		line_err(c, "cause=%s: not a cause (known: kernel test tools env untriaged)",
			 val);
		return -1;
	}
	return 0;
}

static int key_crash(struct line_ctx *c, struct entry *e, const char *key,
		     char *val)
{
	if (e->crash != CRASH_NONE)
		return KEY_TWICE;
	if (crash_parse(val, &e->crash)) {
		line_err(c, "crash=%s: not a crash class (known: %s)", val,
			 CRASH_CLASSES);
		return -1;
	}
	return 0;
}

/* rate=F/N[,F/N...]: failure rates, each once */
static int key_rate(struct line_ctx *c, struct entry *e, const char *key,
		    char *val)
{
	bool below;
	size_t i, j, n;

	if (e->rate)
		return KEY_TWICE;
	e->rate = split_list(val, &n);
	for (i = 0; i < n; i++) {
		if (!rate_valid(e->rate[i], &below)) {
			line_err(c, "rate=: '%s' is not a failure rate F/N (F of N attempts failed, 1 <= F <= N)",
				 e->rate[i]);
			return -1;
		}
		for (j = 0; j < i; j++) {
			if (!strcmp(e->rate[j], e->rate[i])) {
				line_err(c, "rate=: '%s' given twice",
					 e->rate[i]);
				return -1;
			}
		}
	}
	return 0;
}

static int key_retries(struct line_ctx *c, struct entry *e, const char *key,
		       char *val)
{
	char *end;
	long r;

	if (e->retries >= 0)
		return KEY_TWICE;
	errno = 0;
	r = strtol(val, &end, 10);
	if (*end || errno || r < 0 || r > MAX_RETRIES ||
	    !isdigit((unsigned char)*val)) {
		line_err(c, "retries=%s: not a number from 0 to %d", val,
			 MAX_RETRIES);
		return -1;
	}
	e->retries = r;
	return 0;
}

static int key_bug(struct line_ctx *c, struct entry *e, const char *key,
		   char *val)
{
	if (e->bug)
		return KEY_TWICE;
	if (!str_starts(val, "https://") && !str_starts(val, "http://")) {
		line_err(c, "bug=%s: not a URL", val);
		return -1;
	}
	e->bug = xstrdup(val);
	return 0;
}

#define KNOWN_KEYS	"section series since fixed fixed-by until retries bug " \
			"from seen passed cause crash rate test-fixed-by " \
			"test-fixed env"

/* The keys of an entry: each parser returns 0, -1 or KEY_TWICE. */
static const struct {
	const char *name;
	int (*parse)(struct line_ctx *c, struct entry *e, const char *key,
		     char *val);
} keys[] = {
	{ "section", key_section },
	{ "series", key_series },
	{ "since", key_versions },
	{ "fixed", key_versions },
	{ "fixed-by", key_fixed_by },
	{ "until", key_versions },
	{ "retries", key_retries },
	{ "bug", key_bug },
	{ "from", key_words },
	{ "seen", key_versions },
	{ "passed", key_versions },
	{ "cause", key_cause },
	{ "crash", key_crash },
	{ "rate", key_rate },
	{ "test-fixed-by", key_fixed_by },
	{ "test-fixed", key_test_fixed },
	{ "env", key_words },
};

static int parse_key(struct line_ctx *c, struct entry *e, char *word)
{
	char *eq = strchr(word, '=');
	char *key = word, *val;
	size_t i;
	int ret;

	if (!eq) {
		line_err(c, "'%s' is not KEY=VALUE (or 'if EXPR')", word);
		return -1;
	}
	*eq = '\0';
	val = eq + 1;
	if (!*val) {
		line_err(c, "%s= needs a value", key);
		return -1;
	}
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (strcmp(key, keys[i].name))
			continue;
		ret = keys[i].parse(c, e, key, val);
		if (ret == KEY_TWICE) {
			line_err(c, "%s= given twice", key);
			return -1;
		}
		return ret;
	}
	line_err(c, "unknown key '%s' (known: %s)", key, KNOWN_KEYS);
	return -1;
}

static void entry_free(struct entry *e)
{
	free(e->test);
	free_list(e->sections);
	kver_list_free(&e->since);
	kver_list_free(&e->fixed);
	free_list(e->fixed_by);
	free(e->cond);
	free(e->bug);
	free(e->comment);
	kver_list_free(&e->until);
	kver_list_free(&e->seen);
	kver_list_free(&e->passed);
	free_list(e->test_fixed_by);
	free(e->test_fixed);
	free_list(e->env);
	free_list(e->from);
	free_list(e->rate);
}

/*
 * Are all e's origins lists for every kernel (kdevops' any/), which
 * say no kernel it was seen on?
 */
static bool any_kernel(const struct entry *e)
{
	char *const *o;

	for (o = e->from; o && *o; o++) {
		if (!str_starts(*o, "kdevops:any/"))
			return false;
	}
	return true;
}

bool entry_untriaged_implied(const struct entry *e)
{
	char *const *o;

	if (e->comment || e->bug || e->fixed_by || !e->from ||
	    (!e->has_seen && !any_kernel(e)))
		return false;
	/* seen by a harness or a run of ours: not a person's own word */
	for (o = e->from; *o; o++) {
		if (strcmp(*o, "hand") && !str_starts(*o, "user:"))
			return true;
	}
	return false;
}

bool entry_series(const struct entry *e)
{
	struct kver end;

	if (!e->has_since || !e->has_until || e->since.n != 1 ||
	    e->until.n != 1)
		return false;
	end = kver_series_end(&e->since.v[0]);
	return !kver_cmp(&e->until.v[0], &end);
}

static int parse_kind(const char *s, enum entry_kind *kind)
{
	enum entry_kind k;

	for (k = KIND_EXPUNGE; k <= KIND_FLAKY; k++) {
		if (!strcmp(s, kind_name(k))) {
			*kind = k;
			return 0;
		}
	}
	return -1;
}

/*
 * Data is UTF-8 text: a control character (an escape sequence) or bytes
 * that are not UTF-8 would be copied into exclude files, reports and
 * JSON. Tabs are spaces.
 */
static bool text_err(struct line_ctx *c, const char *line)
{
	size_t n = strlen(line), i;

	for (i = 0; i < n; i++) {
		unsigned char ch = line[i];

		if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			line_err(c, "a control character (0x%02x) at byte %zu: data lines are text",
				 ch, i + 1);
			return true;
		}
	}
	i = utf8_valid_len(line, n);
	if (i < n) {
		line_err(c, "byte %zu (0x%02x) is not UTF-8: data lines are UTF-8 text",
			 i + 1, (unsigned char)line[i]);
		return true;
	}
	return false;
}

/* A condition that does not parse (why is freed): diag_cond() */
static void cond_err(struct line_ctx *c, const char *cond, char *why)
{
	char *q = quote_input(cond, QUOTE_MAX);

	line_err(c, "if %s: %s", q, why);
	free(q);
	free(why);
}

/* The first column: a test, or group:NAME */
static bool test_column(struct line_ctx *c, const char *word)
{
	if (str_starts(word, GROUP_PREFIX)) {
		if (valid_group_name(word + strlen(GROUP_PREFIX)))
			return true;
		line_err(c, "'%s' is not a group name (like group:dax)", word);
		return false;
	}
	if (valid_test_name(word))
		return true;
	line_err(c, "'%s' is not a test name (like generic/001) or group:NAME",
		 word);
	return false;
}

/*
 * What a parsed line implies: its origins in full, cause= where the
 * line's keys say it; and the warnings of a line that gives no reason
 */
static void imply_keys(struct line_ctx *c, struct entry *e)
{
	shorten_origins(e);
	kdevops_any_origins(e);
	/* the machine goes down: the kernel's, unless cause= says else */
	if (e->cause == CAUSE_NONE && e->crash != CRASH_NONE)
		e->cause = CAUSE_KERNEL;
	/* un-triaged: the line's keys say all there is, where and when */
	if (e->cause == CAUSE_NONE && entry_untriaged_implied(e))
		e->cause = CAUSE_UNTRIAGED;
	if (!e->comment && !e->bug && !e->fixed_by &&
	    e->crash == CRASH_NONE && e->cause != CAUSE_UNTRIAGED)
		diag_add(c->d, false, c->file, c->line,
			 "%s: no reason given: add a '# comment', bug= or fixed-by=, or where no source says one, from= and seen= (where and when it was seen failing)",
			 e->test);
	if (e->cause == CAUSE_UNTRIAGED &&
	    (!e->from || (!e->has_seen && !any_kernel(e))))
		diag_add(c->d, false, c->file, c->line,
			 "%s: cause=untriaged without %s: say where it was seen failing (from=) and when last (seen=)",
			 e->test, e->from ? "seen=" : "from=");
}

static void parse_line(struct dataset *ds, struct line_ctx *c, char *line)
{
	struct entry e = { .retries = -1 };
	char *comment, *p, *word, *why;

	c->series = false;
	comment = find_comment(line);
	if (comment) {
		*comment++ = '\0';
		comment = trim(comment);
		if (*comment)
			e.comment = xstrdup(comment);
	}
	p = line;
	word = next_word(&p);
	if (!word)
		goto out;	/* blank or comment only */
	if (!test_column(c, word))
		goto out;
	e.test = xstrdup(word);
	word = next_word(&p);
	if (!word) {
		line_err(c, "%s: no kind (expunge, fail or flaky)", e.test);
		goto out;
	}
	if (parse_kind(word, &e.kind)) {
		line_err(c, "unknown kind '%s' (known: expunge fail flaky)",
			 word);
		goto out;
	}
	while ((word = next_word(&p))) {
		if (!strcmp(word, "if")) {
			p = trim(p);
			if (!*p) {
				line_err(c, "'if' without a condition");
				goto out;
			}
			why = kcond_lint(p);
			if (why) {
				cond_err(c, p, why);
				goto out;
			}
			e.cond = xstrdup(p);
			break;
		}
		if (parse_key(c, &e, word))
			goto out;
	}
	if (e.kind == KIND_FLAKY && entry_group(&e)) {
		line_err(c, "%s: a group cannot be flaky (expunge or fail)",
			 e.test);
		goto out;
	}
	if (e.retries >= 0 && e.kind != KIND_FLAKY) {
		line_err(c, "retries= is only for flaky entries");
		goto out;
	}
	imply_keys(c, &e);
	e.file = c->file;
	e.line = c->line;
	*(struct entry *)array_push(&ds->entries, &ds->n, &ds->alloc,
				    sizeof(e)) = e;
	return;
out:
	entry_free(&e);
}

size_t data_parse(struct dataset *ds, const char *name, const char *buf,
		  size_t len, struct diag *d)
{
	struct line_ctx c = { .d = d };
	char *text, *line, *next;
	unsigned int crlf = 0;
	bool cr;
	size_t n;

	strlist_add(&ds->files, xstrdup(name));
	c.file = ds->files.v[ds->files.n - 1];
	if (memchr(buf, '\0', len)) {
		diag_add(d, true, c.file, 0, "binary data, not a data file");
		return 1;
	}
	text = xstrndup(buf, len);
	for (line = text; *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		/*
		 * a file saved with CRLF line ends: an error, said once (a
		 * rewrite of one line would leave the file's ends mixed);
		 * the line is read without its \r
		 */
		n = strlen(line);
		c.line++;
		cr = n && line[n - 1] == '\r';
		if (cr)
			line[n - 1] = '\0';
		/* a file saved with CR alone: its lines would run together */
		if (strchr(line, '\r')) {
			line_err(&c, "a carriage return inside the line (CR line ends?)");
			continue;
		}
		if (cr && !crlf++)
			line_err(&c, "a CRLF line end: data files end their lines with LF alone (dos2unix)");
		if (!text_err(&c, line))
			parse_line(ds, &c, line);
	}
	free(text);
	return c.errors;
}

static int load(struct dataset *ds, const char *path, bool named,
		struct diag *d)
{
	size_t len;
	char *buf;

	if ((named ? read_named : read_file)(path, DATA_MAX_SIZE, &buf, &len)) {
		diag_add(d, true, path, 0, "%s", errstr(errno));
		d->unreadable++;
		return -1;
	}
	data_parse(ds, path, buf, len, d);
	free(buf);
	return 0;
}

int data_load_file(struct dataset *ds, const char *path, struct diag *d)
{
	return load(ds, path, false, d);
}

int data_load_named(struct dataset *ds, const char *path, struct diag *d)
{
	return load(ds, path, true, d);
}

void dataset_free(struct dataset *ds)
{
	size_t i;

	for (i = 0; i < ds->n; i++)
		entry_free(&ds->entries[i]);
	free(ds->entries);
	strlist_free(&ds->files);
	memset(ds, 0, sizeof(*ds));
}
