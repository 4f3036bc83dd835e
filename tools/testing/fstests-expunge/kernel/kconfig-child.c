// SPDX-License-Identifier: GPL-2.0
/*
 * The only file that calls the kernel's kconfig code. Kept apart from the
 * rest: lkc.h of older trees declares helpers whose names we use too.
 */
#include <stdbool.h>

#include "kernel/kconfig-child.h"
#include "lkc.h"

static void quiet(const char *s)
{
}

void kconfig_child_values(const char *kconfig, const char *config,
			  char *const *names, size_t n, FILE *out)
{
	size_t i;

	conf_set_message_callback(quiet);
	conf_parse(kconfig);
	if (config && conf_read(config)) {
		fprintf(stderr, "%s: cannot be read by kconfig\n", config);
		exit(1);
	}
	for (i = 0; i < n; i++) {
		struct symbol *sym = sym_find(names[i]);

		if (!sym) {
			fprintf(out, "%zu ?\n", i);
			continue;
		}
		sym_calc_value(sym);
		fprintf(out, "%zu %s\n", i, sym_get_string_value(sym));
	}
}

/* Every symbol a menu entry declares, depth first */
static void list_symbols(const struct menu *m, FILE *out)
{
	for (; m; m = m->next) {
		if (m->sym && m->sym->name)
			fprintf(out, "%s\n", m->sym->name);
		list_symbols(m->list, out);
	}
}

void kconfig_child_symbols(const char *kconfig, FILE *out)
{
	conf_set_message_callback(quiet);
	conf_parse(kconfig);
	list_symbols(rootmenu.list, out);
}
