// SPDX-License-Identifier: GPL-2.0
/* "matrix": the test matrix over every run of results archives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cmd.h"
#include "lib/fileio.h"
#include "matrix/matrix-class.h"
#include "report/format.h"
#include "report/matrix-report.h"

static const struct usage usage = {
	.cmd = "matrix",
	.synopsis =
"[-o DIR] [--format html|json]\n"
"[--fs FS] [--section S] [--kernel GLOB]\n"
"[--data DIR] ARCHIVE...",
	.about =
"The test matrix over every run of the results archives (made by\n"
"'archive add'): per filesystem, section, machine and set-up (never\n"
"mixed), tests x kernels, each cell classed pass, fail, flaky (with f/n),\n"
"known (a known failure of the data), expunged, notrun or crash (the last\n"
"test of a run cut short, not passing), with its failure rate over every\n"
"run of that cell and each test's first failing kernel. html: static\n"
"pages in DIR (DIR/index.html: every test with a problem first, the\n"
"worst first, then the tables; a page per such test over every table;\n"
"a page per table, problems first and the rest folded, with a compare\n"
"view of its two newest kernels), and of an earlier run there the pages\n"
"and logs this one did not write removed; json: the same matrix on\n"
"standard output.",
	.exit_status =
"Exit status: 0, or 2 on bad usage or an unreadable archive or data.",
};

static int output(const struct matrix *m, const struct output_format *f,
		  const char *dir)
{
	struct strbuf sb = { 0 };
	char *err = NULL;
	int ret = 0;

	if (f->write.matrix(m, dir, &sb, &err)) {
		pr_err("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	if (!f->pages) {
		ret = write_output(NULL, &sb) ? EXIT_USAGE : EXIT_OK;
		sb_free(&sb);
		return ret;
	}
	fprintf(stderr, "%s: %zu table%s of %lu runs in %s/index.html\n",
		progname, m->n, m->n == 1 ? "" : "s", m->runs, dir);
	return EXIT_OK;
}

int do_matrix(int argc, char **argv)
{
	struct matrix_opts o = { 0 };
	const char *dir = NULL, *format = "html";
	const struct opt opts[] = {
		OPT_STRING('o', "output", &dir, "DIR",
			   "the folder of the pages (html; made if need be)"),
		OPT_CHOICE(0, "format", &format, format_choices("matrix"),
			   "pages (default), or JSON on standard output"),
		OPT_STRING('f', "fs", &o.fs, "FS", "only this filesystem"),
		OPT_STRING('s', "section", &o.section, "S", "only this section"),
		OPT_STRING('k', "kernel", &o.kernel, "GLOB",
			   "only the kernels whose release matches"),
		OPT_DATA(&o, "the data that says known and expunged"),
		OPT_END()
	};
	const struct output_format *f;
	struct matrix m = { 0 };
	char *err = NULL;
	int ret;

	argc = parse_options(argc, argv, opts, &usage);
	if (argc < 0)
		return parse_options_exit(argc);
	f = format_find("matrix", format);
	if (!f)
		return EXIT_USAGE;
	if (!argc || !dir != !f->pages) {
		pr_err(!argc ? "matrix: no archive given" :
		       dir ? "matrix: -o DIR is for html: %s goes to standard output" :
		       "matrix: %s needs -o DIR", format);
		return usage_error("matrix");
	}
	if (matrix_build(&o, argv, argc, &m, &err) ||
	    matrix_classify(&m, o.data, &err)) {
		pr_err("%s", err);
		free(err);
		matrix_free(&m);
		return EXIT_USAGE;
	}
	ret = output(&m, f, dir);
	matrix_free(&m);
	return ret;
}
