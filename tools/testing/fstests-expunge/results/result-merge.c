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

/* The seconds the parts took, when every part says: -1 if not. */
static long long sum_times(struct result_file *parts, size_t nparts)
{
	long long sum = 0;
	size_t i;

	for (i = 0; i < nparts; i++) {
		struct result_prop *p = time_attr(&parts[i]);
		char *end;

		if (!p || !*p->value)
			return -1;
		sum += strtoll(p->value, &end, 10);
		if (*end)
			return -1;
	}
	return sum;
}

void result_merge(struct result_file *out, struct result_file *parts,
		  size_t nparts, struct result_file *retries,
		  size_t nretries)
{
	size_t i, j, r, k;
	long long secs = sum_times(parts, nparts);
	struct result_prop *t;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < nparts; i++)
		take_header(out, &parts[i]);
	t = time_attr(out);
	if (t) {
		free(t->value);
		t->value = secs < 0 ? xstrdup("") : xasprintf("%lld", secs);
	}
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
