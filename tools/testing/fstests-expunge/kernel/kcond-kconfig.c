// SPDX-License-Identifier: GPL-2.0
/*
 * The Kconfig and .config that kcond hands to kconfig: the tree's own
 * Kconfig, or without a tree one made up from the config (each symbol
 * typed by its value, so that its values count as written), and one
 * def_tristate symbol per condition.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kcond-kconfig.h"
#include "kernel/kcond-lex.h"
#include "kernel/kconfig-file.h"
#include "lib/fileio.h"
#include "lib/strmap.h"

/* The Kconfig type that a config value implies. */
static const char *type_of_value(const char *v)
{
	if (*v == '"')
		return "string";
	if (str_starts(v, "0x") || str_starts(v, "0X"))
		return "hex";
	if (isdigit((unsigned char)*v) || *v == '-')
		return "int";
	return "tristate";
}

static void add_cond_symbols(struct strbuf *sb, const struct kcond *conds,
			     size_t n, const struct kconfig_file *cfg)
{
	static const char *const type_name[] = {
		[USE_TRISTATE] = "tristate", [USE_STRING] = "string",
		[USE_INT] = "int", [USE_HEX] = "hex",
	};
	struct strmap seen = { 0 }, types = { 0 };
	size_t i, j, m;
	bool added;

	kcond_use_types(conds, n, &types);
	for (i = 0; i < n; i++) {
		char **syms = kcond_symbols(conds[i].expr, &m);

		for (j = 0; j < m; j++) {
			const int *type;

			added = false;
			if ((!cfg || !kconfig_get(cfg, syms[j])) &&
			    strcmp(syms[j], "MODULES"))
				strmap_get(&seen, syms[j], strlen(syms[j]),
					   true, &added);
			type = strmap_get(&types, syms[j], strlen(syms[j]),
					  false, NULL);
			if (added)
				sb_printf(sb, "config %s\n\t%s \"%s\"\n\n",
					  syms[j], type_name[type ? *type : 0],
					  syms[j]);
			free(syms[j]);
		}
		free(syms);
	}
	strmap_free(&seen);
	strmap_free(&types);
}

/*
 * Can a config symbol be handed to kconfig? Not one of our reserved
 * prefix, and not a lowercase word: kconfig would read "config if" as a
 * syntax error, and no condition can name one (kcond_lint() refuses).
 */
static bool usable_name(const char *name)
{
	const char *p;

	if (str_starts(name, KCOND_PREFIX))
		return false;
	for (p = name; *p; p++) {
		if (!islower((unsigned char)*p) && *p != '_')
			return true;
	}
	return false;
}

/* A Kconfig file that declares what the config sets, as it sets it. */
static void write_treeless_kconfig(struct strbuf *sb,
				   const struct kconfig_file *cfg,
				   const struct kcond *conds, size_t n)
{
	size_t i;

	sb_puts(sb, "mainmenu \"fstests-expunge\"\n\n"
		"config MODULES\n\tbool \"MODULES\"\n\tdefault y\n\tmodules\n\n");
	for (i = 0; cfg && i < cfg->n; i++) {
		const struct kconfig_sym *s = &cfg->syms[i];

		if (!strcmp(s->name, "MODULES") || !usable_name(s->name))
			continue;
		sb_printf(sb, "config %s\n\t%s \"%s\"\n\n", s->name,
			  type_of_value(s->value), s->name);
	}
	add_cond_symbols(sb, conds, n, cfg);
}

static void write_conds(struct strbuf *sb, const struct kcond *conds,
			size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sb_printf(sb, "config %s%zu\n\tdef_tristate %s\n\n", KCOND_COND_SYM,
			  i, conds[i].expr);
}

void kcond_write_config(struct strbuf *sb, const struct kconfig_file *cfg)
{
	size_t i;

	for (i = 0; cfg && i < cfg->n; i++) {
		const struct kconfig_sym *s = &cfg->syms[i];

		if (!usable_name(s->name))
			continue;
		if (!strcmp(s->value, "n"))
			sb_printf(sb, "# CONFIG_%s is not set\n", s->name);
		else
			sb_printf(sb, "CONFIG_%s=%s\n", s->name, s->value);
	}
}

/*
 * The tree's top Kconfig, to which our symbols are appended: it cannot be
 * sourced, since "mainmenu" must come first.
 */
int kcond_top_kconfig(struct strbuf *sb, const char *srctree, char **err)
{
	char *path = xasprintf("%s/Kconfig", srctree);
	size_t len;
	char *buf;

	if (read_file(path, 1 << 20, &buf, &len)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		free(path);
		return -1;
	}
	sb_add(sb, buf, len);
	sb_puts(sb, "\n");
	free(buf);
	free(path);
	return 0;
}

int kcond_write_kconfig(struct strbuf *sb, const struct kconfig_file *cfg,
			const char *srctree, const struct kcond *conds,
			size_t n, char **err)
{
	if (srctree && kcond_top_kconfig(sb, srctree, err))
		return -1;
	if (!srctree)
		write_treeless_kconfig(sb, cfg, conds, n);
	write_conds(sb, conds, n);
	return 0;
}
