/* SPDX-License-Identifier: GPL-2.0 */
/* fstests-expunge: the commands and what they share. */
#ifndef FEXP_CMD_H
#define FEXP_CMD_H

#include <linux/stringify.h>	/* defaults said in help, from their constants */

#include "kernel/kernel.h"
#include "lib/parse-options.h"

#define FEXP_VERSION	"1.0"

int do_kernel(int argc, char **argv);
int do_exclude(int argc, char **argv);
int do_flaky(int argc, char **argv);
/* The "check" command runs the lint of the data (cmd/cmd-lint.c) */
int do_lint(int argc, char **argv);
int do_compare(int argc, char **argv);
int do_entries(int argc, char **argv);
int do_run(int argc, char **argv);
int do_update(int argc, char **argv);
int do_import(int argc, char **argv);
int do_archive(int argc, char **argv);
int do_matrix(int argc, char **argv);
int do_view(int argc, char **argv);

/* Options of struct kernel_opts, one by one (check needs two). */
#define OPT_SRCTREE(ko, h)	OPT_STRING(0, "srctree", &(ko)->srctree, "DIR", h)
#define OPT_DATA(ko, h)		OPT_STRING(0, "data", &(ko)->data, "DIR", h)
/* --fstests: the one field of the fstests tree (ko: struct kernel_opts *) */
#define OPT_FSTESTS(ko, h)	OPT_STRING(0, "fstests", &(ko)->fstests, "DIR", h)

/* --env: the environment switches of the data (ko: struct kernel_opts *) */
#define OPT_ENV(ko) \
	OPT_STRLIST(0, "env", &(ko)->env, "NAME", \
		    "an environment switch of the data (repeat for more):\n" \
		    "large-disk, fast, gce; !NAME states one off\n" \
		    "(see data-format.rst)")

/*
 * The options naming the kernel and the data, the same in every command
 * that needs a kernel: a table called name that stores into the struct
 * kernel_opts *ko, which a command's own table ends in:
 *
 *	DECLARE_KERNEL_OPTIONS(kernel_options, &ko);
 *	const struct opt opts[] = {
 *		OPT_STRING('f', "fs", &fs, "FS", "the filesystem"),
 *		OPT_PARENT(kernel_options)
 *	};
 */
#define DECLARE_KERNEL_OPTIONS(name, ko) \
	struct kernel_opts *const name##_into = (ko); \
	const struct opt name[] = { \
		OPT_GROUP("KERNEL-OPTIONS: which kernel (default: the running one) and data:"), \
		OPT_STRING(0, "release", &name##_into->release, "R", \
			   "the kernel release, as uname -r prints it"), \
		OPT_STRING(0, "config", &name##_into->config, "FILE", \
			   "its config (.config, plain or gzip; a pipe will do)"), \
		OPT_STRING(0, "kernel", &name##_into->kernel, "FILE", \
			   "vmlinux or a module of it (also .xz, .zst, .gz), " \
			   "or a bzImage: its release, and its config if " \
			   "built in (IKCONFIG; not read from a bzImage)"), \
		OPT_STRING(0, "build-dir", &name##_into->build_dir, "DIR", \
			   "a kernel build directory (kernel.release, .config; " \
			   "the upstream version from the tree it came from)"), \
		OPT_STRING(0, "version", &name##_into->version, "X.Y.Z", \
			   "the upstream version, when the release does not say"), \
		OPT_SRCTREE(name##_into, \
			    "the kernel source tree: its Kconfig and git history"), \
		OPT_DATA(name##_into, "the data files (default: " \
			 "$FSTESTS_EXPUNGE_DATA, the source tree, installed, " \
			 "or built in)"), \
		OPT_END() \
	}

/*
 * run --vm's options, as a table that goes on into parent (vo: a struct
 * vm_opts *): the guest's machine and how long it may take.
 */
#define DECLARE_VM_OPTIONS(name, vo, parent) \
	struct vm_opts *const name##_into = (vo); \
	const struct opt name[] = { \
		OPT_GROUP("VM-OPTIONS: run in a QEMU guest booting the kernel:"), \
		OPT_BOOLEAN(0, "vm", &name##_into->on, \
			    "boot the kernel (--kernel bzImage, --build-dir) in " \
			    "QEMU on this machine's root and run check there"), \
		OPT_STRING(0, "modules", &name##_into->modules, "DIR", \
			   "its modules: lib/modules/RELEASE or a root holding " \
			   "it (default: beside the kernel, or built in)"), \
		OPT_UINTEGER(0, "vm-memory", &name##_into->memory_mb, "MIB", \
			     "the guest's memory (2048)"), \
		OPT_UINTEGER(0, "vm-cpus", &name##_into->cpus, "N", \
			     "the guest's CPUs (2)"), \
		OPT_UINTEGER(0, "vm-disk-size", &name##_into->disk_gib, "GIB", \
			     "each virtio disk's size, a sparse file (10)"), \
		OPT_STRING(0, "vm-disk-dir", &name##_into->disk_dir, "DIR", \
			   "where the disks are, files without a name " \
			   "($TMPDIR, else /var/tmp)"), \
		OPT_UINTEGER(0, "vm-timeout", &name##_into->test_timeout, "SECONDS", \
			     "a test making no progress this long is a hang " \
			     "(1800 with KVM, 7200 under TCG)"), \
		OPT_UINTEGER(0, "vm-boot-timeout", &name##_into->boot_timeout, \
			     "SECONDS", "the guest must be up within (300)"), \
		OPT_BOOLEAN(0, "vm-tcg", &name##_into->tcg, \
			    "emulate (TCG) even where KVM works"), \
		OPT_PARENT(parent) \
	}

#endif
