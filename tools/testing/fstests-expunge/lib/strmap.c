// SPDX-License-Identifier: GPL-2.0
/* A hash map from strings to ints, for lookups that must stay linear. */
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "lib/strbuf.h"
#include "lib/strmap.h"

/* The slot of key: where it is, or the free one it would go in. */
static size_t slot(const struct strmap *m, const char *key, size_t len)
{
	size_t j = fnv1a(key, len) & (m->size - 1);

	while (m->keys[j] && (strncmp(m->keys[j], key, len) ||
			      m->keys[j][len]))
		j = (j + 1) & (m->size - 1);
	return j;
}

static void grow(struct strmap *m)
{
	struct strmap old = *m;
	size_t i, j;

	m->size = old.size ? old.size * 2 : 64;
	m->keys = xcalloc(m->size, sizeof(*m->keys));
	m->vals = xcalloc(m->size, sizeof(*m->vals));
	for (i = 0; i < old.size; i++) {
		if (!old.keys[i])
			continue;
		j = slot(m, old.keys[i], strlen(old.keys[i]));
		m->keys[j] = old.keys[i];
		m->vals[j] = old.vals[i];
	}
	free(old.keys);
	free(old.vals);
}

int *strmap_get(struct strmap *m, const char *key, size_t len, bool add,
		bool *added)
{
	size_t j;

	if (added)
		*added = false;
	if (!m->size) {
		if (!add)
			return NULL;
		grow(m);
	}
	j = slot(m, key, len);
	if (m->keys[j])
		return &m->vals[j];
	if (!add)
		return NULL;
	if ((m->n + 1) * 2 > m->size) {
		grow(m);
		j = slot(m, key, len);
	}
	m->keys[j] = xstrndup(key, len);
	m->vals[j] = 0;
	m->n++;
	if (added)
		*added = true;
	return &m->vals[j];
}

void strmap_free(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->size; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}
