// SPDX-License-Identifier: GPL-2.0
/*
 * xfstests-bld's exclude lists (test-appliance/files/root/fs/) as data
 * lines. xfstests-bld joins global_exclude, <fs>/exclude and
 * <fs>/cfg/<cfg>.exclude, strips // comments and runs cpp over them with
 * LINUX_VERSION_CODE of the kernel (and IS_DAX_CONFIG for the dax
 * configuration); the words left are tests or "-g GROUP". Each #if over
 * LINUX_VERSION_CODE is a set of version intervals [lo, hi); an entry is
 * made per interval, with since= and fixed= lists that select exactly
 * that interval in every stable series and in mainline.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "entries/data-dir.h"
#include "entries/entry.h"
#include "fstests/tree.h"
#include "import/import.h"
#include "lib/escape.h"
#include "lib/fileio.h"

#define BLD_FS_DIR	"test-appliance/files/root/fs"
#define BLD_MAX_SIZE	(1024u * 1024)	/* one exclude file */
#define VER_INF		UINT_MAX	/* no upper bound */
#define MAX_SPANS	64
#define MAX_DEPTH	16		/* #if nesting, #include depth */
#define DAX_CFG		"dax"

/* Kernels lo <= LINUX_VERSION_CODE < hi */
struct span {
	unsigned int lo, hi;
};

struct spans {
	struct span s[MAX_SPANS];
	size_t n;
	bool lost;	/* more than MAX_SPANS: some left out */
};

enum dax { DAX_ANY, DAX_ONLY, DAX_NOT, DAX_NEVER };

/* One #if: what its branch (or, after #else, the other) selects */
struct frame {
	struct spans v;
	enum dax dax;
	bool is_dax;	/* #ifdef/#ifndef IS_DAX_CONFIG, not a version */
	char *unknown;	/* a condition we cannot convert: "file:line" */
};

/* An entry before it becomes a line: records of one test may merge. */
struct rec {
	char *fs, *test, *comment, *origin;
	char *fixed_by;		/* fix commits the comment names, or NULL */
	const char *cause;	/* cause=, or NULL */
	const char *env;	/* env=, or NULL */
	struct strlist from;	/* the files it came from */
	bool fail;
	struct span v;
	enum dax dax;
	struct strlist sections;	/* configurations; none: every one */
};

struct bld {
	const char *fsdir;	/* DIR/test-appliance/files/root/fs */
	struct import_result *r;
	struct rec *recs;
	size_t n, alloc;
	/* the file being read */
	const char *fs;		/* the data file: "ext4", "global" */
	const char *cfg;	/* the configuration, or NULL: all */
	const char *env;	/* the flavour's switch (exclude.gce), or NULL */
	struct frame stack[MAX_DEPTH];
	size_t depth;
	const char *chain[MAX_DEPTH + 1];	/* the files being read */
	size_t nchain;
	size_t too_deep;	/* #if levels past MAX_DEPTH: not read */
	char *pending;		/* the // comment block before a line */
	bool after_entry;	/* the last line held an entry */
};

static const struct spans all_versions = { { { 0, VER_INF } }, 1, false };

static struct spans spans_intersect(const struct spans *a,
				    const struct spans *b)
{
	struct spans out = { .n = 0, .lost = a->lost || b->lost };
	size_t i, j;

	for (i = 0; i < a->n; i++) {
		for (j = 0; j < b->n; j++) {
			unsigned int lo = a->s[i].lo > b->s[j].lo ? a->s[i].lo :
				      b->s[j].lo;
			unsigned int hi = a->s[i].hi < b->s[j].hi ? a->s[i].hi :
				      b->s[j].hi;

			if (lo < hi && out.n == MAX_SPANS)
				out.lost = true;
			else if (lo < hi)
				out.s[out.n++] = (struct span){ lo, hi };
		}
	}
	return out;
}

/* The versions a set leaves out (its spans are sorted and disjoint) */
static struct spans spans_complement(const struct spans *a)
{
	struct spans out = { .n = 0, .lost = a->lost };
	unsigned int at = 0;
	size_t i;

	/* n spans leave at most n + 1 out: one may not fit */
	for (i = 0; i < a->n; i++) {
		if (a->s[i].lo > at && out.n == MAX_SPANS)
			out.lost = true;
		else if (a->s[i].lo > at)
			out.s[out.n++] = (struct span){ at, a->s[i].lo };
		at = a->s[i].hi;
	}
	if (at < VER_INF && out.n == MAX_SPANS)
		out.lost = true;
	else if (at < VER_INF)
		out.s[out.n++] = (struct span){ at, VER_INF };
	return out;
}

static enum dax dax_and(enum dax a, enum dax b)
{
	if (a == DAX_ANY)
		return b;
	if (b == DAX_ANY || a == b)
		return a;
	return DAX_NEVER;
}

static enum dax dax_not(enum dax a)
{
	return a == DAX_ONLY ? DAX_NOT : DAX_ONLY;
}

/* KERNEL_VERSION(a,b,c), as xfstests-bld's header defines it */
static unsigned int kernel_version(unsigned int a, unsigned int b,
				   unsigned int c)
{
	return (a << 16) + (b << 8) + (c > 255 ? 255 : c);
}

/*
 * "LINUX_VERSION_CODE OP KERNEL_VERSION(a,b,c)" as spans; -1 when the
 * condition is of another form.
 */
static int version_cond(const char *s, struct spans *v)
{
	unsigned int a, b, c;
	char op[3];
	unsigned int k;
	int n = -1;

	if (sscanf(s, " LINUX_VERSION_CODE %2[<>=!] KERNEL_VERSION ( %u , %u , %u ) %n",
		   op, &a, &b, &c, &n) != 4 || n < 0 || s[n] ||
	    a > 255 || b > 255)
		return -1;
	k = kernel_version(a, b, c);
	v->n = 1;
	if (!strcmp(op, "<")) {
		v->s[0] = (struct span){ 0, k };
	} else if (!strcmp(op, "<=")) {
		v->s[0] = (struct span){ 0, k + 1 };
	} else if (!strcmp(op, ">")) {
		v->s[0] = (struct span){ k + 1, VER_INF };
	} else if (!strcmp(op, ">=")) {
		v->s[0] = (struct span){ k, VER_INF };
	} else if (!strcmp(op, "==")) {
		v->s[0] = (struct span){ k, k + 1 };
	} else if (!strcmp(op, "!=")) {
		v->s[0] = (struct span){ k, k + 1 };
		*v = spans_complement(v);
	} else {
		return -1;
	}
	return 0;
}

/* What the #if stack selects now: versions and dax */
static void stack_cond(const struct bld *b, struct spans *v, enum dax *dax,
		       const char **unknown)
{
	size_t i;

	*v = all_versions;
	*dax = DAX_ANY;
	*unknown = NULL;
	for (i = 0; i < b->depth; i++) {
		*v = spans_intersect(v, &b->stack[i].v);
		*dax = dax_and(*dax, b->stack[i].dax);
		if (b->stack[i].unknown && !*unknown)
			*unknown = b->stack[i].unknown;
	}
}

static char *origin_of(const char *file, unsigned int line)
{
	return xasprintf("%s:%u", file, line);
}

static void skip(struct bld *b, const char *file, unsigned int line,
		 char *why)
{
	import_add_skip(b->r, origin_of(file, line), why);
}

/*
 * A short reason for an entry, from what xfstests-bld's comment is about;
 * the first match in this order wins.
 */
static const struct {
	const char *word;	/* in the comment, lower case */
	const char *reason;
} reasons[] = {
	{ "expfail", "xfstests-bld expects it to fail (EXPFAIL)" },
	{ "fixed by commit", "needs a fix this kernel lacks" },
	{ "deadlock", "deadlocks" },
	{ "lockup", "soft lockup" },
	{ "hang", "hangs" },
	{ "spin forever", "hangs" },
	{ "crash", "takes the test VM down" },
	{ "reboot", "takes the test VM down" },
	{ "oom", "killed for lack of memory" },
	{ "hour", "takes too long" },
	{ "minutes", "takes too long" },
	{ "long time", "takes too long" },
	{ "timeout", "takes too long" },
	{ "flaky", "flaky" },
	{ "enospc", "runs out of space" },
	{ "too many", "exceeds a limit of this configuration" },
	{ "too small", "exceeds a limit of this configuration" },
	{ "expected failure", "known failure on the upstream list" },
	{ "compatible", "cannot work with this configuration" },
	{ "don't mix", "cannot work with this configuration" },
	{ "doesn't handle", "needs a feature this configuration lacks" },
	{ "does not support", "needs a feature this configuration lacks" },
	{ "not support", "needs a feature this configuration lacks" },
	{ "won't pass", "cannot work with this configuration" },
	{ "can't", "cannot work with this configuration" },
	{ "regression", "a regression not fixed yet" },
	{ "*long*", "takes too long" },
	{ "limit", "exceeds a limit of this configuration" },
	{ "doesn't work", "cannot work with this configuration" },
	{ "won't work", "cannot work with this configuration" },
	{ "legal", "expects behaviour this filesystem need not have" },
	{ "different mechanism", "expects behaviour this filesystem need not have" },
	{ "different from what is expected", "output differs here, not a bug" },
	{ "for the same rason", "output differs here, not a bug" },
	{ "not listed as an expected failure", "known failure on the upstream list" },
	{ "without a journal", "needs a journal" },
	{ "journal", "fails in this journalling mode" },
	{ "quota", "quota accounting differs in this configuration" },
	{ "dax", "not for this configuration" },
	{ "broken", "the test itself is wrong" },
	{ "bogus", "the test itself is wrong" },
};

/* What is at fault, by the first word found in the comment */
static const struct {
	const char *word;
	const char *cause;
} causes[] = {
	{ "test is just broken", "test" },
	{ "a test bug", "test" },
	{ "test bug", "test" },
	{ "bogus", "test" },
	{ "e2fsprogs", "tools" },
	{ "xfsprogs", "tools" },
	{ "gce", "env" },
	{ "lvm", "env" },
	{ "fixed by commit", "kernel" },
	{ "deadlock", "kernel" },
	{ "lockup", "kernel" },
	{ "crash", "kernel" },
	{ "race", "kernel" },
};

/* Does word start a word of text ("hang" is not in "change")? */
static bool has_word(const char *text, const char *word)
{
	const char *p;

	for (p = strstr(text, word); p; p = strstr(p + 1, word)) {
		if (p == text || !isalpha((unsigned char)p[-1]))
			return true;
	}
	return false;
}

/* The facts of a comment worth keeping: links and commit ids */
static void add_facts(const char *text, struct strbuf *sb)
{
	const char *p = text, *w;
	size_t n;

	while (*p) {
		while (*p && isspace((unsigned char)*p))
			p++;
		w = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		n = p - w;
		while (n && strchr(".,;)", w[n - 1]))
			n--;
		if (n > 8 && (!strncmp(w, "https://", 8) ||
			      !strncmp(w, "http://", 7)))
			sb_printf(sb, " %.*s", (int)n, w);
		else if (n >= 12 && n <= 40 &&
			 strspn(w, "0123456789abcdef") == n)
			sb_printf(sb, " %s %.*s",
				  w - text >= 9 && !strncmp(w - 9, "xfstests ", 9) ?
				  "xfstests" : "commit", (int)n, w);
	}
}

static const char *comment_cause(const char *text)
{
	char *low = xstrdup(text ? text : "");
	const char *ret = NULL;
	size_t i;

	for (i = 0; low[i]; i++)
		low[i] = tolower((unsigned char)low[i]);
	for (i = 0; !ret && i < ARRAY_SIZE(causes); i++)
		if (strstr(low, causes[i].word))
			ret = causes[i].cause;
	free(low);
	return ret;
}

/*
 * The kernel commits a comment says fix the failure: hex words of 12
 * or more after "fixed by commit", as a fixed-by= list; NULL if none.
 */
static char *fix_commits(const char *text)
{
	const char *p = text ? strcasestr(text, "fixed by commit") : NULL;
	struct strbuf sb = { 0 };
	size_t n;

	for (; p && *p; p += n ? n : 1) {
		char id[13];

		n = strspn(p, "0123456789abcdef");
		if ((p > text && isalnum((unsigned char)p[-1])) || n < 12 ||
		    isalnum((unsigned char)p[n]))
			continue;
		snprintf(id, sizeof(id), "%.12s", p);
		if (!sb.buf || !strstr(sb.buf, id))
			sb_printf(&sb, "%s%s", sb.len ? "," : "", id);
	}
	return sb.buf;
}

/* "REASON (xfstests-bld); FACTS": our words, their links and commits */
static char *make_comment(const char *text, bool *fail)
{
	char *low = xstrdup(text ? text : "");
	const char *reason = "fails in xfstests-bld's runs";
	struct strbuf sb = { 0 }, facts = { 0 };
	size_t i;

	for (i = 0; low[i]; i++)
		low[i] = tolower((unsigned char)low[i]);
	for (i = 0; i < ARRAY_SIZE(reasons) && !has_word(low, reasons[i].word);
	     i++)
		;
	if (i < ARRAY_SIZE(reasons))
		reason = reasons[i].reason;
	*fail = strstr(low, "expfail");
	sb_puts(&sb, reason);
	if (text)
		add_facts(text, &facts);
	if (facts.len)
		sb_printf(&sb, ";%s", facts.buf);
	sb_free(&facts);
	free(low);
	return sb.buf;
}

/* A user's own words stay theirs: on one line, else what the list does */
static char *user_comment(const char *text, bool *fail)
{
	char *c = xstrdup(text), *t, *p;

	for (p = c; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = ' ';
	t = trim(c);
	*fail = strcasestr(t, "expfail");
	t = xstrdup(*t ? t : "excluded by this list");
	free(c);
	return t;
}

/* view --sources: the list line origin ("file:line") names test */
static void list_origin(struct bld *b, const char *test, const char *origin)
{
	size_t n = strcspn(origin, ":");
	char *path = xasprintf("%s/%.*s", BLD_FS_DIR, (int)n, origin);

	import_listing_add(b->r->listing, b->fs, test, b->cfg, path, NULL,
			   strtoul(origin + n + 1, NULL, 10));
	free(path);
}

static void push_rec(struct bld *b, const char *test, const char *comment,
		     char *origin, bool fail, struct span v, enum dax dax)
{
	struct rec *x = array_push(&b->recs, &b->n, &b->alloc, sizeof(*x));

	memset(x, 0, sizeof(*x));
	x->env = b->env;
	strlist_add(&x->from, xstrndup(origin, strcspn(origin, ":")));
	x->fs = xstrdup(b->fs);
	x->test = xstrdup(test);
	x->comment = xstrdup(comment);
	x->origin = origin;
	x->fail = fail;
	x->v = v;
	x->dax = dax;
	if (b->cfg)
		strlist_add(&x->sections, xstrdup(b->cfg));
	if (b->r->listing)
		list_origin(b, test, origin);
}

/* The configuration's own file: IS_DAX_CONFIG is known there */
static enum dax cfg_dax(const struct bld *b, enum dax dax)
{
	bool is_dax = !strcmp(b->cfg, DAX_CFG);

	if (dax == DAX_NEVER || (dax == DAX_ONLY && !is_dax) ||
	    (dax == DAX_NOT && is_dax))
		return DAX_NEVER;
	return DAX_ANY;
}

/* A test or group:NAME the words of a line name, under the #if stack */
static void add_entry(struct bld *b, const char *file, unsigned int line,
		      const char *test, const char *note)
{
	struct spans v;
	enum dax dax;
	const char *unknown;
	char *text, *comment;
	bool fail;
	size_t i;

	stack_cond(b, &v, &dax, &unknown);
	if (b->too_deep) {
		skip(b, file, line, xasprintf("%s: under #if nested too deep",
					      test));
		return;
	}
	if (unknown) {
		skip(b, file, line,
		     xasprintf("%s: under a condition that cannot be converted (%s)",
			       test, unknown));
		return;
	}
	if (v.lost) {
		skip(b, file, line,
		     xasprintf("%s: its #if conditions make more than %d version intervals",
			       test, MAX_SPANS));
		return;
	}
	if (b->cfg)
		dax = cfg_dax(b, dax);
	if (dax == DAX_NEVER || !v.n) {
		skip(b, file, line,
		     xasprintf("%s: no kernel or configuration selects it",
			       test));
		return;
	}
	text = xasprintf("%s %s", b->pending ? b->pending : "",
			 note ? note : "");
	comment = b->r->user ? user_comment(text, &fail) :
		  make_comment(text, &fail);
	for (i = 0; i < v.n; i++) {
		struct rec *x;

		push_rec(b, test, comment, origin_of(file, line), fail,
			 v.s[i], dax);
		x = &b->recs[b->n - 1];
		x->fixed_by = fix_commits(text);
		x->cause = comment_cause(text);
	}
	free(comment);
	free(text);
}

/* The words of a line after cpp: tests, and "-g GROUP" */
static void line_words(struct bld *b, const char *file, unsigned int line,
		       char *code, const char *note)
{
	char *save = NULL, *w, *group;

	for (w = strtok_r(code, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (!strcmp(w, "-g")) {
			w = strtok_r(NULL, " \t", &save);
			if (w && valid_group_name(w)) {
				group = xasprintf("%s%s", GROUP_PREFIX, w);
				add_entry(b, file, line, group, note);
				free(group);
				continue;
			}
			skip(b, file, line, xstrdup("-g without a group name"));
			return;
		}
		if (valid_test_name(w))
			add_entry(b, file, line, w, note);
		else
			skip(b, file, line,
			     xasprintf("'%s' is not a test or -g GROUP", w));
	}
}

/* The next line of a buffer, cut off in place; NULL at the end */
static char *cut_line(char **p)
{
	char *line = *p, *nl;

	if (!line || !*line)
		return NULL;
	nl = strchr(line, '\n');
	if (nl)
		*nl++ = '\0';
	else
		nl = line + strlen(line);
	*p = nl;
	return line;
}

static void parse_file(struct bld *b, const char *rel, unsigned int inc);

/* #if, #ifdef, #ifndef: a new frame */
static void push_if(struct bld *b, const char *file, unsigned int line,
		    const char *kw, const char *arg)
{
	struct frame *f;

	if (b->depth == MAX_DEPTH || b->too_deep) {
		if (!b->too_deep++)
			skip(b, file, line, xstrdup("#if nested too deep"));
		return;
	}
	f = &b->stack[b->depth++];
	memset(f, 0, sizeof(*f));
	f->v = all_versions;
	f->dax = DAX_ANY;
	if (strcmp(kw, "if") && !strcmp(arg, "IS_DAX_CONFIG")) {
		f->is_dax = true;
		f->dax = strcmp(kw, "ifdef") ? DAX_NOT : DAX_ONLY;
	} else if (strcmp(kw, "if") || version_cond(arg, &f->v)) {
		f->unknown = xasprintf("%s:%u: #%s %s", file, line, kw, arg);
	}
}

static void pop_if(struct bld *b)
{
	free(b->stack[--b->depth].unknown);
}

/* #else: the frame selects what its #if did not */
static void else_if(struct bld *b)
{
	struct frame *f = &b->stack[b->depth - 1];

	if (f->is_dax)
		f->dax = dax_not(f->dax);
	else if (!f->unknown)
		f->v = spans_complement(&f->v);
}

/*
 * Is rel one of the files being read? Then including it again is a loop
 * (cpp would stop at once): refused, the chain named.
 */
static bool include_loop(struct bld *b, const char *file, unsigned int line,
			 const char *arg, const char *rel)
{
	struct strbuf sb = { 0 };
	size_t i, at;

	for (at = 0; at < b->nchain && strcmp(b->chain[at], rel); at++)
		;
	if (at == b->nchain)
		return false;
	for (i = at; i < b->nchain; i++)
		sb_printf(&sb, "%s -> ", b->chain[i]);
	sb_puts(&sb, rel);
	skip(b, file, line, xasprintf("#include %s: a loop: %s", arg, sb.buf));
	sb_free(&sb);
	return true;
}

static void follow_include(struct bld *b, const char *file,
			   unsigned int line, const char *arg,
			   unsigned int inc)
{
	size_t n = strlen(arg);
	const char *slash = strrchr(file, '/');
	char *rel;

	if (n < 3 || arg[0] != '"' || arg[n - 1] != '"' ||
	    memchr(arg + 1, '/', n - 2)) {
		skip(b, file, line,
		     xasprintf("#include %s: not a file name of cfg/", arg));
		return;
	}
	/* cpp -I <fs>/cfg: the cfg files include each other */
	rel = xasprintf("%.*s%.*s", slash ? (int)(slash - file + 1) : 0, file,
			(int)n - 2, arg + 1);
	if (include_loop(b, file, line, arg, rel)) {
		free(rel);
		return;
	}
	if (inc >= MAX_DEPTH) {
		free(rel);
		skip(b, file, line,
		     xasprintf("#include %s: included too deeply (a loop?)",
			       arg));
		return;
	}
	parse_file(b, rel, inc + 1);
	free(rel);
}

static void read_directive(struct bld *b, const char *file,
			   unsigned int line, char *d, unsigned int inc)
{
	char *kw = trim(d + 1), *arg = kw + strcspn(kw, " \t");

	if (*arg)
		*arg++ = '\0';
	arg = trim(arg);
	if (!strcmp(kw, "include")) {
		follow_include(b, file, line, arg, inc);
	} else if (!strcmp(kw, "if") || !strcmp(kw, "ifdef") ||
		   !strcmp(kw, "ifndef")) {
		push_if(b, file, line, kw, arg);
	} else if (b->too_deep && (!strcmp(kw, "else") ||
				   !strcmp(kw, "endif") ||
				   !strcmp(kw, "elif"))) {
		b->too_deep -= !strcmp(kw, "endif");
	} else if ((!strcmp(kw, "else") || !strcmp(kw, "endif") ||
		    !strcmp(kw, "elif")) && !b->depth) {
		skip(b, file, line, xasprintf("#%s without #if", kw));
	} else if (!strcmp(kw, "else")) {
		else_if(b);
	} else if (!strcmp(kw, "endif")) {
		pop_if(b);
	} else if (!strcmp(kw, "elif")) {
		/* the rest of this #if is not converted */
		struct frame *f = &b->stack[b->depth - 1];

		if (!f->unknown)
			f->unknown = xasprintf("%s:%u: #elif %s", file, line,
					       arg);
	} else {
		skip(b, file, line, xasprintf("#%s: not converted", kw));
	}
}

/* One line: // comments, a directive, or words */
static void parse_line(struct bld *b, const char *file, unsigned int line,
		       char *text, unsigned int inc)
{
	char *cc = strstr(text, "//"), *note = NULL, *code;

	if (cc) {
		*cc = '\0';
		note = trim(cc + 2);
	}
	code = trim(text);
	if (!*code && note) {
		char *old = b->after_entry ? NULL : b->pending;

		if (b->after_entry)
			free(b->pending);
		b->pending = xasprintf("%s%s%s", old ? old : "",
				       old ? " " : "", note);
		free(old);
		b->after_entry = false;
	} else if (!*code) {
		free(b->pending);
		b->pending = NULL;
		b->after_entry = false;
	} else if (*code == '#') {
		read_directive(b, file, line, code, inc);
	} else {
		line_words(b, file, line, code, note);
		b->after_entry = true;
	}
}

/*
 * A symbolic link that a copy without links stored as a file holding
 * the target's name: one word, a sibling exclude file's name.
 */
static char *link_target(const char *rel, const char *buf, size_t len)
{
	const char *slash = strrchr(rel, '/');

	if (len && buf[len - 1] == '\n')
		len--;

	if (!len || len > 255 || memchr(buf, '\n', len) ||
	    memchr(buf, '/', len) || memchr(buf, ' ', len) ||
	    len < 9 || memcmp(buf + len - 8, ".exclude", 8))
		return NULL;
	return xasprintf("%.*s%.*s", slash ? (int)(slash - rel + 1) : 0, rel,
			 (int)len, buf);
}

/* Read DIR/rel, following links stored as files; NULL if unreadable */
static char *read_source(struct bld *b, const char *rel, char **name)
{
	char *path, *buf, *target;
	size_t len, hops;

	*name = xstrdup(rel);
	for (hops = 0; hops < 8; hops++) {
		path = xasprintf("%s/%s", b->fsdir, *name);
		if (read_file(path, BLD_MAX_SIZE, &buf, &len)) {
			import_add_unreadable(b->r, xstrdup(*name));
			free(path);
			return NULL;
		}
		free(path);
		target = link_target(*name, buf, len);
		if (!target)
			return buf;
		free(buf);
		free(*name);
		*name = target;
	}
	import_add_skip(b->r, xstrdup(*name), xstrdup("too many links"));
	return NULL;
}

static void parse_file(struct bld *b, const char *rel, unsigned int inc)
{
	size_t depth = b->depth;
	unsigned int line = 0;
	char *name, *buf = read_source(b, rel, &name), *p, *next;
	/* an included file's comments are its own; the includer's go on */
	char *pending = b->pending;
	bool after_entry = b->after_entry;
	size_t too_deep = b->too_deep;

	b->pending = NULL;
	b->after_entry = false;
	b->chain[b->nchain++] = rel;

	for (next = buf; (p = cut_line(&next));)
		parse_line(b, name, ++line, p, inc);
	b->nchain--;
	if (b->depth > depth || b->too_deep > too_deep)
		skip(b, name, line, xstrdup("#if without #endif"));
	while (b->depth > depth)
		pop_if(b);
	b->too_deep = too_deep;
	free(b->pending);
	b->pending = pending;
	b->after_entry = after_entry;
	free(buf);
	free(name);
}

/* <fs>/exclude-opt: check options; "-x GROUP" leaves a group out */
static void parse_opts(struct bld *b, const char *rel)
{
	char *name, *buf = read_source(b, rel, &name), *p, *next, *save, *w;
	unsigned int line = 0;

	for (next = buf; (p = cut_line(&next));) {
		line++;
		save = NULL;
		w = strtok_r(p, " \t", &save);
		if (!w)
			continue;
		if (strcmp(w, "-x")) {
			skip(b, name, line, xasprintf("check option %s", w));
			continue;
		}
		w = strtok_r(NULL, " \t", &save);
		if (!w || !valid_group_name(w) || strtok_r(NULL, " \t", &save)) {
			skip(b, name, line, xstrdup("-x: not one group name"));
			continue;
		}
		p = xasprintf("%s%s", GROUP_PREFIX, w);
		push_rec(b, p, "xfstests-bld leaves the group out on this filesystem (check -x)",
			 origin_of(name, line), false, all_versions.s[0],
			 DAX_ANY);
		free(p);
	}
	free(buf);
	free(name);
}

static int rec_sort(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	int c = strcmp(x->fs, y->fs);

	if (!c)
		c = import_test_cmp(x->test, y->test);
	return c ? c : (x < y ? -1 : x > y);
}

static bool same_but_sections(const struct rec *a, const struct rec *b)
{
	return !strcmp(a->fs, b->fs) && !strcmp(a->test, b->test) &&
	       a->fail == b->fail && a->v.lo == b->v.lo &&
	       a->v.hi == b->v.hi && a->dax == b->dax &&
	       !strcmp(a->comment, b->comment) && str_same(a->env, b->env) &&
	       str_same(a->fixed_by, b->fixed_by) &&
	       !a->sections.n == !b->sections.n;
}

static bool has_section(const struct rec *a, const char *s)
{
	size_t i;

	for (i = 0; i < a->sections.n; i++) {
		if (!strcmp(a->sections.v[i], s))
			return true;
	}
	return false;
}

static void add_from(struct rec *a, const char *file)
{
	size_t i;

	for (i = 0; i < a->from.n; i++)
		if (!strcmp(a->from.v[i], file))
			return;
	strlist_add(&a->from, xstrdup(file));
}

/* One entry for the configurations that share it; duplicates go */
static void merge_recs(struct bld *b)
{
	size_t i, j, k;

	for (i = 0; i < b->n; i++) {
		struct rec *a = &b->recs[i];

		for (j = i + 1; a->test && j < b->n; j++) {
			struct rec *c = &b->recs[j];

			if (!c->test || !same_but_sections(a, c))
				continue;
			for (k = 0; k < c->sections.n; k++) {
				if (!has_section(a, c->sections.v[k]))
					strlist_add(&a->sections,
						    xstrdup(c->sections.v[k]));
			}
			for (k = 0; k < c->from.n; k++)
				add_from(a, c->from.v[k]);
			free(c->test);
			c->test = NULL;	/* merged into a */
		}
	}
}

/*
 * A bound as a version list: LINUX_VERSION_CODE >= a.b.c holds in the
 * a.b series from a.b.c on, and in every later series: "a.b.c,a.(b+1)";
 * a.b.0 is mainline a.b, which says it all.
 */
static void add_bound(struct strbuf *sb, const char *key, unsigned int v)
{
	unsigned int a = v >> 16, b = (v >> 8) & 255, c = v & 255;

	if (c)
		sb_printf(sb, " %s=%u.%u.%u,%u.%u", key, a, b, c, a, b + 1);
	else
		sb_printf(sb, " %s=%u.%u", key, a, b);
}

static int str_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *rec_line(const struct bld *b, struct rec *x)
{
	struct strbuf sb = { 0 };
	size_t i;

	sb_printf(&sb, "%s %s", x->test, x->fail ? "fail" : "expunge");
	if (x->sections.n) {
		qsort(x->sections.v, x->sections.n, sizeof(char *), str_cmp);
		for (i = 0; i < x->sections.n; i++)
			sb_printf(&sb, "%s%s", i ? "," : " section=",
				  x->sections.v[i]);
	} else if (x->dax != DAX_ANY) {
		sb_printf(&sb, " section=%s%s", x->dax == DAX_NOT ? "!" : "",
			  DAX_CFG);
	}
	if (x->env)
		sb_printf(&sb, " env=%s", x->env);
	if (x->v.lo)
		add_bound(&sb, "since", x->v.lo);
	/* the lists stop at a version; a fix only where they name one */
	if (x->v.hi != VER_INF)
		add_bound(&sb, x->fixed_by ? "fixed" : "until", x->v.hi);
	if (x->fixed_by)
		sb_printf(&sb, " fixed-by=%s", x->fixed_by);
	if (x->cause)
		sb_printf(&sb, " cause=%s", x->cause);
	for (i = 0; i < x->from.n && b->r->user; i++)
		sb_printf(&sb, "%suser:%s/%s", i ? "," : " from=", b->r->user,
			  x->from.v[i]);
	if (!b->r->user) {
		struct strlist from = { 0 };

		for (i = 0; i < x->from.n; i++)
			strlist_add(&from, xasprintf("xfstests-bld:%s/%s",
						     BLD_FS_DIR, x->from.v[i]));
		import_put_from(&sb, &from);
		strlist_free(&from);
	}
	sb_printf(&sb, "  # %s", x->comment);
	return sb.buf;
}

static void emit(struct bld *b)
{
	size_t i;

	if (b->n)
		qsort(b->recs, b->n, sizeof(*b->recs), rec_sort);
	merge_recs(b);
	for (i = 0; i < b->n; i++) {
		struct rec *x = &b->recs[i];

		if (x->test)
			import_add_line(b->r, x->fs, rec_line(b, x), x->origin);
		else
			free(x->origin);
		free(x->fs);
		free(x->test);
		free(x->comment);
		free(x->fixed_by);
		strlist_free(&x->sections);
		strlist_free(&x->from);
	}
	free(b->recs);
}

static bool wanted(const struct strlist *fs, const char *name)
{
	size_t i;

	for (i = 0; i < fs->n; i++) {
		if (!strcmp(fs->v[i], name))
			return true;
	}
	return !fs->n;
}

/*
 * Is there something named rel? A link to nothing, or one in a loop, is
 * there too (reading it says what is wrong), and so is what cannot be
 * looked at.
 */
static bool exists(const struct bld *b, const char *rel)
{
	char *path = xasprintf("%s/%s", b->fsdir, rel);
	struct stat st;
	bool ret = !lstat(path, &st) || errno != ENOENT;

	free(path);
	return ret;
}

static int name_sort(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* A configuration's name becomes section=NAME: not a pattern, no line */
static void bad_cfg_name(struct bld *b, const char *fs, const char *cfg)
{
	char *q = quote_input(cfg, QUOTE_MAX);

	import_add_skip(b->r, xasprintf("%s/cfg/%s.exclude", fs, q),
			xasprintf("'%s' is not a plain section name", q));
	free(q);
}

/* <fs>/cfg/<cfg>.exclude: each configuration's own entries */
static void read_cfgs(struct bld *b, const char *fs)
{
	char *dir = xasprintf("%s/%s/cfg", b->fsdir, fs), *rel, *cfg;
	struct dirent **names;
	int i, n = scandir(dir, &names, NULL, name_sort), err = errno;
	size_t len;

	/* no cfg/ is no configuration; one that cannot be read hides some */
	rel = xasprintf("%s/cfg", fs);
	if (n < 0 && (err != ENOENT || exists(b, rel))) {
		errno = err;
		import_add_unreadable(b->r, rel);
		rel = NULL;
	}
	free(rel);
	for (i = 0; i < n; i++) {
		len = strlen(names[i]->d_name);
		if (len > 8 && !strcmp(names[i]->d_name + len - 8, ".exclude")) {
			cfg = xstrndup(names[i]->d_name, len - 8);
			if (!plain_section_name(cfg)) {
				bad_cfg_name(b, fs, cfg);
				free(cfg);
				free(names[i]);
				continue;
			}
			rel = xasprintf("%s/cfg/%s", fs, names[i]->d_name);
			b->cfg = cfg;
			parse_file(b, rel, 0);
			b->cfg = NULL;
			free(rel);
			free(cfg);
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	free(dir);
}

static void read_fs(struct bld *b, const char *fs)
{
	char *rel = xasprintf("%s/exclude", fs);

	b->fs = fs;
	if (exists(b, rel))
		parse_file(b, rel, 0);
	free(rel);
	rel = xasprintf("%s/exclude-opt", fs);
	if (exists(b, rel))
		parse_opts(b, rel);
	free(rel);
	read_cfgs(b, fs);
}

/* Each --fs must name a directory of the tree (or "global") */
static int check_wanted(const struct bld *b, const struct strlist *fs)
{
	struct stat st;
	size_t i;
	int ret = 0;

	for (i = 0; i < fs->n; i++) {
		char *sub = xasprintf("%s/%s", b->fsdir, fs->v[i]);

		bool dir = !strchr(fs->v[i], '/') && !stat(sub, &st) &&
			   S_ISDIR(st.st_mode);

		if (!dir && strcmp(fs->v[i], GLOBAL_DATA)) {
			pr_err("%s: --fs %s: xfstests-bld has no list for it",
			       b->fsdir, fs->v[i]);
			ret = -1;
		}
		free(sub);
	}
	return ret;
}

/* Every filesystem directory, in name order, or the ones asked for */
static int read_all(struct bld *b, const struct strlist *fs)
{
	struct dirent **names;
	int i, n;
	char *sub;
	struct stat st;

	if (check_wanted(b, fs))
		return -1;
	n = scandir(b->fsdir, &names, NULL, name_sort);
	if (n < 0) {
		pr_err("%s: %s", b->fsdir, strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++) {
		const char *name = names[i]->d_name;

		sub = xasprintf("%s/%s", b->fsdir, name);
		if (name[0] == '.' || !wanted(fs, name)) {
			/* not asked for */
		} else if (stat(sub, &st)) {
			/* a link to nothing: a filesystem's lists, maybe */
			import_add_unreadable(b->r, xstrdup(name));
		} else if (S_ISDIR(st.st_mode)) {
			read_fs(b, name);
		}
		free(sub);
		free(names[i]);
	}
	free(names);
	return 0;
}

/* Has the tree a filesystem's lists, FS/exclude or FS/cfg/? */
static bool has_fs_lists(const char *fsdir)
{
	DIR *d = opendir(fsdir);
	struct dirent *de;
	struct bld b = { .fsdir = fsdir };
	bool found = false;

	while (d && !found && (de = readdir(d))) {
		char *sub = xasprintf("%s/%s", fsdir, de->d_name);
		char *ex = xasprintf("%s/exclude", de->d_name);
		char *cfg = xasprintf("%s/cfg", de->d_name);
		struct stat st;

		found = de->d_name[0] != '.' && !stat(sub, &st) &&
			S_ISDIR(st.st_mode) && (exists(&b, ex) || exists(&b, cfg));
		free(sub);
		free(ex);
		free(cfg);
	}
	if (d)
		closedir(d);
	return found;
}

/*
 * Where the lists are: the checkout's fs/ directory, or dir itself; with
 * no global_exclude in either, a user's own lists in that layout (its
 * lines say from=user:). NULL, said, when neither holds lists.
 */
static const char *lists_dir(const char *dir, const char *fsdir,
			     struct import_result *r)
{
	const char *const at[] = { fsdir, dir };
	struct bld b = { 0 };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(at); i++) {
		b.fsdir = at[i];
		if (exists(&b, "global_exclude"))
			return at[i];
	}
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		if (!has_fs_lists(at[i]))
			continue;
		if (at[i][strcspn(at[i], " \t\n#,")]) {
			pr_err("%s: a directory whose name holds a space, '#' or ',' cannot be named in from=",
			       at[i]);
			return NULL;
		}
		r->user = xstrdup(at[i]);
		return at[i];
	}
	pr_err("%s: no %s/global_exclude and no FS/exclude: not an xfstests-bld tree",
	       dir, BLD_FS_DIR);
	return NULL;
}

int import_xfstests_bld(const char *dir, const struct strlist *fs,
			struct import_result *r)
{
	struct bld b = { .r = r };
	char *fsdir = xasprintf("%s/%s", dir, BLD_FS_DIR);
	int ret;

	/* the checkout, or its fs/ directory itself */
	b.fsdir = lists_dir(dir, fsdir, r);
	if (!b.fsdir) {
		free(fsdir);
		return -1;
	}
	if (wanted(fs, GLOBAL_DATA)) {
		b.fs = GLOBAL_DATA;
		if (!r->user)
			parse_file(&b, "global_exclude", 0);
		/* exclude.gce: for XFSTESTS_FLAVOR=gce runs, env=gce */
		if (exists(&b, "exclude.gce")) {
			b.env = "gce";
			parse_file(&b, "exclude.gce", 0);
			b.env = NULL;
		}
	}
	ret = read_all(&b, fs);
	emit(&b);
	free(fsdir);
	return ret;
}
