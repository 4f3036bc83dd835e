// SPDX-License-Identifier: GPL-2.0
/* The pieces of one section's run merged into one result file. */
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "results/result-merge.h"

static void move_case(struct result_file *out, struct result_case *c)
{
	struct result_case *d;

	d = array_push(&out->cases, &out->ncases, &out->acases, sizeof(*d));
	*d = *c;
	memset(c, 0, sizeof(*c));
}

/* The attributes and properties of the first part that has them. */
static void take_header(struct result_file *out, struct result_file *rf)
{
	if (!out->section && rf->section)
		out->section = xstrdup(rf->section);
	if (!out->nprops && rf->nprops) {
		out->props = rf->props;
		out->nprops = rf->nprops;
		out->aprops = rf->aprops;
		rf->props = NULL;
		rf->nprops = 0;
		rf->aprops = 0;
	}
	if (!out->nattrs && rf->nattrs) {
		out->attrs = rf->attrs;
		out->nattrs = rf->nattrs;
		out->aattrs = rf->aattrs;
		rf->attrs = NULL;
		rf->nattrs = 0;
		rf->aattrs = 0;
	}
}

static struct result_prop *time_attr(struct result_file *rf)
{
	size_t i;

	for (i = 0; i < rf->nattrs; i++) {
		if (!strcmp(rf->attrs[i].name, "time"))
			return &rf->attrs[i];
	}
	return NULL;
}

/*
 * The seconds a piece took: its time=, or, where check stopped before
 * writing one (a crash, a kill), its testcases' times added up; -1 when
 * it says nothing of time.
 */
static long long piece_time(const struct result_file *rf)
{
	long long sum = -1;
	size_t i;

	for (i = 0; i < rf->nattrs; i++) {
		const struct result_prop *p = &rf->attrs[i];
		char *end;
		long long v;

		if (strcmp(p->name, "time") || !*p->value)
			continue;
		v = strtoll(p->value, &end, 10);
		if (!*end && v >= 0)
			return v;
	}
	for (i = 0; i < rf->ncases; i++) {
		if (rf->cases[i].time < 0)
			continue;
		if (sum < 0)
			sum = 0;
		sum += rf->cases[i].time;
	}
	return sum;
}

/* The seconds the whole run took, retries too: -1 if nothing says. */
static long long sum_times(const struct result_file *parts, size_t nparts,
			   const struct result_file *retries, size_t nretries)
{
	long long sum = -1, t;
	size_t i;

	for (i = 0; i < nparts + nretries; i++) {
		t = piece_time(i < nparts ? &parts[i] : &retries[i - nparts]);
		if (t >= 0)
			sum = sum < 0 ? t : sum + t;
	}
	return sum;
}

/* The time= of the merged run, added if the header had none. */
static void set_time(struct result_file *out, long long secs)
{
	struct result_prop *t = time_attr(out);

	if (!t && secs < 0)
		return;
	if (!t) {
		t = array_push(&out->attrs, &out->nattrs, &out->aattrs,
			       sizeof(*t));
		t->name = xstrdup("time");
	} else {
		free(t->value);
	}
	t->value = secs < 0 ? xstrdup("") : xasprintf("%lld", secs);
}

void result_merge(struct result_file *out, struct result_file *parts,
		  size_t nparts, struct result_file *retries,
		  size_t nretries)
{
	size_t i, j, r, k;
	long long secs = sum_times(parts, nparts, retries, nretries);

	memset(out, 0, sizeof(*out));
	for (i = 0; i < nparts; i++)
		take_header(out, &parts[i]);
	set_time(out, secs);
	for (i = 0; i < nparts; i++) {
		for (j = 0; j < parts[i].ncases; j++) {
			char *name = xstrdup(parts[i].cases[j].name);

			move_case(out, &parts[i].cases[j]);
			for (r = 0; r < nretries; r++) {
				for (k = 0; k < retries[r].ncases; k++) {
					struct result_case *c = &retries[r].cases[k];

					if (c->name && !strcmp(c->name, name))
						move_case(out, c);
				}
			}
			free(name);
		}
	}
	/* attempts at tests the parts do not have: last, in order */
	for (r = 0; r < nretries; r++) {
		for (k = 0; k < retries[r].ncases; k++) {
			if (retries[r].cases[k].name)
				move_case(out, &retries[r].cases[k]);
		}
	}
	if (!out->section)
		out->section = xstrdup("global");
}
