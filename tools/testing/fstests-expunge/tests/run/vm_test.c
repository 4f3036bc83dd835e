// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for the pure parts of run --vm: the cpio writer (read back by
 * GNU cpio), the console's crash detection on real kernel output, the
 * QEMU command line, the KVM/TCG choice, the module load order and the
 * guest's fstests config.
 */
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/base.h"
#include "run/vm-config.h"
#include "run/vm-console.h"
#include "run/vm-initramfs.h"
#include "run/vm-modules.h"
#include "run/vm-qemu.h"
#include "test-util.h"

#include "kselftest_harness.h"

FIXTURE(dir) {
	char *dir;
};

FIXTURE_SETUP(dir)
{
	self->dir = tmpdir_new();
}

FIXTURE_TEARDOWN(dir)
{
	shell_call("rm -rf '%s'", self->dir);
	free(self->dir);
}

/* What the writer wrote, GNU cpio unpacks: names, data, modes, links. */
TEST_F(dir, cpio_unpacks)
{
	struct cpio c = { 0 };
	char *path, *got, link[64];
	struct stat st;
	size_t len;
	ssize_t n;

	cpio_dir(&c, "bin", 0755);
	cpio_file(&c, "bin/hello", 0755, "#!/bin/sh\necho hi\n", 18);
	/* lengths 1 to 3 past a multiple of 4: the padding */
	cpio_file(&c, "odd", 0600, "abcde", 5);
	cpio_symlink(&c, "sh", "bin/hello");
	cpio_finish(&c);
	path = str_printf("%s/a.cpio", self->dir);
	put_file(path, c.out.buf, c.out.len);
	ASSERT_EQ(0, shell_call("cd '%s' && mkdir x && cd x && cpio -idm --quiet < ../a.cpio",
				self->dir));
	free(path);
	path = str_printf("%s/x/bin/hello", self->dir);
	got = get_file(path, &len);
	ASSERT_EQ(18, len);
	EXPECT_EQ(0, memcmp(got, "#!/bin/sh\necho hi\n", 18));
	ASSERT_EQ(0, stat(path, &st));
	EXPECT_EQ(0755, st.st_mode & 07777);
	free(got);
	free(path);
	path = str_printf("%s/x/odd", self->dir);
	got = get_file(path, &len);
	ASSERT_EQ(5, len);
	EXPECT_EQ(0, memcmp(got, "abcde", 5));
	free(got);
	free(path);
	path = str_printf("%s/x/sh", self->dir);
	n = readlink(path, link, sizeof(link) - 1);
	ASSERT_EQ(9, n);
	link[n] = '\0';
	EXPECT_STREQ("bin/hello", link);
	free(path);
	/* every entry starts on 4 bytes: the whole is a multiple of 4 */
	EXPECT_EQ(0, c.out.len % 4);
	sb_free(&c.out);
}

static void feed(struct console *c, const char *text)
{
	const char *line = text, *end;

	for (; *line; line = *end ? end + 1 : end) {
		end = strchrnul(line, '\n');
		console_line(c, line, end - line);
	}
}

static void feed_file(struct console *c, const char *path)
{
	size_t len;
	char *text = get_file(path, &len);

	feed(c, text);
	free(text);
}

/* A real 5.4 WARNING (an XFS assertion) with its trace: not a crash. */
TEST(warning_is_no_crash)
{
	struct console c = { .nonce = "n", .state = CON_UP };

	feed_file(&c, FIXTURE_PATH("vm/warning-5.4-xfs145.console"));
	EXPECT_EQ(CON_UP, c.state);
	/* the test is known from fstests' mark in the kernel log */
	EXPECT_STREQ("xfs/145", c.test);
	console_free(&c);
}

/* sysrq c on a real 6.1 guest: the panic, its signature, its end. */
TEST(sysrq_crash_6_1)
{
	struct console c = { .nonce = "n", .state = CON_UP };

	feed_file(&c, FIXTURE_PATH("vm/sysrq-6.1.console"));
	ASSERT_EQ(CON_CRASHED, c.state);
	EXPECT_STREQ("Kernel panic - not syncing: sysrq triggered crash",
		     c.signature);
	EXPECT_TRUE(c.crash_over);
	EXPECT_STREQ("generic/007", c.test);
	EXPECT_NE(NULL, strstr(c.oops.buf, "Call Trace:"));
	console_free(&c);
}

#define NULL_DEREF "BUG: kernel NULL pointer dereference, address: 0000000000000008"

/*
 * An oops as arch/x86/mm/fault.c and the die() path print it (written
 * here by hand in that format): the signature is its first line and the
 * function of its kernel RIP, without offsets or addresses that change.
 */
TEST(oops_signature)
{
	struct console c = { .nonce = "n", .state = CON_UP };

	feed(&c,
	     "[   41.100000] run fstests generic/100 at 2026-12-07 01:00:00\n"
	     "generic/100 [   42.123456] BUG: kernel NULL pointer dereference, address: 0000000000000008\r\n"
	     "[   42.123999] #PF: supervisor read access in kernel mode\n"
	     "[   42.124000] Oops: 0000 [#1] PREEMPT SMP NOPTI\n"
	     "[   42.124001] CPU: 0 PID: 812 Comm: xfs_io Not tainted 6.1.0-57-amd64 #1\n"
	     "[   42.124002] RIP: 0010:ext4_punch_hole+0x1c5/0x4b0 [ext4]\n"
	     "[   42.124003] Call Trace:\n"
	     "[   42.124004] RIP: 0033:0x7f00deadbeef\n"
	     "[   42.124005] ---[ end trace 0000000000000000 ]---\n");
	ASSERT_EQ(CON_CRASHED, c.state);
	EXPECT_STREQ(NULL_DEREF "; RIP: ext4_punch_hole", c.signature);
	EXPECT_TRUE(c.crash_over);
	EXPECT_STREQ("generic/100", c.test);
	console_free(&c);
}

/*
 * Output that is not the kernel's (no timestamp: a test's diff shown by
 * check) is no crash; hung tasks and soft lockups are counted only.
 */
TEST(not_crashes)
{
	struct console c = { .nonce = "n", .state = CON_UP };

	feed(&c,
	     "generic/001 3s ... - output mismatch\n"
	     "    +BUG: kernel NULL pointer dereference\n"
	     "[  300.000001] INFO: task xfs_io:123 blocked for more than 120 seconds.\n"
	     "[  301.000001] watchdog: BUG: soft lockup - CPU#0 stuck for 22s! [fsstress:99]\n"
	     "[  302.000001] BUG: soft lockup - CPU#0 stuck for 22s! [fsstress:99]\n");
	EXPECT_EQ(CON_UP, c.state);
	EXPECT_EQ(3, c.hung);
	EXPECT_STREQ("INFO: task xfs_io:123 blocked for more than 120 seconds.",
		     c.hung_first);
	EXPECT_STREQ("generic/001", c.test);
	console_free(&c);
}

/* The guest's marks count only with this boot's nonce. */
TEST(marks)
{
	struct console c = { .nonce = "abc" };

	feed(&c, "fstests-expunge-guest: xyz up\n");
	EXPECT_EQ(CON_BOOTING, c.state);
	feed(&c, "fstests-expunge-guest: abc up\r\n");
	EXPECT_EQ(CON_UP, c.state);
	feed(&c, "[ 1.000000] fstests-expunge-guest: abc exit 3\n");
	EXPECT_EQ(CON_EXITED, c.state);
	EXPECT_EQ(3, c.exit_status);
	console_free(&c);
	memset(&c, 0, sizeof(c));
	c.nonce = "abc";
	feed(&c, "fstests-expunge-guest: abc error cannot mount /x (9p)\n");
	EXPECT_EQ(CON_FAILED, c.state);
	EXPECT_STREQ("cannot mount /x (9p)", c.error);
	console_free(&c);
}

static bool has(const struct strlist *l, const char *a, const char *b)
{
	size_t i;

	for (i = 0; i + 1 < l->n; i++) {
		if (!strcmp(l->v[i], a) && (!b || !strcmp(l->v[i + 1], b)))
			return true;
	}
	return false;
}

#define DRIVE(fd) \
	"file=/proc/self/fd/" fd ",format=raw,if=virtio,cache=unsafe,discard=unmap"
#define SHARE(path, tag, more) \
	"local,path=" path ",mount_tag=" tag \
	",security_model=none,multidevs=remap" more

/* TCG and KVM machines, disks and shares, commas in paths doubled. */
TEST(qemu_argv)
{
	char *disks[2];
	struct vm_share shares[] = {
		{ "hostroot", "/", true }, { "fexp0", "/tmp/a,b", false },
	};
	struct vm_machine m = {
		.qemu = "qemu-system-x86_64", .accel = VM_TCG,
		.kernel = "/k/vmlinuz", .initrd = "/proc/self/fd/7",
		.cmdline = "console=ttyS0", .memory_mb = 1024, .cpus = 1,
		.disks = disks, .ndisks = 2, .shares = shares, .nshares = 2,
	};
	struct strlist argv = { 0 };

	disks[0] = xstrdup("/proc/self/fd/5");
	disks[1] = xstrdup("/proc/self/fd/6");
	vm_qemu_argv(&m, &argv);
	EXPECT_STREQ("qemu-system-x86_64", argv.v[0]);
	EXPECT_TRUE(has(&argv, "-accel", "tcg"));
	EXPECT_TRUE(has(&argv, "-cpu", "max"));
	EXPECT_TRUE(has(&argv, "-m", "1024"));
	EXPECT_TRUE(has(&argv, "-smp", "1"));
	EXPECT_TRUE(has(&argv, "-no-reboot", NULL));
	EXPECT_TRUE(has(&argv, "-kernel", "/k/vmlinuz"));
	EXPECT_TRUE(has(&argv, "-drive", DRIVE("5")));
	EXPECT_TRUE(has(&argv, "-drive", DRIVE("6")));
	EXPECT_TRUE(has(&argv, "-virtfs", SHARE("/", "hostroot", ",readonly=on")));
	EXPECT_TRUE(has(&argv, "-virtfs", SHARE("/tmp/a,,b", "fexp0", "")));
	/* the console is output only: QEMU reads no terminal */
	EXPECT_FALSE(has(&argv, "-serial", "stdio"));
	strlist_free(&argv);
	m.accel = VM_KVM;
	vm_qemu_argv(&m, &argv);
	EXPECT_TRUE(has(&argv, "-accel", "kvm"));
	EXPECT_TRUE(has(&argv, "-cpu", "host"));
	strlist_free(&argv);
	free(disks[0]);
	free(disks[1]);
}

/* This machine's case: /dev/kvm but no vmx/svm (PVM) is TCG. */
TEST(kvm_choice)
{
	const char *intel = "processor\t: 0\nflags\t\t: fpu vme de pse vmx ssse3\n";
	const char *amd = "processor\t: 0\nflags\t\t: fpu svm\n";
	const char *pvm = "processor\t: 0\nflags\t\t: fpu vme hypervisor vmxx\n";
	const char *why;

	EXPECT_EQ(VM_KVM, vm_accel_choose(true, intel, &why));
	EXPECT_EQ(VM_KVM, vm_accel_choose(true, amd, &why));
	EXPECT_EQ(VM_TCG, vm_accel_choose(true, pvm, &why));
	EXPECT_NE(NULL, strstr(why, "neither vmx nor svm"));
	EXPECT_EQ(VM_TCG, vm_accel_choose(false, intel, &why));
	EXPECT_TRUE(vm_accel_failed("qemu-system-x86_64: error: failed to set MSR 0x10a to 0x0"));
	EXPECT_FALSE(vm_accel_failed("[ 0.1] Linux version 6.1.0"));
}

/* A dependency loads first, once; a built-in module is left out. */
TEST(module_order)
{
	const char *dep =
		"kernel/fs/netfs/netfs.ko.xz:\n"
		"kernel/net/9p/9pnet.ko.xz:\n"
		"kernel/net/9p/9pnet_virtio.ko.xz: kernel/net/9p/9pnet.ko.xz\n"
		"kernel/fs/9p/9p.ko.xz: kernel/fs/netfs/netfs.ko.xz kernel/net/9p/9pnet.ko.xz\n";
	const char *builtin = "kernel/drivers/virtio/virtio_pci.ko\n";
	static const char *const names[] = { "virtio_pci", "9pnet_virtio", "9p" };
	static const char *const missing[] = { "overlay" };
	struct strlist load = { 0 };
	char *err = NULL;

	ASSERT_EQ(0, vm_modules_order(dep, builtin, names, 3, &load, &err));
	ASSERT_EQ(4, load.n);
	EXPECT_STREQ("kernel/net/9p/9pnet.ko.xz", load.v[0]);
	EXPECT_STREQ("kernel/net/9p/9pnet_virtio.ko.xz", load.v[1]);
	EXPECT_STREQ("kernel/fs/netfs/netfs.ko.xz", load.v[2]);
	EXPECT_STREQ("kernel/fs/9p/9p.ko.xz", load.v[3]);
	strlist_free(&load);
	EXPECT_EQ(-1, vm_modules_order(dep, builtin, missing, 1, &load, &err));
	EXPECT_NE(NULL, strstr(err, "overlay"));
	free(err);
}

/* --modules of another release is an error that names both. */
TEST_F(dir, modules_of_another_release)
{
	char *dir = str_printf("%s/lib/modules/6.1.0-1-amd64", self->dir);
	char *got = NULL, *err = NULL;

	ASSERT_EQ(0, shell_call("mkdir -p '%s' && touch '%s/modules.dep'", dir, dir));
	EXPECT_EQ(-1, vm_modules_dir(dir, NULL, "6.12.1", &got, &err));
	EXPECT_NE(NULL, strstr(err, "6.1.0-1-amd64"));
	EXPECT_NE(NULL, strstr(err, "6.12.1"));
	free(err);
	EXPECT_EQ(0, vm_modules_dir(self->dir, NULL, "6.1.0-1-amd64", &got, &err));
	EXPECT_STREQ(dir, got);
	free(got);
	free(dir);
}

/*
 * --modules given relative, the way a user types it, is the absolute
 * path: QEMU shares it and the guest binds it at that path
 */
TEST_F(dir, modules_given_relative_are_absolute)
{
	char *dir = str_printf("%s/lib/modules/6.1.0-1-amd64", self->dir);
	char *got = NULL, *err = NULL, here[PATH_MAX];

	ASSERT_EQ(0, shell_call("mkdir -p '%s' && touch '%s/modules.dep'", dir, dir));
	ASSERT_NE(NULL, getcwd(here, sizeof(here)));
	ASSERT_EQ(0, chdir(self->dir));
	EXPECT_EQ(0, vm_modules_dir("lib/modules/6.1.0-1-amd64", NULL,
				    "6.1.0-1-amd64", &got, &err));
	EXPECT_STREQ(dir, got);
	free(got);
	got = NULL;
	EXPECT_EQ(0, vm_modules_dir(".", NULL, "6.1.0-1-amd64", &got, &err));
	EXPECT_STREQ(dir, got);
	ASSERT_EQ(0, chdir(here));
	free(got);
	free(dir);
}

/* The user's section on the guest's disks, the rest as written. */
TEST(guest_config)
{
	const char *text =
		"[ext4_4k]\n"
		"FSTYP=ext4\n"
		"export TEST_DEV=/dev/loop0\n"
		"TEST_DIR=/mnt/test\n"
		"SCRATCH_DEV='/dev/loop1'   # the scratch\n"
		"SCRATCH_DEV_POOL=\"/dev/loop2 /dev/loop3\"\n"
		"MKFS_OPTIONS=\"-b 4096\"\n";
	struct strlist devs = { 0 };
	char *out;

	strlist_add(&devs, xstrdup("/dev/loop0"));
	strlist_add(&devs, xstrdup("/dev/loop1"));
	strlist_add(&devs, xstrdup("/dev/loop2"));
	strlist_add(&devs, xstrdup("/dev/loop3"));
	out = vm_guest_config(text, "ext4_4k", "ext4", &devs);
	EXPECT_NE(NULL, strstr(out, "\nexport TEST_DEV=\"/dev/vda\"\n"));
	EXPECT_NE(NULL, strstr(out, "\nSCRATCH_DEV=\"/dev/vdb\"\n"));
	EXPECT_NE(NULL, strstr(out, "\nSCRATCH_DEV_POOL=\"/dev/vdc /dev/vdd\"\n"));
	EXPECT_NE(NULL, strstr(out, "\nMKFS_OPTIONS=\"-b 4096\"\n"));
	EXPECT_NE(NULL, strstr(out, "\nTEST_DIR=/mnt/test\n"));
	EXPECT_EQ(NULL, strstr(out, "loop"));
	free(out);
	strlist_free(&devs);
	out = vm_guest_config(NULL, "s", "xfs", &devs);
	EXPECT_NE(NULL, strstr(out, "[s]\nFSTYP=xfs\nTEST_DEV=/dev/vda\n"));
	EXPECT_EQ(2, devs.n);
	free(out);
	strlist_free(&devs);
}

TEST_HARNESS_MAIN
