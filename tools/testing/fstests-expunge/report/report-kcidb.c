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

#include "lib/json-writer.h"
#include "report/report.h"
#include "report/verdict.h"

#define KCIDB_MAJOR		5
#define KCIDB_MINOR		3
#define KCIDB_EXCERPT_MAX	16384	/* log_excerpt's maxLength */

/* The properties of a section said in each test's environment */
static const char *const env_props[] = {
	"FSTYP", "MKFS_OPTIONS", "MOUNT_OPTIONS", "ARCH", "CPUS", "MEM_KB",
};

/* A list of objects written apart, then put in the submission */
struct jlist {
	struct strbuf sb;
	struct json_writer w;
	size_t n;
};

/* The submission's members, and each object of its lists, on a line */
#define MEMBER	"\n  "
#define OBJECT	"\n    "

static void jlist_init(struct jlist *l)
{
	jsonw_init(&l->w, &l->sb);
	jsonw_start_array(&l->w);
}

/* The writer of l, with its next object started on a line of its own */
static struct json_writer *obj(struct jlist *l)
{
	l->n++;
	jsonw_break(&l->w, OBJECT);
	jsonw_start_object(&l->w);
	return &l->w;
}

struct kcidb {
	const struct report *r;
	struct jlist checkouts, builds, tests, issues, incidents;
	struct strlist kernels, issue_ids;
};

const char *kcidb_kernel(const struct section_cmp *sc)
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

	sb_printf(&sb, "%s\n%s\n", kcidb_kernel(sc), sc->name);
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
	const char *kernel = kcidb_kernel(sc), *o = k->r->origin;
	const char *arch = section_prop(sc->cand, "ARCH");
	struct json_writer *w;
	char *id;

	if (listed(&k->kernels, kernel))
		return;
	strlist_add(&k->kernels, xstrdup(kernel));
	id = xasprintf("%s:%s", o, kernel);
	w = obj(&k->checkouts);
	jsonw_string_field(w, "id", id);
	jsonw_string_field(w, "origin", o);
	jsonw_string_field(w, "git_commit_name", kernel);
	jsonw_string_field(w, "comment", "the kernel release fstests ran on");
	kcidb_checkout(w, k->r, kernel);
	jsonw_end_object(w);
	w = obj(&k->builds);
	jsonw_string_field(w, "id", id);
	jsonw_string_field(w, "checkout_id", id);
	jsonw_string_field(w, "origin", o);
	if (arch && *arch && strspn(arch, "abcdefghijklmnopqrstuvwxyz0123456789_") ==
	    strlen(arch))
		jsonw_string_field(w, "architecture", arch);
	jsonw_end_object(w);
	free(id);
}

/* The log excerpt: whole characters, within the schema's limit */
static void excerpt(struct json_writer *w, const char *a, const char *b)
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
	if (len)
		jsonw_string_field(w, "log_excerpt", x.buf);
	sb_free(&x);
}

/* "environment": { "misc": { "section", "FSTYP", ... } } */
static void env_misc(struct json_writer *w, const struct section_cmp *sc)
{
	size_t i;

	jsonw_name(w, "environment");
	jsonw_start_object(w);
	jsonw_name(w, "misc");
	jsonw_start_object(w);
	jsonw_string_field(w, "section", sc->name);
	for (i = 0; i < ARRAY_SIZE(env_props); i++) {
		const char *v = section_prop(sc->cand, env_props[i]);

		if (v)
			jsonw_string_field(w, env_props[i], v);
	}
	jsonw_end_object(w);
	jsonw_end_object(w);
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
static void test_head(struct kcidb *k, struct json_writer *w,
		      const struct section_cmp *sc, const char *id,
		      const char *test)
{
	char *build = xasprintf("%s:%s", k->r->origin, kcidb_kernel(sc));
	struct strbuf path = { 0 };

	jsonw_string_field(w, "id", id);
	jsonw_string_field(w, "build_id", build);
	jsonw_string_field(w, "origin", k->r->origin);
	sb_puts(&path, "fstests.");
	segment(&path, sc->name);
	for (; test && *test; test++) {
		const char *slash = strchrnul(test, '/');
		char *seg = xstrndup(test, slash - test);

		sb_puts(&path, ".");
		segment(&path, seg);
		free(seg);
		test = slash;
		if (!*slash)
			break;
	}
	jsonw_string_field(w, "path", path.buf);
	env_misc(w, sc);
	sb_free(&path);
	free(build);
}

static void issue(struct kcidb *k, const struct test_verdict *v,
		  const char *test_id);

/* "baseline", "run": each side's kernels and runs, in words */
static void sides_misc(struct json_writer *w, const struct report *r)
{
	struct strbuf sb = { 0 };

	if (r->have_base) {
		side_describe(r->base, &sb);
		jsonw_string_field(w, "baseline", sb.buf);
		sb_free(&sb);
	}
	side_describe(r->cand, &sb);
	jsonw_string_field(w, "run", sb.buf);
	sb_free(&sb);
}

static void test(struct kcidb *k, const struct section_cmp *sc,
		 const struct test_verdict *v, const char *key)
{
	const struct tally *t = v->cand;
	char *id = xasprintf("%s:%s:%s:%s:%s", k->r->origin, kcidb_kernel(sc),
			     sc->name, key, v->test);
	struct json_writer *w = obj(&k->tests);
	struct strbuf title = { 0 };

	test_head(k, w, sc, id, v->test);
	jsonw_string_field(w, "status", status(v));
	sb_printf(&title, "%s%s%s", cls_name(v->cls), v->note ? ": " : "",
		  v->note ? v->note : "");
	jsonw_string_field(w, "comment", title.buf);
	if (t && t->time >= 0) {
		jsonw_name(w, "duration");
		jsonw_float(w, 3, t->time);
	}
	if (t && t->fail)
		excerpt(w, t->msg, t->detail);
	else if (t && !t->pass)
		excerpt(w, t->notrun_msg, NULL);
	jsonw_name(w, "misc");
	jsonw_start_object(w);
	jsonw_string_field(w, "class", cls_name(v->cls));
	if (t) {
		jsonw_uint_field(w, "attempts", t->pass + t->fail);
		jsonw_uint_field(w, "failed", t->fail);
		if (t->crashed)
			jsonw_uint_field(w, "crashed", t->crashed);
	}
	if (v->hints)
		report_hints_json(w, v->hints);
	if (v->elsewhere)
		report_lines_json(w, "elsewhere", v->elsewhere);
	sides_misc(w, k->r);
	jsonw_end_object(w);
	jsonw_end_object(w);
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
	struct strbuf what = { 0 };
	struct json_writer *w;
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
		w = obj(&k->issues);
		jsonw_string_field(w, "id", id);
		jsonw_int_field(w, "version", 1);
		jsonw_string_field(w, "origin", k->r->origin);
		if (e->bug)
			jsonw_string_field(w, "report_url", e->bug);
		jsonw_string_field(w, "comment", what.buf);
		jsonw_end_object(w);
	}
	inc = xasprintf("%s@%s", id, test_id + strlen(k->r->origin) + 1);
	w = obj(&k->incidents);
	jsonw_string_field(w, "id", inc);
	jsonw_string_field(w, "origin", k->r->origin);
	jsonw_string_field(w, "issue_id", id);
	jsonw_int_field(w, "issue_version", 1);
	jsonw_string_field(w, "test_id", test_id);
	jsonw_bool_field(w, "present", true);
	jsonw_end_object(w);
	sb_free(&what);
	free(inc);
	free(id);
	free(file);
}

/*
 * The section's run as a test of its own: an ERROR when it stopped early
 * (a crash? the test it was running is in no result file), DONE when it
 * finished. The id is the same either way, so the results of a run that
 * --resume finished, submitted again, replace the ERROR sent before
 * (KCIDB keeps the last value sent for each field of an id).
 */
static void run_state(struct kcidb *k, const struct section_cmp *sc,
		      const char *key)
{
	const struct strlist *l = &sc->cand->incomplete;
	struct strbuf log = { 0 };
	struct json_writer *w;
	char *id;
	size_t i;

	for (i = 0; i < l->n; i++)
		sb_printf(&log, "%s%s", i ? "\n" : "", l->v[i]);
	id = xasprintf("%s:%s:%s:%s", k->r->origin, kcidb_kernel(sc), sc->name,
		       key);
	w = obj(&k->tests);
	test_head(k, w, sc, id, NULL);
	jsonw_string_field(w, "status", l->n ? "ERROR" : "DONE");
	jsonw_string_field(w, "comment", l->n ?
			   "the run stopped early (a crash?)" :
			   "the run finished");
	if (l->n)
		excerpt(w, log.buf, NULL);
	/* the run as a whole: which kernels and runs each side is */
	jsonw_name(w, "misc");
	jsonw_start_object(w);
	sides_misc(w, k->r);
	jsonw_end_object(w);
	jsonw_end_object(w);
	sb_free(&log);
	free(id);
}

static void section(struct kcidb *k, const struct section_cmp *sc)
{
	char *key;
	size_t i;

	kernel_objects(k, sc);
	key = run_key(sc);
	run_state(k, sc, key);
	for (i = 0; i < sc->n; i++) {
		/* neither ran nor missing: not a test of this run */
		if (!sc->v[i].cand && sc->v[i].cls != CLS_MISSING)
			continue;
		test(k, sc, &sc->v[i], key);
	}
	free(key);
}

/* name: the list, written apart, as the value of the submission's member */
static void put(struct json_writer *w, const char *name, struct jlist *l)
{
	if (l->n)
		jsonw_break(&l->w, MEMBER);
	jsonw_end_array(&l->w);
	jsonw_break(w, MEMBER);
	jsonw_name(w, name);
	jsonw_json(w, l->sb.buf);
	sb_free(&l->sb);
}

void report_kcidb(const struct report *r, struct strbuf *out)
{
	struct kcidb k = { .r = r };
	struct jlist *lists[] = { &k.checkouts, &k.builds, &k.tests,
				  &k.issues, &k.incidents };
	struct json_writer w;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lists); i++)
		jlist_init(lists[i]);
	for (i = 0; i < r->n; i++)
		section(&k, &r->sc[i]);
	jsonw_init(&w, out);
	jsonw_start_object(&w);
	jsonw_break(&w, MEMBER);
	jsonw_name(&w, "version");
	jsonw_start_object(&w);
	jsonw_int_field(&w, "major", KCIDB_MAJOR);
	jsonw_int_field(&w, "minor", KCIDB_MINOR);
	jsonw_end_object(&w);
	put(&w, "checkouts", &k.checkouts);
	put(&w, "builds", &k.builds);
	put(&w, "tests", &k.tests);
	put(&w, "issues", &k.issues);
	put(&w, "incidents", &k.incidents);
	jsonw_break(&w, "\n");
	jsonw_end_object(&w);
	sb_puts(out, "\n");
	strlist_free(&k.kernels);
	strlist_free(&k.issue_ids);
}
