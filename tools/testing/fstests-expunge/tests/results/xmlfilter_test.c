// SPDX-License-Identifier: GPL-2.0
/* The byte filter in front of the XML parser: repairs, trims, line map. */
#include <stdlib.h>
#include <string.h>

#include "test-util.h"
#include "results/xmlfilter.h"
#include "kselftest_harness.h"

/* Run text through the filter in reads of chunk bytes. */
static char *filter(const char *text, size_t len, int chunk,
		    struct xml_filter *f)
{
	struct strbuf sb = { 0 };
	char *buf = malloc(chunk);
	int n;

	xf_init_buf(f, text, len);
	while ((n = xf_read(f, buf, chunk)) > 0)
		sb_add(&sb, buf, n);
	free(buf);
	return sb.buf ? sb.buf : strdup("");
}

TEST(escapes_what_xml_forbids_in_an_attribute)
{
	struct strbuf sb = { 0 };

	EXPECT_TRUE(xf_escape_attr(&sb, "a & b <c> \"d\"", 13));
	EXPECT_STREQ("a &amp; b &lt;c&gt; &quot;d&quot;", sb.buf);
	sb_free(&sb);
}

TEST(leaves_references_that_are_already_there)
{
	struct strbuf sb = { 0 };

	/* new fstests escapes property values itself */
	EXPECT_FALSE(xf_escape_attr(&sb, "&lt;x&gt; &amp; &#38; &#x41;", 28));
	EXPECT_STREQ("&lt;x&gt; &amp; &#38; &#x41;", sb.buf);
	sb_free(&sb);
	/* a reference to a character XML forbids is text */
	EXPECT_TRUE(xf_escape_attr(&sb, "&#0; &foo;", 10));
	EXPECT_STREQ("&amp;#0; &amp;foo;", sb.buf);
	sb_free(&sb);
}

TEST(replaces_bytes_that_are_not_utf8_text)
{
	struct strbuf sb = { 0 };

	/* a lone continuation byte, a control character, a cut sequence */
	xf_sanitize(&sb, "ok \x80 \x01 \xc3\xa9 \xe2\x82", 12);
	EXPECT_STREQ("ok ? ? \xc3\xa9 ??", sb.buf);
	sb_free(&sb);
}

TEST(repairs_unescaped_failure_message_up_to_type)
{
	const char *in = "<testcase name=\"a\">\n"
			 "<failure message=\"x \"y\" & <z> /> type=\" type=\"TestFail\" />\n";
	struct xml_filter f;
	char *out = filter(in, strlen(in), 7, &f);

	/* the value ends at the last quote followed by type= on the line */
	EXPECT_STREQ("<testcase name=\"a\">\n"
		     "<failure message=\"x &quot;y&quot; &amp; &lt;z&gt; /&gt; type=\" type=\"TestFail\" />\n",
		     out);
	EXPECT_EQ(1, f.repaired);
	free(out);
	xf_free(&f);
}

TEST(repairs_skipped_message_and_property_value)
{
	const char *in = "<skipped message=\"needs \"a\" & b\" />\n"
			 "<property name=\"MOUNT_OPTIONS\" value=\"-o context=\"x\"\"/>\n";
	struct xml_filter f;
	char *out = filter(in, strlen(in), 4096, &f);

	EXPECT_STREQ("<skipped message=\"needs &quot;a&quot; &amp; b\" />\n"
		     "<property name=\"MOUNT_OPTIONS\" value=\"-o context=&quot;x&quot;\"/>\n",
		     out);
	free(out);
	xf_free(&f);
}

static unsigned long line_of(const char *text, const char *at)
{
	unsigned long line = 1;

	for (; text < at; text++)
		line += *text == '\n';
	return line;
}

TEST(keeps_the_start_of_huge_cdata_and_maps_lines_back)
{
	size_t big = 3 << 20, i, len, kept;
	char *in = malloc(big + 200), *out, *b, *start, *end;
	struct xml_filter f;

	len = sprintf(in, "<a>\n<![CDATA[");
	/* 3 MiB of 64-byte lines: input lines 2 to 49153 */
	for (i = 0; i < big / 64; i++)
		len += sprintf(in + len, "%063zu\n", i);
	len += sprintf(in + len, "]]>\n<b/>\n</a>\n");
	out = filter(in, len, 4000, &f);
	start = strstr(out, "<![CDATA[") + 9;
	end = strstr(out, "]]>");
	ASSERT_NE(NULL, end);
	kept = end - start;
	/* the start, whole lines only */
	EXPECT_GE(XF_CDATA_KEEP, kept);
	EXPECT_LT(XF_CDATA_KEEP - 64, kept);
	EXPECT_EQ(0, kept % 64);
	EXPECT_EQ(0, strncmp(start, "0000", 4));
	EXPECT_EQ(big, f.cdata_dropped + kept);
	EXPECT_NE(NULL, strstr(out, "]]>\n<b/>\n</a>\n"));
	/* "<b/>" is on input line 2 + 49152 + 1 */
	b = strstr(out, "<b/>");
	EXPECT_EQ(2 + big / 64 + 1, xf_line(&f, line_of(out, b)));
	/* lines before the cut keep their numbers */
	EXPECT_EQ(2, xf_line(&f, 2));
	free(out);
	xf_free(&f);
	free(in);
}

TEST(cdata_end_split_across_reads_is_found)
{
	const char *in = "<a><![CDATA[x]]]]><![CDATA[>y]]></a>";
	struct xml_filter f;
	char *out = filter(in, strlen(in), 1, &f);

	EXPECT_STREQ(in, out);
	free(out);
	xf_free(&f);
}

TEST(refuses_a_doctype_with_its_line)
{
	const char *in = "<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY a \"b\">]>\n<x/>";
	struct xml_filter f;
	char buf[256];
	int n, total = 0;

	xf_init_buf(&f, in, strlen(in));
	while ((n = xf_read(&f, buf, sizeof(buf))) > 0)
		total += n;
	EXPECT_EQ(-1, n);
	EXPECT_EQ(22, total);
	EXPECT_STREQ("line 2: a declaration (<!DOCTYPE...) has no place in a result file",
		     f.error);
	xf_free(&f);
}

TEST_HARNESS_MAIN
