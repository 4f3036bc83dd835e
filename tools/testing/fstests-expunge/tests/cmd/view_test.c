// SPDX-License-Identifier: GPL-2.0
/* view: the lines that apply to one fs, section and kernel, grouped. */
#include <stdarg.h>
#include <sys/stat.h>

#include "kselftest_harness.h"

#include "test-util.h"
#include "lib/base.h"
#include "lib/strbuf.h"
#include "tmpdir-fixture.h"

#define SHIPPED	SRCDIR "/data"
#define FIX	"fixed-by=0123456789ab"

static __printf(1, 2) struct proc_out fexp(const char *fmt, ...)
{
	struct proc_out r;
	va_list ap;
	char *args;

	va_start(ap, fmt);
	if (vasprintf(&args, fmt, ap) < 0)
		abort();
	va_end(ap);
	unsetenv("FSTESTS_EXPUNGE_DATA");
	r = fexp_call(args);
	free(args);
	return r;
}

/* A data directory where each line says whether it applies */
static void view_data(const char *dir)
{
	char *eol = str_printf("%s/eol", dir);

	put_in_dir(dir, "global.expunge",
		   "generic/001 expunge cause=kernel # hangs\n"
		   "generic/002 fail section=other # another section\n");
	put_in_dir(dir, "xfs.expunge",
		   "generic/010 fail cause=test # the test races\n"
		   "xfs/100 expunge cause=kernel fixed=6.6 " FIX " # old\n"
		   "xfs/101 flaky section=crc retries=5 # now and then\n"
		   "xfs/102 fail section=crc,reflink cause=tools # xfsprogs\n"
		   "xfs/103 fail env=gce cause=env # on gce only\n"
		   "xfs/104 expunge since=6.13 # newer kernels\n");
	mkdir(eol, 0755);
	put_in_dir(eol, "xfs.expunge",
		   "xfs/200 expunge fixed=5.0 " FIX " # before 5.0\n");
	free(eol);
}

/* The view's first line, then body */
static char *view_of(const char *dir, const char *k, const char *s,
		     const char *body)
{
	return str_printf("# xfs data (%s) for kernel %s (version %s, from --release), %s\n%s",
			  dir, k, k, s, body);
}

/* out with the header's lines joined: their wrap depends on the path */
static char *joined(const char *out)
{
	struct strbuf sb = { 0 };
	const char *p, *cont;

	for (p = out; (cont = strstr(p, "\n#   ")); p = cont + 5)
		sb_printf(&sb, "%.*s ", (int)(cont - p), p);
	sb_puts(&sb, p);
	return sb.buf;
}

/* Only what applies, grouped by kind then cause, each with file:line */
TEST_F(tmp, lines_that_apply_grouped)
{
	static const char body[] =
		"# 4 lines apply: 1 expunge, 2 fail, 1 flaky\n"
		"\nexpunge, cause kernel: 1 line\n"
		"global.expunge:1: generic/001 expunge cause=kernel  # hangs\n"
		"\nfail, cause test: 1 line\n"
		"xfs.expunge:1:    generic/010 fail cause=test  # the test races\n"
		"\nfail, cause tools: 1 line\n"
		"xfs.expunge:4:    xfs/102 fail section=crc,reflink cause=tools\n"
		"    # xfsprogs\n"
		"\nflaky, cause not said: 1 line\n"
		"xfs.expunge:3:    xfs/101 flaky section=crc retries=5  # now and then\n";
	struct proc_out r;
	char *want, *got;

	view_data(self->dir);
	r = fexp("view --fs xfs --section crc --release 6.12.50 --data %s",
		 self->dir);
	EXPECT_EQ(0, r.status);
	EXPECT_STREQ("", r.err);
	want = view_of(self->dir, "6.12.50", "section crc", body);
	got = joined(r.out);
	EXPECT_STREQ(want, got);
	free(got);
	free(want);
	proc_out_free(&r);
}

/* An old kernel: eol/ lines by their own file; a switch; no section */
TEST_F(tmp, old_kernel_switch_and_no_section)
{
	static const char body[] =
		"# 5 lines apply: 3 expunge, 2 fail, 0 flaky\n"
		"\nexpunge, cause kernel: 2 lines\n"
		/* too wide for a mail: on, indented, the comment its own */
		"xfs.expunge:2:     xfs/100 expunge fixed=6.6 fixed-by=0123456789ab\n"
		"    cause=kernel\n"
		"    # old\n"
		"global.expunge:1:  generic/001 expunge cause=kernel  # hangs\n"
		"\nexpunge, cause not said: 1 line\n"
		"eol/xfs.expunge:1: xfs/200 expunge fixed=5.0 fixed-by=0123456789ab\n"
		"    # before 5.0\n"
		"\nfail, cause test: 1 line\n"
		"xfs.expunge:1:     generic/010 fail cause=test  # the test races\n"
		"\nfail, cause env: 1 line\n"
		"xfs.expunge:5:     xfs/103 fail env=gce cause=env  # on gce only\n";
	struct proc_out r;
	char *want, *got;

	view_data(self->dir);
	r = fexp("view --fs xfs --release 4.19.300 --env gce --data %s",
		 self->dir);
	EXPECT_EQ(0, r.status);
	want = view_of(self->dir, "4.19.300", "no section", body);
	got = joined(r.out);
	EXPECT_STREQ(want, got);
	free(got);
	free(want);
	proc_out_free(&r);
}

TEST_F(tmp, usage_errors)
{
	static const char *const bad[] = {
		"view", "view --section crc", "view --fs xfs extra",
		"view --fs xfs --env nosuch", "view --fs xfs --nosuch",
	};
	struct proc_out r;
	size_t i;

	view_data(self->dir);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		r = fexp("%s --release 6.12.50 --data %s", bad[i], self->dir);
		EXPECT_EQ(2, r.status) TH_LOG("%s", bad[i]);
		EXPECT_STREQ("", r.out);
		EXPECT_NE(0, strlen(r.err));
		proc_out_free(&r);
	}
	/* data with an error: no view of half the lines */
	put_in_dir(self->dir, "xfs.expunge", "xfs/1 nosuchkind # x\n");
	r = fexp("view --fs xfs --release 6.12.50 --data %s", self->dir);
	EXPECT_EQ(2, r.status);
	EXPECT_NE(NULL, strstr(r.err, "xfs.expunge:1"));
	proc_out_free(&r);
}

static int str_qcmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The tests out names, sorted and each once, one a line: of the view's
 * lines of the kinds in kinds (view), else the first word of each line
 * that is not a comment (exclude, flaky). Group entries left out.
 */
static char *tests_named(const char *out, const char *kinds)
{
	struct strlist l = { 0 };
	struct strbuf sb = { 0 };
	char place[512], test[256], kind[32];
	const char *p;
	size_t i;

	for (p = out; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0)) {
		if (kinds ? sscanf(p, "%511s %255s %31s", place, test, kind) != 3 ||
		    !strstr(place, ".expunge:") || !strstr(kinds, kind) :
		    *p == '#' || *p == '\n' || sscanf(p, "%255s", test) != 1)
			continue;
		if (!str_starts(test, "group:"))
			strlist_add(&l, xstrdup(test));
	}
	if (l.n)
		qsort(l.v, l.n, sizeof(*l.v), str_qcmp);
	for (i = 0; i < l.n; i++) {
		if (!i || strcmp(l.v[i], l.v[i - 1]))
			sb_printf(&sb, "%s\n", l.v[i]);
	}
	strlist_free(&l);
	return sb.buf ? sb.buf : xstrdup("");
}

/* The lines of a that are not lines of b */
static char *lines_minus(char *a, const char *b)
{
	struct strbuf sb = { 0 };
	char *nb = str_printf("\n%s", b), *line, *key;

	for (line = strtok(a, "\n"); line; line = strtok(NULL, "\n")) {
		key = str_printf("\n%s\n", line);
		if (!strstr(nb, key))
			sb_printf(&sb, "%s\n", line);
		free(key);
	}
	free(nb);
	free(a);
	return sb.buf ? sb.buf : xstrdup("");
}

/* The tests of the view's lines whose strongest kind is among kinds */
static char *view_tests(const char *out, const char *kinds)
{
	char *got = tests_named(out, kinds), *stronger;

	if (strcmp(kinds, "flaky"))
		return got;
	/* flaky lists a test only when no expunge or fail line applies */
	stronger = tests_named(out, "expunge fail");
	got = lines_minus(got, stronger);
	free(stronger);
	return got;
}

/*
 * On the shipped data, over filesystems, sections and kernels, the view
 * names exactly the tests exclude leaves out (expunge and fail, with
 * --run-known-failures only expunge) and flaky lists (the flaky lines
 * of tests no stronger line takes): it is the one
 * selection, not a second one.
 */
TEST_F_TIMEOUT(tmp, same_tests_as_exclude_and_flaky, 300)
{
	static const char *const cells[][2] = {
		{ "xfs", "xfs_crc" }, { "xfs", "xfs_reflink" },
		{ "btrfs", "btrfs_simple_zns" }, { "ext4", "ext4_4k" },
		{ "tmpfs", "" }, { "xfs", "" },
	};
	static const char *const kernels[] = { "6.12.50", "6.1.100", "5.4.250" };
	static const char *const kinds[][2] = {
		{ "exclude", "expunge fail" },
		{ "exclude --run-known-failures", "expunge" },
		{ "flaky", "flaky" },
	};
	char *config = str_printf("%s/config", self->dir);
	size_t c, k, m, checked = 0;

	put_str(config, "CONFIG_XFS_FS=y\nCONFIG_XFS_QUOTA=y\n");
	for (c = 0; c < ARRAY_SIZE(cells); c++) {
		for (k = 0; k < ARRAY_SIZE(kernels); k++) {
			char *opts = str_printf("--fs %s %s%s --release %s --config %s --data %s",
						cells[c][0],
						*cells[c][1] ? "--section " : "",
						cells[c][1], kernels[k], config,
						SHIPPED);
			struct proc_out v = fexp("view %s", opts);

			ASSERT_EQ(0, v.status) TH_LOG("%s: %s", opts, v.err);
			for (m = 0; m < ARRAY_SIZE(kinds); m++) {
				struct proc_out o = fexp("%s %s", kinds[m][0],
							 opts);
				char *want = tests_named(o.out, NULL);
				char *got = view_tests(v.out, kinds[m][1]);

				EXPECT_EQ(0, o.status);
				EXPECT_STREQ(want, got)
					TH_LOG("%s %s", kinds[m][0], opts);
				checked += strlen(want) > 0;
				free(want);
				free(got);
				proc_out_free(&o);
			}
			proc_out_free(&v);
			free(opts);
		}
	}
	/* not every list empty: the comparison compared something */
	EXPECT_LT(20, checked);
	free(config);
}

/* cause=untriaged lines are one group, after the causes, before none */
TEST_F(tmp, untriaged_lines_are_one_group)
{
	struct proc_out r;
	const char *u, *n;

	put_in_dir(self->dir, "xfs.expunge",
		   "xfs/1 fail cause=untriaged from=kdevops:6.12.3 seen=6.12.3\n"
		   "xfs/2 fail # said in prose\n"
		   "xfs/3 fail cause=untriaged from=kdevops:6.12.3 seen=6.12.3\n"
		   "xfs/4 fail cause=kernel # a bug\n");
	r = fexp("view --fs xfs --release 6.12.50 --data %s", self->dir);
	EXPECT_EQ(0, r.status);
	u = strstr(r.out, "\nfail, cause untriaged: 2 lines\n");
	n = strstr(r.out, "\nfail, cause not said: 1 line\n");
	ASSERT_NE(NULL, u) TH_LOG("%s", r.out);
	ASSERT_NE(NULL, n) TH_LOG("%s", r.out);
	EXPECT_LT(strstr(r.out, "\nfail, cause kernel: 1 line\n"), u);
	EXPECT_LT(u, n);
	proc_out_free(&r);
}

TEST_HARNESS_MAIN
