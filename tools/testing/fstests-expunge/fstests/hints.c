// SPDX-License-Identifier: GPL-2.0
/* The kernel fixes an fstests test names, and whether a kernel tree has them. */
#include <errno.h>
#include <fnmatch.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "fstests/hints.h"
#include "fstests/tree.h"
#include "lib/escape.h"
#include "lib/fileio.h"

#define MAX_TEST_SOURCE	(4 << 20)
#define MAX_DEPTH	32

/* Truth of a condition on $FSTYP: yes, no, or cannot tell */
enum truth { NO, YES, UNKNOWN };

/* An if or case block */
struct frame {
	bool is_case;
	bool fs_case;		/* case "$FSTYP" in */
	bool between;		/* case: between patterns, no branch open */
	bool taken;		/* if: an earlier branch surely ran */
	bool unknown;		/* if: an earlier branch may have run */
	enum truth cur;		/* the branch we are in */
};

struct parser {
	const char *fs;
	struct fstests_hints *hs;
	struct frame stack[MAX_DEPTH];
	size_t depth, lost;	/* lost: blocks too deep to follow */
};

static char *skip_space(char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Strip trailing blanks, and the ";" of "cmd;" when semicolons */
static void strip_end(char *s, bool semicolons)
{
	size_t n = strlen(s);

	while (n && (strchr(" \t\r", s[n - 1]) ||
		     (semicolons && s[n - 1] == ';')))
		s[--n] = '\0';
}

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

static bool word_is(const char *s, const char *word)
{
	size_t n = strlen(word);

	return !strncmp(s, word, n) && (!s[n] || strchr(" \t;", s[n]));
}

static char *unquote(char *s)
{
	size_t n = strlen(s);

	if (n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0]) {
		s[n - 1] = '\0';
		return s + 1;
	}
	return s;
}

static bool names_fstyp(const char *tok)
{
	return !strcmp(tok, "$FSTYP") || !strcmp(tok, "${FSTYP}");
}

static enum truth truth_of(bool b)
{
	return b ? YES : NO;
}

/* [ "$FSTYP" = "xfs" ], [[ $FSTYP =~ ext[0-9]+ ]], test "$FSTYP" != xfs */
static enum truth eval_test(const char *cond, const char *fs)
{
	char *copy = xstrdup(cond), *tok[8], *save = NULL, *t, *val;
	size_t n = 0, first = 0;
	enum truth ret = UNKNOWN;
	regex_t re;

	for (t = strtok_r(copy, " \t", &save); t && n < ARRAY_SIZE(tok);
	     t = strtok_r(NULL, " \t", &save))
		tok[n++] = t;
	if (t || !fs)
		goto out;
	if (n && (!strcmp(tok[0], "[") || !strcmp(tok[0], "[[") ||
		  !strcmp(tok[0], "test")))
		first = 1;
	while (n > first && (!strcmp(tok[n - 1], "]") ||
			     !strcmp(tok[n - 1], "]]") ||
			     !strcmp(tok[n - 1], ";")))
		n--;
	if (n - first != 3)
		goto out;
	if (names_fstyp(unquote(tok[first])))
		val = unquote(tok[first + 2]);
	else if (names_fstyp(unquote(tok[first + 2])))
		val = unquote(tok[first]);
	else
		goto out;
	t = tok[first + 1];
	if (!strcmp(t, "=") || !strcmp(t, "==")) {
		ret = truth_of(!fnmatch(val, fs, 0));
	} else if (!strcmp(t, "!=")) {
		ret = truth_of(fnmatch(val, fs, 0));
	} else if (!strcmp(t, "=~") &&
		   !regcomp(&re, val, REG_EXTENDED | REG_NOSUB)) {
		ret = truth_of(!regexec(&re, fs, 0, NULL, 0));
		regfree(&re);
	}
out:
	free(copy);
	return ret;
}

static enum truth and(enum truth a, enum truth b)
{
	if (a == NO || b == NO)
		return NO;
	return a == YES && b == YES ? YES : UNKNOWN;
}

/* Does the code at this point run for fs? */
static enum truth active(const struct parser *p)
{
	enum truth t = YES;
	size_t i;

	for (i = 0; i < p->depth; i++)
		t = and(t, p->stack[i].between ? NO : p->stack[i].cur);
	return t;
}

static bool is_sha(const char *s)
{
	size_t n = strspn(s, "0123456789abcdefABCDEF");

	return n >= 7 && n <= 40 && !s[n];
}

static char *next_word(char **s)
{
	char *w = skip_space(*s), *end = w + strcspn(w, " \t");

	*s = *end ? end + 1 : end;
	*end = '\0';
	return w;
}

/* One statement: a hint, maybe behind "[ ... ] &&" */
static void statement(struct parser *p, char *s, unsigned int line)
{
	enum truth guard = active(p);
	struct fstests_hint *h;
	bool wants;
	char *w, *and_at, *sha;

	s = skip_space(s);
	while (*s == '[' || word_is(s, "test")) {
		and_at = strstr(s, "&&");
		if (!and_at)
			return;
		*and_at = '\0';
		guard = and(guard, eval_test(s, p->fs));
		s = skip_space(and_at + 2);
	}
	w = next_word(&s);
	wants = str_starts(w, "_wants_");
	if (!strcmp(w, "_fixed_by_git_commit") ||
	    !strcmp(w, "_wants_git_commit")) {
		if (strcmp(next_word(&s), "kernel"))
			return;
	} else if (strcmp(w, "_fixed_by_kernel_commit") &&
		   strcmp(w, "_wants_kernel_commit")) {
		return;
	}
	sha = next_word(&s);
	if (!is_sha(sha) || guard == NO)
		return;
	h = array_push(&p->hs->h, &p->hs->n, &p->hs->alloc, sizeof(*h));
	h->sha = xstrdup(sha);
	h->line = line;
	h->wants = wants;
	s = skip_space(s);
	if (*s == '"' || *s == '\'') {
		char *end = strchr(s + 1, *s);

		if (end)
			*end = '\0';
		s++;
	}
	strip_end(s, true);
	/* it goes into data lines: text, never an escape sequence */
	if (*s)
		h->subject = text_line(s);
}

static struct frame *push(struct parser *p)
{
	struct frame *f;

	if (p->depth == MAX_DEPTH) {
		p->lost++;
		return NULL;
	}
	f = &p->stack[p->depth++];
	memset(f, 0, sizeof(*f));
	return f;
}

static struct frame *top(struct parser *p, bool is_case)
{
	struct frame *f;

	if (p->lost || !p->depth)
		return NULL;
	f = &p->stack[p->depth - 1];
	return f->is_case == is_case ? f : NULL;
}

static void pop(struct parser *p, bool is_case)
{
	if (p->lost)
		p->lost--;
	else if (top(p, is_case))
		p->depth--;
}

/* "if COND; then", "elif COND; then": the condition */
static enum truth if_cond(char *s, const char *fs)
{
	strip_end(s, true);
	if (ends_with(s, "then"))
		s[strlen(s) - 4] = '\0';
	strip_end(s, true);
	return eval_test(skip_space(s), fs);
}

/* "btrfs|"xfs")": does fs match one of the patterns? */
static enum truth case_patterns(char *pat, const char *fs, bool fs_case)
{
	char *save = NULL, *t;

	if (!fs_case || !fs)
		return UNKNOWN;
	for (t = strtok_r(pat, "|", &save); t; t = strtok_r(NULL, "|", &save)) {
		t = skip_space(t);
		strip_end(t, false);
		if (!fnmatch(unquote(t), fs, 0))
			return YES;
	}
	return NO;
}

static void logical_line(struct parser *p, char *s, unsigned int line)
{
	struct frame *f;
	char *close;

	s = skip_space(s);
	strip_end(s, false);
	if (*s == '#' || !*s)
		return;
	if (word_is(s, "if") && !ends_with(s, "fi")) {
		f = push(p);
		if (f) {
			f->cur = if_cond(s + 2, p->fs);
			f->taken = f->cur == YES;
			f->unknown = f->cur == UNKNOWN;
		}
	} else if (word_is(s, "elif")) {
		f = top(p, false);
		if (f) {
			enum truth t = if_cond(s + 4, p->fs);

			f->cur = f->taken ? NO : t;
			f->taken |= t == YES;
			f->unknown |= t == UNKNOWN;
		}
	} else if (word_is(s, "else")) {
		f = top(p, false);
		if (f)
			f->cur = f->taken ? NO : f->unknown ? UNKNOWN : YES;
		statement(p, s + 4, line);
	} else if (word_is(s, "fi")) {
		pop(p, false);
	} else if (word_is(s, "case") && ends_with(s, " in")) {
		f = push(p);
		if (f) {
			f->is_case = true;
			f->fs_case = strstr(s, "FSTYP");
			f->between = true;
		}
	} else if (word_is(s, "esac")) {
		pop(p, true);
	} else {
		f = top(p, true);
		close = f && f->between && *s != '(' ? strchr(s, ')') : NULL;
		if (close) {
			*close = '\0';
			f->cur = case_patterns(s, p->fs, f->fs_case);
			f->between = false;
			s = close + 1;
		}
		if (f && ends_with(s, ";;")) {
			s[strlen(s) - 2] = '\0';
			statement(p, s, line);
			f->between = true;
			return;
		}
		statement(p, s, line);
	}
}

/* Lines joined as the shell would: "\" at the end, or "&&", "||", "|" */
static void parse(struct parser *p, char *buf)
{
	struct strbuf sb = { 0 };
	unsigned int lineno = 0, start = 0;
	char *line, *next;

	for (line = buf; line && *line; line = next) {
		size_t n;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (!sb.len)
			start = lineno;
		strip_end(line, false);
		n = strlen(line);
		if (n && line[n - 1] == '\\') {
			sb_add(&sb, line, n - 1);
			sb_puts(&sb, " ");
			continue;
		}
		sb_puts(&sb, line);
		if (ends_with(line, "&&") || ends_with(line, "|")) {
			sb_puts(&sb, " ");
			continue;
		}
		logical_line(p, sb.buf, start);
		sb.len = 0;
		sb.buf[0] = '\0';
	}
	if (sb.len)
		logical_line(p, sb.buf, start);
	sb_free(&sb);
}

int fstests_hints_parse(const char *name, const char *buf, size_t len,
			const char *fs, struct fstests_hints *hs, char **err)
{
	struct parser p = { .fs = fs, .hs = hs };
	char *text;

	memset(hs, 0, sizeof(*hs));
	hs->file = xstrdup(name);
	if (memchr(buf, '\0', len)) {
		*err = xasprintf("%s: not a test script", name);
		return -1;
	}
	text = xstrndup(buf, len);
	parse(&p, text);
	free(text);
	return 0;
}

int fstests_hints_read(const char *dir, const char *test, const char *fs,
		       struct fstests_hints *hs, char **err)
{
	size_t len;
	char *buf, *file;
	int ret;

	memset(hs, 0, sizeof(*hs));
	if (!valid_test_name(test) || strstr(test, "..")) {
		char *q = quote_input(test, QUOTE_MAX);

		*err = xasprintf("'%s' is not an fstests test name", q);
		free(q);
		return -1;
	}
	file = xasprintf("%s/tests/%s", dir, test);
	if (read_file(file, MAX_TEST_SOURCE, &buf, &len)) {
		/* the name comes from a result file: quote a little of it */
		char *q = quote_input(test, QUOTE_MAX);

		*err = xasprintf("%s/tests/%s: %s", dir, q, errstr(errno));
		free(q);
		hs->file = file;
		return -1;
	}
	ret = fstests_hints_parse(file, buf, len, fs, hs, err);
	free(buf);
	free(file);
	return ret;
}

void fstests_hints_check(struct fstests_hints *hs, const struct gitfix *git)
{
	size_t i;

	for (i = 0; i < hs->n; i++)
		hs->h[i].in_tree = git && gitfix_find(git, hs->h[i].sha,
						      &hs->h[i].hit);
}

void fstests_hints_free(struct fstests_hints *hs)
{
	size_t i;

	for (i = 0; i < hs->n; i++) {
		free(hs->h[i].sha);
		free(hs->h[i].subject);
	}
	free(hs->h);
	free(hs->file);
	memset(hs, 0, sizeof(*hs));
}

int fstests_hints_describe(const char *dir, const char *test, const char *fs,
			   const struct gitfix *git, const char *indent,
			   struct strbuf *out, char **err)
{
	struct fstests_hints hs;
	int missing = 0;
	size_t i;

	if (fstests_hints_read(dir, test, fs, &hs, err))
		return -1;
	fstests_hints_check(&hs, git);
	for (i = 0; i < hs.n; i++) {
		const struct fstests_hint *h = &hs.h[i];

		sb_printf(out, "%s%s %s", indent, h->wants ? "wants" : "fix",
			  h->sha);
		if (h->subject)
			sb_printf(out, " (\"%s\")", h->subject);
		if (!git)
			sb_puts(out, " (no git tree to look it up)");
		else if (!h->in_tree)
			sb_printf(out, " is not in HEAD %.12s%s",
				  gitfix_head(git),
				  h->wants ? "" : ": a missing backport?");
		else if (h->hit.backport)
			sb_printf(out, " is in HEAD as backport %.12s",
				  h->hit.commit);
		else
			sb_puts(out, " is in HEAD");
		sb_puts(out, "\n");
		missing += !h->in_tree;
	}
	fstests_hints_free(&hs);
	return missing;
}
