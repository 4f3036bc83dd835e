/* SPDX-License-Identifier: GPL-2.0 */
/* fstests-expunge: the commands and what they share. */
#ifndef FEXP_MAIN_H
#define FEXP_MAIN_H

#include <getopt.h>

#include "kernel.h"

#define FEXP_VERSION	"1.0"

int do_kernel(int argc, char **argv);
int do_exclude(int argc, char **argv);
int do_flaky(int argc, char **argv);
int do_check(int argc, char **argv);
int do_compare(int argc, char **argv);
int do_run(int argc, char **argv);
int do_update(int argc, char **argv);

/*
 * Options naming the kernel and data, shared by every command that needs
 * them: getopt_long() the table with_kernel_options() makes, and hand
 * what it returns to kernel_opt() first.
 */
enum {
	OPT_RELEASE = 0x100,
	OPT_CONFIG,
	OPT_KERNEL,
	OPT_BUILD_DIR,
	OPT_SRCTREE,
	OPT_DATA,
	OPT_CMD_BASE,	/* commands number their own long options from here */
};

#define LONGOPTS_MAX	32

/* own (ending with a zeroed entry), then the kernel options, in buf. */
const struct option *with_kernel_options(const struct option *own,
					 struct option *buf, size_t size);

#define KERNEL_OPTIONS_HELP \
"Which kernel (default: the running one) and data:\n" \
"  --release R       the kernel release, as uname -r prints it\n" \
"  --config FILE     its config (.config, plain or gzip)\n" \
"  --kernel FILE     vmlinux or a module of it, also .xz, .zst or .gz:\n" \
"                    its release, and its config if built in (IKCONFIG)\n" \
"  --build-dir DIR   a kernel build directory (kernel.release, .config)\n" \
"  --srctree DIR     the kernel source tree: its Kconfig and git history\n" \
"  --data DIR        the data files (default: $FSTESTS_EXPUNGE_DATA,\n" \
"                    beside the binary, installed, or built in)\n"

/* Returns 1 if opt was a kernel option (stored in o), else 0. */
int kernel_opt(struct kernel_opts *o, int opt, const char *arg);

/* Print "Try '... --help'" and return EXIT_USAGE. */
int usage_error(const char *cmd);

#endif
