// SPDX-License-Identifier: GPL-2.0
/* The exclude file for fstests' check -E: what is left out, and why. */
#include <stdlib.h>

#include "exclude-list.h"

size_t exclude_section_only(const struct kdata *kd, const char *section)
{
	size_t i, n = 0;

	for (i = 0; !section && i < kd->ds.n; i++)
		n += selector_check(&kd->sel, i, NULL, NULL) == NEEDS_SECTION;
	return n;
}

void exclude_list(const struct kdata *kd, const struct datadir *dd,
		  const struct exclude_opts *xo, const char *section,
		  struct strbuf *out)
{
	struct applied_set set;
	char vbuf[48];
	size_t i, n;

	sb_printf(out, "# fstests exclude list for %s, section %s\n", xo->fs,
		  section ? section : "(none)");
	sb_printf(out, "# kernel %s (version %s); data %s\n", kd->k.release,
		  kver_str(&kd->k.version, vbuf),
		  dd->dir ? dd->dir : "built in");
	sb_printf(out, "# made by %s exclude; use: ./check -E FILE\n",
		  progname);
	if (kd->note)
		sb_printf(out, "# %s\n", kd->note);
	n = exclude_section_only(kd, section);
	if (n)
		sb_printf(out, "# %zu %s: give --section\n", n, SECTION_ONLY);
	select_section(&kd->sel, section, &set);
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
		for (i = 0; i < kd->ds.n; i++) {
			const struct entry *e = &kd->ds.entries[i];
			const struct applied *a;
			struct strbuf why = { 0 };
			enum verdict v;
			const char *what;

			v = selector_check(&kd->sel, i, section, &why);
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
