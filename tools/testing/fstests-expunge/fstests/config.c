// SPDX-License-Identifier: GPL-2.0
/* The devices an fstests config section names, as check reads them. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "fstests/config.h"

#define CONFIG_MAX	(1024u * 1024)
#define SECTION_CHARS	\
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

static const char *const dev_vars[] = {
	"TEST_DEV", "SCRATCH_DEV", "TEST_LOGDEV", "TEST_RTDEV",
	"SCRATCH_LOGDEV", "SCRATCH_RTDEV", "LOGWRITES_DEV",
	"SCRATCH_DEV_POOL",
};

#define NVARS	ARRAY_SIZE(dev_vars)

bool fstests_config_device_var(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NVARS; i++) {
		if (strlen(dev_vars[i]) == len && !memcmp(dev_vars[i], name, len))
			return true;
	}
	return false;
}

static char *existing(char *path)
{
	if (!access(path, R_OK))
		return path;
	free(path);
	return NULL;
}

char *fstests_config_path(const char *fstests)
{
	const char *opt = getenv("HOST_OPTIONS");
	char host[256], *p, *dot;

	if (opt && *opt)
		return existing(*opt == '/' ? xstrdup(opt) :
				xasprintf("%s/%s", fstests, opt));
	if (!gethostname(host, sizeof(host) - 1)) {
		host[sizeof(host) - 1] = '\0';
		dot = strchr(host, '.');
		if (dot)
			*dot = '\0';
		p = existing(xasprintf("%s/configs/%s.config", fstests, host));
		if (!p)
			p = existing(xasprintf("%s/configs/%s", fstests, host));
		if (p)
			return p;
	}
	return existing(xasprintf("%s/local.config", fstests));
}

/* "[name]" alone on a line, as check's get_config_sections() finds it */
static char *section_name(const char *line)
{
	const char *end;

	if (*line != '[')
		return NULL;
	end = line + 1 + strspn(line + 1, SECTION_CHARS);
	if (*end != ']')
		return NULL;
	return xstrndup(line + 1, end - line - 1);
}

/* VAR=VALUE (or export VAR=VALUE): the value of one of dev_vars */
static void set_var(char *line, char **vals)
{
	char *eq = strchr(line, '='), *val;
	size_t i, n;

	if (!eq)
		return;
	*eq = '\0';
	line = trim(line);
	if (str_starts(line, "export "))
		line = trim(line + 7);
	val = trim(eq + 1);
	n = strlen(val);
	if (n >= 2 && (*val == '"' || *val == '\'') && val[n - 1] == *val) {
		val[n - 1] = '\0';
		val++;
	}
	for (i = 0; i < NVARS; i++) {
		if (!strcmp(line, dev_vars[i])) {
			free(vals[i]);
			vals[i] = xstrdup(val);
		}
	}
}

/* Read the config up to the end of section; true if it was there. */
static bool read_sections(char *buf, const char *section, char **vals,
			  struct strbuf *names)
{
	/* lines before the first section count when there is none */
	bool in = true, found = false;
	char *line, *save, *name;

	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		*strchrnul(line, '#') = '\0';
		line = trim(line);
		name = section_name(line);
		if (name) {
			if (found)
				in = false;
			else
				in = true;
			found |= !strcmp(name, section);
			sb_printf(names, "%s%s", names->len ? ", " : "", name);
			free(name);
		} else if (in) {
			set_var(line, vals);
		}
	}
	return found;
}

static void add_devs(const char *val, struct strlist *devs)
{
	char *copy = xstrdup(val), *tok, *save;

	for (tok = strtok_r(copy, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save))
		strlist_add(devs, xstrdup(tok));
	free(copy);
}

/*
 * vals[]: the values of dev_vars for section, from the environment and
 * the config; 0, or -1 with *err.
 */
static int read_vals(const char *config, const char *section, char **vals,
		     char **err)
{
	struct strbuf names = { 0 };
	bool found = true;
	char *buf = NULL;
	size_t len, i;
	int ret = -1;

	for (i = 0; i < NVARS; i++)
		if (getenv(dev_vars[i]))
			vals[i] = xstrdup(getenv(dev_vars[i]));
	if (config && read_file(config, CONFIG_MAX, &buf, &len)) {
		*err = xasprintf("%s: %s", config, errstr(errno));
		goto out;
	}
	if (buf)
		found = read_sections(buf, section, vals, &names);
	if (!found && names.len) {
		*err = xasprintf("%s: no section [%s] (it has %s): check would run nothing",
				 config, section, names.buf);
		goto out;
	}
	ret = 0;
out:
	free(buf);
	sb_free(&names);
	return ret;
}

static void free_vals(char **vals)
{
	size_t i;

	for (i = 0; i < NVARS; i++)
		free(vals[i]);
}

int fstests_config_devices(const char *config, const char *section,
			   struct strlist *devs, char **err)
{
	char *vals[NVARS] = { 0 };
	int ret = read_vals(config, section, vals, err);
	size_t i;

	for (i = 0; !ret && i < NVARS; i++)
		if (vals[i])
			add_devs(vals[i], devs);
	free_vals(vals);
	return ret;
}

int fstests_config_scratch(const char *config, const char *section,
			   char **dev, char **err)
{
	char *vals[NVARS] = { 0 }, *val = NULL;
	int ret = read_vals(config, section, vals, err);
	size_t i;

	for (i = 0; !ret && i < NVARS; i++)
		if (!strcmp(dev_vars[i], "SCRATCH_DEV"))
			val = vals[i];
	*dev = val && *val ? xstrdup(val) : NULL;
	free_vals(vals);
	return ret;
}
