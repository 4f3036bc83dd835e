// SPDX-License-Identifier: GPL-2.0
/* One fstests result.xml, read streaming into a compact model. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/SAX2.h>

#include "lib/base.h"
#include "lib/decompress.h"
#include "lib/escape.h"
#include "lib/fileio.h"
#include "lib/strbuf.h"
#include "results/result-scan.h"
#include "results/results.h"
#include "results/xmlfilter.h"

#define LINE_MAX_KEEP	240	/* the longest message line kept */

/*
 * Never the network, never entities expanded (the filter refuses DTDs).
 * XML_PARSE_HUGE: a failure message of megabytes (fstests does not bound
 * it) is no "Huge input lookup" that loses the rest of the file; without
 * entities the memory it takes is the file's own size.
 */
#define PARSE_OPTIONS	(XML_PARSE_NONET | XML_PARSE_NOBLANKS | \
			 XML_PARSE_COMPACT | XML_PARSE_NOERROR | \
			 XML_PARSE_NOWARNING | XML_PARSE_HUGE)

enum log_kind { LOG_NONE, LOG_DIFF, LOG_KERNEL, LOG_OUT };

struct reader {
	struct result_file *top;	/* the file's first testsuite */
	struct result_file *rf;		/* the testsuite being read */
	struct xml_filter xf;
	const char *name;
	bool seen_suite;
	bool in_case;		/* a <testcase> is open */
	bool decided;		/* its outcome is known */
	struct result_case cur;
	enum log_kind log;	/* inside a log element */
	struct strbuf text;	/* its text */
	bool whole;		/* keep everything: result_read_whole() */
	bool in_cdata;		/* the log has CDATA: only that is its text */
	bool stop;		/* not a result file: stop reading */
	bool scanning;		/* result_scan() hands the events */
	bool no_scan;		/* libxml2 only */
	int fd;			/* the input, to read again: or -1 and ... */
	const char *buf;	/* ... the input in memory */
	size_t len;
	char *bad_name;		/* a testcase name we refuse, quoted */
	char *bad_section;	/* a SECTION property we refuse, quoted */
	unsigned long nameless;	/* the line of a testcase without a name */
	xmlParserCtxtPtr ctxt;	/* libxml2's, while it parses */
	bool at_end;		/* the error came at the end of the input */
	int err_line;
	char *err_msg;
};

/*
 * The first non-empty line of the n bytes at s, trimmed and bounded, in
 * the file's pool when it has one; NULL when there is none.
 */
static char *first_line(struct result_file *rf, const char *s, size_t n)
{
	const char *end = s + n;

	while (s < end && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r'))
		s++;
	for (n = 0; s + n < end && s[n] != '\r' && s[n] != '\n'; n++)
		;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (!n)
		return NULL;
	n = utf8_cut(s, n, LINE_MAX_KEEP);
	return rf->pooled ? strpool_ndup(&rf->names, s, n) : xstrndup(s, n);
}

static bool is_warning(const char *line, size_t n)
{
	static const char *const marks[] = {
		"WARNING:", "BUG:", "BUG ", "Oops", "general protection",
		"Kernel panic", "UBSAN:", "KASAN:", "INFO: task", "kernel BUG",
		"XFS: Assertion failed", "EXT4-fs error", "BTRFS critical",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(marks); i++) {
		if (memmem(line, n, marks[i], strlen(marks[i])))
			return true;
	}
	return false;
}

/* A kept line, with the entities pre-2023 files left in CDATA decoded. */
static char *keep_line(const char *s, size_t n)
{
	static const char *const ent[][2] = {
		{ "&lt;", "<" }, { "&gt;", ">" }, { "&quot;", "\"" },
		{ "&apos;", "'" }, { "&amp;", "&" },
	};
	struct strbuf sb = { 0 };
	size_t i, j, l;

	n = utf8_cut(s, n, LINE_MAX_KEEP);
	for (i = 0; i < n; i += l ? l : 1) {
		l = 0;
		for (j = 0; s[i] == '&' && j < ARRAY_SIZE(ent); j++) {
			if (n - i >= strlen(ent[j][0]) &&
			    !memcmp(s + i, ent[j][0], strlen(ent[j][0]))) {
				l = strlen(ent[j][0]);
				sb_puts(&sb, ent[j][1]);
				break;
			}
		}
		if (!l)
			sb_add(&sb, s + i, 1);
	}
	return sb.buf ? sb.buf : xstrdup("");
}

/* A changed line of a diff, with something on it. */
static bool is_change(const char *s, size_t n)
{
	size_t i;

	if ((s[0] != '+' && s[0] != '-') || str_starts(s, "+++ ") ||
	    str_starts(s, "--- "))
		return false;
	for (i = 1; i < n; i++) {
		if (s[i] != ' ' && s[i] != '\t')
			return true;
	}
	return false;
}

/* Changed lines of a diff kept as the detail: the first say the most */
#define DIFF_LINES_KEEP	3

/*
 * The lines of a log that say what went wrong first: a kernel log's
 * first warning, a diff's first changed lines (never its ---/+++ header).
 */
static char *log_line(const char *s, enum log_kind kind)
{
	struct strbuf sb = { 0 };
	unsigned int kept = 0;

	while (*s && kept < (kind == LOG_DIFF ? DIFF_LINES_KEEP : 1)) {
		size_t n = strcspn(s, "\n");
		bool hit;
		char *line;

		if (kind == LOG_DIFF)
			hit = n && is_change(s, n);
		else
			hit = is_warning(s, n);
		if (hit) {
			line = keep_line(s, n);
			sb_printf(&sb, "%s%s", kept++ ? "\n" : "", line);
			free(line);
		}
		s += n;
		if (*s)
			s++;
	}
	return sb.buf;
}

/*
 * Without entity substitution (never asked for), libxml2 hands "&amp;"
 * in an attribute on as "&#38;": the only reference left to decode.
 */
static char *unref_amp(const char *s, size_t n)
{
	char *out = xstrndup(s, n), *p, *q;

	p = memchr(out, '&', n);
	if (!p)
		return out;
	q = p;
	while (*p) {
		if (str_starts(p, "&#38;")) {
			*q++ = '&';
			p += 5;
		} else {
			*q++ = *p++;
		}
	}
	*q = '\0';
	return out;
}

/* A SAX2 attribute (five pointers) by name: its value's bytes, or NULL */
static const char *attr_raw(const xmlChar **attrs, int n, const char *name,
			    size_t *len)
{
	int i;

	for (i = 0; i < n; i++) {
		const xmlChar **a = &attrs[i * 5];

		if (!strcmp((const char *)a[0], name)) {
			*len = a[4] - a[3];
			return (const char *)a[3];
		}
	}
	return NULL;
}

/* A SAX2 attribute's value, decoded. */
static char *attr(const xmlChar **attrs, int n, const char *name)
{
	size_t len;
	const char *v = attr_raw(attrs, n, name, &len);

	return v ? unref_amp(v, len) : NULL;
}

/* A testcase's name: in the file's pool when it has one */
static char *case_name(struct reader *rd, const xmlChar **attrs, int n)
{
	struct result_file *rf = rd->rf;
	size_t len;
	const char *v = attr_raw(attrs, n, "name", &len);
	char *s;

	if (!v || !rf->pooled)
		return v ? unref_amp(v, len) : NULL;
	if (!memchr(v, '&', len))
		return strpool_ndup(&rf->names, v, len);
	s = unref_amp(v, len);
	v = strpool_ndup(&rf->names, s, strlen(s));
	free(s);
	return (char *)v;
}

/* A case read into rf forgotten: its name and message may be rf's */
static void case_free(struct result_file *rf, struct result_case *c)
{
	if (rf->pooled) {
		c->name = NULL;
		c->msg = NULL;
	}
	result_case_free(c);
}

/* The testcase being read, forgotten */
static void cur_free(struct reader *rd)
{
	case_free(rd->rf, &rd->cur);
}

void result_case_free(struct result_case *c)
{
	struct case_text *t = c->text;

	if (t) {
		free(t->time);
		free(t->type);
		free(t->message);
		free(t->out);
		free(t->err);
		free(t->klog);
		free(t);
	}
	free(c->name);
	free(c->msg);
	free(c->detail);
	memset(c, 0, sizeof(*c));
}

static void case_commit(struct reader *rd)
{
	struct result_file *rf = rd->rf;
	struct result_case *c;

	rd->in_case = false;
	rd->log = LOG_NONE;
	if (!rd->cur.name) {
		cur_free(rd);
		return;
	}
	c = array_push(&rf->cases, &rf->ncases, &rf->acases, sizeof(*c));
	*c = rd->cur;
	memset(&rd->cur, 0, sizeof(rd->cur));
}

/*
 * The section of a testsuite without a classname: SECTION, or "global".
 * A SECTION with a control character is remembered, to refuse the file.
 */
static void default_section(struct reader *rd, struct result_file *rf)
{
	const char *s;

	if (rf->section)
		return;
	s = result_prop(rf, "SECTION");
	if (s && has_control(s) && !rd->bad_section)
		rd->bad_section = quote_input(s, QUOTE_MAX);
	rf->section = xstrdup(s && *s ? s : "global");
}

/* A second <testsuite> in <testsuites>: a section of its own. */
static void next_suite(struct reader *rd)
{
	struct result_file *top = rd->top, *rf;

	if (rd->in_case)
		case_commit(rd);
	default_section(rd, rd->rf);
	rf = array_push(&top->more, &top->nmore, &top->amore, sizeof(*rf));
	rf->path = xstrdup(top->path);
	rf->pooled = top->pooled;
	rd->rf = rf;
}

/* Every attribute of <testsuite> but the namespace ones, as written. */
static void keep_attrs(struct result_file *rf, const xmlChar **attrs, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		const xmlChar **a = &attrs[i * 5];
		struct result_prop *p;

		if (a[1])	/* xsi:schemaLocation: the writer has its own */
			continue;
		p = array_push(&rf->attrs, &rf->nattrs, &rf->aattrs,
			       sizeof(*p));
		p->name = xstrdup((const char *)a[0]);
		p->value = unref_amp((const char *)a[3], a[4] - a[3]);
	}
}

static void on_testsuite(struct reader *rd, const xmlChar **attrs, int n)
{
	char *t = attr(attrs, n, "time");

	if (rd->seen_suite)
		next_suite(rd);
	rd->seen_suite = true;
	rd->rf->time = t && *t ? strtod(t, NULL) : -1;
	/* when the run began: what tells one run from another */
	free(rd->rf->started);
	rd->rf->started = attr(attrs, n, "start_timestamp");
	if (!rd->rf->started)
		rd->rf->started = attr(attrs, n, "timestamp");
	free(rd->rf->hostname);
	rd->rf->hostname = attr(attrs, n, "hostname");
	if (rd->whole)
		keep_attrs(rd->rf, attrs, n);
	/* fstests writes time="" until the run ends */
	if (t && !*t) {
		rd->rf->incomplete = true;
		free(rd->rf->why_incomplete);
		rd->rf->why_incomplete = xstrdup("the run did not finish (time=\"\")");
	}
	free(t);
}

static void on_property(struct reader *rd, const xmlChar **attrs, int n)
{
	struct result_file *rf = rd->rf;
	char *name = attr(attrs, n, "name");
	struct result_prop *p;

	if (!name)
		return;
	p = array_push(&rf->props, &rf->nprops, &rf->aprops, sizeof(*p));
	p->name = name;
	p->value = attr(attrs, n, "value");
	if (!p->value)
		p->value = xstrdup("");
}

/*
 * "12" or "0.25", as strtod() reads it, in a division: digits and a point,
 * fifteen digits at most, exact as doubles, so the quotient is rounded
 * once as strtod() rounds; false for anything else
 */
static bool simple_time(const char *t, size_t len, double *v)
{
	static const double tens[] = {
		1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
		1e12, 1e13, 1e14, 1e15,
	};
	unsigned long long m = 0;
	size_t i, digits = 0, frac = 0;
	bool point = false;

	for (i = 0; i < len; i++) {
		if (t[i] == '.' && !point && i) {
			point = true;
			continue;
		}
		if (t[i] < '0' || t[i] > '9' || ++digits > 15)
			return false;
		m = m * 10 + (t[i] - '0');
		frac += point;
	}
	if (!digits || t[len - 1] == '.')
		return false;
	*v = (double)m / tens[frac];
	return true;
}

/* A testcase's time= in seconds, or -1 when absent or not a number */
static double case_time(const xmlChar **attrs, int n)
{
	char buf[64], *s, *end;
	size_t len;
	const char *t = attr_raw(attrs, n, "time", &len);
	double v;

	/* a number holds no '&', the one reference left to decode */
	if (!t || !len || memchr(t, '&', len))
		return -1;
	if (simple_time(t, len, &v))
		return v;
	s = len < sizeof(buf) ? buf : xmalloc(len + 1);
	memcpy(s, t, len);
	s[len] = '\0';
	v = strtod(s, &end);
	if (*end || v < 0 || v != v)
		v = -1;
	if (s != buf)
		free(s);
	return v;
}

/* The first classname: the section; or a name with a control character */
static void section_of(struct reader *rd, const xmlChar **attrs, int n)
{
	char *cls = attr(attrs, n, "classname");

	if (has_control(cls) && !rd->bad_name) {
		rd->bad_name = quote_input(cls, QUOTE_MAX);
		rd->stop = true;
	}
	if (!rd->rf->section)
		rd->rf->section = xstrdup(str_starts(cls, "xfstests.") ?
					  cls + 9 : cls);
	free(cls);
}

/*
 * A testcase without a name, or with an empty one: its failure would
 * vanish. The scanner counts no lines: libxml2 reads the file again.
 */
static void nameless(struct reader *rd)
{
	rd->stop = true;
	if (!rd->scanning && rd->ctxt)
		rd->nameless = xf_line(&rd->xf,
				       xmlSAX2GetLineNumber(rd->ctxt)) ?: 1;
}

static void on_testcase(struct reader *rd, const xmlChar **attrs, int n)
{
	const char *cls;
	size_t len;

	if (rd->in_case)
		case_commit(rd);
	rd->in_case = true;
	rd->decided = false;
	rd->cur.name = case_name(rd, attrs, n);
	if (!rd->cur.name || !*rd->cur.name) {
		nameless(rd);
		return;
	}
	/* "&#10;" in a name would forge lines in every report */
	if (rd->cur.name && has_control(rd->cur.name)) {
		rd->bad_name = quote_input(rd->cur.name, QUOTE_MAX);
		rd->stop = true;
	}
	rd->cur.outcome = OUT_PASS;
	rd->cur.time = case_time(attrs, n);
	if (rd->whole) {
		rd->cur.text = xcalloc(1, sizeof(*rd->cur.text));
		rd->cur.text->time = attr(attrs, n, "time");
	}
	cls = attr_raw(attrs, n, "classname", &len);
	if (!cls || (rd->rf->section && !has_control_n(cls, len)))
		return;
	section_of(rd, attrs, n);
}

/* The skip a failure of the same testcase overrides */
static void verdict_forget(struct result_file *rf, struct result_case *c)
{
	if (!rf->pooled)
		free(c->msg);
	c->msg = NULL;
	c->crashed = false;
	if (c->text) {
		free(c->text->message);
		free(c->text->type);
		c->text->message = NULL;
		c->text->type = NULL;
	}
}

static void on_case_child(struct reader *rd, const char *name,
			  const xmlChar **attrs, int n)
{
	struct result_case *c = &rd->cur;
	char *copy = NULL;
	const char *m;
	size_t len;

	if (!strcmp(name, "failure") || !strcmp(name, "error") ||
	    !strcmp(name, "skipped")) {
		/*
		 * fstests writes one verdict; of several, a failure wins
		 * over a skip whatever their order.
		 */
		if (rd->decided && (name[0] == 's' || c->outcome == OUT_FAIL))
			return;
		if (rd->decided)
			verdict_forget(rd->rf, c);
		rd->decided = true;
		c->outcome = name[0] == 's' ? OUT_NOTRUN : OUT_FAIL;
		m = attr_raw(attrs, n, "message", &len);
		/* a copy only to decode "&#38;", or to keep it whole */
		if (m && (c->text || memchr(m, '&', len))) {
			copy = unref_amp(m, len);
			m = copy;
			len = strlen(copy);
		}
		c->msg = m ? first_line(rd->rf, m, len) : NULL;
		c->crashed = name[0] == 'e' ||
			     ((m = attr_raw(attrs, n, "type", &len)) &&
			      len == strlen(RESULT_CRASH_TYPE) &&
			      !memcmp(m, RESULT_CRASH_TYPE, len));
		if (c->text) {
			c->text->message = copy;
			c->text->type = attr(attrs, n, "type");
		} else {
			free(copy);
		}
		return;
	}
	rd->text.len = 0;
	rd->in_cdata = false;
	if (!strcmp(name, "system-err"))
		rd->log = LOG_DIFF;
	else if (!strcmp(name, "kernel-log"))
		rd->log = LOG_KERNEL;
	else if (!strcmp(name, "system-out") && c->text)
		rd->log = LOG_OUT;
}

/* Keep a log's text whole (as the filter left it) for the writer. */
static void keep_log(struct case_text *t, enum log_kind kind, const char *v)
{
	char **dst = kind == LOG_OUT ? &t->out :
		     kind == LOG_DIFF ? &t->err : &t->klog;

	if (!*dst)
		*dst = xstrdup(v ? v : "");
}

/* The end of a log element: find its telling line. */
static void on_log_end(struct reader *rd)
{
	struct result_case *c = &rd->cur;
	enum log_kind kind = rd->log;
	const char *v = rd->text.buf;

	rd->log = LOG_NONE;
	if (c->text)
		keep_log(c->text, kind, v);
	if (!v || c->detail || c->outcome != OUT_FAIL || kind == LOG_OUT)
		return;
	/* before 2023, system-err held the kernel log when there was one */
	if (kind == LOG_DIFF) {
		while (*v == '\n')
			v++;
		if (!str_starts(v, "--- "))
			kind = LOG_KERNEL;
	}
	c->detail = log_line(v, kind);
}

static void sax_start(void *ctx, const xmlChar *localname,
		      const xmlChar *prefix, const xmlChar *uri, int nns,
		      const xmlChar **ns, int n, int ndefaulted,
		      const xmlChar **attrs)
{
	struct reader *rd = ctx;
	const char *name = (const char *)localname;

	if (rd->stop)
		return;
	if (!rd->seen_suite) {
		if (!strcmp(name, "testsuite"))
			on_testsuite(rd, attrs, n);
		else if (strcmp(name, "testsuites"))
			rd->stop = true;
		return;
	}
	if (!strcmp(name, "testcase"))
		on_testcase(rd, attrs, n);
	else if (!strcmp(name, "testsuite"))
		on_testsuite(rd, attrs, n);
	else if (rd->in_case)
		on_case_child(rd, name, attrs, n);
	else if (!strcmp(name, "property"))
		on_property(rd, attrs, n);
}

static void sax_end(void *ctx, const xmlChar *localname,
		    const xmlChar *prefix, const xmlChar *uri)
{
	struct reader *rd = ctx;

	if (!rd->in_case)
		return;
	if (!strcmp((const char *)localname, "testcase"))
		case_commit(rd);
	else if (rd->log)
		on_log_end(rd);
}

static void keep_text(struct reader *rd, const xmlChar *s, int len)
{
	/* the filter already bounds each CDATA section */
	if (rd->in_case && rd->log && rd->text.len < 2 * XF_CDATA_KEEP)
		sb_add(&rd->text, (const char *)s, len);
}

/* Text: of a log without CDATA (before 2023), or fstests' layout. */
static void sax_text(void *ctx, const xmlChar *s, int len)
{
	struct reader *rd = ctx;

	if (!rd->in_cdata)
		keep_text(rd, s, len);
}

/* The whitespace around a log's CDATA is fstests' layout, not the log. */
static void sax_cdata(void *ctx, const xmlChar *s, int len)
{
	struct reader *rd = ctx;

	if (!rd->in_cdata)
		rd->text.len = 0;
	/*
	 * libxml2 may hand a section on in pieces, of which keep_text()
	 * keeps those that start below its bound: when one section would
	 * cross it, only libxml2 can tell what it keeps.
	 */
	if (rd->scanning && rd->in_cdata && rd->in_case && rd->log &&
	    rd->text.len < 2 * XF_CDATA_KEEP &&
	    rd->text.len + len > 2 * XF_CDATA_KEEP)
		rd->stop = true;
	rd->in_cdata = true;
	keep_text(rd, s, len);
}

static void on_error(void *arg, xmlErrorPtr e)
{
	struct reader *rd = arg;
	size_t n;

	if (!e || e->level < XML_ERR_ERROR || rd->err_msg)
		return;
	rd->err_line = e->line;
	n = e->message ? strcspn(e->message, "\n") : 0;
	rd->err_msg = n ? xstrndup(e->message, n) : xstrdup("parse error");
}

/* Start again from the top: what the scanner handed on is forgotten. */
static int restart(struct reader *rd)
{
	struct result_file *rf = rd->top;
	char *path = rf->path;

	cur_free(rd);
	rf->path = NULL;
	result_free(rf);
	rf->path = path;
	rf->time = -1;
	rf->pooled = !rd->whole;
	rd->rf = rf;
	rd->seen_suite = false;
	rd->in_case = false;
	rd->decided = false;
	rd->stop = false;
	rd->in_cdata = false;
	rd->log = LOG_NONE;
	rd->text.len = 0;
	free(rd->bad_name);
	rd->bad_name = NULL;
	xf_free(&rd->xf);
	if (rd->fd < 0) {
		xf_init_buf(&rd->xf, rd->buf, rd->len);
		return 0;
	}
	xf_init_fd(&rd->xf, rd->fd);
	if (lseek(rd->fd, 0, SEEK_SET) < 0) {
		rd->xf.error = xasprintf("cannot read it again: %s",
					 errstr(errno));
		return -1;
	}
	return 0;
}

/*
 * The filtered file through result_scan() and, when it cannot tell,
 * through a SAX2 push parser from the start; -1 on an error.
 */
static int parse(struct reader *rd)
{
	xmlSAXHandler sax = { 0 };
	xmlParserCtxtPtr ctxt;
	char buf[64 << 10];
	int n, ret = 0;

	sax.initialized = XML_SAX2_MAGIC;
	sax.startElementNs = sax_start;
	sax.endElementNs = sax_end;
	sax.characters = sax_text;
	sax.cdataBlock = sax_cdata;
	sax.serror = on_error;
	/* result_read_whole() keeps text the scanner may cut elsewhere */
	if (!rd->whole && !rd->no_scan) {
		/* on an error, libxml2 reads it again: lines are counted then */
		xf_no_lines(&rd->xf);
		rd->scanning = true;
		n = result_scan(&rd->xf, &sax, rd, &rd->stop);
		rd->scanning = false;
		if (n == SCAN_DONE)
			return 0;
		if (restart(rd))
			return -1;
	}
	xmlInitParser();
	ctxt = xmlCreatePushParserCtxt(&sax, rd, NULL, 0, rd->name);
	if (!ctxt)
		return -1;
	rd->ctxt = ctxt;
	xmlCtxtUseOptions(ctxt, PARSE_OPTIONS);
	do {
		n = xf_read(&rd->xf, buf, sizeof(buf));
		if (n < 0) {
			ret = -1;
			break;
		}
		if (xmlParseChunk(ctxt, buf, n, n == 0) || rd->err_msg) {
			/* at the end of the input: the file was cut short */
			rd->at_end = n == 0;
			ret = -1;
			break;
		}
	} while (n > 0 && !rd->stop);
	rd->ctxt = NULL;
	xmlFreeParserCtxt(ctxt);
	return ret;
}

/*
 * The compression the input starts with ("gzip", "xz", "zstd"), or NULL:
 * a compressed result.xml is named as one, not as bad XML
 */
static const char *compressed(const struct reader *rd)
{
	char head[8];
	ssize_t n;
	const char *c;

	if (rd->fd < 0) {
		c = compression_of(rd->buf, rd->len);
	} else {
		n = pread(rd->fd, head, sizeof(head), 0);
		c = n > 0 ? compression_of(head, n) : "plain";
	}
	return strcmp(c, "plain") ? c : NULL;
}

static int read_with(struct reader *rd, char **err)
{
	struct result_file *rf = rd->rf;
	unsigned long line;
	char *why;
	int ret;

	ret = parse(rd);
	rd->top->repaired = rd->xf.repaired;
	rf = rd->rf;
	if (rd->bad_name) {
		*err = xasprintf("%s: testcase '%s': a control character in a name",
				 rd->name, rd->bad_name);
		return -1;
	}
	if (rd->nameless) {
		*err = xasprintf("%s: line %lu: a testcase without a name",
				 rd->name, rd->nameless);
		return -1;
	}
	if (ret >= 0 && !rd->seen_suite) {
		*err = xasprintf("%s: not an fstests result file (no <testsuite>)",
				 rd->name);
		return -1;
	}
	if (ret >= 0)
		return 0;
	if (!rd->seen_suite && compressed(rd)) {
		*err = xasprintf("%s: %s-compressed, not XML: give it decompressed",
				 rd->name, compressed(rd));
		return -1;
	}
	line = xf_line(&rd->xf, rd->err_line);
	if (rd->xf.error)	/* the filter's own reason is the better one */
		why = xstrdup(rd->xf.error);
	else if (rd->at_end && rd->seen_suite)
		why = xasprintf("line %lu: the file ends in the middle (%s)",
				xf_lines(&rd->xf),
				rd->err_msg ? rd->err_msg : "parse error");
	else
		why = xasprintf("line %lu: %s", line,
				rd->err_msg ? rd->err_msg : "parse error");
	if (!rd->seen_suite) {
		*err = xasprintf("%s: %s", rd->name, why);
		free(why);
		return -1;
	}
	/* cut short: keep every testcase whose outcome is known */
	if (rd->in_case && rd->decided)
		case_commit(rd);
	rf->incomplete = true;
	free(rf->why_incomplete);
	rf->why_incomplete = why;
	return 0;
}

static int read_common(struct reader *rd, const char *name,
		       struct result_file *rf, char **err)
{
	int ret;

	rd->top = rf;
	rd->rf = rf;
	rd->name = name;
	ret = read_with(rd, err);
	cur_free(rd);
	sb_free(&rd->text);
	free(rd->err_msg);
	free(rd->bad_name);
	xf_free(&rd->xf);
	default_section(rd, rd->rf);
	default_section(rd, rf);
	if (!ret && rd->bad_section) {
		*err = xasprintf("%s: section '%s' (its SECTION property): %s",
				 name, rd->bad_section,
				 "a control character in a name");
		ret = -1;
	}
	free(rd->bad_section);
	return ret;
}

static int read_buf(const char *name, const char *buf, size_t len,
		    bool no_scan, struct result_file *rf, char **err)
{
	struct reader rd = { .fd = -1, .buf = buf, .len = len,
			     .no_scan = no_scan };

	memset(rf, 0, sizeof(*rf));
	rf->path = xstrdup(name);
	rf->time = -1;
	rf->pooled = true;
	xf_init_buf(&rd.xf, buf, len);
	if (!read_common(&rd, rf->path, rf, err))
		return 0;
	result_free(rf);
	return -1;
}

int result_read_buf(const char *name, const char *buf, size_t len,
		    struct result_file *rf, char **err)
{
	return read_buf(name, buf, len, false, rf, err);
}

int result_read_buf_xml(const char *name, const char *buf, size_t len,
			struct result_file *rf, char **err)
{
	return read_buf(name, buf, len, true, rf, err);
}

static int read_path(const char *path, bool whole, struct result_file *rf,
		     char **err)
{
	struct reader rd = { .whole = whole };
	struct stat st;
	int fd, ret;

	memset(rf, 0, sizeof(*rf));
	rf->path = xstrdup(path);
	rf->time = -1;
	rf->pooled = !whole;
	fd = open_regular_stat(path, &st);
	if (fd < 0) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		result_free(rf);
		return -1;
	}
	if (!st.st_size) {
		*err = xasprintf("%s: empty file", path);
		ret = -1;
	} else {
		rd.fd = fd;
		xf_init_fd(&rd.xf, fd);
		ret = read_common(&rd, rf->path, rf, err);
	}
	close(fd);
	/* as read_buf(): nothing to free when nothing usable was read */
	if (ret)
		result_free(rf);
	return ret;
}

void result_read_init(void)
{
	xmlInitParser();
}

int result_read(const char *path, struct result_file *rf, char **err)
{
	return read_path(path, false, rf, err);
}

int result_read_whole(const char *path, struct result_file *rf, char **err)
{
	return read_path(path, true, rf, err);
}

int result_read_named(const char *path, struct result_file *rf, char **err)
{
	size_t len;
	char *buf;
	int ret;

	if (!is_named_stream(path))
		return read_path(path, false, rf, err);
	/* a pipe cannot be read again from the top: it is read whole */
	memset(rf, 0, sizeof(*rf));
	if (read_named(path, RESULT_STREAM_MAX, &buf, &len)) {
		*err = xasprintf("%s: %s", path, errstr(errno));
		return -1;
	}
	if (!len) {
		*err = xasprintf("%s: empty file", path);
		free(buf);
		return -1;
	}
	ret = read_buf(path, buf, len, false, rf, err);
	free(buf);
	return ret;
}

const char *result_prop(const struct result_file *rf, const char *name)
{
	size_t i;

	for (i = 0; i < rf->nprops; i++) {
		if (!strcmp(rf->props[i].name, name))
			return rf->props[i].value;
	}
	return NULL;
}

void result_free(struct result_file *rf)
{
	size_t i;

	for (i = 0; i < rf->nmore; i++)
		result_free(&rf->more[i]);
	free(rf->more);
	for (i = 0; i < rf->nprops; i++) {
		free(rf->props[i].name);
		free(rf->props[i].value);
	}
	for (i = 0; i < rf->ncases; i++)
		case_free(rf, &rf->cases[i]);
	strpool_free(&rf->names);
	for (i = 0; i < rf->nattrs; i++) {
		free(rf->attrs[i].name);
		free(rf->attrs[i].value);
	}
	free(rf->attrs);
	free(rf->props);
	free(rf->cases);
	free(rf->path);
	free(rf->section);
	free(rf->why_incomplete);
	free(rf->started);
	free(rf->hostname);
	memset(rf, 0, sizeof(*rf));
}

const char *result_diff(const struct result_file *a,
			const struct result_file *b)
{
	size_t i;

	if (!str_same(a->section, b->section))
		return "section";
	if (a->nprops != b->nprops || a->ncases != b->ncases ||
	    a->nmore != b->nmore)
		return "counts";
	if (a->time != b->time || a->incomplete != b->incomplete ||
	    a->repaired != b->repaired)
		return "time, incomplete or repaired";
	if (!str_same(a->why_incomplete, b->why_incomplete))
		return "why_incomplete";
	for (i = 0; i < a->nprops; i++) {
		if (!str_same(a->props[i].name, b->props[i].name) ||
		    !str_same(a->props[i].value, b->props[i].value))
			return "a property";
	}
	for (i = 0; i < a->ncases; i++) {
		const struct result_case *x = &a->cases[i], *y = &b->cases[i];

		if (!str_same(x->name, y->name) || x->outcome != y->outcome ||
		    x->crashed != y->crashed ||
		    !str_same(x->msg, y->msg) || !str_same(x->detail, y->detail))
			return "a testcase";
	}
	for (i = 0; i < a->nmore; i++) {
		const char *d = result_diff(&a->more[i], &b->more[i]);

		if (d)
			return d;
	}
	return NULL;
}
