// SPDX-License-Identifier: GPL-2.0
/* The fstests summary of a kdevops results commit message, parsed. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/kdevops-archive.h"

/* "S: N tests[, F failures][, K skipped], T seconds": its fields */
static bool section_line(const char *line, struct kdevops_section *s)
{
	const char *colon = strstr(line, ": ");
	unsigned long n[3] = { 0, 0, 0 };
	const char *p;
	char *end;
	size_t i;

	if (!colon || colon == line || !isdigit((unsigned char)colon[2]))
		return false;
	for (p = line; p < colon; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_-.+", *p))
			return false;
	s->tests = strtoul(colon + 2, &end, 10);
	if (strncmp(end, " tests", 6))
		return false;
	p = end + 6;
	for (i = 1; i < 3 && str_starts(p, ", "); i++) {
		n[i] = strtoul(p + 2, &end, 10);
		if (end == p + 2)
			return false;
		if (str_starts(end, " failures"))
			s->failures = n[i], p = end + 9;
		else if (str_starts(end, " skipped"))
			s->skipped = n[i], p = end + 8;
		else
			break;
	}
	if (!str_starts(p, ", ") || !strstr(p, " seconds"))
		return false;
	s->name = xstrndup(line, colon - line);
	return true;
}

/* A test name: dir/NNN or dir/NNN-suffix */
static bool test_word(const char *w, size_t len)
{
	const char *slash = memchr(w, '/', len);

	return slash && slash > w && slash + 1 < w + len &&
		isdigit((unsigned char)slash[1]);
}

static void add_words(struct strlist *l, const char *p)
{
	while (*p) {
		size_t len;

		p += strspn(p, " \t");
		len = strcspn(p, " \t");
		if (len && test_word(p, len))
			strlist_add(l, xstrndup(p, len));
		p += len;
	}
}

/* An indented line of section s: its failures, in either form */
static void section_body(struct kdevops_section *s, const char *line,
			 bool *in_failures)
{
	const char *p = line + strspn(line, " ");
	size_t len = strcspn(p, " ");
	const char *word = p + len + strspn(p + len, " ");

	if (str_starts(p, "Failures:")) {
		*in_failures = true;
		add_words(&s->failed, p + 9);
	} else if (*in_failures && str_starts(line, "    ")) {
		add_words(&s->failed, p);
	} else if (test_word(p, len) && (str_starts(word, "Fail") ||
					 str_starts(word, "Error"))) {
		*in_failures = false;
		strlist_add(&s->failed, xstrndup(p, len));
	} else {
		*in_failures = false;
	}
}

static bool seen_section(const struct kdevops_summary *sum, const char *name)
{
	size_t i;

	for (i = 0; i + 1 < sum->n; i++)
		if (!strcmp(sum->s[i].name, name))
			return true;
	return false;
}

static char *value_of(const char *line, const char *key)
{
	const char *p = line + strlen(key);

	p += strspn(p, " \t");
	return *p ? xstrndup(p, strcspn(p, " \t")) : NULL;
}

size_t kdevops_summary_parse(const char *msg, struct kdevops_summary *sum)
{
	struct kdevops_section *cur = NULL;
	bool in_failures = false;
	const char *p, *nl;

	for (p = msg; *p; p = *nl ? nl + 1 : nl) {
		char *line;
		struct kdevops_section s = { 0 };

		nl = strchrnul(p, '\n');
		line = xstrndup(p, nl - p);
		if (cur && line[0] == ' ') {
			section_body(cur, line, &in_failures);
		} else if (section_line(line, &s)) {
			cur = array_push(&sum->s, &sum->n, &sum->alloc,
					 sizeof(*cur));
			*cur = s;
			in_failures = false;
			if (seen_section(sum, s.name)) {	/* said again */
				free(s.name);
				sum->n--;
				cur = NULL;
			}
		} else {
			cur = NULL;
			if (str_starts(line, "KERNEL:") && !sum->kernel)
				sum->kernel = value_of(line, "KERNEL:");
			if (str_starts(line, "CPUS:") && !sum->cpus)
				sum->cpus = value_of(line, "CPUS:");
		}
		free(line);
	}
	return sum->n;
}

void kdevops_summary_free(struct kdevops_summary *sum)
{
	size_t i;

	for (i = 0; i < sum->n; i++) {
		free(sum->s[i].name);
		strlist_free(&sum->s[i].failed);
	}
	free(sum->s);
	free(sum->kernel);
	free(sum->cpus);
	memset(sum, 0, sizeof(*sum));
}
