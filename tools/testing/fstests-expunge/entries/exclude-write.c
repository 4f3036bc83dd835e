// SPDX-License-Identifier: GPL-2.0
/* The exclude command's pipeline: the data, then every exclude file. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "entries/exclude-write.h"
#include "lib/fileio.h"

const char *exclude_bad_file_name(char *const *sections)
{
	for (; sections && *sections; sections++) {
		if (!file_name_ok(*sections))
			return *sections;
	}
	return NULL;
}

/* The data for fs, with what the user should know said on stderr */
static const struct kdata *load(struct kdata_cache *kc, const char *fs,
				size_t nsections)
{
	const struct kdata *kd = kdata_load(kc, fs);
	size_t n;

	if (!kd)
		return NULL;
	n = nsections ? 0 : exclude_section_only(kd, NULL);
	if (n)
		pr_warn("%zu %s: give --section", n, SECTION_ONLY);
	return kd;
}

/* Say which group entries went unexpanded, each group once */
static void warn_unexpanded(struct strlist *groups)
{
	struct strbuf sb = { 0 };
	size_t i, j;

	for (i = 0; i < groups->n; i++) {
		for (j = 0; j < i && strcmp(groups->v[i], groups->v[j]); j++)
			;
		if (j == i)
			sb_printf(&sb, " %s", groups->v[i]);
	}
	if (sb.len)
		pr_warn("group entries not expanded (no fstests tree: give --fstests DIR or set FSTESTS_DIR), left as comments:%s",
			sb.buf);
	sb_free(&sb);
}

int exclude_write_files(const struct kdata *kd, const struct datadir *dd,
			const struct exclude_opts *xo,
			const struct strlist *sections, const char *output,
			const char *outdir)
{
	size_t i, n = sections->n ? sections->n : 1;
	struct strbuf *outs = xcalloc(n, sizeof(*outs));
	char **paths = xcalloc(n + 1, sizeof(*paths));
	int ret = EXIT_OK;

	for (i = 0; i < n; i++) {
		const char *section = sections->n ? sections->v[i] : NULL;

		exclude_list(kd, dd, xo, section, &outs[i]);
		if (outdir)
			paths[i] = xasprintf("%s/%s.exclude", outdir,
					     section ? section : xo->fs);
		else if (output)
			paths[i] = xstrdup(output);
	}
	if (outdir && write_pages_atomic(paths, outs, n)) {
		pr_err("%s: %s", outdir, errstr(errno));
		ret = EXIT_USAGE;
	} else if (!outdir && write_outputs(paths[0] ? paths : NULL, outs, n)) {
		ret = EXIT_USAGE;
	}
	for (i = 0; i < n; i++) {
		sb_free(&outs[i]);
		free(paths[i]);
	}
	free(outs);
	free(paths);
	return ret;
}

/* The data, the output directory, then the files */
static int load_and_write(const struct exclude_job *job,
			  const struct exclude_opts *xo)
{
	struct kdata_cache kc;
	const struct kdata *kd;
	int ret;

	/* ko->fstests: its fixes retire test-fixed-by= entries */
	kdata_init(&kc, job->ko);
	kd = load(&kc, xo->fs, job->sections->n);
	ret = kd ? EXIT_OK : EXIT_USAGE;
	if (!ret && job->outdir && mkdir(job->outdir, 0755) &&
	    errno != EEXIST) {
		pr_err("%s: %s", job->outdir, strerror(errno));
		ret = EXIT_USAGE;
	}
	if (!ret)
		ret = exclude_write_files(kd, &kc.dd, xo, job->sections,
					  job->output, job->outdir);
	kdata_free(&kc);
	return ret;
}

int exclude_read_tree(const char *dir, struct fstests_tree *tree)
{
	char *err = NULL;

	if (fstests_tree_read(dir, tree, &err)) {
		pr_err("exclude: %s", err);
		free(err);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int exclude_write(const struct exclude_job *job)
{
	struct strlist unexpanded = { 0 };
	struct exclude_opts xo = job->xo;
	struct fstests_tree tree = { 0 };
	const char *fstests = fstests_dir(job->ko->fstests);
	int ret;

	if (fstests && exclude_read_tree(fstests, &tree))
		return EXIT_USAGE;
	xo.tree = fstests ? &tree : NULL;
	xo.unexpanded = &unexpanded;
	ret = load_and_write(job, &xo);
	warn_unexpanded(&unexpanded);
	strlist_free(&unexpanded);
	fstests_tree_free(&tree);
	return ret;
}
