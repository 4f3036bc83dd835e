// SPDX-License-Identifier: GPL-2.0
/* Which commits a kernel git tree contains, backports included. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/types.h>

#include "kernel/gitfix.h"
#include "lib/base.h"
#include "lib/fileio.h"
#include "lib/git.h"
#include "lib/strbuf.h"

#define SHA_BYTES	20
#define SHA_HEX		40
#define SHA256_HEX	64	/* a repository of --object-format=sha256 */
#define MIN_HEX		7
/* Change the magic when what the walk collects changes: old caches go */
#define CACHE_MAGIC	"FEXPGIT2"
/* A revert of a revert of ... : no deeper */
#define REVERT_DEPTH	16
#define CACHE_MAX	(1024 * 1024 * 1024UL)

/* An upstream commit named by a backport, and the commit naming it */
struct backport {
	unsigned char up[SHA_BYTES];
	unsigned char nibbles;	/* hex digits written: a prefix when < 40 */
	unsigned char commit[SHA_BYTES];
};

struct gitfix {
	char head[SHA_HEX + 1];
	char *source;
	unsigned char (*commits)[SHA_BYTES];	/* sorted */
	size_t ncommits, acommits;
	struct backport *bps;	/* short prefixes first, then sorted */
	size_t nbps, abps, nshort;
	struct backport *revs;	/* up: the commit reverted, by commit */
	size_t nrevs, arevs;
	const char *rev;	/* the revision read: HEAD, or a build's */
	char *cache;		/* the cache file, when read from it */
};

static size_t hexlen(const char *s)
{
	size_t n = 0;

	while (hexval((unsigned char)s[n]) >= 0)
		n++;
	return n;
}

/* n hex digits of s to bytes, zero-padded */
static void hex_to_bin(const char *s, size_t n, unsigned char *out)
{
	size_t i;

	memset(out, 0, SHA_BYTES);
	for (i = 0; i < n && i < SHA_HEX; i++)
		out[i / 2] |= hexval((unsigned char)s[i]) << (i & 1 ? 0 : 4);
}

static void bin_to_hex(const unsigned char *b, char *out)
{
	static const char digits[] = "0123456789abcdef";
	size_t i;

	for (i = 0; i < SHA_BYTES; i++) {
		out[2 * i] = digits[b[i] >> 4];
		out[2 * i + 1] = digits[b[i] & 15];
	}
	out[SHA_HEX] = '\0';
}

/* Do the first n hex digits of a and b agree? */
static bool prefix_eq(const unsigned char *a, const unsigned char *b,
		      size_t n)
{
	if (memcmp(a, b, n / 2))
		return false;
	return !(n & 1) || (a[n / 2] >> 4) == (b[n / 2] >> 4);
}

static const char *skip_word(const char *s, const char *word)
{
	size_t n = strlen(word);

	return strncasecmp(s, word, n) ? NULL : s + n;
}

size_t gitfix_backport_line(const char *line, const char **sha)
{
	const char *p, *end;
	size_t n;

	while (*line == ' ' || *line == '\t')
		line++;
	p = skip_word(line, "commit ");
	if (!p) {
		p = skip_word(line, "(cherry picked from commit ");
		if (!p && *line == '[') {
			for (p = line + 1; *p == ' '; p++)
				;
			p = skip_word(p, "upstream commit ");
		}
	}
	if (!p)
		return 0;
	n = hexlen(p);
	if (n < MIN_HEX || n > SHA_HEX)
		return 0;
	end = p + n;
	if (*line == 'c' || *line == 'C') {
		if (!skip_word(end, " upstream"))
			return 0;
	} else if (*line == '(') {
		if (*end != ')')
			return 0;
	} else {
		while (*end == ' ')
			end++;
		if (*end != ']')
			return 0;
	}
	*sha = p;
	return n;
}

static int cmp_sha(const void *a, const void *b)
{
	return memcmp(a, b, SHA_BYTES);
}

static int cmp_backport(const void *a, const void *b)
{
	const struct backport *x = a, *y = b;
	bool xs = x->nibbles < SHA_HEX, ys = y->nibbles < SHA_HEX;

	if (xs != ys)
		return xs ? -1 : 1;
	return memcmp(x->up, y->up, SHA_BYTES);
}

/* "This reverts commit <sha>.", as git revert writes it */
static size_t revert_line(const char *line, const char **sha)
{
	const char *p = skip_word(line + strspn(line, " \t"),
				  "This reverts commit ");
	size_t n = p ? hexlen(p) : 0;

	if (n < MIN_HEX || n > SHA_HEX)
		return 0;
	*sha = p;
	return n;
}

static void add_line(struct gitfix *gf, const char *line,
		     const unsigned char *commit)
{
	struct backport *bp;
	const char *sha;
	size_t n = gitfix_backport_line(line, &sha);

	if (!n) {
		n = revert_line(line, &sha);
		if (!n)
			return;
		bp = array_push(&gf->revs, &gf->nrevs, &gf->arevs, sizeof(*bp));
		hex_to_bin(sha, n, bp->up);
		bp->nibbles = n;
		memcpy(bp->commit, commit, SHA_BYTES);
		return;
	}
	bp = array_push(&gf->bps, &gf->nbps, &gf->abps, sizeof(*bp));
	hex_to_bin(sha, n, bp->up);
	bp->nibbles = n;
	memcpy(bp->commit, commit, SHA_BYTES);
}

/* Run git in dir, its output on a pipe: *fp. Returns the pid or -1. */
static pid_t git_pipe(const char *const args[], const char *dir, FILE **fp)
{
	pid_t pid;
	int fd;

	pid = git_reader(dir, args, &fd);
	if (pid < 0)
		return -1;
	*fp = fdopen(fd, "r");
	if (!*fp) {
		close(fd);
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

/* The one walk: "\0<sha>" starts each commit, its message follows. */
static int walk(struct gitfix *gf, const char *srctree, char **err)
{
	const char *const argv[] = {
		"-c", "log.showSignature=false", "log", "--no-color",
		"--format=%x00%H%n%B", gf->head, "--", NULL
	};
	unsigned char cur[SHA_BYTES];
	bool have = false;
	size_t alloc = 0;
	char *line = NULL;
	ssize_t len;
	int status;
	FILE *fp;
	pid_t pid;

	pid = git_pipe(argv, srctree, &fp);
	if (pid < 0) {
		*err = xasprintf("cannot run git: %s", strerror(errno));
		return -1;
	}
	while ((len = getline(&line, &alloc, fp)) > 0) {
		bool start = !line[0];	/* before an empty line is one */

		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (!start) {
			if (have)
				add_line(gf, line, cur);
			continue;
		}
		if (len != SHA_HEX + 1 || hexlen(line + 1) != SHA_HEX) {
			have = false;
			continue;
		}
		hex_to_bin(line + 1, SHA_HEX, cur);
		memcpy(array_push(&gf->commits, &gf->ncommits, &gf->acommits,
				  SHA_BYTES), cur, SHA_BYTES);
		have = true;
	}
	free(line);
	fclose(fp);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) || !gf->ncommits) {
		*err = xasprintf("%s: 'git log' failed", srctree);
		return -1;
	}
	qsort(gf->commits, gf->ncommits, SHA_BYTES, cmp_sha);
	if (gf->nbps)	/* qsort() of NULL is undefined, even for 0 */
		qsort(gf->bps, gf->nbps, sizeof(*gf->bps), cmp_backport);
	return 0;
}

/* The cache: magic, HEAD, counts, commits, backports, checksum. */
struct cache_head {
	char magic[8];
	unsigned char head[SHA_BYTES];
	u32 ncommits, nbps, nrevs;
};

static char *cache_path(const char *head)
{
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");

	if (xdg && *xdg == '/')
		return xasprintf("%s/fstests-expunge/git-%s", xdg, head);
	if (home && *home == '/')
		return xasprintf("%s/.cache/fstests-expunge/git-%s", home,
				 head);
	return NULL;
}

static size_t cache_size(size_t ncommits, size_t nbps, size_t nrevs)
{
	return sizeof(struct cache_head) + ncommits * SHA_BYTES +
	       (nbps + nrevs) * sizeof(struct backport) + sizeof(u64);
}

/* Read the cache: 0, or -1 when missing, stale or corrupt. */
static int cache_read(struct gitfix *gf, const char *path)
{
	struct cache_head h;
	unsigned char head[SHA_BYTES];
	u64 sum;
	size_t len, i;
	char *buf;

	if (read_file(path, CACHE_MAX, &buf, &len))
		return -1;
	if (len < sizeof(h))
		goto bad;
	memcpy(&h, buf, sizeof(h));
	hex_to_bin(gf->head, SHA_HEX, head);
	if (memcmp(h.magic, CACHE_MAGIC, 8) || memcmp(h.head, head, SHA_BYTES) ||
	    len != cache_size(h.ncommits, h.nbps, h.nrevs))
		goto bad;
	memcpy(&sum, buf + len - sizeof(sum), sizeof(sum));
	if (sum != fnv1a(buf, len - sizeof(sum)))
		goto bad;
	gf->cache = buf;
	gf->ncommits = h.ncommits;
	gf->commits = (void *)(buf + sizeof(h));
	gf->nbps = h.nbps;
	gf->bps = (void *)(buf + sizeof(h) + h.ncommits * SHA_BYTES);
	gf->nrevs = h.nrevs;
	gf->revs = gf->bps + h.nbps;
	for (i = 0; i < gf->nbps && gf->bps[i].nibbles < SHA_HEX; i++)
		;
	gf->nshort = i;
	return 0;
bad:
	free(buf);
	return -1;
}

static void cache_write(const struct gitfix *gf, const char *path)
{
	size_t len = cache_size(gf->ncommits, gf->nbps, gf->nrevs), off = 0;
	char *buf = xmalloc(len), *dir = xstrdup(path), *p;
	struct cache_head h = { .magic = CACHE_MAGIC };
	u64 sum;

	/* mkdir -p of the directory: a cache is a help, never required */
	for (p = strchr(dir + 1, '/'); p; p = strchr(p + 1, '/')) {
		*p = '\0';
		mkdir(dir, 0755);
		*p = '/';
	}
	hex_to_bin(gf->head, SHA_HEX, h.head);
	h.ncommits = gf->ncommits;
	h.nbps = gf->nbps;
	h.nrevs = gf->nrevs;
	memcpy(buf, &h, sizeof(h));
	off += sizeof(h);
	memcpy(buf + off, gf->commits, gf->ncommits * SHA_BYTES);
	off += gf->ncommits * SHA_BYTES;
	if (gf->nbps)	/* no backports: bps may be NULL */
		memcpy(buf + off, gf->bps, gf->nbps * sizeof(*gf->bps));
	off += gf->nbps * sizeof(*gf->bps);
	if (gf->nrevs)
		memcpy(buf + off, gf->revs, gf->nrevs * sizeof(*gf->revs));
	off += gf->nrevs * sizeof(*gf->revs);
	sum = fnv1a(buf, off);
	memcpy(buf + off, &sum, sizeof(sum));
	if (write_file_atomic(path, buf, len))
		pr_warn("%s: cannot write the git history cache: %s", path,
			strerror(errno));
	free(buf);
	free(dir);
}

static int read_head(struct gitfix *gf, const char *srctree, char **err)
{
	char *out = git_commit_id(srctree, gf->rev, 0);

	if (!out) {
		*err = xasprintf("%s: 'git rev-parse %s' failed", srctree,
				 gf->rev);
		return -1;
	}
	/* a SHA-256 repository: its ids are not the kernel's */
	if (hexlen(out) == SHA256_HEX) {
		pr_warn("%s: a SHA-256 repository: fixed-by= is not checked in it (SHA-1 commit ids only)",
			srctree);
		free(out);
		return 1;
	}
	if (hexlen(out) != SHA_HEX) {
		*err = xasprintf("%s: git gave no %s commit", srctree, gf->rev);
		free(out);
		return -1;
	}
	memcpy(gf->head, out, SHA_HEX);
	gf->head[SHA_HEX] = '\0';
	free(out);
	return 0;
}

int gitfix_open(const char *srctree, struct gitfix **gfp, char **err)
{
	return gitfix_open_at(srctree, "HEAD", gfp, err);
}

int gitfix_open_at(const char *srctree, const char *rev, struct gitfix **gfp,
		   char **err)
{
	struct gitfix *gf;
	size_t i;
	char *path;
	int ret;

	*gfp = NULL;
	if (!git_is_top(srctree))
		return 1;
	gf = xcalloc(1, sizeof(*gf));
	gf->rev = rev;
	ret = read_head(gf, srctree, err);
	if (ret > 0) {
		gitfix_free(gf);
		return 1;
	}
	if (ret)
		goto fail;
	path = cache_path(gf->head);
	if (path && !cache_read(gf, path)) {
		gf->source = path;
		*gfp = gf;
		return 0;
	}
	if (walk(gf, srctree, err)) {
		free(path);
		goto fail;
	}
	for (i = 0; i < gf->nbps && gf->bps[i].nibbles < SHA_HEX; i++)
		;
	gf->nshort = i;
	if (path)
		cache_write(gf, path);
	free(path);
	gf->source = xstrdup("git log");
	*gfp = gf;
	return 0;
fail:
	gitfix_free(gf);
	return -1;
}

void gitfix_free(struct gitfix *gf)
{
	if (!gf)
		return;
	if (gf->cache) {
		free(gf->cache);
	} else {
		free(gf->commits);
		free(gf->bps);
		free(gf->revs);
	}
	free(gf->source);
	free(gf);
}

const char *gitfix_head(const struct gitfix *gf)
{
	return gf->head;
}

const char *gitfix_source(const struct gitfix *gf)
{
	return gf->source;
}

/* The first of n sorted elements of size sz not below key */
static size_t lower_bound(const void *base, size_t n, size_t sz,
			  const unsigned char *key)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (memcmp((const char *)base + mid * sz, key, SHA_BYTES) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The commit of the history that reverts sha (the first n hex digits of
 * it), itself not reverted: NULL when none.
 */
static const unsigned char *reverted(const struct gitfix *gf,
				     const unsigned char *sha, size_t n,
				     int depth)
{
	size_t i;

	for (i = 0; i < gf->nrevs && depth < REVERT_DEPTH; i++) {
		const struct backport *r = &gf->revs[i];

		if (prefix_eq(r->up, sha, r->nibbles < n ? r->nibbles : n) &&
		    !reverted(gf, r->commit, SHA_HEX, depth + 1))
			return r->commit;
	}
	return NULL;
}

static bool find_commit(const struct gitfix *gf, const char *sha,
			struct gitfix_hit *hit);

bool gitfix_find(const struct gitfix *gf, const char *sha,
		 struct gitfix_hit *hit)
{
	const unsigned char *by;
	unsigned char key[SHA_BYTES];

	hit->reverted = false;
	if (!find_commit(gf, sha, hit))
		return false;
	/* the commit that has it, or the upstream commit, reverted */
	hex_to_bin(hit->commit, SHA_HEX, key);
	by = reverted(gf, key, SHA_HEX, 0);
	if (!by) {
		hex_to_bin(sha, hexlen(sha), key);
		by = reverted(gf, key, hexlen(sha), 0);
	}
	if (!by)
		return true;
	hit->reverted = true;
	bin_to_hex(by, hit->revert);
	return false;
}

static bool find_commit(const struct gitfix *gf, const char *sha,
			struct gitfix_hit *hit)
{
	size_t n = hexlen(sha), i;
	unsigned char key[SHA_BYTES];
	const struct backport *full = gf->bps + gf->nshort;
	size_t nfull = gf->nbps - gf->nshort;

	if (n < MIN_HEX || n > SHA_HEX || sha[n])
		return false;
	hex_to_bin(sha, n, key);
	i = lower_bound(gf->commits, gf->ncommits, SHA_BYTES, key);
	if (i < gf->ncommits && prefix_eq(gf->commits[i], key, n)) {
		bin_to_hex(gf->commits[i], hit->commit);
		hit->backport = false;
		return true;
	}
	i = lower_bound(full, nfull, sizeof(*full), key);
	if (i < nfull && prefix_eq(full[i].up, key, n)) {
		bin_to_hex(full[i].commit, hit->commit);
		hit->backport = true;
		return true;
	}
	/* a backport that names a short id: either may be the prefix */
	for (i = 0; i < gf->nshort; i++) {
		const struct backport *bp = &gf->bps[i];

		if (prefix_eq(bp->up, key, bp->nibbles < n ? bp->nibbles : n)) {
			bin_to_hex(bp->commit, hit->commit);
			hit->backport = true;
			return true;
		}
	}
	return false;
}
