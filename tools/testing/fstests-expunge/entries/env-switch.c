// SPDX-License-Identifier: GPL-2.0
/* Which tests an environment switch leaves out, and how to flip it. */
#include <stdlib.h>
#include <string.h>

#include "entries/entry-keys.h"
#include "entries/env-switch.h"
#include "lib/escape.h"

/* Does the merged entry leave its test out of the run? */
static bool left_out(const struct applied *a, bool run_known)
{
	return a->kind == KIND_EXPUNGE || (a->kind == KIND_FAIL && !run_known);
}

/* Is name stated in env: on (NAME), or off (with bang "!NAME")? */
static bool stated_as(char *const *env, const char *name, bool bang)
{
	for (; env && *env; env++) {
		if ((**env == '!') == bang && !strcmp(*env + bang, name))
			return true;
	}
	return false;
}

/*
 * The switches stated with name flipped (NULL-terminated, the strings
 * env's): on becomes off, off (or not stated) becomes on.
 */
static char **flipped(char *const *env, size_t n, const char *name, bool on)
{
	char **v = xcalloc(n + 2, sizeof(*v));
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		const char *w = env[i];

		/* "!NAME" or "NAME": the state of name, replaced below */
		if (!strcmp(w + (*w == '!'), name))
			continue;
		v[k++] = env[i];
	}
	if (!on)
		v[k++] = (char *)name;
	return v;
}

/* The tests set leaves out that other runs */
static void only_left_out(const struct applied_set *set,
			  const struct applied_set *other, bool run_known,
			  struct strlist *tests)
{
	const struct applied *b;
	size_t i;

	for (i = 0; i < set->n; i++) {
		if (!left_out(&set->a[i], run_known))
			continue;
		b = applied_find(other, set->a[i].test);
		if (!b || !left_out(b, run_known))
			strlist_add(tests, xstrdup(set->a[i].test));
	}
}

/* "large-disk is off (no --env large-disk: the default)" */
static void say_state(struct strbuf *sb, const char *name, bool on,
		      const struct env_decision *dec, char *const *env)
{
	sb_printf(sb, "env switch %s is %s (", name, on ? "on" : "off");
	if (dec && dec->name && !strcmp(dec->name, name))
		sb_puts(sb, dec->why);
	else if (on || stated_as(env, name, true))
		sb_printf(sb, "--env %s%s", on ? "" : "!", name);
	else
		sb_printf(sb, "no --env %s: the default", name);
	sb_puts(sb, ")");
}

/* How to run what the state leaves out */
static void say_flip(struct strbuf *sb, const char *name, bool on)
{
	if (on) {
		/* quoted: an interactive shell expands "!" */
		sb_printf(sb, "to run them: --env '!%s'", name);
		return;
	}
	sb_printf(sb, "to run them: --env %s", name);
	if (!strcmp(name, "large-disk"))
		sb_printf(sb, ", or run with a scratch device of %d GiB or more (run measures it)",
			  LARGE_DISK_GIB);
}

static void say_one(const struct kdata *kd, const char *section,
		    const char *name, bool on,
		    const struct env_decision *dec,
		    const struct strlist *tests, struct strbuf *comment)
{
	struct strbuf sb = { 0 };
	size_t i;

	sb_printf(&sb, "%s%s%s: ", kd->fs, section ? " section " : "",
		  section ? section : "");
	say_state(&sb, name, on, dec, kd->sel.k->opts.env.v);
	sb_printf(&sb, " leaves out %zu test%s:", tests->n,
		  tests->n == 1 ? "" : "s");
	for (i = 0; i < tests->n; i++)
		sb_printf(&sb, " %s", tests->v[i]);
	sb_puts(&sb, "; ");
	say_flip(&sb, name, on);
	pr_note("%s", sb.buf);
	if (comment)
		sb_wrap(comment, "# ", "#   ", sb.buf, 72);
	sb_free(&sb);
}

size_t env_say_switches(const struct kdata *kd, const char *section,
			bool run_known, const struct env_decision *dec,
			struct strbuf *comment)
{
	const struct strlist *stated = &kd->sel.k->opts.env;
	size_t i, all = 0;
	struct applied_set now, other;
	struct selector flip;
	const char *name;

	if (!kd->have_sel)
		return 0;
	select_section(&kd->sel, section, &now);
	for (i = 0; (name = env_switch(i)); i++) {
		struct strlist tests = { 0 };
		bool on = stated_as(stated->v, name, false);
		char **v = flipped(stated->v, stated->n, name, on);

		flip = kd->sel;
		flip.env = v;
		select_section(&flip, section, &other);
		only_left_out(&now, &other, run_known, &tests);
		if (tests.n)
			say_one(kd, section, name, on, dec, &tests, comment);
		all += tests.n;
		strlist_free(&tests);
		applied_free(&other);
		free(v);
	}
	applied_free(&now);
	return all;
}
