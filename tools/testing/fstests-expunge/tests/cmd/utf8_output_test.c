// SPDX-License-Identifier: GPL-2.0
/*
 * Every output is UTF-8 whatever bytes the input names hold: compare in
 * each format over a random --release and a results folder of random
 * name, matrix (JSON and pages) over machines and kernels of random
 * names; the JSON parses, KCIDB passes its schema, and two machines
 * whose names differ only in bytes that are no UTF-8 stay two.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/escape.h"
#include "random-name.h"
#include "tmpdir-fixture.h"

#define RUN	SRCDIR "/tests/fixtures/compare/runs/run1-ext4/ext4_4k/result.xml"
#define SCHEMA	SRCDIR "/../../../dev/fixtures/kcidb/kcidb-v5.3.schema.json"
#define ROUNDS	4
/* jq: the machines whose name ends in an escaped 0xff or 0xfe */
#define APART	"[.. | objects | select(has(\"machine\")) | .machine | " \
		"select(endswith(\"\\\\xff\") or endswith(\"\\\\xfe\"))] | unique | length"

/*
 * A random name in dir/file, never empty, with no '/' (a folder name),
 * no control character (options refuse those: a value on one line) and
 * no '.' first (a hidden folder, which the search for results skips)
 */
static char *put_name(const char *dir, const char *file)
{
	char name[16], *p;

	do {
		random_name(name, sizeof(name) - 1);
		for (p = name; *p; p++)
			if (*p == '/' || (unsigned char)*p < 0x20 || *p == 0x7f)
				*p = '_';
		if (*name == '.')
			*name = '_';
	} while (!*name);
	put_in_dir(dir, file, name);
	return strdup(name);
}

static bool is_utf8(const char *s)
{
	size_t n = strlen(s);

	return utf8_valid_len(s, n) == n;
}

/* KCIDB read back by its schema (python3 jsonschema) */
static int kcidb_valid(const char *dir, const char *doc)
{
	put_in_dir(dir, "kcidb.json", doc);
	return shell_call("python3 -c 'import json, sys, jsonschema\n"
			  "jsonschema.validate(json.load(open(sys.argv[1], encoding=\"utf-8\")),\n"
			  "                    json.load(open(sys.argv[2])))' %s/kcidb.json %s",
			  dir, SCHEMA);
}

TEST_F_TIMEOUT(tmp, compare_gives_utf8_in_every_format, 300)
{
	static const char *const formats[] = {
		"json", "kcidb --origin t", "html", "text", "ktap", "email"
	};
	unsigned int seed = test_seed(getpid()), round;
	bool schema = !access(SCHEMA, R_OK);
	size_t i;

	if (!schema)
		TH_LOG("no KCIDB schema here");
	srand(seed);
	for (round = 0; round < ROUNDS; round++) {
		put_name(self->dir, "release");
		put_name(self->dir, "folder");
		ASSERT_EQ(0, shell_call("set -e\n"
					"cd %s\n"
					"rm -rf r\n"
					"mkdir -p \"r/$(cat folder)\"\n"
					"cp %s \"r/$(cat folder)/\"\n", self->dir, RUN));
		for (i = 0; i < ARRAY_SIZE(formats); i++) {
			char *args = str_printf("compare %s\"$(cat %s/release)\" --format %s %s/r",
						"--release 6.1.0-", self->dir, formats[i],
						self->dir);
			struct proc_out r = fexp_call(args);

			EXPECT_GE(1, r.status) TH_LOG("%s: %s", formats[i], r.err);
			EXPECT_TRUE(is_utf8(r.out)) TH_LOG("%s is not UTF-8", formats[i]);
			if (i < 2)
				EXPECT_NE(NULL, jsonq(r.out, "."));
			if (i == 1 && schema)
				EXPECT_EQ(0, kcidb_valid(self->dir, r.out));
			proc_out_free(&r);
		}
	}
}

TEST_F_TIMEOUT(tmp, matrix_gives_utf8_and_keeps_names_apart, 120)
{
	unsigned int seed = test_seed(getpid() + 1), round;
	struct proc_out r;

	srand(seed);
	for (round = 0; round < ROUNDS; round++) {
		char *m = put_name(self->dir, "machine");

		/* two machines that differ in one byte that is no UTF-8 */
		put_in_dir(self->dir, "machine2", str_printf("%s\xff", m));
		put_in_dir(self->dir, "machine3", str_printf("%s\xfe", m));
		put_name(self->dir, "kernel");
		ASSERT_EQ(0, shell_call("set -e\n"
					"cd %s\n"
					"rm -rf a fstests pages\n"
					"k=\"fstests/u/ext4/vm/d/6.6.1-$(cat kernel)/ext4_4k\"\n"
					"mkdir -p \"$k\"\n"
					"sed '/name=\"KERNEL\"/d' %s > \"$k/result.xml\"\n"
					"$FEXP archive add -a a fstests >/dev/null 2>&1\n"
					"mkdir x y\n"
					"sed 's/6.18.44/6.6.2/' %s > x/result.xml\n"
					"sed 's/6.18.44/6.6.3/' %s > y/result.xml\n"
					"$FEXP archive add -a a --machine \"$(cat machine2)\" x >/dev/null\n"
					"$FEXP archive add -a a --machine \"$(cat machine3)\" y >/dev/null\n"
					"rm -rf x y\n", self->dir, RUN, RUN, RUN));
		r = fexp_call(str_printf("matrix --format json %s/a", self->dir));
		EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
		EXPECT_TRUE(is_utf8(r.out));
		EXPECT_STREQ("2", jsonq(r.out, APART)) TH_LOG("%s", r.out);
		proc_out_free(&r);
		r = fexp_call(str_printf("matrix -o %s/pages %s/a", self->dir, self->dir));
		EXPECT_EQ(0, r.status) TH_LOG("%s", r.err);
		/* iconv fails on a byte that is no UTF-8 */
		EXPECT_EQ(0, shell_call("for p in %s/pages/*.html; do\n"
					"	iconv -f UTF-8 -t UTF-8 $p >/dev/null || exit 1\n"
					"done\n", self->dir));
		proc_out_free(&r);
		free(m);
	}
}

TEST_HARNESS_MAIN
