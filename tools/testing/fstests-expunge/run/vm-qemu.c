// SPDX-License-Identifier: GPL-2.0
/* The QEMU machine of run --vm: KVM or TCG, and its command line. */
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "run/vm-qemu.h"

#define NO_VMX \
	"/dev/kvm is there but the CPU has neither vmx nor svm (a PVM or similar back end: it cannot run a stock kernel)"

/* Does the "flags" line of cpuinfo have word? */
static bool cpu_flag(const char *cpuinfo, const char *word)
{
	const char *line = cpuinfo, *end, *p;
	size_t n = strlen(word);

	for (; line && *line; line = end ? end + 1 : NULL) {
		end = strchr(line, '\n');
		if (!str_starts(line, "flags"))
			continue;
		for (p = strchr(line, ':'); p && (!end || p < end); p++) {
			if ((p[-1] == ' ' || p[-1] == ':') && !strncmp(p, word, n) &&
			    (p[n] == ' ' || p[n] == '\n' || !p[n]))
				return true;
		}
		return false;	/* one CPU says it for all */
	}
	return false;
}

enum vm_accel vm_accel_choose(bool kvm_usable, const char *cpuinfo,
			      const char **why)
{
	if (!kvm_usable) {
		*why = "no usable /dev/kvm";
		return VM_TCG;
	}
	if (!cpuinfo || (!cpu_flag(cpuinfo, "vmx") && !cpu_flag(cpuinfo, "svm"))) {
		*why = NO_VMX;
		return VM_TCG;
	}
	*why = "/dev/kvm and vmx/svm";
	return VM_KVM;
}

/* A value in a QEMU option list: a comma is written twice */
static char *opt_value(const char *s)
{
	struct strbuf sb = { 0 };

	for (; *s; s++) {
		sb_add(&sb, s, 1);
		if (*s == ',')
			sb_add(&sb, ",", 1);
	}
	return sb.buf ? sb.buf : xstrdup("");
}

static void add(struct strlist *argv, const char *a)
{
	strlist_add(argv, xstrdup(a));
}

void vm_qemu_argv(const struct vm_machine *m, struct strlist *argv)
{
	size_t i;

	add(argv, m->qemu);
	add(argv, "-nodefaults");
	add(argv, "-no-user-config");
	add(argv, "-no-reboot");
	add(argv, "-display");
	add(argv, "none");
	add(argv, "-accel");
	add(argv, m->accel == VM_KVM ? "kvm" : "tcg");
	add(argv, "-cpu");
	add(argv, m->accel == VM_KVM ? "host" : "max");
	add(argv, "-m");
	strlist_add(argv, xasprintf("%u", m->memory_mb));
	add(argv, "-smp");
	strlist_add(argv, xasprintf("%u", m->cpus));
	/* output only: QEMU never reads run's terminal */
	add(argv, "-chardev");
	add(argv, "file,id=con,path=/dev/stdout");
	add(argv, "-serial");
	add(argv, "chardev:con");
	add(argv, "-kernel");
	add(argv, m->kernel);
	add(argv, "-initrd");
	add(argv, m->initrd);
	add(argv, "-append");
	add(argv, m->cmdline);
	for (i = 0; i < m->ndisks; i++) {
		char *v = opt_value(m->disks[i]);

		add(argv, "-drive");
		strlist_add(argv, xasprintf("file=%s,%s", v,
					    "format=raw,if=virtio,cache=unsafe,discard=unmap"));
		free(v);
	}
	for (i = 0; i < m->nshares; i++) {
		char *v = opt_value(m->shares[i].path);

		add(argv, "-virtfs");
		strlist_add(argv, xasprintf("local,path=%s,mount_tag=%s,%s%s",
					    v, m->shares[i].tag,
					    "security_model=none,multidevs=remap",
					    m->shares[i].readonly ? ",readonly=on" : ""));
		free(v);
	}
}

bool vm_accel_failed(const char *line)
{
	return strstr(line, "failed to set MSR") ||
	       strstr(line, "KVM internal error") ||
	       strstr(line, "failed to initialize kvm") ||
	       strstr(line, "kvm_buf_set_msrs");
}
