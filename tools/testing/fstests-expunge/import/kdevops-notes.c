// SPDX-License-Identifier: GPL-2.0
/*
 * The comments of kdevops lists, summed up in our words: the kind of
 * entry, what is at fault, the reason, and the facts they carry (failure
 * rates as F:a/b, bug reports, links other than to logs, the kernel
 * commits that fix it and the release that has them, the config a
 * failure needs).
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
	bool never_run;		/* hangs or takes the machine down: expunge */
} reasons[] = {
	/* a tool that hangs: the test never ends, the machine is fine */
	{ "xfs_repair hangs", "xfs_repair hangs", true },
	{ "hang", "hangs", true },
	{ "hung", "hangs", true },
	{ "stall", "hangs", true },
	{ "lockup", "locks up", true },
	{ "deadlock", "deadlocks", true },
	{ "forever", "never finishes", true },
	{ "without ending", "never finishes", true },
	{ "sits there", "hangs", true },
	{ "crash", "crashes the kernel", true },
	{ "panic", "crashes the kernel", true },
	{ "oops", "crashes the kernel", true },
	{ "null pointer", "crashes the kernel", true },
	{ "bad page state", "crashes the kernel", true },
	{ "bug:", "crashes the kernel", true },
	{ "bug_on", "crashes the kernel (BUG_ON)", true },
	{ "oom", "runs the machine out of memory", true },
	{ "missing commit", "a kernel bug; this kernel lacks the fix", false },
	{ "requires upstream commit", "needs a kernel change this kernel lacks", false },
	{ "fixed by", "a bug fixed by a later change", false },
	{ "might be a test bug", "possibly a bug in the test", false },
	{ "seems like a test bug", "possibly a bug in the test", false },
	{ "possible test bug", "possibly a bug in the test", false },
	{ "test bug?", "possibly a bug in the test", false },
	{ "test bug", "a bug in the test", false },
	{ "buggy test", "a bug in the test", false },
	{ "broken test", "a bug in the test", false },
	{ "unreliable test", "the test's check is unreliable", false },
	{ "test issue", "a bug in the test", false },
	{ "golden output", "output differs from the golden output", false },
	{ "assert", "a kernel assertion fails", false },
	{ "warning", "the kernel warns", false },
	{ "corruption", "reports filesystem corruption", false },
	{ "regression", "a possible kernel regression", false },
	{ "kdevops issue", "a problem of the kdevops set-up", false },
	{ "xfsprogs", "a problem of the userspace tools", false },
	{ "progs", "a problem of the userspace tools", false },
	{ "xfs_repair", "xfs_repair fails", false },
	{ "xfsdump", "a problem of the userspace tools", false },
	{ "xfs_db", "a problem of the userspace tools", false },
	{ "xfs_copy", "a problem of the userspace tools", false },
	{ "mkfs", "mkfs fails with this configuration", false },
	{ "host uses", "depends on the host's filesystem", false },
	{ "zswap", "depends on zswap on the host", false },
	{ "ram size", "depends on the RAM size", false },
	{ "quota", "fails with quotas enabled", false },
	{ "resource busy", "a device is busy (EBUSY)", false },
	{ "takes", "runs long", false },
	/*
	 * No row for what says no cause ("lazy baseline", "not
	 * investigated", "fails in several sections"): such a line has
	 * no cause and no reason, untriaged: its keys say where and when.
	 */
};

/* What is at fault, by the first word found (DATA-KEYS.md: cause=) */
static const struct {
	const char *word;
	const char *cause;
} causes[] = {
	{ "test bug", "test" },
	{ "buggy test", "test" },
	{ "broken test", "test" },
	{ "unreliable test", "test" },
	{ "test issue", "test" },
	{ "golden output", "test" },
	{ "kdevops issue", "env" },
	{ "soak_duration", "env" },
	/* the tool that fails, before what may have made it fail */
	{ "xfsprogs", "tools" },
	{ "progs", "tools" },
	{ "xfs_repair", "tools" },
	{ "xfsdump", "tools" },
	{ "xfs_db", "tools" },
	{ "xfs_copy", "tools" },
	{ "mkfs", "tools" },
	{ "ram size", "env" },
	{ "zswap", "env" },
	{ "host uses", "env" },
	{ "missing commit", "kernel" },
	{ "requires upstream commit", "kernel" },
	{ "fixed by", "kernel" },
	{ "crash", "kernel" },
	{ "panic", "kernel" },
	{ "oops", "kernel" },
	{ "null pointer", "kernel" },
	{ "bad page state", "kernel" },
	{ "bug_on", "kernel" },
	{ "assert", "kernel" },
	{ "warning", "kernel" },
	{ "regression", "kernel" },
	{ "korg#", "kernel" },
};

/* Config symbols a failure needs, in the words kdevops uses for them */
static const char *const configs[] = {
	"CONFIG_XFS_DEBUG",
	"CONFIG_FAIL_MAKE_REQUEST",
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
	"non-fatal",
};

/* The note without idioms, quoted text (subjects, messages) and links */
static char *plain(const char *note)
{
	char *s = xstrdup(note), *p, *q;
	size_t i;

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
	for (p = s; (p = strstr(p, "http")); ) {
		q = p + strcspn(p, " \t");
		memset(p, ' ', q - p);
	}
	return s;
}

static int reason_of(const char *note)
{
	char *s;
	size_t i;
	int ret = -1;

	if (!note)
		return -1;
	s = plain(note);
	for (i = 0; ret < 0 && i < ARRAY_SIZE(reasons); i++)
		if (has_word(s, reasons[i].word))
			ret = i;
	free(s);
	return ret;
}

static const char *cause_of(const char *note)
{
	char *s;
	size_t i;
	const char *ret = NULL;

	if (!note)
		return NULL;
	s = plain(note);
	for (i = 0; !ret && i < ARRAY_SIZE(causes); i++)
		if (has_word(s, causes[i].word))
			ret = causes[i].cause;
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

/* A report a bug= may name: lore, bugzilla or patchwork, not a log */
static bool is_report(const char *url)
{
	return strstr(url, "bugzilla") || strstr(url, "lore.kernel.org") ||
		strstr(url, "patchwork");
}

/*
 * A log of kdevops' runs (its gists): evidence of the list, not a cause.
 * It stays in the list, where view --sources quotes it, and goes into
 * the message of the commit that adds the line, not onto the line.
 */
static bool is_log(const char *url)
{
	return str_starts(url, "https://gist.github.com/") ||
		str_starts(url, "https://gist.githubusercontent.com/");
}

/* The quoted subject right after p (spaces and '(' skipped), or NULL */
static char *subject_at(const char *p)
{
	const char *q;

	p += strspn(p, " (");
	if (*p != '"')
		return NULL;
	q = strchr(p + 1, '"');
	if (!q)
		return NULL;
	/* a quote inside: "xfs: revert "xfs: subject"" runs to the last */
	if (isalnum((unsigned char)q[1]) && strrchr(q + 1, '"')) {
		q = strrchr(q + 1, '"');
		return xasprintf("%.*s\"", (int)(q - p - 1), p + 1);
	}
	return xstrndup(p + 1, q - p - 1);
}

/* fixed by vfs SGID stripping: the fix's name when it is not quoted */
static char *fix_name_at(const char *p)
{
	size_t n;

	p += strspn(p, " ");
	n = strcspn(p, ",;(\"");
	if (strstr(p, " in ") && (size_t)(strstr(p, " in ") - p) < n)
		n = strstr(p, " in ") - p;
	while (n && p[n - 1] == ' ')
		n--;
	return n ? xstrndup(p, n) : NULL;
}

/* The facts a note holds; commits only where the note says they fix it */
struct facts {
	struct strlist rates, bugs, links, fixes, subjects, names, others;
	char *fixed;		/* "in v5.19" after "fixed by" */
	char *assertion;	/* "ip->i_nblocks == 0 at fs/xfs/xfs_inode.c:2359" */
	char *soak;		/* "SOAK_DURATION=9900": how long the run soaked */
	/* "at fs/btrfs/space-info.h:110 (btrfs_free_reserved_data_space)" */
	char *warning;
	char *cond;
	const char *cause;
	int why;
	bool never_run, all_rated;
};

/* "in v5.19", "(v5.12)": the release a fix went into, kernel side only */
static void find_release(const char *s, struct facts *f)
{
	const char *p = strcasestr(s, "fixed by");
	unsigned int a, b;

	if (!p || strcasestr(s, "progs"))
		return;
	for (; (p = strstr(p, "v")); p++) {
		if ((p[-1] == ' ' || p[-1] == '(') &&
		    sscanf(p, "v%u.%u", &a, &b) == 2 && a >= 3 && a < 10) {
			free(f->fixed);
			f->fixed = xasprintf("%u.%u", a, b);
			return;
		}
	}
}

/* A commit id: 12 to 40 hex digits with a letter among them */
static size_t commit_len(const char *p)
{
	size_t n = strspn(p, "0123456789abcdef");

	if (n < 12 || n > 40 || isalnum((unsigned char)p[n]) ||
	    strspn(p, "0123456789") == n)
		return 0;
	return n;
}

static void find_commits(const char *s, struct facts *f)
{
	/* a fix named with "fixed by", "missing commit" ... of the kernel */
	bool fix = (strcasestr(s, "fixed by") || strcasestr(s, "missing commit") ||
		    strcasestr(s, "requires upstream commit")) &&
		!strcasestr(s, "progs") && !strcasestr(s, "fstests");
	const char *p;
	size_t n;

	for (p = s; *p; p++) {
		if (p != s && (isalnum((unsigned char)p[-1]) ||
			       strchr("/.-#", p[-1])))
			continue;
		n = commit_len(p);
		if (!n)
			continue;
		if (fix) {
			char *subj = subject_at(p + n);

			add_unique(&f->fixes, xstrndup(p, 12));
			if (subj)
				add_unique(&f->subjects, subj);
		} else {
			add_unique(&f->others, xasprintf("commit %.*s",
							 (int)n, p));
		}
		p += n - 1;
	}
	if (fix && !f->fixes.n) {
		/* fixed by "subject": the subject is the fact */
		const char *by = strcasestr(s, "fixed by");
		char *subj = subject_at(by ? by + 8 : s);
		char *name = subj || !by ? NULL : fix_name_at(by + 8);

		if (subj)
			add_unique(&f->subjects, subj);
		if (name)
			add_unique(&f->names, name);
	}
	find_release(s, f);
}

/* Links and tracker ids */
static void find_refs(const char *s, struct facts *f)
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
			add_unique(&f->bugs, xasprintf("%s%.*s", trackers[i].url,
						       (int)(n - strlen(trackers[i].tag)),
						       p + strlen(trackers[i].tag)));
		}
		if (!strncmp(p, "https://", 8) || !strncmp(p, "http://", 7)) {
			char *url = word_at(p);

			p += strlen(url) - 1;
			if (is_log(url))
				free(url);
			else
				add_unique(is_report(url) ? &f->bugs :
					   &f->links, url);
		}
	}
}

/* "file: fs/xfs/xfs_inode.c, line: 2359" or "fs/xfs/xfs_message.c:102" */
static char *assert_site(const char *s)
{
	const char *p = strstr(s, "file: ");
	unsigned int line;

	if (p) {
		const char *l = strstr(p, "line: ");

		p += 6;
		if (l && sscanf(l, "line: %u", &line) == 1)
			return xasprintf("%.*s:%u", (int)strcspn(p, ", "), p,
					 line);
		return word_at(p);
	}
	for (p = s; (p = strstr(p, "fs/")); p++)
		if (p == s || p[-1] == ' ')
			return word_at(p);
	return NULL;
}

/* What a failed assertion says: its expression and where it is */
static void find_assert(const char *s, struct facts *f)
{
	const char *p = strcasestr(s, "assertion failed:");
	char *site, *expr = NULL;

	if (!p && !strcasestr(s, "assert"))
		return;
	if (p) {
		const char *end = strstr(p, " file:");

		p += strlen("assertion failed:");
		p += strspn(p, " ");
		expr = xstrndup(p, end ? (size_t)(end - p) : strlen(p));
	}
	site = assert_site(s);
	if (expr || site) {
		free(f->assertion);
		f->assertion = xasprintf("%s%s%s%s", expr ? expr : "",
					 expr && site ? " " : "",
					 site ? "at " : "", site ? site : "");
	}
	free(expr);
	free(site);
}

/*
 * Where the kernel warned: "WARNING: CPU: 5 PID: 1 at FILE:LINE
 * FUNC+0x179/0x190" as "at FILE:LINE (FUNC)", "WARNING in FUNC" as
 * "in FUNC".
 */
static void find_warning(const char *s, struct facts *f)
{
	const char *p = strstr(s, "WARNING"), *at;
	char *where, *fn;

	if (!p)
		return;
	at = strstr(p, " at ");
	if (at && at[4] != ' ') {
		where = word_at(at + 4);
		at += 4 + strlen(where);
		at += strspn(at, " ");
		fn = xstrndup(at, strcspn(at, "+ \t,;()"));
		free(f->warning);
		f->warning = *fn ? xasprintf("at %s (%s)", where, fn) :
			xasprintf("at %s", where);
		free(where);
		free(fn);
	} else if (!strncmp(p + strlen("WARNING"), " in ", 4)) {
		fn = word_at(p + strlen("WARNING in "));
		free(f->warning);
		f->warning = xasprintf("in %s", fn);
		free(fn);
	}
}

/* "SOAK_DURATION=9900": the soak time of the run that saw it */
static void find_soak(const char *s, struct facts *f)
{
	const char *p = strstr(s, "SOAK_DURATION=");

	if (p) {
		free(f->soak);
		f->soak = word_at(p);
	}
}

static void find_config(const char *s, struct facts *f)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(configs) && !f->cond; i++)
		if (strstr(s, configs[i]))
			f->cond = xstrdup(configs[i] + strlen("CONFIG_"));
}

/* What the comments say; the newest last, its reason is the one told */
static void summarize(const char *const *notes, size_t n, struct facts *f)
{
	size_t i, j;
	int w;

	f->why = -1;
	f->all_rated = n > 0;
	for (i = 0; i < n; i++) {
		struct strlist mine = { 0 };

		w = reason_of(notes[i]);
		if (w >= 0) {
			f->why = w;
			f->never_run |= reasons[w].never_run;
		}
		if (cause_of(notes[i]))
			f->cause = cause_of(notes[i]);
		if (notes[i]) {
			find_rates(notes[i], &mine);
			find_refs(notes[i], f);
			find_commits(notes[i], f);
			find_config(notes[i], f);
			find_assert(notes[i], f);
			find_soak(notes[i], f);
			find_warning(notes[i], f);
		}
		f->all_rated &= mine.n > 0;
		for (j = 0; j < mine.n; j++)
			add_unique(&f->rates, xstrdup(mine.v[j]));
		strlist_free(&mine);
	}
	/*
	 * a crash, a hang, an OOM: the kernel's, whatever else is said of
	 * the machine; not where a test or a tool (xfs_repair) is what hangs
	 */
	if (f->never_run && (!f->cause || !strcmp(f->cause, "env")))
		f->cause = "kernel";
}

static void join(struct strbuf *sb, const char *sep, const char *each,
		 const struct strlist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_printf(sb, "%s%s", i ? each : sep, l->v[i]);
}

/* sep ("; fix: ", ", failure rate ") less its "; " before the first clause */
static const char *lead(const struct strbuf *sb, const char *sep)
{
	return sb->len ? sep : sep + 2;
}

/*
 * The source's cause in our words, and its facts; where it gives
 * neither, nothing: untriaged, and the keys say the rest. A flaky
 * entry's rates go to rate=.
 */
static void say(struct kd_note *out, const struct facts *f)
{
	struct strbuf *t = &out->text;
	size_t i;

	if (f->why >= 0) {
		sb_puts(t, reasons[f->why].says);
		if (f->assertion)
			sb_printf(t, ": %s", f->assertion);
		else if (f->warning)
			sb_printf(t, " %s", f->warning);
		if (f->cond)
			sb_printf(t, " with CONFIG_%s", f->cond);
	}
	if (f->soak)
		sb_printf(t, t->len ? " with %s" : "run with %s", f->soak);
	if (out->kind == KIND_FLAKY) {
		for (i = 0; i < f->rates.n; i++)
			strlist_add(&out->rates, xstrdup(f->rates.v[i] +
							 strlen("F:")));
	} else if (f->rates.n) {
		join(t, lead(t, ", failure rate "), " ", &f->rates);
	}
	if (f->fixes.n)
		join(t, lead(t, "; fix: "), ", ", &f->fixes);
	for (i = 0; i < f->subjects.n; i++)
		sb_printf(t, "%s\"%s\"", i || f->fixes.n ? " " :
			  lead(t, "; fix: "), f->subjects.v[i]);
	join(t, f->fixes.n || f->subjects.n ? ", " : lead(t, "; fix: "),
	     ", ", &f->names);
	if (f->fixed)
		sb_printf(t, t->len ? " in %s" : "fixed in %s", f->fixed);
	join(t, lead(t, "; see "), " ", &f->others);
	join(t, f->others.n ? " " : lead(t, "; see "), " ", &f->links);
}

void kd_note_make(const char *const *notes, size_t n, struct kd_note *out)
{
	struct facts f = { 0 };
	size_t i;

	memset(out, 0, sizeof(*out));
	summarize(notes, n, &f);
	out->kind = f.never_run ? KIND_EXPUNGE : f.all_rated ? KIND_FLAKY :
		KIND_FAIL;
	/* no cause said: a harness saw it fail, no more */
	out->cause = f.cause ? f.cause : f.why < 0 ? "untriaged" : NULL;
	say(out, &f);
	/* bug= takes one report; a URL with no '#' (that starts a comment) */
	if (f.bugs.n)
		out->bug = xstrndup(f.bugs.v[0], strcspn(f.bugs.v[0], "#"));
	for (i = 1; i < f.bugs.n; i++)
		sb_printf(&out->text, "%s%s", out->text.len ? " " : "",
			  f.bugs.v[i]);
	out->fixed_by = f.fixes;
	/* the release the source says has the fix */
	out->fixed = f.fixed;
	out->cond = f.cond;
	strlist_free(&f.rates);
	strlist_free(&f.bugs);
	strlist_free(&f.links);
	strlist_free(&f.subjects);
	strlist_free(&f.names);
	strlist_free(&f.others);
	free(f.assertion);
	free(f.soak);
	free(f.warning);
}

void kd_note_free(struct kd_note *n)
{
	free(n->bug);
	free(n->fixed);
	free(n->cond);
	strlist_free(&n->fixed_by);
	strlist_free(&n->rates);
	sb_free(&n->text);
	memset(n, 0, sizeof(*n));
}
