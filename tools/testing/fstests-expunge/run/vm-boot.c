// SPDX-License-Identifier: GPL-2.0
/* run --vm: one boot of the guest, check in it, its console followed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "lib/fileio.h"
#include "run/resume-state.h"
#include "run/vm-config.h"
#include "run/vm-initramfs.h"
#include "run/vm.h"

/* Seconds the kernel may take to print a whole crash, a guest to power off */
#define CRASH_GRACE	30
#define POWEROFF_GRACE	60
/*
 * The guest's kernel: its console on the serial port, with timestamps
 * (how kernel messages are told from check's output), a panic that ends
 * QEMU at once (-no-reboot), and the mark the stand-in check looks for.
 */
#define VM_CMDLINE \
	"console=ttyS0,115200 printk.time=1 panic=-1 loglevel=6 " \
	"mitigations=off rdinit=/init fstests_expunge_guest"
/* Console lines shown when the guest does not come up */
#define TAIL_LINES	25

struct boot {
	struct vm *vm;
	const struct check_call *cc;
	struct console con;
	time_t start, since;	/* the boot; the test, or the last mark */
	FILE *log, *testlog;
	struct strlist tail;	/* the last TAIL_LINES lines */
	size_t tail_next;
	bool hung;		/* no progress within the time limit */
	bool accel_failed;
	bool timed_out;		/* it never came up */
	char *killed;		/* QEMU's line: ended by a signal from outside */
	bool partial;		/* a line was begun on standard output */
};

/* 'text' as the shell reads it back */
static void sh_quote(struct strbuf *sb, const char *s)
{
	sb_puts(sb, "'");
	for (; *s; s++) {
		if (*s == '\'')
			sb_puts(sb, "'\\''");
		else
			sb_add(sb, s, 1);
	}
	sb_puts(sb, "'");
}

static void sh_var(struct strbuf *sb, const char *name, const char *value)
{
	sb_printf(sb, "%s=", name);
	sh_quote(sb, value ? value : "");
	sb_puts(sb, "\n");
}

void vm_job_archive(struct strbuf *out, const char *job, const char *args)
{
	struct cpio c = { 0 };

	cpio_file(&c, "fexp-job", 0644, job, strlen(job));
	cpio_file(&c, "fexp-args", 0644, args, strlen(args));
	cpio_finish(&c);
	sb_add(out, c.out.buf, c.out.len);
	sb_free(&c.out);
}

/* RESULT_BASE inside the fstests tree is shared with it */
static bool under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && (path[n] == '/' || !path[n]);
}

#define VM_SHARES	4

/*
 * The host directories the guest mounts over 9p, beside the host's root
 * it sees read-only: the fstests tree, the results (unless inside it),
 * and the kernel's modules, which the guest binds on /lib/modules but
 * cannot reach through the root where they are under a directory it
 * mounts a tmpfs on (/tmp, /run); into s, how many
 */
static size_t vm_shares(const struct vm *vm, struct vm_share *s)
{
	size_t n = 0;

	s[n++] = (struct vm_share){ "hostroot", "/", true };
	s[n++] = (struct vm_share){ "fexp0", vm->r->fstests, false };
	if (!under(vm->r->base, vm->r->fstests))
		s[n++] = (struct vm_share){ "fexp1", vm->r->base, false };
	if (vm->moddir)
		s[n++] = (struct vm_share){ "fexp2", vm->moddir, true };
	return n;
}

/* The job of this boot: who it is, where things are, check's arguments */
static void job_text(struct boot *b, const char *nonce, struct strbuf *job,
		     struct strbuf *args)
{
	const struct vm_run *r = b->vm->r;
	struct vm_share s[VM_SHARES];
	struct strbuf shares = { 0 };
	char *dev = vm_disk_name(0);
	size_t i, n;

	sh_var(job, "NONCE", nonce);
	sh_var(job, "RELEASE", r->k->release);
	sh_var(job, "MODDIR", b->vm->moddir);
	sh_var(job, "FSTYP", r->fs);
	sh_var(job, "TEST_DEV", dev);
	sh_var(job, "CONFIG", b->vm->guest_config);
	sh_var(job, "KCONFIG", b->vm->kconfig);
	sh_var(job, "FSTESTS", r->fstests);
	sh_var(job, "RESULT_BASE", r->base);
	/* the root is mounted first, the others over it */
	for (i = 1, n = vm_shares(b->vm, s); i < n; i++)
		sb_printf(&shares, "%s%s=%s", i > 1 ? " " : "", s[i].tag,
			  s[i].path);
	sh_var(job, "SHARES", shares.buf);
	sb_puts(args, "set --");
	for (i = 0; b->cc->argv[i]; i++) {
		sb_puts(args, " ");
		sh_quote(args, b->cc->argv[i]);
	}
	sb_puts(args, "\n");
	sb_free(&shares);
	free(dev);
}

/* The initrd: the shared part, then this boot's job */
static int write_initrd(struct boot *b, const char *nonce)
{
	struct strbuf job = { 0 }, args = { 0 }, all = { 0 };
	int fd = b->vm->initrd_fd, ret = 0;
	size_t off = 0;
	ssize_t n;

	job_text(b, nonce, &job, &args);
	sb_add(&all, b->vm->initramfs.buf, b->vm->initramfs.len);
	vm_job_archive(&all, job.buf, args.buf);
	if (ftruncate(fd, 0))
		ret = -1;
	while (!ret && off < all.len) {
		n = pwrite(fd, all.buf + off, all.len - off, off);
		if (n < 0 && errno != EINTR)
			ret = -1;
		else if (n > 0)
			off += n;
	}
	if (ret)
		pr_err("run --vm: the initrd: %s", strerror(errno));
	sb_free(&job);
	sb_free(&args);
	sb_free(&all);
	return ret;
}

static void keep_tail(struct boot *b, const char *line, size_t len)
{
	char *copy = xstrndup(line, len);

	if (b->tail.n < TAIL_LINES) {
		strlist_add(&b->tail, copy);
		return;
	}
	free(b->tail.v[b->tail_next]);
	b->tail.v[b->tail_next] = copy;
	b->tail_next = (b->tail_next + 1) % TAIL_LINES;
}

static void say_tail(struct boot *b)
{
	size_t i, n = b->tail.n;

	fprintf(stderr, "%s: the last %zu lines of the guest's console (all in %s):\n",
		progname, n, b->vm->console_log);
	for (i = 0; i < n; i++)
		fprintf(stderr, "  %s\n", b->tail.v[(b->tail_next + i) % n]);
}

/* A test started: its own console file, and the "running" file */
static void test_started(struct boot *b)
{
	const struct check_call *cc = b->cc;
	char *path, *text, *slash;

	b->since = time(NULL);
	if (b->testlog)
		fclose(b->testlog);
	path = xasprintf("%s/%s.console", b->vm->r->secdir, b->con.test);
	slash = strrchr(path, '/');
	*slash = '\0';
	mkdir_p(path);
	*slash = '/';
	b->testlog = fopen(path, "w");
	if (!b->testlog)
		pr_warn("%s: %s", path, strerror(errno));
	free(path);
	if (!cc->running)
		return;
	text = run_state_running_text(cc->round, b->con.test);
	if (write_file_atomic(cc->running, text, strlen(text)))
		pr_warn("%s: %s", cc->running, strerror(errno));
	free(text);
}

/* What of the console the user sees: check's lines and the kernel's alarms */
static void show(struct boot *b, const char *line, size_t len,
		 enum console_state before, unsigned int hung)
{
	size_t mlen;
	const char *kmsg = console_kmsg(line, len, &mlen), *stamp;

	/* check's output before a kernel message on its line */
	if (kmsg && b->con.state == CON_UP) {
		stamp = memrchr(line, '[', kmsg - line);
		if (stamp && stamp > line) {
			fwrite(line, 1, stamp - line, stdout);
			b->partial = true;
		}
	}
	if ((b->con.state == CON_UP && !kmsg) || b->con.state == CON_CRASHED ||
	    b->con.hung != hung || (before == CON_UP && b->con.state == CON_EXITED)) {
		fwrite(line, 1, len, stdout);
		fputc('\n', stdout);
		fflush(stdout);
		b->partial = false;
	}
}

static bool on_line(void *data, const char *line, size_t len)
{
	struct boot *b = data;
	enum console_state before = b->con.state;
	unsigned int hung = b->con.hung;
	size_t mlen;

	if (!line)
		line = "";
	if (len && line[len - 1] == '\r')
		len--;
	if (b->log) {
		fwrite(line, 1, len, b->log);
		fputc('\n', b->log);
		fflush(b->log);	/* to be read while the guest runs */
	}
	keep_tail(b, line, len);
	console_line(&b->con, line, len);
	if (b->con.test_changed)
		test_started(b);
	if (b->testlog) {
		fwrite(line, 1, len, b->testlog);
		fputc('\n', b->testlog);
		fflush(b->testlog);
	}
	show(b, line, len, before, hung);
	if (b->con.state != before)
		b->since = time(NULL);
	if (b->vm->accel == VM_KVM && vm_accel_failed(line))
		b->accel_failed = true;
	/* "qemu-system-x86_64: terminating on signal 15 from pid 7511" */
	if (!b->killed && !console_kmsg(line, len, &mlen) &&
	    memmem(line, len, ": terminating on signal ", 24))
		b->killed = xstrndup(line, len);
	return b->accel_failed || b->con.state == CON_FAILED ||
	       (b->con.state == CON_CRASHED && b->con.crash_over);
}

static bool on_tick(void *data)
{
	struct boot *b = data;
	time_t now = time(NULL);

	switch (b->con.state) {
	case CON_BOOTING:
		b->timed_out = now - b->start > (b->vm->o->boot_timeout ?
						 b->vm->o->boot_timeout :
						 VM_BOOT_TIMEOUT);
		return b->timed_out;
	case CON_UP:
		b->hung = now - b->since > b->vm->test_timeout;
		return b->hung;
	case CON_CRASHED:
		return now - b->since > CRASH_GRACE;
	default:
		return now - b->since > POWEROFF_GRACE;
	}
}

static void make_nonce(char *buf, size_t size)
{
	unsigned char r[8];
	size_t i;

	if (getrandom(r, sizeof(r), 0) != sizeof(r)) {
		unsigned long long t = time(NULL) ^ ((unsigned long long)getpid() << 32);

		memcpy(r, &t, sizeof(r));
	}
	for (i = 0; i < sizeof(r) && 2 * i + 2 < size; i++)
		snprintf(buf + 2 * i, 3, "%02x", r[i]);
}

/* QEMU's command line for this boot */
static void machine_argv(struct boot *b, struct strlist *argv)
{
	struct vm *vm = b->vm;
	struct vm_share shares[VM_SHARES];
	struct vm_machine m = {
		.qemu = vm->qemu, .accel = vm->accel,
		.kernel = vm->image,
		.cmdline = VM_CMDLINE,
		.memory_mb = vm->o->memory_mb ? vm->o->memory_mb : VM_MEMORY_MB,
		.cpus = vm->o->cpus ? vm->o->cpus : VM_CPUS,
		.ndisks = vm->devs.n, .shares = shares,
		.nshares = vm_shares(vm, shares),
	};
	char *initrd = xasprintf("/proc/self/fd/%d", vm->initrd_fd);
	size_t i;

	m.initrd = initrd;
	m.disks = xcalloc(vm->devs.n + 1, sizeof(char *));
	for (i = 0; i < vm->devs.n; i++)
		m.disks[i] = xasprintf("/proc/self/fd/%d", vm->disk_fds[i]);
	vm_qemu_argv(&m, argv);
	for (i = 0; i < vm->devs.n; i++)
		free(m.disks[i]);
	free(m.disks);
	free(initrd);
}

/* Hung-task and stall warnings: kept beside the run, never a crash alone */
static void note_stalls(struct boot *b)
{
	char *path;
	FILE *f;

	if (!b->con.hung)
		return;
	pr_warn("run --vm: %s: %u hung-task or stall warning(s), the first: %s (recorded, not a crash: under emulation they come from a slow guest)",
		b->con.test ? b->con.test : "before any test", b->con.hung,
		b->con.hung_first);
	path = xasprintf("%s/stalls", b->vm->r->statedir);
	f = fopen(path, "a");
	if (f) {
		fprintf(f, "%s\t%u\t%s\n", b->con.test ? b->con.test : "-",
			b->con.hung, b->con.hung_first);
		fclose(f);
	}
	free(path);
}

/* How the boot ended, from what the console said */
static void judge(struct boot *b, int status, struct vm_result *res)
{
	struct console *c = &b->con;

	res->test = c->test ? xstrdup(c->test) : NULL;
	if (b->killed && c->state != CON_EXITED && c->state != CON_CRASHED) {
		/* not the kernel's doing: no test crashed */
		res->end = VM_BROKEN;
		pr_err("run --vm: QEMU was ended from outside (%s): the run stops, --resume continues it",
		       b->killed);
	} else if (c->state == CON_EXITED) {
		res->end = VM_EXITED;
		res->status = c->exit_status;
	} else if (c->state == CON_CRASHED || b->hung || c->state == CON_UP) {
		res->end = VM_CRASHED;
		res->signature = c->state == CON_CRASHED ? xstrdup(c->signature) :
				 b->hung ? xasprintf("hang: no progress within %u s",
						     b->vm->test_timeout) :
				 xstrdup("the guest went down without a crash message");
		res->oops = c->oops.buf ? xstrdup(c->oops.buf) : NULL;
	} else {
		res->end = VM_BROKEN;
		if (c->state == CON_FAILED)
			pr_err("run --vm: the guest's set-up failed: %s", c->error);
		else if (b->timed_out)
			pr_err("run --vm: the guest did not come up within %u s (--vm-boot-timeout)",
			       b->vm->o->boot_timeout ? b->vm->o->boot_timeout :
			       VM_BOOT_TIMEOUT);
		else
			pr_err("run --vm: QEMU ended (status %d) before the guest came up",
			       status);
		say_tail(b);
	}
}

void vm_check(struct vm *vm, const struct check_call *cc, bool *interrupted,
	      struct vm_result *res)
{
	struct boot b = { .vm = vm, .cc = cc };
	struct check_watch w = { on_line, on_tick, &b };
	struct check_call qc = *cc;
	struct strlist argv = { 0 };
	char nonce[17] = "";
	int status;

	memset(res, 0, sizeof(*res));
	make_nonce(nonce, sizeof(nonce));
	b.con.nonce = nonce;
	if (write_initrd(&b, nonce)) {
		res->end = VM_BROKEN;
		return;
	}
	machine_argv(&b, &argv);
	qc.argv = (const char *const *)argv.v;
	qc.watch = &w;
	qc.stderr_too = true;
	b.log = fopen(vm->console_log, "a");
	b.start = time(NULL);
	b.since = b.start;
	fprintf(stderr, "%s: run --vm: boot %u of %s (%s)\n", progname,
		++vm->boots, vm->image, vm->accel == VM_KVM ? "KVM" : "TCG");
	status = check_run(&qc, interrupted);
	if (b.partial)	/* what follows starts on a line of its own */
		putchar('\n');
	if (b.log)
		fclose(b.log);
	if (b.testlog)
		fclose(b.testlog);
	note_stalls(&b);
	if (*interrupted) {
		res->end = VM_INTERRUPTED;
	} else if (b.accel_failed || (vm->accel == VM_KVM && b.con.state == CON_BOOTING)) {
		pr_warn("run --vm: KVM failed to run this kernel: TCG from now on (timings are emulated)");
		vm->accel = VM_TCG;
		vm->test_timeout = vm->o->test_timeout ? vm->o->test_timeout :
				   VM_TEST_TIMEOUT_TCG;
		vm_check(vm, cc, interrupted, res);
	} else {
		judge(&b, status, res);
	}
	strlist_free(&argv);
	strlist_free(&b.tail);
	console_free(&b.con);
	free(b.killed);
}

void vm_result_free(struct vm_result *res)
{
	free(res->test);
	free(res->signature);
	free(res->oops);
}
