// SPDX-License-Identifier: GPL-2.0
/* The runs on one side of a comparison, merged per section and test. */
#include <stdlib.h>
#include <string.h>

#include "compare/side.h"

const char *const side_settings[NR_SIDE_SETTINGS] = {
	"FSTYP", "MKFS_OPTIONS", "MOUNT_OPTIONS", "TEST_FS_MOUNT_OPTS",
};

static size_t hash_name(const char *name)
{
	return fnv1a(name, strlen(name));
}

static void rehash(struct side_section *s)
{
	size_t i, j;

	free(s->hash);
	s->hsize = s->hsize ? s->hsize * 2 : 256;
	s->hash = xcalloc(s->hsize, sizeof(*s->hash));
	for (i = 0; i < s->n; i++) {
		j = hash_name(s->t[i].name) & (s->hsize - 1);
		while (s->hash[j])
			j = (j + 1) & (s->hsize - 1);
		s->hash[j] = i + 1;
	}
}

static struct tally *tally_get(struct side_section *s, const char *name)
{
	struct tally *t;
	size_t j;

	if ((s->n + 1) * 2 > s->hsize)
		rehash(s);
	j = hash_name(name) & (s->hsize - 1);
	while (s->hash[j]) {
		t = &s->t[s->hash[j] - 1];
		if (!strcmp(t->name, name))
			return t;
		j = (j + 1) & (s->hsize - 1);
	}
	t = array_push(&s->t, &s->n, &s->alloc, sizeof(*t));
	t->name = xstrdup(name);
	t->time = -1;
	s->hash[j] = s->n;
	return t;
}

struct side_section *side_section(const struct side *sd, const char *name)
{
	size_t i;

	for (i = 0; i < sd->n; i++) {
		if (!strcmp(sd->s[i].name, name))
			return &sd->s[i];
	}
	return NULL;
}

/* The first of each: a detail taken over, a message copied (pooled) */
static void take(char **dst, char **src)
{
	if (!*dst) {
		*dst = *src;
		*src = NULL;
	}
}

static void keep(char **dst, const char *src)
{
	if (!*dst && src)
		*dst = xstrdup(src);
}

static bool same_setting(const char *a, const char *b)
{
	return !strcmp(a ? a : "", b ? b : "");
}

/* A run merged into a section: is it set up as the first one was? */
static void check_settings(struct side_section *s, const struct result_file *rf)
{
	size_t i;

	for (i = 0; i < NR_SIDE_SETTINGS && !s->settings_differ; i++) {
		if (!same_setting(section_prop(s, side_settings[i]),
				  result_prop(rf, side_settings[i])))
			s->settings_differ = side_settings[i];
	}
}

/*
 * The logs of test's failure in the result file xml: fstests writes
 * SECTION/TEST.EXT beside SECTION/result.xml, archive add keeps them as
 * logs/NAME.EXT beside the run's result.xml.zst; each kind from either.
 * A test name that could lead out of the folder has none.
 */
static void find_logs(const char *xml, const char *test, char **log)
{
	const char *slash = strrchr(xml, '/');
	char *dir = slash ? xstrndup(xml, slash - xml) : xstrdup(".");
	char *kept = xasprintf("%s/logs", dir), *stem = log_stem(test);
	unsigned int beside = stem ? logs_in(dir, test) : 0;
	unsigned int archived = stem ? logs_in(kept, stem) : 0;
	size_t i;

	for (i = 0; i < NR_LOGS; i++) {
		if (beside & (1u << i))
			log[i] = xasprintf("%s/%s.%s", dir, test, log_exts[i]);
		else if (archived & (1u << i))
			log[i] = xasprintf("%s/%s.%s", kept, stem, log_exts[i]);
	}
	free(stem);
	free(kept);
	free(dir);
}

/* The file in the list of its run's files; the run's index. */
static size_t add_file(struct side *sd, const struct result_file *rf,
		       const char *run)
{
	int *i = strmap_get(&sd->run_index, run, strlen(run), true, NULL);
	struct side_run *r;
	struct side_file *f;

	/* every file may be a run of its own: no scan of them all */
	if (!*i) {
		r = array_push(&sd->runs, &sd->nruns, &sd->aruns, sizeof(*r));
		r->name = xstrdup(run);
		*i = sd->nruns;
	}
	r = &sd->runs[*i - 1];
	f = array_push(&r->f, &r->n, &r->alloc, sizeof(*f));
	f->path = xstrdup(rf->path);
	f->section = xstrdup(rf->section);
	f->time = rf->time;
	return r - sd->runs;
}

/*
 * Each run a test is in is one record: its distance from the run of the
 * record before (the first: from run 0) and its pass, fail and notrun
 * counts. The common record, one attempt a run, is one byte, 1KKDDDDD:
 * the outcome K (pass, fail, notrun) and the distance D up to 31; any
 * other is a 0 and four LEB128 numbers. A compare over years of runs
 * holds one for every test of every run: a struct run_count would take
 * 24 bytes.
 */
#define RECORD_MAX	(1 + 4 * 10)	/* four numbers of at most 64 bits */
#define SHORT_DIST	32

static void put_num(struct tally *t, size_t v)
{
	do {
		unsigned char b = v & 0x7f;

		v >>= 7;
		t->runs[t->nruns++] = b | (v ? 0x80 : 0);
	} while (v);
}

static size_t get_num(const unsigned char **p)
{
	size_t v = 0;
	int shift = 0;

	do {
		v |= (size_t)(**p & 0x7f) << shift;
		shift += 7;
	} while (*(*p)++ & 0x80);
	return v;
}

static void put_record(struct tally *t, size_t dist, const unsigned int c[3])
{
	int i;

	if (c[0] + c[1] + c[2] == 1 && dist < SHORT_DIST) {
		i = c[0] ? 0 : c[1] ? 1 : 2;
		t->runs[t->nruns++] = 0x80 | i << 5 | dist;
		return;
	}
	t->runs[t->nruns++] = 0;
	put_num(t, dist);
	for (i = 0; i < 3; i++)
		put_num(t, c[i]);
}

/* The record at *p: its distance, its counts into c */
static size_t get_record(const unsigned char **p, unsigned int c[3])
{
	unsigned char b = *(*p)++;
	size_t dist;
	int i;

	if (b & 0x80) {
		c[0] = 0;
		c[1] = 0;
		c[2] = 0;
		c[(b >> 5) & 3] = 1;
		return b & (SHORT_DIST - 1);
	}
	dist = get_num(p);
	for (i = 0; i < 3; i++)
		c[i] = get_num(p);
	return dist;
}

/* One more attempt of run (runs come in order) with outcome o */
static void count_run(struct tally *t, size_t run, enum outcome o)
{
	unsigned int c[3] = { 0 };
	const unsigned char *p;
	size_t dist;

	if (t->nruns + RECORD_MAX > t->aruns) {
		t->aruns = (t->nruns + RECORD_MAX) * 2;
		t->runs = xrealloc(t->runs, t->aruns);
	}
	if (t->nruns && run == t->last_run) {
		/* the same run again: its record made anew */
		p = t->runs + t->last_at;
		dist = get_record(&p, c);
		t->nruns = t->last_at;
	} else {
		dist = run - (t->nruns ? t->last_run : 0);
		t->last_run = run;
		t->last_at = t->nruns;
	}
	c[o == OUT_PASS ? 0 : o == OUT_FAIL ? 1 : 2]++;
	put_record(t, dist, c);
}

bool tally_run(const struct tally *t, size_t run, struct run_count *rc)
{
	const unsigned char *p = t->runs, *end = t->runs + t->nruns;
	unsigned int c[3];
	size_t r = 0;
	bool found = false;

	*rc = (struct run_count){ .run = run };
	while (p < end) {
		r += get_record(&p, c);
		if (r != run)
			continue;
		found = true;
		rc->pass += c[0];
		rc->fail += c[1];
		rc->notrun += c[2];
	}
	return found;
}

static void add_suite(struct side *sd, struct result_file *rf, const char *run,
		      size_t run_idx)
{
	struct side_section *s = side_section(sd, rf->section);
	const char *kernel, *version;
	bool added;
	size_t i;

	if (!s) {
		s = array_push(&sd->s, &sd->n, &sd->alloc, sizeof(*s));
		s->name = xstrdup(rf->section);
		version = result_prop(rf, "KERNEL_VERSION");
		s->kernel_version = version ? xstrdup(version) : NULL;
		kernel = result_prop(rf, "KERNEL");
		if (kernel && *kernel)
			s->kernel = xstrdup(kernel);
		s->props = rf->props;
		s->nprops = rf->nprops;
		rf->props = NULL;
		rf->nprops = 0;
	} else {
		check_settings(s, rf);
	}
	kernel = result_prop(rf, "KERNEL");
	if (kernel && *kernel && !s->kernel)
		s->kernel = xstrdup(kernel);
	else if (kernel && *kernel && strcmp(kernel, s->kernel))
		s->kernels_differ = true;
	if (rf->started && *rf->started &&
	    (!s->started || strcmp(rf->started, s->started) < 0)) {
		free(s->started);
		s->started = xstrdup(rf->started);
	}
	strmap_get(&s->in_runs, run, strlen(run), true, &added);
	if (added)
		strlist_add(&s->runs, xstrdup(run));
	if (rf->incomplete)
		strlist_add(&s->incomplete, xasprintf("%s: %s", rf->path,
						      rf->why_incomplete));
	for (i = 0; i < rf->ncases; i++) {
		struct result_case *c = &rf->cases[i];
		struct tally *t = tally_get(s, c->name);

		count_run(t, run_idx, c->outcome);
		if (c->time >= 0 && c->outcome != OUT_NOTRUN)
			t->time = (t->time < 0 ? 0 : t->time) + c->time;
		switch (c->outcome) {
		case OUT_PASS:
			t->pass++;
			break;
		case OUT_FAIL:
			t->crashed += c->crashed;
			if (!t->fail++) {
				keep(&t->msg, c->msg);
				take(&t->detail, &c->detail);
				find_logs(rf->path, t->name, t->log);
			}
			break;
		case OUT_NOTRUN:
		default:
			t->notrun++;
			keep(&t->notrun_msg, c->msg);
			break;
		}
	}
}

void side_add(struct side *sd, struct result_file *rf, const char *run)
{
	size_t i;

	size_t idx;

	sd->files++;
	idx = add_file(sd, rf, run);
	add_suite(sd, rf, run, idx);
	for (i = 0; i < rf->nmore; i++)
		add_suite(sd, &rf->more[i], run, idx);
	result_free(rf);
}

static int tally_cmp(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	return strcmp(x->name, y->name);
}

void side_finish(struct side *sd)
{
	size_t i;

	for (i = 0; i < sd->n; i++) {
		struct side_section *s = &sd->s[i];

		free(s->hash);
		s->hash = NULL;
		s->hsize = 0;
		if (s->n)
			qsort(s->t, s->n, sizeof(*s->t), tally_cmp);
	}
}

const struct tally *section_tally(const struct side_section *s,
				  const char *test)
{
	struct tally key = { .name = (char *)test };

	if (!s || !s->n)
		return NULL;
	return bsearch(&key, s->t, s->n, sizeof(key), tally_cmp);
}

const char *section_prop(const struct side_section *s, const char *name)
{
	size_t i;

	for (i = 0; s && i < s->nprops; i++) {
		if (!strcmp(s->props[i].name, name))
			return s->props[i].value;
	}
	return NULL;
}

void side_free(struct side *sd)
{
	size_t i, j, k;

	for (i = 0; i < sd->n; i++) {
		struct side_section *s = &sd->s[i];

		for (j = 0; j < s->n; j++) {
			free(s->t[j].name);
			free(s->t[j].msg);
			free(s->t[j].detail);
			for (k = 0; k < NR_LOGS; k++)
				free(s->t[j].log[k]);
			free(s->t[j].notrun_msg);
			free(s->t[j].runs);
		}
		for (j = 0; j < s->nprops; j++) {
			free(s->props[j].name);
			free(s->props[j].value);
		}
		free(s->props);
		free(s->t);
		free(s->hash);
		free(s->name);
		free(s->kernel);
		free(s->kernel_version);
		free(s->started);
		strlist_free(&s->runs);
		strmap_free(&s->in_runs);
		strlist_free(&s->incomplete);
	}
	free(sd->s);
	strmap_free(&sd->run_index);
	for (i = 0; i < sd->nruns; i++) {
		for (j = 0; j < sd->runs[i].n; j++) {
			free(sd->runs[i].f[j].path);
			free(sd->runs[i].f[j].section);
		}
		free(sd->runs[i].f);
		free(sd->runs[i].name);
	}
	free(sd->runs);
	memset(sd, 0, sizeof(*sd));
}
