// SPDX-License-Identifier: GPL-2.0
/*
 * Lint rules on what a line claims: a fixed= with something behind it,
 * a kernel fix the reason names given as fixed-by=, bug= a link to a
 * report, crash-class failures expunged, a failure rate below 1 flaky.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "entries/lint-evidence.h"
#include "lib/base.h"

/* Where a problem is reported: lore, a bugzilla, a patchwork */
static bool report_link(const char *url)
{
	const char *host = strstr(url, "://");
	size_t len;

	if (!host)
		return false;
	host += 3;
	len = strcspn(host, "/:?#");
	return (len == 15 && !strncasecmp(host, "lore.kernel.org", len)) ||
	       !strncasecmp(host, "bugzilla.", 9) ||
	       !strncasecmp(host, "patchwork.", 10);
}

/*
 * Does word start at p of a reason starting at s, as a word of its own
 * (hangs, hung, crashed: any ending; BUG only as written, and BUG and
 * OOM not inside a longer word: not "BUGS", "room")?
 */
static bool word_at(const char *s, const char *p, const char *word)
{
	size_t n = strlen(word);
	bool upper = !strcmp(word, "BUG");

	if (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
		return false;
	if (upper ? strncmp(p, word, n) : strncasecmp(p, word, n))
		return false;
	if (upper || !strcmp(word, "oom"))
		return !isalnum((unsigned char)p[n]);
	return true;
}

/*
 * Where a reason says the machine went down (*len bytes of it), or NULL
 */
static const char *crash_word(const char *reason, int *len)
{
	static const char *const words[] = {
		"hang", "hung", "BUG", "oops", "lockup", "oom", "crash",
		"panic", "assert",
	};
	const char *p;
	size_t i;

	for (p = reason; p && *p; p++) {
		for (i = 0; i < ARRAY_SIZE(words); i++) {
			if (word_at(reason, p, words[i])) {
				*len = strlen(words[i]);
				return p;
			}
		}
	}
	return NULL;
}

/* Does the reason say a fix, as a word of its own (fix, fixed, fixes)? */
static bool says_fix(const char *reason)
{
	const char *p;

	for (p = reason; p && *p; p++) {
		if (word_at(reason, p, "fix"))
			return true;
	}
	return false;
}

/*
 * Does a source claim the fix: a from= origin that is another harness's
 * list, an fstests test or a user's list (not hand, not a results run,
 * which need fixed-by=, passed= or bug=), and a reason that says what
 * it states of the fix? A list merely naming the test claims nothing.
 */
static bool source_claims(const struct entry *e)
{
	char *const *o;

	if (!e->comment || !says_fix(e->comment))
		return false;
	for (o = e->from; o && *o; o++) {
		if (strcmp(*o, "hand") && !str_starts(*o, "results:"))
			return true;
	}
	return false;
}

/* A commit id at p: 7 to 40 hex digits, a letter and a digit among them */
static size_t commit_id_at(const char *s, const char *p)
{
	bool letter = false, digit = false;
	size_t n;

	/* not a part of a word, a link or a path */
	if (p > s && (isalnum((unsigned char)p[-1]) || strchr("_/=#@.:-", p[-1])))
		return 0;
	for (n = 0; isxdigit((unsigned char)p[n]) && !isupper((unsigned char)p[n]);
	     n++) {
		letter |= isalpha((unsigned char)p[n]);
		digit |= isdigit((unsigned char)p[n]);
	}
	if (n < 7 || n > 40 || !letter || !digit ||
	    isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == '-')
		return 0;
	return n;
}

/* A quoted commit subject at p: "subsystem: ..." (its opening quote) */
static size_t subject_at(const char *p)
{
	const char *end, *last = NULL;
	size_t n;

	if (*p != '"')
		return 0;
	n = 1 + strspn(p + 1, "abcdefghijklmnopqrstuvwxyz0123456789_/.-");
	if (n == 1 || strncmp(p + n, ": ", 2))
		return 0;
	/* to the clause's last quote: a subject may quote another */
	for (end = p + n; *end && *end != ';'; end++)
		if (*end == '"')
			last = end + 1;
	return last ? (size_t)(last - p) : n;
}

/*
 * Is the commit at p named as the fix: after "fix" (fix:, fixed by, the
 * fix ...) or "until" in the same clause (no ';' between), and not an
 * fstests commit, one that clause says "fstests" (or "xfstests") of: the
 * test's side has test-fixed-by=?
 */
static bool named_as_fix(const char *s, const char *p)
{
	const char *q, *from = p;
	bool fix = false;

	while (from > s && from[-1] != ';' && p - from < 60)
		from--;
	for (q = from; q < p; q++) {
		if (!strncmp(q, "fstests", 7))
			return false;
		fix |= word_at(s, q, "fix") || word_at(s, q, "until");
	}
	return fix;
}

static bool in_list(char *const *l, const char *id, size_t n)
{
	for (; l && *l; l++) {
		size_t m = strlen(*l) < n ? strlen(*l) : n;

		if (!strncmp(*l, id, m))
			return true;
	}
	return false;
}

/* A kernel fix the reason names, by id or subject, not in fixed-by= */
static void lint_fix_named(const struct entry *e, struct diag *d)
{
	const char *s = e->comment, *p;
	size_t n = 0;

	for (p = s; p && *p; p += n ? n : 1) {
		bool named;

		n = commit_id_at(s, p);
		if (n) {
			named = !in_list(e->fixed_by, p, n) &&
				!in_list(e->test_fixed_by, p, n);
		} else {
			n = subject_at(p);
			named = n && !e->fixed_by;
		}
		if (named && named_as_fix(s, p))
			break;
	}
	if (p && *p)
		diag_add(d, false, e->file, e->line,
			 "%s: the reason names the fix %.*s but fixed-by= does not: add fixed-by=SHA (the commit), so that --srctree can tell a kernel that has it or a backport of it",
			 e->test, (int)n, p);
}

static void versions(const struct kver_list *l, struct strbuf *sb)
{
	char buf[48];
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_printf(sb, "%s%s", i ? "," : "", kver_str(&l->v[i], buf));
}

static void lint_fixed(const struct entry *e, struct diag *d)
{
	struct strbuf v = { 0 };

	if (!e->has_fixed || e->fixed_by || e->has_passed || e->bug ||
	    source_claims(e))
		return;
	versions(&e->fixed, &v);
	diag_add(d, false, e->file, e->line,
		 "%s: fixed=%s with nothing behind it: add fixed-by=SHA (the fix), passed=V (a run that passed) or bug=URL, say in the reason what the source (from=) states of the fix, or write until=%s if no one claims a fix",
		 e->test, v.buf, v.buf);
	sb_free(&v);
}

/* A rate= below 1 (some attempts passed), or NULL */
static const char *rate_below_one(const struct entry *e)
{
	char *const *r;
	bool below;

	for (r = e->rate; r && *r; r++) {
		if (rate_valid(*r, &below) && below)
			return *r;
	}
	return NULL;
}

/* An XFS ASSERT without XFS_DEBUG only warns: such a line may run */
static bool xfs_assert_nodebug(const struct entry *e)
{
	return e->cond && strstr(e->cond, "!XFS_DEBUG");
}

/*
 * Kinds from the evidence in keys: crash= is crash-class (expunge, but
 * for an XFS assertion on a kernel without XFS_DEBUG), a rate= below 1
 * is flaky unless the line is crash-class.
 */
static void lint_kind_keys(const struct entry *e, struct diag *d)
{
	const char *r = rate_below_one(e);

	if (e->crash != CRASH_NONE && e->kind != KIND_EXPUNGE &&
	    !(e->crash == CRASH_ASSERT && xfs_assert_nodebug(e)))
		diag_add(d, false, e->file, e->line,
			 "%s: crash=%s but the kind is %s: make it expunge (a test that takes the machine down must not run; for an XFS ASSERT, fatal with XFS_DEBUG: an expunge line 'if XFS_DEBUG' and this one 'if !XFS_DEBUG')",
			 e->test, crash_name(e->crash), kind_name(e->kind));
	if (r && e->kind == KIND_FAIL)
		diag_add(d, false, e->file, e->line,
			 "%s: rate=%s but the kind is fail: some attempts pass, make it flaky (a line of its own for the sections without a rate, if any)",
			 e->test, r);
	else if (r && e->kind == KIND_EXPUNGE && e->crash == CRASH_NONE)
		diag_add(d, false, e->file, e->line,
			 "%s: rate=%s but the kind is expunge with no crash=: some attempts pass, make it flaky, or say crash=CLASS (%s) if it takes the machine down",
			 e->test, r, CRASH_CLASSES);
}

/* Where a reason gives a failure rate ("failure rate", "F:1/5"), or NULL */
static const char *rate_in_reason(const char *reason)
{
	const char *p;

	for (p = reason; p && *p; p++) {
		if (word_at(reason, p, "failure rate") ||
		    (!strncmp(p, "F:", 2) && isdigit((unsigned char)p[2]) &&
		     (p == reason || !isalnum((unsigned char)p[-1]))))
			return p;
	}
	return NULL;
}

void lint_evidence(const struct entry *e, struct diag *d)
{
	const char *w;
	int n;

	lint_fixed(e, d);
	lint_fix_named(e, d);
	if (e->bug && !report_link(e->bug))
		diag_add(d, false, e->file, e->line,
			 "%s: bug=%s is not a lore.kernel.org, bugzilla or patchwork link: link the report there, and put a log's address in the reason",
			 e->test, e->bug);
	lint_kind_keys(e, d);
	/* the kind rules read rate=: a rate only in the reason goes unseen */
	w = e->kind == KIND_FAIL && !e->rate ? rate_in_reason(e->comment) :
	    NULL;
	if (w)
		diag_add(d, false, e->file, e->line,
			 "%s: the reason gives a failure rate ('%.20s') but rate= does not: write it as rate=F/N (F of N attempts failed), which decides the kind",
			 e->test, w);
	w = e->kind != KIND_EXPUNGE && e->crash == CRASH_NONE ?
	    crash_word(e->comment, &n) : NULL;
	/* an XFS ASSERT is fatal with XFS_DEBUG only: a line without it may run */
	if (w && !strncasecmp(w, "assert", n) && xfs_assert_nodebug(e))
		w = NULL;
	if (w && !strncasecmp(w, "assert", n))
		diag_add(d, false, e->file, e->line,
			 "%s: the reason says '%.*s' but the kind is %s: an assertion is crash-class: make it expunge (for an XFS ASSERT, fatal with XFS_DEBUG: an expunge line 'if XFS_DEBUG' and this one 'if !XFS_DEBUG')",
			 e->test, n, w, kind_name(e->kind));
	else if (w)
		diag_add(d, false, e->file, e->line,
			 "%s: the reason says '%.*s' but the kind is %s: make it expunge (a test that takes the machine down must not run)",
			 e->test, n, w, kind_name(e->kind));
}
