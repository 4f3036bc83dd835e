// SPDX-License-Identifier: GPL-2.0
/*
 * The byte scanner reads what libxml2 reads: every fixture, and each of
 * many variants of one (cut short, compact, with what only libxml2
 * reads), gives the same model, message and outcome both ways; and the
 * scanner itself reads fstests' form without giving up.
 */
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>

#include "test-util.h"
#include "results/result-scan.h"
#include "results/results.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "kselftest_harness.h"

#define CMP	SRCDIR "/tests/fixtures/compare"
#define EXAMPLE	CMP "/fstests/example-result.xml"

static const char *const fixtures[] = {
	CMP "/fstests/example-result.xml",
	CMP "/fstests/example-result-incomplete.xml",
	CMP "/kdevops/20230731/6.5.0-rc3-next-20230725/xfs_reflink_4k/result.xml",
	CMP "/kdevops/20230817/6.5.0-rc3-next-20230725/xfs_reflink_4k/result.xml",
	CMP "/kdevops/20230825/6.5.0-rc3-next-20230725/xfs_reflink_4k/result.xml",
	CMP "/kdevops/20230829/6.5.0-rc3-next-20230725/xfs_reflink_4k/result.xml",
	CMP "/kdevops/20231218/6.6.0-rc5/xfs_crc/result.xml",
	CMP "/kdevops/20231218/6.6.0-rc5/xfs_crc_rtdev_extsize_64k/result.xml",
	CMP "/kdevops/20240221/6.8.0-rc2/xfs_crc/result.xml",
	CMP "/kdevops/old/5.4.230+/xfs_crc/result.xml",
	CMP "/runs/run1-ext4/ext4_1k/result.xml",
	CMP "/runs/run1-ext4/ext4_4k/result.xml",
	CMP "/runs/run2-ext4-nodelalloc/ext4_4k/result.xml",
	CMP "/runs/run3-loop/ext4_4k/result.xml",
	CMP "/runs/run3-loop/xfs_crc/result.xml",
	CMP "/runs/run4-xfs/xfs_crc/result.xml",
};

/* Read buf both ways: NULL when alike, else what differs. */
static const char *both_ways(const char *buf, size_t len)
{
	struct result_file fast, slow;
	char *efast = NULL, *eslow = NULL;
	int rfast = result_read_buf("x.xml", buf, len, &fast, &efast);
	int rslow = result_read_buf_xml("x.xml", buf, len, &slow, &eslow);
	const char *d = NULL;

	if (rfast != rslow)
		d = "return value";
	else if (!str_same(efast, eslow))
		d = "error message";
	else if (!rfast)
		d = result_diff(&fast, &slow);
	if (d)
		fprintf(stderr, "# differ (%s): %d %s / %d %s\n", d, rfast,
			efast ? efast : "", rslow, eslow ? eslow : "");
	result_free(&fast);
	result_free(&slow);
	free(efast);
	free(eslow);
	return d;
}

static const char *both_ways_str(const char *s)
{
	return both_ways(s, strlen(s));
}

/* s with the first from replaced by to (to may be longer). */
static char *replaced(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	char *out;

	if (!at)
		abort();
	out = str_printf("%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
	return out;
}

/* Counts what result_scan() hands on. */
struct counts {
	int start, end, text, cdata;
};

static void c_start(void *ctx, const xmlChar *name, const xmlChar *prefix,
		    const xmlChar *uri, int nns, const xmlChar **ns, int n,
		    int ndef, const xmlChar **attrs)
{
	((struct counts *)ctx)->start++;
}

static void c_end(void *ctx, const xmlChar *name, const xmlChar *prefix,
		  const xmlChar *uri)
{
	((struct counts *)ctx)->end++;
}

static void c_cdata(void *ctx, const xmlChar *s, int len)
{
	((struct counts *)ctx)->cdata++;
}

static enum scan_ret scan_str(const char *s, size_t len, struct counts *c)
{
	xmlSAXHandler sax = { 0 };
	struct xml_filter xf;
	enum scan_ret r;

	memset(c, 0, sizeof(*c));
	sax.startElementNs = c_start;
	sax.endElementNs = c_end;
	sax.cdataBlock = c_cdata;
	xf_init_buf(&xf, s, len);
	r = result_scan(&xf, &sax, c, NULL);
	xf_free(&xf);
	return r;
}

TEST(every_fixture_reads_the_same_both_ways)
{
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(fixtures); i++) {
		char *buf = get_file(fixtures[i], &len);

		EXPECT_EQ(NULL, both_ways(buf, len)) {
			TH_LOG("%s", fixtures[i]);
		}
		free(buf);
	}
}

TEST(the_scanner_reads_fstests_form_itself)
{
	struct counts c;
	size_t i, len;

	/* every fixture is fstests' own: none needs libxml2 */
	for (i = 0; i < ARRAY_SIZE(fixtures); i++) {
		char *buf = get_file(fixtures[i], &len);

		EXPECT_EQ(SCAN_DONE, scan_str(buf, len, &c)) {
			TH_LOG("%s", fixtures[i]);
		}
		EXPECT_EQ(c.start, c.end);
		EXPECT_LT(20, c.start);
		free(buf);
	}
}

TEST(the_scanner_gives_up_on_what_only_libxml2_reads)
{
	static const char *const other[] = {
		"<testsuite><!-- a comment --></testsuite>",
		"<testsuite><testcase name=\"a&#38;b\"/></testsuite>",
		"<testsuite>text</testsuite>",
		"<testsuite><a:b xmlns:a=\"u\"/></testsuite>",
		"<testsuite x=\"1\" x=\"2\"/>",
		"<testsuite xsi:a=\"1\"/>",
		"<testsuite xmlns=\"u\"/>",
		"<testsuite x='1'/>",
		"<testsuite x=\"\xc3\xa9\"/>",
		"<testsuite><a></b></testsuite>",
		"<testsuite><a>",
		"<testsuite/><testsuite/>",
		"<testsuite/>x",
		"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><testsuite/>",
		"<?pi?><testsuite/>",
		"<testsuite><![CDATA[a\r\nb]]></testsuite>",
		"<![CDATA[x]]><testsuite/>",
		"",
	};
	static const char fstests[] =
		"<testsuite\n t=\"a&amp;&lt;&quot;\"\n><x/><![CDATA[]]></testsuite >\n";
	struct counts c;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(other); i++) {
		EXPECT_EQ(SCAN_GIVE_UP, scan_str(other[i], strlen(other[i]), &c)) {
			TH_LOG("%s", other[i]);
		}
		EXPECT_EQ(NULL, both_ways_str(other[i])) {
			TH_LOG("%s", other[i]);
		}
	}
	/* what fstests writes, in any layout */
	EXPECT_EQ(SCAN_DONE, scan_str(fstests, strlen(fstests), &c));
	EXPECT_EQ(2, c.start);
	EXPECT_EQ(1, c.cdata);
}

/* Variants of the example: each read the same both ways. */
TEST(variants_read_the_same_both_ways)
{
	static const char *const edits[][2] = {
		/* unescaped quotes and '&' that the filter repairs */
		{ "message=\"- output mismatch", "message=\"a \"b\" & c <d> - output mismatch" },
		{ "message=\"- output mismatch", "message=\"&amp;&lt;&gt;&quot;&apos;" },
		{ "message=\"- output mismatch", "message=\"&#38;&#x41;" },
		{ "message=\"- output mismatch", "message=\"tab\there" },
		{ "message=\"- output mismatch", "message=\"\xff bad byte" },
		{ "<testcase ", "<!-- c --><testcase " },
		{ "<testcase ", "<testcase\n\t" },
		{ "<system-err>", "<system-err>text" },
		{ "<system-err>", "<system-err><![CDATA[first]]>" },
		{ "<kernel-log>", "<kernel-log><x/>" },
		{ "</testsuite>", "</testsuite><!-- end -->" },
		{ "</testsuite>", "</testsuite>\n\n" },
		{ "<testsuite", "\xef\xbb\xbf<testsuite" },
		{ "<testsuite", "<testsuites><testsuite" },
		{ "<properties>", "<properties><property name=\"a\" value=\"\"b\"\"/>" },
		{ "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "" },
	};
	size_t i, len;
	char *buf = get_file(EXAMPLE, &len);

	for (i = 0; i < ARRAY_SIZE(edits); i++) {
		char *v = replaced(buf, edits[i][0], edits[i][1]);

		EXPECT_EQ(NULL, both_ways_str(v)) {
			TH_LOG("%s -> %s", edits[i][0], edits[i][1]);
		}
		free(v);
	}
	free(buf);
}

TEST(cut_short_anywhere_reads_the_same_both_ways)
{
	size_t len, at;
	char *buf = get_file(EXAMPLE, &len);

	for (at = 0; at < len; at += 7) {
		EXPECT_EQ(NULL, both_ways(buf, at)) {
			TH_LOG("cut at %zu of %zu", at, len);
		}
	}
	free(buf);
}

TEST(compact_xml_reads_the_same_both_ways)
{
	size_t len, i, j = 0;
	char *buf = get_file(EXAMPLE, &len);
	char *c = malloc(len + 1);

	/* xmllint --noblanks: the line ends between elements dropped */
	for (i = 0; i < len; i++) {
		if (buf[i] == '\n' && i + 1 < len && (buf[i + 1] == '<' ||
						      buf[i + 1] == '\t'))
			continue;
		c[j++] = buf[i];
	}
	EXPECT_EQ(NULL, both_ways(c, j));
	free(c);
	free(buf);
}

/* A section of n bytes of log lines, a warning on the last if warn. */
static void log_section(struct strbuf *sb, size_t n, bool warn)
{
	static const char warning[] = "[ 2.0] WARNING: CPU: 1 PID: 1\n";
	size_t end = sb->len + n - (warn ? strlen(warning) : 0);

	sb_puts(sb, "<![CDATA[");
	end += 9;
	while (sb->len + 40 < end)
		sb_puts(sb, "[ 1.0] nothing wrong in this line ...\n");
	while (sb->len + 1 < end)
		sb_puts(sb, ".");
	sb_puts(sb, "\n");
	if (warn)
		sb_puts(sb, warning);
	sb_puts(sb, "]]>");
}

/*
 * Logs in several CDATA sections, up to and past what the reader keeps
 * of them (2 * XF_CDATA_KEEP), a section cut where libxml2's input is.
 */
TEST(logs_in_many_sections_read_the_same_both_ways)
{
	struct strbuf sb = { 0 };
	int k, pad;

	for (k = 1; k <= 3; k++) {
		for (pad = 0; pad < 64 << 10; pad += 1 << 10) {
			sb.len = 0;
			sb_puts(&sb, "<testsuite><testcase name=\"generic/001\">");
			sb_printf(&sb, "%*s", pad, "");
			sb_puts(&sb, "<failure message=\"m\" type=\"TestFail\"/><kernel-log>");
			/* the first two just under the bound, together */
			if (k > 1)
				log_section(&sb, XF_CDATA_KEEP - 50, false);
			if (k > 2)
				log_section(&sb, XF_CDATA_KEEP - 50, false);
			log_section(&sb, 8000, true);
			sb_puts(&sb, "</kernel-log></testcase></testsuite>\n");
			EXPECT_EQ(NULL, both_ways(sb.buf, sb.len)) {
				TH_LOG("%d sections after %d bytes", k, pad);
			}
		}
	}
	sb_free(&sb);
}

TEST_HARNESS_MAIN
