// SPDX-License-Identifier: GPL-2.0
/* A kernel .config, as written: symbols and their raw values. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kconfig-file.h"
#include "lib/decompress.h"
#include "lib/escape.h"
#include "lib/fileio.h"

static int sym_cmp(const void *a, const void *b)
{
	const struct kconfig_sym *x = a, *y = b;

	int ret = strcmp(x->name, y->name);

	if (ret)
		return ret;
	return x->line < y->line ? -1 : x->line > y->line;
}

static size_t sym_name_len(const char *s)
{
	size_t n = 0;

	while (kconfig_sym_char(s[n]))
		n++;
	return n;
}

static bool valid_string(const char *v)
{
	size_t n = strlen(v);
	size_t i;

	if (n < 2 || v[0] != '"' || v[n - 1] != '"')
		return false;
	for (i = 1; i < n - 1; i++) {
		if (v[i] == '\\') {
			if (++i == n - 1)
				return false;
		} else if (v[i] == '"') {
			return false;
		}
	}
	return true;
}

static bool valid_number(const char *v)
{
	const char *p = v;

	if (str_starts(p, "0x") || str_starts(p, "0X")) {
		p += 2;
		if (!*p)
			return false;
		return strspn(p, "0123456789abcdefABCDEF") == strlen(p);
	}
	if (*p == '-')
		p++;
	return *p && strspn(p, "0123456789") == strlen(p);
}

static bool valid_value(const char *v)
{
	return !strcmp(v, "y") || !strcmp(v, "m") || !strcmp(v, "n") ||
	       valid_string(v) || valid_number(v);
}

/* Parse one line; 0 if it is not a symbol, 1 if it is, -1 if garbage. */
static int parse_line(char *line, char **name, char **value)
{
	size_t n;

	line = trim(line);
	if (!*line)
		return 0;
	if (*line == '#') {
		/* "# CONFIG_FOO is not set"; other comments are ignored */
		if (!str_starts(line, "# CONFIG_"))
			return 0;
		line += 9;
		n = sym_name_len(line);
		if (n > KCONFIG_NAME_MAX)
			return -1;
		if (!n || strcmp(line + n, " is not set"))
			return 0;
		*name = xstrndup(line, n);
		*value = xstrdup("n");
		return 1;
	}
	if (!str_starts(line, "CONFIG_"))
		return -1;
	line += 7;
	n = sym_name_len(line);
	if (!n || n > KCONFIG_NAME_MAX || line[n] != '=' ||
	    !valid_value(line + n + 1))
		return -1;
	*name = xstrndup(line, n);
	*value = xstrdup(line + n + 1);
	return 1;
}

int kconfig_parse(const char *name, const char *buf, size_t len,
		  struct kconfig_file *cfg, char **err)
{
	char *text = NULL, *line, *next;
	size_t alloc = 0, lineno = 0, textlen, i, j;
	const char *why;

	memset(cfg, 0, sizeof(*cfg));
	if (is_gzip(buf, len)) {
		if (gunzip_buf(buf, len, KCONFIG_MAX_SIZE, &text, &textlen,
			       &why)) {
			*err = xasprintf("%s: %s", name, why);
			return -1;
		}
	} else {
		text = xstrndup(buf, len);
		textlen = len;
	}
	if (memchr(text, '\0', textlen)) {
		*err = xasprintf("%s: not a kernel config (binary data)", name);
		goto fail;
	}
	for (line = text; line && *line; line = next) {
		char *sname, *value;
		int ret;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		ret = parse_line(line, &sname, &value);
		if (ret < 0) {
			char *q = quote_input(trim(line), 80);

			*err = xasprintf("%s:%zu: not a kernel config line: %s",
					 name, lineno, q);
			free(q);
			goto fail;
		}
		if (ret > 0) {
			struct kconfig_sym *s = array_push(&cfg->syms, &cfg->n,
							   &alloc, sizeof(*s));

			s->name = sname;
			s->value = value;
			s->line = lineno;
		}
	}
	/* Sort; a later line wins over an earlier one, as in kconfig */
	if (cfg->n)
		qsort(cfg->syms, cfg->n, sizeof(*cfg->syms), sym_cmp);
	for (i = j = 0; i < cfg->n; i++) {
		if (j && !strcmp(cfg->syms[j - 1].name, cfg->syms[i].name)) {
			free(cfg->syms[j - 1].name);
			free(cfg->syms[j - 1].value);
			j--;
		}
		cfg->syms[j++] = cfg->syms[i];
	}
	cfg->n = j;
	free(text);
	cfg->source = xstrdup(name);
	return 0;
fail:
	free(text);
	kconfig_free(cfg);
	return -1;
}

int kconfig_load(const char *path, bool named, struct kconfig_file *cfg,
		 char **err)
{
	size_t len;
	char *buf;
	int ret;

	if ((named ? read_named : read_file)(path, KCONFIG_MAX_SIZE, &buf,
					     &len)) {
		int saved = errno;

		*err = xasprintf("%s: %s", path, errstr(errno));
		errno = saved;
		return -1;
	}
	ret = kconfig_parse(path, buf, len, cfg, err);
	free(buf);
	errno = 0;
	return ret;
}

const char *kconfig_get(const struct kconfig_file *cfg, const char *name)
{
	size_t lo = 0, hi = cfg->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int ret = strcmp(cfg->syms[mid].name, name);

		if (!ret)
			return cfg->syms[mid].value;
		if (ret < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

void kconfig_free(struct kconfig_file *cfg)
{
	size_t i;

	for (i = 0; i < cfg->n; i++) {
		free(cfg->syms[i].name);
		free(cfg->syms[i].value);
	}
	free(cfg->syms);
	free(cfg->source);
	memset(cfg, 0, sizeof(*cfg));
}
