// SPDX-License-Identifier: GPL-2.0
/*
 * The comments of kdevops lists, summed up in our words: the kind of
 * entry, the reason, and the facts they carry (failure rates as F:a/b,
 * bug reports, links, commit ids).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/kdevops.h"

/* Words in a kdevops comment, and what we say for them; first match wins */
static const struct {
	const char *word;
	const char *says;
	bool never_run;		/* hangs or crashes: an expunge entry */
} reasons[] = {
	{ "hang", "hangs", true },
	{ "hung", "hangs", true },
	{ "forever", "never finishes", true },
	{ "without ending", "never finishes", true },
	{ "sits there", "hangs", true },
	{ "crash", "crashes", true },
	{ "panic", "crashes", true },
	{ "oops", "crashes", true },
	{ "regression", "possible regression", false },
	{ "test bug", "may be a bug in the test", false },
	{ "buggy test", "may be a bug in the test", false },
	{ "broken test", "may be a bug in the test", false },
	{ "assert", "an assertion fails", false },
	{ "warning", "kernel warning", false },
	{ "corruption", "filesystem corruption", false },
	{ "golden output", "output differs from the expected", false },
	{ "quota", "fails with quotas on", false },
	{ "progs", "a userspace tool problem", false },
	{ "xfsprogs", "a userspace tool problem", false },
	{ "investigat", "cause not known yet", false },
	{ "looking into", "cause not known yet", false },
	{ "unclear", "cause not known yet", false },
	{ "resource busy", "a device is busy (EBUSY)", false },
	{ "lazy baseline", "fails in several sections", false },
	{ "sections", "fails in several sections", false },
	{ "fixed by", "fixed upstream", false },
};

/* Bug trackers kdevops comments name as "korg#N" */
static const struct {
	const char *tag;
	const char *url;
} trackers[] = {
	{ "korg#", "https://bugzilla.kernel.org/show_bug.cgi?id=" },
	{ "kz#", "https://bugzilla.kernel.org/show_bug.cgi?id=" },
	{ "bsc#", "https://bugzilla.suse.com/show_bug.cgi?id=" },
};

/* Does word start a word of s: "hang" is not in "change" */
static bool has_word(const char *s, const char *word)
{
	const char *p;

	for (p = s; (p = strcasestr(p, word)); p++)
		if (p == s || !isalpha((unsigned char)p[-1]))
			return true;
	return false;
}

/* Phrases that hold a word above and mean something else */
static const char *const idioms[] = {
	"low-hanging",		/* "low-hanging fruit": easy, not a hang */
};

static int reason_of(const char *note)
{
	char *s, *p;
	size_t i;
	int ret = -1;

	if (!note)
		return -1;
	s = xstrdup(note);
	for (i = 0; i < ARRAY_SIZE(idioms); i++)
		for (p = s; (p = strcasestr(p, idioms[i])); )
			memset(p, ' ', strlen(idioms[i]));
	/*
	 * Quoted text is a commit's subject or a message a tool printed:
	 * "xfs: fix ... quota blocks" names a fix, not why the test fails.
	 */
	p = strchr(s, '"');
	if (p && strrchr(s, '"') > p)
		memset(p, ' ', strrchr(s, '"') - p + 1);
	for (i = 0; ret < 0 && i < ARRAY_SIZE(reasons); i++)
		if (has_word(s, reasons[i].word))
			ret = i;
	free(s);
	return ret;
}

static void add_unique(struct strlist *l, char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (!strcmp(l->v[i], s)) {
			free(s);
			return;
		}
	}
	strlist_add(l, s);
}

/* "F:1/20", "F: ~1/5", "failure rate is about 1/20": as F:1/20 */
static void find_rates(const char *s, struct strlist *rates)
{
	const char *p;
	unsigned int a, b;
	int used;

	for (p = s; *p; p++) {
		if (!strncmp(p, "F:", 2))
			p += 2 + strspn(p + 2, " ~");
		else if (!strncasecmp(p, "failure rate", 12))
			p += 12 + strcspn(p + 12, "0123456789#");
		else
			continue;
		if (sscanf(p, "%u/%u%n", &a, &b, &used) == 2 && b)
			add_unique(rates, xasprintf("F:%u/%u", a, b));
	}
}

static char *word_at(const char *p)
{
	return xstrndup(p, strcspn(p, " \t,;()<>\"'"));
}

/* Links, tracker ids and commit ids: the facts a comment carries */
static void find_refs(const char *s, struct strlist *bugs,
		      struct strlist *links, struct strlist *commits)
{
	const char *p;
	size_t i, n;

	for (p = s; *p; p++) {
		if (p != s && (isalnum((unsigned char)p[-1]) || p[-1] == '/'))
			continue;
		for (i = 0; i < ARRAY_SIZE(trackers); i++) {
			n = strlen(trackers[i].tag);
			if (strncasecmp(p, trackers[i].tag, n) ||
			    !isdigit((unsigned char)p[n]))
				continue;
			n += strspn(p + n, "0123456789");
			add_unique(bugs, xasprintf("%s%.*s", trackers[i].url,
						   (int)(n - strlen(trackers[i].tag)),
						   p + strlen(trackers[i].tag)));
		}
		if (!strncmp(p, "https://", 8) || !strncmp(p, "http://", 7)) {
			char *url = word_at(p);

			p += strlen(url) - 1;
			add_unique(strstr(url, "bugzilla") ? bugs : links, url);
			continue;
		}
		n = strspn(p, "0123456789abcdef");
		if (n >= 12 && n <= 40 && !isalnum((unsigned char)p[n]))
			add_unique(commits, xstrndup(p, n));
	}
}

static void join(struct strbuf *sb, const char *sep, const struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_printf(sb, "%s%s", i ? " " : sep, l->v[i]);
}

/* What the comments say: their reason, rates, and refs kept as facts */
static void summarize(const char *const *notes, size_t n, int *why,
		      bool *never_run, bool *all_rated, struct strlist *rates,
		      struct strlist *bugs, struct strlist *refs)
{
	struct strlist commits = { 0 };
	size_t i, j;
	int w;

	*why = -1;
	*never_run = false;
	*all_rated = n > 0;
	/* newest last: its reason is the one told */
	for (i = 0; i < n; i++) {
		struct strlist mine = { 0 };

		w = reason_of(notes[i]);
		if (w >= 0) {
			*why = w;
			*never_run |= reasons[w].never_run;
		}
		if (notes[i]) {
			find_rates(notes[i], &mine);
			find_refs(notes[i], bugs, refs, &commits);
		}
		*all_rated &= mine.n > 0;
		for (j = 0; j < mine.n; j++)
			add_unique(rates, xstrdup(mine.v[j]));
		strlist_free(&mine);
	}
	for (i = 0; i < commits.n; i++)
		add_unique(refs, xasprintf("commit %s", commits.v[i]));
	strlist_free(&commits);
}

void kd_note_make(const char *const *notes, size_t n, struct kd_note *out)
{
	struct strlist rates = { 0 }, bugs = { 0 }, refs = { 0 };
	bool never_run, all_rated;
	size_t i;
	int why;

	memset(out, 0, sizeof(*out));
	summarize(notes, n, &why, &never_run, &all_rated, &rates, &bugs,
		  &refs);
	out->kind = never_run ? KIND_EXPUNGE : all_rated ? KIND_FLAKY :
		KIND_FAIL;
	sb_puts(&out->text, why >= 0 ? reasons[why].says :
		out->kind == KIND_FLAKY ? "fails now and then" :
		"known failure");
	join(&out->text, ", failure rate ", &rates);
	/* bug= takes one report; a URL with no '#' (that starts a comment) */
	if (!bugs.n && refs.n && str_starts(refs.v[0], "http")) {
		strlist_add(&bugs, refs.v[0]);
		memmove(refs.v, refs.v + 1, refs.n-- * sizeof(*refs.v));
	}
	if (bugs.n)
		out->bug = xstrndup(bugs.v[0], strcspn(bugs.v[0], "#"));
	for (i = 1; i < bugs.n; i++)
		add_unique(&refs, xstrdup(bugs.v[i]));
	join(&out->text, "; see ", &refs);
	strlist_free(&rates);
	strlist_free(&bugs);
	strlist_free(&refs);
}

void kd_note_free(struct kd_note *n)
{
	free(n->bug);
	sb_free(&n->text);
	memset(n, 0, sizeof(*n));
}
