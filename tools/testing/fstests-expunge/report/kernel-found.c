// SPDX-License-Identifier: GPL-2.0
/* The kernel command's report: the kernel and data found, and where. */
#include <stdlib.h>
#include <string.h>

#include "lib/json-writer.h"
#include "report/kernel-found.h"

void kernel_found_text(const struct kernel_found *f, struct strbuf *sb)
{
	size_t i;

	sb_printf(sb, "release:  %s (from %s)\n", f->k.release,
		  f->k.release_from);
	sb_printf(sb, "version:  %s (from %s)\n", f->version,
		  f->k.version_from);
	if (f->cfg)
		sb_printf(sb, "config:   %s (%zu symbols)\n", f->cfg->source,
			  f->cfg->n);
	else
		sb_puts(sb, "config:   none\n");
	sb_printf(sb, "srctree:  %s\n", f->k.srctree ? f->k.srctree : "none");
	if (!f->fs)
		return;
	/* the built-in data is found nowhere else: "built in", once */
	if (f->dd.dir)
		sb_printf(sb, "data:     %s (%s):", f->dd.dir, f->dd.from);
	else
		sb_puts(sb, "data:     built in:");
	for (i = 0; f->fs[i]; i++)
		sb_printf(sb, " %s", f->fs[i]);
	sb_puts(sb, "\n");
}

/* One key=value a line; an unknown value is empty. */
void kernel_found_keys(const struct kernel_found *f, struct strbuf *sb)
{
	size_t i;

	sb_printf(sb, "release=%s\nrelease_from=%s\n", f->k.release,
		  f->k.release_from);
	sb_printf(sb, "version=%s\nversion_from=%s\n", f->version,
		  f->k.version_from);
	sb_printf(sb, "config=%s\n", f->cfg ? f->cfg->source : "");
	sb_printf(sb, "srctree=%s\n", f->k.srctree ? f->k.srctree : "");
	if (!f->fs)
		return;
	sb_printf(sb, "data=%s\ndata_from=%s\nfilesystems=",
		  f->dd.dir ? f->dd.dir : "", f->dd.from);
	for (i = 0; f->fs[i]; i++)
		sb_printf(sb, "%s%s", i ? " " : "", f->fs[i]);
	sb_puts(sb, "\n");
}

/* The same keys as one JSON object; an unknown value is null. */
void kernel_found_json(const struct kernel_found *f, struct strbuf *sb)
{
	struct json_writer w;
	size_t i;

	jsonw_init(&w, sb);
	jsonw_start_object(&w);
	jsonw_string_field(&w, "release", f->k.release);
	jsonw_string_field(&w, "release_from", f->k.release_from);
	jsonw_string_field(&w, "version", f->version);
	jsonw_string_field(&w, "version_from", f->k.version_from);
	jsonw_string_field(&w, "config", f->cfg ? f->cfg->source : NULL);
	jsonw_string_field(&w, "srctree", f->k.srctree);
	jsonw_string_field(&w, "data", f->fs ? f->dd.dir : NULL);
	jsonw_string_field(&w, "data_from", f->fs ? f->dd.from : NULL);
	jsonw_name(&w, "filesystems");
	jsonw_start_array(&w);
	for (i = 0; f->fs && f->fs[i]; i++)
		jsonw_string(&w, f->fs[i]);
	jsonw_end_array(&w);
	jsonw_end_object(&w);
	sb_puts(sb, "\n");
}

int kernel_find_all(const struct kernel_opts *o, struct kernel_found *f)
{
	const char *cerr = NULL;
	char *err = NULL;
	int ret = EXIT_OK;

	if (kernel_identify(o, &f->k, &err)) {
		pr_err("%s", err);
		free(err);
		return -1;
	}
	kver_str(&f->k.version, f->version);
	f->cfg = kernel_config(&f->k, &cerr);
	if (datadir_find(o->data, &f->dd, &err)) {
		pr_err("%s", err);
		free(err);
		ret = EXIT_USAGE;
	} else {
		f->fs = datadir_filesystems(&f->dd);
	}
	if (!f->cfg) {
		pr_err("%s", cerr);
		ret = EXIT_USAGE;
	}
	return ret;
}

void kernel_found_free(struct kernel_found *f)
{
	free_list(f->fs);
	datadir_free(&f->dd);
	kernel_free(&f->k);
}
