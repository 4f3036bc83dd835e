// SPDX-License-Identifier: GPL-2.0
/* "kernel": what was found of the kernel, and where. */
#include <stdio.h>
#include <stdlib.h>

#include "datadir.h"
#include "main.h"

static void print_help(void)
{
	printf("Usage: %s kernel [OPTIONS]\n\n"
	       "Show the kernel the other commands would use: its release, the\n"
	       "upstream version behind it, its config and the data files, each\n"
	       "with where it was found.\n\n" KERNEL_OPTIONS_HELP
	       "  -h, --help        show this help\n\n"
	       "Exit status: 0, or 2 when the kernel or its config cannot be read.\n",
	       progname);
}

int do_kernel(int argc, char **argv)
{
	static const struct option own[] = {
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	struct option buf[LONGOPTS_MAX];
	const struct option *longopts;
	struct kernel_opts o = { 0 };
	const struct kconfig_file *cfg;
	struct datadir dd = { 0 };
	struct kernel k;
	char **fs, *err = NULL, vbuf[48];
	const char *cerr;
	int opt, ret = EXIT_OK;
	size_t i;

	longopts = with_kernel_options(own, buf, ARRAY_SIZE(buf));
	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		if (kernel_opt(&o, opt, optarg))
			continue;
		if (opt == 'h') {
			print_help();
			return EXIT_OK;
		}
		return usage_error("kernel");
	}
	if (optind < argc) {
		pr_err("kernel: unexpected argument '%s'", argv[optind]);
		return usage_error("kernel");
	}
	if (kernel_identify(&o, &k, &err)) {
		pr_err("%s", err);
		free(err);
		kernel_free(&k);
		return EXIT_USAGE;
	}
	printf("release:  %s (from %s)\n", k.release, k.release_from);
	printf("version:  %s (from %s)\n", kver_str(&k.version, vbuf),
	       k.version_from);
	cfg = kernel_config(&k, &cerr);
	if (cfg)
		printf("config:   %s (%zu symbols)\n", cfg->source, cfg->n);
	else
		printf("config:   none\n");
	printf("srctree:  %s\n", k.srctree ? k.srctree : "none");
	if (datadir_find(o.data, &dd, &err)) {
		pr_err("%s", err);
		free(err);
		ret = EXIT_USAGE;
	} else {
		printf("data:     %s (%s):", dd.dir ? dd.dir : "built in",
		       dd.from);
		fs = datadir_filesystems(&dd);
		for (i = 0; fs[i]; i++)
			printf(" %s", fs[i]);
		printf("\n");
		free_list(fs);
	}
	if (!cfg) {
		pr_err("%s", cerr);
		ret = EXIT_USAGE;
	}
	datadir_free(&dd);
	kernel_free(&k);
	return ret;
}
