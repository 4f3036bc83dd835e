/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run --vm: the kernel under test booted in QEMU on the host's root,
 * check run inside it, a crash taken as the running test's result.
 */
#ifndef FEXP_VM_H
#define FEXP_VM_H

#include <stdbool.h>
#include <time.h>

#include "kernel/kernel.h"
#include "lib/strbuf.h"
#include "run/check-child.h"
#include "run/vm-console.h"
#include "run/vm-qemu.h"

/* Defaults of the options */
#define VM_MEMORY_MB		2048
#define VM_CPUS			2
#define VM_DISK_GIB		10
#define VM_BOOT_TIMEOUT		300
#define VM_TEST_TIMEOUT_KVM	1800
#define VM_TEST_TIMEOUT_TCG	7200

struct vm_opts {
	bool on;		/* --vm */
	const char *modules;	/* --modules */
	unsigned int memory_mb;	/* --vm-memory, 0: default */
	unsigned int cpus;	/* --vm-cpus */
	unsigned int disk_gib;	/* --vm-disk-size, GiB */
	const char *disk_dir;	/* --vm-disk-dir: where the sparse files are */
	unsigned int test_timeout;	/* --vm-timeout: seconds a test may take */
	unsigned int boot_timeout;	/* --vm-boot-timeout */
	bool tcg;		/* --vm-tcg: never KVM */
};

/* What run knows of the run, for the guest */
struct vm_run {
	struct kernel *k;	/* the kernel under test, identified */
	const char *fs, *section;
	const char *config;	/* the user's fstests config, or NULL */
	const char *fstests, *base;	/* the tree, RESULT_BASE */
	const char *statedir;	/* run's own files: the guest config, logs */
	const char *secdir;	/* RESULT_BASE/SECTION: per-test consoles */
};

enum vm_end {
	VM_EXITED,		/* check exited: status */
	VM_CRASHED,		/* the kernel crashed or hung: test, signature */
	VM_INTERRUPTED,		/* Ctrl-C */
	VM_BROKEN,		/* the guest or QEMU failed: said why */
};

struct vm_result {
	enum vm_end end;
	int status;
	char *test;		/* VM_CRASHED: what ran, or NULL */
	char *signature;
	char *oops;		/* its first lines */
};

struct vm {
	const struct vm_opts *o;
	const struct vm_run *r;
	char *qemu;
	enum vm_accel accel;
	char *image;		/* the bzImage booted */
	char *moddir;		/* the host's lib/modules/RELEASE, or NULL */
	struct strbuf initramfs;	/* busybox, modules, /init */
	int initrd_fd;		/* a file of no name: base and job */
	int *disk_fds;
	struct strlist devs;	/* the devices the section names */
	char *guest_config;	/* its path */
	char *kconfig;		/* the kernel's .config for fstests, or NULL */
	char *console_log;	/* every boot's console, appended */
	unsigned int boots;
	unsigned int test_timeout;
};

/*
 * Everything a boot needs, made once: QEMU found, the accelerator
 * chosen (said on stderr), the image checked, the modules and the
 * initramfs, the guest's config, the disks (files without a name: none
 * is left behind, whatever ends run). Returns 0, or -1 after saying why.
 */
int vm_open(struct vm *vm, const struct vm_opts *o, const struct vm_run *r);
void vm_close(struct vm *vm);

/* The --vm-* options and --modules go with --vm (else says so) */
bool vm_valid_opts(const struct vm_opts *o);

/*
 * Boot the guest and run check there (cc->argv; cc->running is kept as
 * check_run() keeps it). The console goes to the run's console log and
 * to RESULT_BASE/SECTION/TEST.console per test; check's own lines and
 * the kernel's crash lines to standard output.
 */
void vm_check(struct vm *vm, const struct check_call *cc, bool *interrupted,
	      struct vm_result *res);
void vm_result_free(struct vm_result *res);

/* The result.xml properties of a guest run (name, value, name, value...) */
void vm_props(const struct vm *vm, struct strlist *props);

/* The initramfs of a boot: base, then the job's files (exported for tests) */
void vm_job_archive(struct strbuf *out, const char *job, const char *args);

#endif
