// SPDX-License-Identifier: GPL-2.0
/*
 * Conditions read as text: Kconfig expression tokens, the checks kconfig
 * would not make safely (kcond_lint()), the symbols a condition names and
 * the type its comparisons imply for them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kcond-lex.h"
#include "kernel/kconfig-file.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"

enum tok_type { T_END, T_SYM, T_LIT, T_STR, T_OP, T_LPAREN, T_RPAREN };

struct tok {
	enum tok_type type;
	const char *s;
	size_t len;
};

/* Read one token at *p; NULL on success, else a malloc'd message. */
static char *next_tok(const char **p, struct tok *t)
{
	static const char *const ops[] = {
		"&&", "||", "!=", "<=", ">=", "!", "=", "<", ">",
	};
	const char *s = *p;
	size_t i;

	while (*s == ' ' || *s == '\t')
		s++;
	t->s = s;
	t->len = 0;
	if (!*s) {
		t->type = T_END;
		*p = s;
		return NULL;
	}
	if (kconfig_sym_char(*s) ||
	    (*s == '-' && isdigit((unsigned char)s[1]))) {
		/* a symbol or a number, also a negative one */
		t->len = *s == '-';
		while (kconfig_sym_char(s[t->len]))
			t->len++;
		t->type = isdigit((unsigned char)*s) || *s == '-' ?
			  T_LIT : T_SYM;
		if (t->len == 1 && strchr("ymn", *s))
			t->type = T_LIT;
	} else if (*s == '"' || *s == '\'') {
		const char *end = strchr(s + 1, *s);

		if (!end)
			return xasprintf("unterminated string");
		for (i = 1; s + i < end; i++) {
			unsigned char c = s[i];

			if (!isprint(c))
				return xasprintf("byte 0x%02x not allowed in a string",
						 c);
			if (c == '$' || c == '\\')
				return xasprintf("character '%c' not allowed in a string",
						 c);
		}
		t->type = T_STR;
		t->len = end - s + 1;
	} else if (*s == '(' || *s == ')') {
		t->type = *s == '(' ? T_LPAREN : T_RPAREN;
		t->len = 1;
	} else {
		for (i = 0; i < ARRAY_SIZE(ops); i++) {
			if (str_starts(s, ops[i])) {
				t->type = T_OP;
				t->len = strlen(ops[i]);
				break;
			}
		}
		if (!t->len) {
			if (isprint((unsigned char)*s))
				return xasprintf("character '%c' not allowed in a condition",
						 *s);
			return xasprintf("byte 0x%02x not allowed in a condition",
					 (unsigned char)*s);
		}
	}
	*p = s + t->len;
	return NULL;
}

static bool is_keyword(const struct tok *t)
{
	size_t i;

	/* Kconfig keywords are lowercase; symbols never are entirely */
	for (i = 0; i < t->len; i++) {
		if (!islower((unsigned char)t->s[i]) && t->s[i] != '_')
			return false;
	}
	return true;
}

char *kcond_lint(const char *expr)
{
	const char *p = expr;
	int depth = 0, count = 0;
	struct tok t;
	char *msg;

	for (;;) {
		msg = next_tok(&p, &t);
		if (msg)
			return msg;
		if (t.type == T_END)
			break;
		count++;
		if (t.type == T_SYM && t.len > KCONFIG_NAME_MAX)
			return xasprintf("a symbol name of %zu bytes (at most %d)",
					 t.len, KCONFIG_NAME_MAX);
		if (t.type == T_SYM && is_keyword(&t))
			return xasprintf("'%.*s' is not a config symbol",
					 (int)t.len, t.s);
		if (t.type == T_SYM && t.len >= strlen(KCOND_PREFIX) &&
		    str_starts(t.s, KCOND_PREFIX))
			return xasprintf("symbols starting %s are reserved",
					 KCOND_PREFIX);
		if (t.type == T_SYM && str_starts(t.s, "CONFIG_"))
			return xasprintf("write %.*s without CONFIG_",
					 (int)t.len, t.s);
		if (t.type == T_LPAREN && ++depth > KCOND_DEPTH_MAX)
			return xasprintf("parentheses nested too deep (more than %d)",
					 KCOND_DEPTH_MAX);
		if (t.type == T_RPAREN && --depth < 0)
			return xasprintf("')' without '('");
	}
	if (!count)
		return xasprintf("empty condition");
	if (depth)
		return xasprintf("'(' without ')'");
	return NULL;
}

char **kcond_symbols(const char *expr, size_t *n)
{
	struct strlist names = { 0 };
	struct strmap seen = { 0 };
	const char *p = expr;
	struct tok t;
	bool added;

	for (;;) {
		char *msg = next_tok(&p, &t);

		if (msg) {
			free(msg);
			break;
		}
		if (t.type == T_END)
			break;
		if (t.type != T_SYM)
			continue;
		strmap_get(&seen, t.s, t.len, true, &added);
		if (added)
			strlist_add(&names, xstrndup(t.s, t.len));
	}
	strmap_free(&seen);
	*n = names.n;
	if (!names.n)
		strlist_add(&names, NULL);
	return names.v;
}

/* The type "SYM op LIT" (or "LIT op SYM") implies for SYM, if any. */
static void note_use(struct strmap *types, const struct tok *prev,
		     const struct tok *t)
{
	const struct tok *sym = NULL, *lit = NULL;
	enum kcond_use type = USE_TRISTATE;
	int *v;

	if (prev[0].type != T_OP || strchr("!&|", prev[0].s[0]))
		return;
	if (prev[1].type == T_SYM) {
		sym = &prev[1];
		lit = t;
	} else if (t->type == T_SYM) {
		sym = t;
		lit = &prev[1];
	} else {
		return;
	}
	if (lit->type == T_STR)
		type = USE_STRING;
	else if (lit->type == T_LIT && (isdigit((unsigned char)lit->s[0]) ||
					lit->s[0] == '-'))
		type = lit->len > 2 && lit->s[1] == 'x' ? USE_HEX : USE_INT;
	if (type == USE_TRISTATE)
		return;
	/* the first comparison decides */
	v = strmap_get(types, sym->s, sym->len, true, NULL);
	if (!*v)
		*v = type;
}

void kcond_use_types(const struct kcond *conds, size_t n,
		     struct strmap *types)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct tok prev[2] = { { T_END } };
		const char *p = conds[i].expr;
		struct tok t;
		char *msg;

		for (;;) {
			msg = next_tok(&p, &t);
			if (msg) {
				free(msg);
				break;
			}
			note_use(types, prev, &t);
			if (t.type == T_END)
				break;
			prev[1] = prev[0];
			prev[0] = t;
		}
	}
}
