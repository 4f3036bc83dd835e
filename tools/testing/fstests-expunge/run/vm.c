// SPDX-License-Identifier: GPL-2.0
/* run --vm: what every boot of the guest needs, made once per run. */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fstests/config.h"
#include "kernel/kelf.h"
#include "kernel/kfile.h"
#include "lib/fileio.h"
#include "lib/spawn.h"
#include "run/vm-config.h"
#include "run/vm-guest.h"
#include "run/vm-initramfs.h"
#include "run/vm-modules.h"
#include "run/vm.h"

/* What the guest loads before it can mount its root */
static const char *const boot_modules[] = {
	"virtio_pci", "virtio_blk", "9pnet_virtio", "9p", "overlay",
};

/* The config symbols that stand for them when there are no modules */
static const char *const boot_symbols[] = {
	"VIRTIO_PCI", "VIRTIO_BLK", "NET_9P_VIRTIO", "9P_FS", "OVERLAY_FS",
};

/* prog in $PATH (malloc'd), or NULL */
static char *in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p, *end;
	char *try;

	for (p = path ? path : "/usr/bin:/bin"; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ':');
		try = xasprintf("%.*s/%s", (int)(end - p), p, prog);
		if (!access(try, X_OK))
			return try;
		free(try);
	}
	return NULL;
}

/* The bzImage to boot: --kernel's, or the build directory's */
static int find_image(struct vm *vm)
{
	const struct kernel *k = vm->r->k;
	char *image;

	if (k->opts.kernel && !k->bzimage) {
		pr_err("%s: not a kernel --vm can boot: it boots a bzImage (boot/vmlinuz-RELEASE, arch/x86/boot/bzImage), not an ELF vmlinux or a module",
		       k->opts.kernel);
		return -1;
	}
	if (!k->opts.kernel && !k->opts.build_dir) {
		pr_err("run --vm: give the kernel to boot: --kernel FILE (a bzImage) or --build-dir DIR");
		return -1;
	}
	image = k->opts.kernel ? xstrdup(k->opts.kernel) :
		xasprintf("%s/arch/x86/boot/bzImage", k->opts.build_dir);
	/* QEMU runs elsewhere: the path it is given must not be relative */
	vm->image = realpath(image, NULL);
	if (!vm->image)
		pr_err("%s: %s%s", image, strerror(errno), k->opts.kernel ? "" :
		       ": no kernel to boot in the build directory (make bzImage)");
	free(image);
	return vm->image ? 0 : -1;
}

static void choose_accel(struct vm *vm)
{
	char *cpuinfo = NULL;
	const char *why = "--vm-tcg";
	size_t len;
	int fd = -1;

	if (!vm->o->tcg) {
		fd = open("/dev/kvm", O_RDWR | O_CLOEXEC);
		if (read_file("/proc/cpuinfo", 4 << 20, &cpuinfo, &len))
			cpuinfo = NULL;
		vm->accel = vm_accel_choose(fd >= 0, cpuinfo, &why);
	}
	if (fd >= 0)
		close(fd);
	free(cpuinfo);
	if (vm->accel == VM_KVM)
		fprintf(stderr, "%s: run --vm: KVM (%s)\n", progname, why);
	else
		pr_warn("run --vm: TCG, emulated (%s): timings are emulated, tests take 30-130x their time on hardware",
			why);
}

/* A statically linked busybox: no interpreter in its program headers */
static int add_busybox(struct cpio *c)
{
	char *path = in_path("busybox"), *buf = NULL;
	const Elf64_Ehdr *eh;
	const Elf64_Phdr *ph;
	size_t len = 0, i;
	bool ok = false;

	if (path && !read_file(path, 16 << 20, &buf, &len) &&
	    len > sizeof(*eh) && !memcmp(buf, ELFMAG, SELFMAG) &&
	    buf[EI_CLASS] == ELFCLASS64) {
		eh = (const Elf64_Ehdr *)buf;
		ok = eh->e_phoff + (size_t)eh->e_phnum * sizeof(*ph) <= len;
		for (i = 0; ok && i < eh->e_phnum; i++) {
			ph = (const Elf64_Phdr *)(buf + eh->e_phoff) + i;
			ok = ph->p_type != PT_INTERP;
		}
	}
	if (ok)
		cpio_file(c, "bin/busybox", 0755, buf, len);
	else
		pr_err("run --vm: %s: the guest's first stage needs a statically linked busybox: install busybox-static",
		       path ? path : "busybox");
	free(buf);
	free(path);
	return ok ? 0 : -1;
}

/* A module's vermagic must be the kernel's release */
static int check_vermagic(struct vm *vm, const char *path, struct kfile *f)
{
	struct kelf_info ki;
	char *err = NULL;
	int ret = -1;

	if (kelf_read(path, f->buf, f->len, &ki, &err)) {
		pr_err("%s", err);
		free(err);
		return -1;
	}
	if (!ki.release || strcmp(ki.release, vm->r->k->release))
		pr_err("%s: a module of release %s, not of the kernel's %s (--modules DIR)",
		       path, ki.release ? ki.release : "unknown",
		       vm->r->k->release);
	else
		ret = 0;
	kelf_free(&ki);
	return ret;
}

/* "kernel/fs/9p/9p.ko.xz", the n-th to load: "n-9p.ko" */
static char *module_file(size_t n, const char *path)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

	return xasprintf("%zu-%.*s.ko", n, (int)strcspn(base, "."), base);
}

/* One module, decompressed, into /modules; the first one's vermagic checked */
static int add_module(struct vm *vm, struct cpio *c, size_t n,
		      const char *rel, struct strbuf *order)
{
	char *path = xasprintf("%s/%s", vm->moddir, rel), *err = NULL;
	char *name, *dest;
	struct kfile f;
	int ret;

	ret = kfile_load(path, 64 << 20, &f, &err);
	if (ret) {
		pr_err("%s", err);
		free(err);
		free(path);
		return -1;
	}
	ret = n ? 0 : check_vermagic(vm, path, &f);
	if (!ret) {
		name = module_file(n, rel);
		dest = xasprintf("modules/%s", name);
		sb_printf(order, "%s\n", name);
		cpio_file(c, dest, 0644, f.buf, f.len);
		free(dest);
		free(name);
	}
	kfile_free(&f);
	free(path);
	return ret;
}

/* Each module into /modules, and the order to load them */
static int add_modules(struct vm *vm, struct cpio *c, const struct strlist *load)
{
	struct strbuf order = { 0 };
	size_t i;
	int ret = 0;

	for (i = 0; i < load->n && !ret; i++)
		ret = add_module(vm, c, i, load->v[i], &order);
	cpio_file(c, "modules/order", 0644, order.buf ? order.buf : "", order.len);
	sb_free(&order);
	return ret;
}

/* No modules: the kernel must have what the guest needs built in */
static int built_in(struct vm *vm)
{
	const struct kconfig_file *cfg;
	const char *why = NULL, *v;
	size_t i;

	cfg = kernel_config(vm->r->k, &why);
	if (!cfg) {
		pr_warn("run --vm: no modules of %s beside %s and no config to tell whether virtio, 9p and overlayfs are built in: trying (--modules DIR)",
			vm->r->k->release, vm->image);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(boot_symbols); i++) {
		v = kconfig_get(cfg, boot_symbols[i]);
		if (v && !strcmp(v, "y"))
			continue;
		pr_err("run --vm: no modules of %s found beside %s, and CONFIG_%s is %s, not built in: give --modules DIR (lib/modules/%s)",
		       vm->r->k->release, vm->image, boot_symbols[i],
		       v ? v : "not set", vm->r->k->release);
		return -1;
	}
	return 0;
}

static char *read_text(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *buf = NULL;
	size_t len;

	if (read_file(path, 64 << 20, &buf, &len))
		buf = NULL;
	free(path);
	return buf;
}

static int load_modules(struct vm *vm, struct cpio *c)
{
	struct strlist load = { 0 };
	char *err = NULL, *dep, *builtin;
	int ret;

	if (vm_modules_dir(vm->o->modules, vm->image, vm->r->k->release,
			   &vm->moddir, &err)) {
		pr_err("%s", err);
		free(err);
		return -1;
	}
	if (!vm->moddir) {
		cpio_file(c, "modules/order", 0644, "", 0);
		return built_in(vm);
	}
	dep = read_text(vm->moddir, "modules.dep");
	builtin = read_text(vm->moddir, "modules.builtin");
	ret = vm_modules_order(dep ? dep : "", builtin, boot_modules,
			       ARRAY_SIZE(boot_modules), &load, &err);
	if (ret) {
		pr_err("%s: %s", vm->moddir, err);
		free(err);
	} else {
		ret = add_modules(vm, c, &load);
	}
	strlist_free(&load);
	free(dep);
	free(builtin);
	return ret;
}

/* busybox, the modules and /init: the part of the initramfs every boot shares */
static int make_initramfs(struct vm *vm)
{
	static const char *const dirs[] = {
		"bin", "dev", "proc", "sys", "modules", "newroot", "host", "rw",
	};
	struct cpio c = { 0 };
	size_t i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(dirs); i++)
		cpio_dir(&c, dirs[i], 0755);
	cpio_chardev(&c, "dev/console", 0600, 5, 1);
	cpio_file(&c, "init", 0755, vm_guest_script, strlen(vm_guest_script));
	ret = add_busybox(&c);
	if (!ret)
		ret = load_modules(vm, &c);
	cpio_finish(&c);
	vm->initramfs = c.out;
	return ret;
}

/* The user's config with the guest's disks, into the run's state */
static int write_config(struct vm *vm)
{
	char *text = NULL, *cfg, *err = NULL;
	size_t len;
	int ret;

	if (vm->r->config && read_file(vm->r->config, 1 << 20, &text, &len)) {
		pr_err("%s: %s", vm->r->config, strerror(errno));
		return -1;
	}
	/* each device the section names becomes a disk, in this order */
	if (text && fstests_config_devices(vm->r->config, vm->r->section,
					   &vm->devs, &err)) {
		pr_err("%s", err);
		free(err);
		free(text);
		return -1;
	}
	if (text && !vm->devs.n) {
		pr_err("%s: section [%s] names no TEST_DEV: the guest has no disk to test",
		       vm->r->config, vm->r->section);
		free(text);
		return -1;
	}
	if (!text)
		fprintf(stderr,
			"%s: run --vm: no fstests config: section [%s] is FSTYP=%s on TEST_DEV /dev/vda and SCRATCH_DEV /dev/vdb\n",
			progname, vm->r->section, vm->r->fs);
	cfg = vm_guest_config(text, vm->r->section, vm->r->fs, &vm->devs);
	vm->guest_config = xasprintf("%s/vm.config", vm->r->statedir);
	ret = write_file_atomic(vm->guest_config, cfg, strlen(cfg));
	if (ret)
		pr_err("%s: %s", vm->guest_config, strerror(errno));
	free(text);
	free(cfg);
	return ret;
}

/*
 * The kernel's config where the guest's fstests finds it (KCONFIG_PATH:
 * the guest's /boot and /lib/modules are not the kernel's), written out
 * from what was read, so a config built in or gzipped will do. Without
 * one, tests that need to know it are not run, as fstests says.
 */
static int write_kconfig(struct vm *vm)
{
	const struct kconfig_file *kc;
	struct strbuf out = { 0 };
	const char *why;
	size_t i;
	int ret;

	kc = kernel_config(vm->r->k, &why);
	if (!kc)
		return 0;
	sb_printf(&out, "# the config of %s, from %s\n",
		  vm->r->k->release ? vm->r->k->release : "the kernel",
		  kc->source);
	for (i = 0; i < kc->n; i++) {
		if (!strcmp(kc->syms[i].value, "n"))
			sb_printf(&out, "# CONFIG_%s is not set\n", kc->syms[i].name);
		else
			sb_printf(&out, "CONFIG_%s=%s\n", kc->syms[i].name,
				  kc->syms[i].value);
	}
	vm->kconfig = xasprintf("%s/kernel.config", vm->r->statedir);
	ret = write_file_atomic(vm->kconfig, out.buf, out.len);
	if (ret)
		pr_err("%s: %s", vm->kconfig, strerror(errno));
	sb_free(&out);
	return ret;
}

/* A file without a name in dir: gone when the last descriptor closes */
static int nameless(const char *dir, unsigned long long size)
{
	int fd = open(dir, O_TMPFILE | O_RDWR, 0600);

	if (fd < 0) {
		pr_err("run --vm: %s: cannot make a file without a name there: %s (--vm-disk-dir DIR)",
		       dir, strerror(errno));
		return -1;
	}
	if (ftruncate(fd, size)) {
		pr_err("run --vm: %s: %s", dir, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* A sparse file for each device the section names, and the initrd's */
static int make_disks(struct vm *vm)
{
	const char *dir = vm->o->disk_dir ? vm->o->disk_dir :
			  getenv("TMPDIR") ? getenv("TMPDIR") : "/var/tmp";
	unsigned long long size = (unsigned long long)(vm->o->disk_gib ?
				  vm->o->disk_gib : VM_DISK_GIB) << 30;
	size_t i;

	vm->disk_fds = xcalloc(vm->devs.n + 1, sizeof(int));
	for (i = 0; i < vm->devs.n; i++)
		vm->disk_fds[i] = -1;
	for (i = 0; i < vm->devs.n; i++) {
		vm->disk_fds[i] = nameless(dir, size);
		if (vm->disk_fds[i] < 0)
			return -1;
	}
	vm->initrd_fd = nameless(dir, 0);
	return vm->initrd_fd < 0 ? -1 : 0;
}

/* The guest's script takes the shared paths as words */
static int paths_ok(const struct vm_run *r)
{
	const char *const paths[] = { r->fstests, r->base };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		if (strpbrk(paths[i], " \t\n")) {
			pr_err("run --vm: %s: a path the guest shares may not hold a space",
			       paths[i]);
			return -1;
		}
	}
	return 0;
}

int vm_open(struct vm *vm, const struct vm_opts *o, const struct vm_run *r)
{
	memset(vm, 0, sizeof(*vm));
	vm->o = o;
	vm->r = r;
	vm->initrd_fd = -1;
	vm->qemu = in_path(VM_QEMU);
	if (!vm->qemu) {
		pr_err("run --vm: %s is not installed (not in PATH): install %s",
		       VM_QEMU, VM_QEMU_PACKAGE);
		return -1;
	}
	if (find_image(vm) || paths_ok(r))
		return -1;
	choose_accel(vm);
	vm->test_timeout = o->test_timeout ? o->test_timeout :
			   vm->accel == VM_KVM ? VM_TEST_TIMEOUT_KVM :
			   VM_TEST_TIMEOUT_TCG;
	vm->console_log = xasprintf("%s/console.log", r->statedir);
	if (make_initramfs(vm) || write_config(vm) || write_kconfig(vm) ||
	    make_disks(vm))
		return -1;
	return 0;
}

bool vm_valid_opts(const struct vm_opts *o)
{
	if (o->on || (!o->modules && !o->memory_mb && !o->cpus &&
		      !o->disk_gib && !o->disk_dir && !o->test_timeout &&
		      !o->boot_timeout && !o->tcg))
		return true;
	pr_err("run: --modules and the --vm-* options are for --vm");
	return false;
}

void vm_close(struct vm *vm)
{
	size_t i;

	for (i = 0; vm->disk_fds && i < vm->devs.n; i++) {
		if (vm->disk_fds[i] >= 0)
			close(vm->disk_fds[i]);
	}
	if (vm->initrd_fd >= 0)
		close(vm->initrd_fd);
	free(vm->disk_fds);
	free(vm->qemu);
	free(vm->image);
	free(vm->kconfig);
	free(vm->moddir);
	sb_free(&vm->initramfs);
	strlist_free(&vm->devs);
	free(vm->guest_config);
	free(vm->console_log);
}

/* The first line a tool prints of its version, or "unknown" */
static char *tool_version(const char *cmd)
{
	const char *const argv[] = { "sh", "-c", cmd, NULL };
	char *out = NULL;
	size_t len;

	if (spawn_capture(argv, NULL, 1 << 16, &out, &len) || !len) {
		free(out);
		return xstrdup("unknown");
	}
	out[strcspn(out, "\n")] = '\0';
	return out;
}

void vm_props(const struct vm *vm, struct strlist *props)
{
	const char *fs = vm->r->fs;
	char vbuf[48], *cmd;

	/* the name goes into a command: letters and digits only */
	if (strspn(fs, "abcdefghijklmnopqrstuvwxyz0123456789") != strlen(fs))
		fs = "unknown";
	strlist_add(props, xstrdup("VM"));
	strlist_add(props, xasprintf("qemu %s", vm->accel == VM_KVM ? "kvm" : "tcg"));
	strlist_add(props, xstrdup("KERNEL_VERSION"));
	strlist_add(props, xstrdup(kver_str(&vm->r->k->version, vbuf)));
	cmd = xasprintf("mkfs.%s -V 2>&1 | head -n 1", fs);
	strlist_add(props, xstrdup("MKFS_VERSION"));
	strlist_add(props, tool_version(cmd));
	free(cmd);
	cmd = !strcmp(fs, "xfs") ? xstrdup("xfs_repair -V 2>&1 | head -n 1") :
	      !strcmp(fs, "btrfs") ? xstrdup("btrfs --version 2>&1 | head -n 1") :
	      xasprintf("fsck.%s -V 2>&1 | head -n 1", fs);
	strlist_add(props, xstrdup("FSCK_VERSION"));
	strlist_add(props, tool_version(cmd));
	free(cmd);
}
