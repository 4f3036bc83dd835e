// SPDX-License-Identifier: GPL-2.0
/* The exclude file for fstests' check -E: what is left out, and why. */
#include <stdlib.h>

#include "exclude-list.h"

void exclude_list(struct context *c, const struct exclude_opts *xo,
		  const char *section, struct strbuf *out)
{
	struct applied_set set;
	char vbuf[48];
	size_t i;

	sb_printf(out, "# fstests exclude list for %s, section %s\n", xo->fs,
		  section ? section : "(none)");
	sb_printf(out, "# kernel %s (version %s); data %s\n", c->k.release,
		  kver_str(&c->k.version, vbuf),
		  c->dd.dir ? c->dd.dir : "built in");
	sb_printf(out, "# made by %s exclude; use: ./check -E FILE\n",
		  progname);
	select_section(&c->sel, section, &set);
	for (i = 0; i < set.n; i++) {
		const struct applied *a = &set.a[i];

		if (a->kind == KIND_FLAKY ||
		    (a->kind == KIND_FAIL && xo->run_known))
			continue;
		/* the test name at column 0: fstests matches ^TEST\b */
		sb_printf(out, "%s # ", a->test);
		entry_describe(a->entry, out);
		sb_puts(out, "\n");
	}
	if (xo->explain) {
		for (i = 0; i < c->ds.n; i++) {
			const struct entry *e = &c->ds.entries[i];
			const struct applied *a;
			struct strbuf why = { 0 };
			enum verdict v;
			const char *what;

			v = selector_check(&c->sel, i, section, &why);
			/* what happens to the test: the entries merged */
			a = v == APPLIES ? applied_find(&set, e->test) : NULL;
			if (!a)
				what = "not applied";
			else if (a->kind == KIND_FLAKY)
				what = "runs (flaky)";
			else if (a->kind == KIND_FAIL && xo->run_known)
				what = "runs (--run-known-failures)";
			else
				what = "left out";
			if (a && a->kind != e->kind)
				sb_printf(&why, "; %s (%s:%u) decides",
					  kind_name(a->kind),
					  entry_file(a->entry), a->entry->line);
			sb_printf(out, "# %s: %s %s (%s:%u): %s\n", what,
				  e->test, kind_name(e->kind), entry_file(e),
				  e->line, why.buf);
			sb_free(&why);
		}
	}
	applied_free(&set);
}
