// SPDX-License-Identifier: GPL-2.0
/*
 * The compare report as a KCIDB v5.3 submission: a checkout and a build
 * per kernel, a test per testcase of the run, an issue per data entry
 * that explained a failure and an incident per test it explained. The
 * ids are made of the origin, the kernel and a key of the results, so
 * that the same results submitted again replace what they sent before.
 */
#include <libgen.h>
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "report/report.h"

#define KCIDB_MAJOR		5
#define KCIDB_MINOR		3
#define KCIDB_EXCERPT_MAX	16384	/* log_excerpt's maxLength */

/* The properties of a section said in each test's environment */
static const char *const env_props[] = {
	"FSTYP", "MKFS_OPTIONS", "MOUNT_OPTIONS", "ARCH", "CPUS", "MEM_KB",
};

/* A list of objects: "name": [ ... ], each opened by obj() */
struct jlist {
	struct strbuf sb;
	size_t n;
};

static struct strbuf *obj(struct jlist *l)
{
	sb_puts(&l->sb, l->n++ ? ",\n    {" : "\n    {");
	return &l->sb;
}

struct kcidb {
	const struct report *r;
	struct jlist checkouts, builds, tests, issues, incidents;
	struct strlist kernels, issue_ids;
};

static const char *kernel_of(const struct section_cmp *sc)
{
	return sc->cand && sc->cand->kernel ? sc->cand->kernel : "unknown";
}

/* A path segment: what KCIDB allows ([a-zA-Z0-9_-]); others are '_'. */
static void segment(struct strbuf *sb, const char *s)
{
	if (!*s)
		sb_puts(sb, "_");
	for (; *s; s++) {
		bool ok = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
			  (*s >= '0' && *s <= '9') || *s == '-' || *s == '_';

		sb_add(sb, ok ? s : "_", 1);
	}
}

/*
 * What identifies the results of a section: the kernel, the section and
 * when its first run began (fstests' start_timestamp=), so that a run
 * resumed or retried later and sent again updates what was sent; without
 * a start, every test with its outcomes and times. The same files give
 * the same key wherever they are read; another run gives another.
 */
static char *run_key(const struct section_cmp *sc)
{
	const struct side_section *c = sc->cand;
	struct strbuf sb = { 0 };
	char *key;
	size_t i;

	sb_printf(&sb, "%s\n%s\n", kernel_of(sc), sc->name);
	if (c->started)
		sb_printf(&sb, "started %s\n", c->started);
	for (i = 0; !c->started && i < c->n; i++)
		sb_printf(&sb, "%s %u %u %u %.3f\n", c->t[i].name, c->t[i].pass,
			  c->t[i].fail, c->t[i].notrun, c->t[i].time);
	key = xasprintf("%016llx",
			(unsigned long long)fnv1a(sb.buf, sb.len));
	sb_free(&sb);
	return key;
}

static bool listed(const struct strlist *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return true;
	return false;
}

/* The checkout and the build of a kernel, once each */
static void kernel_objects(struct kcidb *k, const struct section_cmp *sc)
{
	const char *kernel = kernel_of(sc), *o = k->r->origin;
	const char *arch = section_prop(sc->cand, "ARCH");
	struct strbuf *sb;
	char *id;

	if (listed(&k->kernels, kernel))
		return;
	strlist_add(&k->kernels, xstrdup(kernel));
	id = xasprintf("%s:%s", o, kernel);
	sb = obj(&k->checkouts);
	json_key_str(sb, "id", id);
	sb_puts(sb, ", ");
	json_key_str(sb, "origin", o);
	sb_puts(sb, ", ");
	json_key_str(sb, "git_commit_name", kernel);
	sb_puts(sb, ", ");
	json_key_str(sb, "comment", "the kernel release fstests ran on");
	sb_puts(sb, "}");
	sb = obj(&k->builds);
	json_key_str(sb, "id", id);
	sb_puts(sb, ", ");
	json_key_str(sb, "checkout_id", id);
	sb_puts(sb, ", ");
	json_key_str(sb, "origin", o);
	if (arch && *arch && strspn(arch, "abcdefghijklmnopqrstuvwxyz0123456789_") ==
	    strlen(arch)) {
		sb_puts(sb, ", ");
		json_key_str(sb, "architecture", arch);
	}
	sb_puts(sb, "}");
	free(id);
}

/* The log excerpt: whole characters, within the schema's limit */
static void excerpt(struct strbuf *sb, const char *a, const char *b)
{
	struct strbuf x = { 0 };
	size_t len;

	sb_printf(&x, "%s%s%s", a ? a : "", a && b ? "\n" : "", b ? b : "");
	len = x.len;
	if (len > KCIDB_EXCERPT_MAX) {
		len = KCIDB_EXCERPT_MAX;
		while (len && (x.buf[len] & 0xc0) == 0x80)
			len--;
		x.buf[len] = '\0';
	}
	if (len) {
		sb_puts(sb, ", ");
		json_key_str(sb, "log_excerpt", x.buf);
	}
	sb_free(&x);
}

/* "environment": { "misc": { "section", "FSTYP", ... } } */
static void env_misc(struct strbuf *sb, const struct section_cmp *sc)
{
	size_t i;

	sb_puts(sb, ", \"environment\": {\"misc\": {");
	json_key_str(sb, "section", sc->name);
	for (i = 0; i < ARRAY_SIZE(env_props); i++) {
		const char *v = section_prop(sc->cand, env_props[i]);

		if (!v)
			continue;
		sb_puts(sb, ", ");
		json_key_str(sb, env_props[i], v);
	}
	sb_puts(sb, "}}");
}

static const char *status(const struct test_verdict *v)
{
	if (!v->cand)
		return "MISS";
	if (v->cand->fail)
		return "FAIL";
	return v->cand->pass ? "PASS" : "SKIP";
}

/* The fields every test object starts with */
static void test_head(struct kcidb *k, struct strbuf *sb,
		      const struct section_cmp *sc, const char *id,
		      const char *test)
{
	char *build = xasprintf("%s:%s", k->r->origin, kernel_of(sc));

	json_key_str(sb, "id", id);
	sb_puts(sb, ", ");
	json_key_str(sb, "build_id", build);
	sb_puts(sb, ", ");
	json_key_str(sb, "origin", k->r->origin);
	sb_puts(sb, ", \"path\": \"fstests.");
	segment(sb, sc->name);
	for (; test && *test; test++) {
		const char *slash = strchrnul(test, '/');
		char *seg = xstrndup(test, slash - test);

		sb_puts(sb, ".");
		segment(sb, seg);
		free(seg);
		test = slash;
		if (!*slash)
			break;
	}
	sb_puts(sb, "\"");
	env_misc(sb, sc);
	free(build);
}

static void issue(struct kcidb *k, const struct test_verdict *v,
		  const char *test_id);

static void test(struct kcidb *k, const struct section_cmp *sc,
		 const struct test_verdict *v, const char *key)
{
	const struct tally *t = v->cand;
	char *id = xasprintf("%s:%s:%s:%s:%s", k->r->origin, kernel_of(sc),
			     sc->name, key, v->test);
	struct strbuf *sb = obj(&k->tests), title = { 0 };

	test_head(k, sb, sc, id, v->test);
	sb_puts(sb, ", ");
	json_key_str(sb, "status", status(v));
	sb_printf(&title, "%s%s%s", cls_name(v->cls), v->note ? ": " : "",
		  v->note ? v->note : "");
	sb_puts(sb, ", ");
	json_key_str(sb, "comment", title.buf);
	if (t && t->time >= 0)
		sb_printf(sb, ", \"duration\": %.3f", t->time);
	if (t && t->fail)
		excerpt(sb, t->msg, t->detail);
	else if (t && !t->pass)
		excerpt(sb, t->notrun_msg, NULL);
	sb_puts(sb, ", \"misc\": {");
	json_key_str(sb, "class", cls_name(v->cls));
	if (t)
		sb_printf(sb, ", \"attempts\": %u, \"failed\": %u",
			  t->pass + t->fail, t->fail);
	sb_puts(sb, "}}");
	if (v->data && v->data->kind != KIND_EXPUNGE && t && t->fail)
		issue(k, v, id);
	sb_free(&title);
	free(id);
}

/* An issue per data entry, an incident per test it explained */
static void issue(struct kcidb *k, const struct test_verdict *v,
		  const char *test_id)
{
	const struct entry *e = v->data->entry;
	char *file = xstrdup(e->file), *id, *inc;
	struct strbuf *sb, what = { 0 };
	char *const *s;

	sb_printf(&what, "%s:%s:%s:%s", k->r->origin, basename(file),
		  kind_name(e->kind), e->test);
	for (s = e->sections; s && *s; s++)
		sb_printf(&what, "%s%s", s == e->sections ? ":" : ",", *s);
	id = xstrdup(what.buf);
	sb_free(&what);
	entry_describe(e, &what);
	if (!listed(&k->issue_ids, id)) {
		strlist_add(&k->issue_ids, xstrdup(id));
		sb = obj(&k->issues);
		json_key_str(sb, "id", id);
		sb_puts(sb, ", \"version\": 1, ");
		json_key_str(sb, "origin", k->r->origin);
		if (e->bug) {
			sb_puts(sb, ", ");
			json_key_str(sb, "report_url", e->bug);
		}
		sb_puts(sb, ", ");
		json_key_str(sb, "comment", what.buf);
		sb_puts(sb, "}");
	}
	inc = xasprintf("%s@%s", id, test_id + strlen(k->r->origin) + 1);
	sb = obj(&k->incidents);
	json_key_str(sb, "id", inc);
	sb_puts(sb, ", ");
	json_key_str(sb, "origin", k->r->origin);
	sb_puts(sb, ", ");
	json_key_str(sb, "issue_id", id);
	sb_puts(sb, ", \"issue_version\": 1, ");
	json_key_str(sb, "test_id", test_id);
	sb_puts(sb, ", \"present\": true}");
	sb_free(&what);
	free(inc);
	free(id);
	free(file);
}

/*
 * A run that stopped early (a crash?) is an error of the section: the
 * test it was running is in no result file.
 */
static void incomplete(struct kcidb *k, const struct section_cmp *sc,
		       const char *key)
{
	const struct strlist *l = &sc->cand->incomplete;
	struct strbuf *sb, log = { 0 };
	char *id;
	size_t i;

	if (!l->n)
		return;
	for (i = 0; i < l->n; i++)
		sb_printf(&log, "%s%s", i ? "\n" : "", l->v[i]);
	id = xasprintf("%s:%s:%s:%s", k->r->origin, kernel_of(sc), sc->name,
		       key);
	sb = obj(&k->tests);
	test_head(k, sb, sc, id, NULL);
	sb_puts(sb, ", \"status\": \"ERROR\", ");
	json_key_str(sb, "comment", "the run stopped early (a crash?)");
	excerpt(sb, log.buf, NULL);
	sb_puts(sb, "}");
	sb_free(&log);
	free(id);
}

static void section(struct kcidb *k, const struct section_cmp *sc)
{
	char *key;
	size_t i;

	/* a section of the baseline only: nothing of this run to say */
	if (!sc->cand)
		return;
	kernel_objects(k, sc);
	key = run_key(sc);
	incomplete(k, sc, key);
	for (i = 0; i < sc->n; i++) {
		/* neither ran nor missing: not a test of this run */
		if (!sc->v[i].cand && sc->v[i].cls != CLS_MISSING)
			continue;
		test(k, sc, &sc->v[i], key);
	}
	free(key);
}

static void put(struct strbuf *out, const char *name, struct jlist *l,
		bool last)
{
	sb_printf(out, "  \"%s\": [%s%s]%s\n", name, l->sb.buf ? l->sb.buf : "",
		  l->n ? "\n  " : "", last ? "" : ",");
	sb_free(&l->sb);
}

void report_kcidb(const struct report *r, struct strbuf *out)
{
	struct kcidb k = { .r = r };
	size_t i;

	for (i = 0; i < r->n; i++)
		section(&k, &r->sc[i]);
	sb_printf(out, "{\n  \"version\": {\"major\": %d, \"minor\": %d},\n",
		  KCIDB_MAJOR, KCIDB_MINOR);
	put(out, "checkouts", &k.checkouts, false);
	put(out, "builds", &k.builds, false);
	put(out, "tests", &k.tests, false);
	put(out, "issues", &k.issues, false);
	put(out, "incidents", &k.incidents, true);
	sb_puts(out, "}\n");
	strlist_free(&k.kernels);
	strlist_free(&k.issue_ids);
}
