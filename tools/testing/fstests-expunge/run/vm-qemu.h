/* SPDX-License-Identifier: GPL-2.0 */
/* The QEMU machine of run --vm: KVM or TCG, and its command line. */
#ifndef FEXP_VM_QEMU_H
#define FEXP_VM_QEMU_H

#include <stdbool.h>
#include <stddef.h>

#include "lib/strbuf.h"

#define VM_QEMU		"qemu-system-x86_64"
/* The package that has it, for the error when it is missing */
#define VM_QEMU_PACKAGE	"qemu-system-x86 (Debian, Ubuntu; Fedora: qemu-system-x86-core)"

enum vm_accel {
	VM_TCG,			/* emulated: timings are not the hardware's */
	VM_KVM,
};

/*
 * KVM when /dev/kvm can be used (kvm_usable) and the CPU can run a stock
 * kernel in it: the "flags" of cpuinfo (/proc/cpuinfo's text) have vmx
 * or svm. A /dev/kvm without them is a back end such as PVM, which runs
 * only guests built for it: TCG then. *why says what decided.
 */
enum vm_accel vm_accel_choose(bool kvm_usable, const char *cpuinfo,
			      const char **why);

struct vm_share {
	const char *tag;	/* the guest mounts it by this mount_tag */
	const char *path;
	bool readonly;
};

struct vm_machine {
	const char *qemu;
	enum vm_accel accel;
	const char *kernel, *initrd, *cmdline;
	unsigned int memory_mb, cpus;
	char **disks;		/* virtio disks, /dev/vda on */
	size_t ndisks;
	const struct vm_share *shares;
	size_t nshares;
};

/*
 * The command line (into argv): no default devices, no display, the
 * serial console on standard output (no input: the terminal stays
 * run's), no reboot (a guest that reboots or panics ends QEMU), raw
 * virtio disks, 9p shares.
 */
void vm_qemu_argv(const struct vm_machine *m, struct strlist *argv);

/* Which guest console line of QEMU says the accelerator failed */
bool vm_accel_failed(const char *line);

#endif
