// SPDX-License-Identifier: GPL-2.0
/*
 * archive/run-make.c: the record of a run to archive, from its
 * result.xml as an XML reader reads it (entities, encodings).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "archive/archive.h"
#include "archive/run-record.h"
#include "tmpdir-fixture.h"

/* A result.xml of dir/NAME/ext4_4k whose testsuite has hostname=host */
static void put_run(const char *dir, const char *name, const char *encoding,
		    const char *host)
{
	char *res = str_printf("%s/%s/ext4_4k", dir, name);
	char *xml = str_printf("<?xml version=\"1.0\" encoding=\"%s\"?>\n"
		"<testsuite name=\"xfstests\" time=\"1\" hostname=\"%s\">\n"
		"<properties><property name=\"FSTYP\" value=\"ext4\"/>\n"
		"<property name=\"KERNEL\" value=\"6.6.1\"/></properties>\n"
		"<testcase classname=\"xfstests.ext4_4k\" name=\"generic/001\" time=\"1\"/>\n"
		"</testsuite>\n", encoding, host);

	if (shell_call("mkdir -p %s", res))
		abort();
	put_in_dir(res, "result.xml", xml);
}

/* jq: the machine of every table */
#define MACHINES "[.. | objects | select(has(\"machine\")) | .machine]"

static int machine_of(struct archive_run *run, void *arg)
{
	struct strlist *l = arg;

	strlist_add(l, strdup(record_get(&run->rec, "machine")));
	return 0;
}

/* The machines of the archive dir/a, in run order */
static struct strlist machines(const char *dir)
{
	struct strlist l = { 0 };
	char *err = NULL;

	if (archive_each(str_printf("%s/a", dir), NULL, machine_of, &l, &err))
		abort();
	return l;
}

TEST_F(tmp, hostname_is_the_attribute_as_xml_reads_it)
{
	struct strlist l;

	put_run(self->dir, "r", "UTF-8", "lab&amp;1");
	ASSERT_EQ(0, shell_call("$FEXP archive add -a %s/a %s/r >/dev/null",
				self->dir, self->dir));
	l = machines(self->dir);
	ASSERT_EQ(1, l.n);
	EXPECT_STREQ("lab&1", l.v[0]);
	strlist_free(&l);
}

TEST_F(tmp, a_latin1_hostname_is_recorded_as_utf8)
{
	struct strlist l;

	/* "caf\xe9" in ISO-8859-1 is "café" */
	put_run(self->dir, "r", "ISO-8859-1", "caf\xe9");
	ASSERT_EQ(0, shell_call("$FEXP archive add -a %s/a %s/r >/dev/null",
				self->dir, self->dir));
	l = machines(self->dir);
	ASSERT_EQ(1, l.n);
	EXPECT_STREQ("caf\xc3\xa9", l.v[0]);
	strlist_free(&l);
}

/* --machine 'lab&1' and hostname="lab&amp;1" are one machine: one table */
TEST_F(tmp, a_named_machine_and_its_hostname_are_one)
{
	struct proc_out r;

	put_run(self->dir, "r1", "UTF-8", "lab&amp;1");
	put_run(self->dir, "r2", "UTF-8", "lab&amp;2");
	ASSERT_EQ(0, shell_call("set -e\n"
				"cd %s\n"
				"$FEXP archive add -a a r1 >/dev/null\n"
				"sed -i 's/lab&amp;2/x/; s/6.6.1/6.6.2/' r2/ext4_4k/result.xml\n"
				"$FEXP archive add -a a --machine 'lab&1' r2 >/dev/null\n",
				self->dir));
	r = fexp_call(str_printf("matrix --format json %s/a", self->dir));
	ASSERT_EQ(0, r.status) TH_LOG("%s", r.err);
	EXPECT_STREQ("1", jsonq(r.out, MACHINES " | unique | length"));
	EXPECT_STREQ("lab&1", jsonq(r.out, MACHINES "[0]"));
}

TEST_HARNESS_MAIN
