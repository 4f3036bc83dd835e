/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Names of random bytes for the property tests of the writers that must
 * give UTF-8 (JSON, KCIDB, HTML), and the reading back of their lossless
 * escape (lib/escape.h: sb_add_name()).
 */
#ifndef FEXP_RANDOM_NAME_H
#define FEXP_RANDOM_NAME_H

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/*
 * The seed of a property test: FEXP_TEST_SEED when set (to replay the
 * seed a failure logged), else dflt. Logged either way.
 */
#define test_seed(dflt) ({						\
	const char *__s = getenv("FEXP_TEST_SEED");			\
	unsigned int __seed = __s && *__s ? strtoul(__s, NULL, 0) :	\
					     (unsigned int)(dflt);	\
	TH_LOG("seed %u (FEXP_TEST_SEED=%u replays it)", __seed, __seed); \
	__seed;								\
})

/* A name of random bytes: stray UTF-8 pieces, backslashes, quotes */
static inline size_t random_name(char *buf, size_t max)
{
	static const unsigned char pick[] = {
		'a', 'b', '\\', '"', '<', '&', 'x', '7', 0x80, 0xbf, 0xc3,
		0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0xff, 0xfe, 0xc0, 0xed,
		0xa0, '\n', 0x01,
	};
	size_t n = rand() % max, i;

	for (i = 0; i < n; i++)
		buf[i] = rand() % 4 ? pick[rand() % ARRAY_SIZE(pick)] :
			 1 + rand() % 255;
	buf[n] = '\0';
	return n;
}

/* The name a lossless escape stands for: \xNN and \\ read back */
static inline char *unescape_name(const char *s)
{
	char *out = malloc(strlen(s) + 1), *o = out;

	for (; *s; s++) {
		if (*s == '\\' && s[1] == '\\') {
			*o++ = *++s;
		} else if (*s == '\\' && s[1] == 'x') {
			*o++ = strtol((char[]){ s[2], s[3], 0 }, NULL, 16);
			s += 3;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
	return out;
}

#endif
