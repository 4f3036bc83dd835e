// SPDX-License-Identifier: GPL-2.0
/*
 * The guest's serial console, line by line: which test runs, the
 * guest's own marks, and a kernel crash with its signature.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lib/base.h"
#include "run/check-child.h"
#include "run/vm-console.h"

/* The first line of an oops, a BUG or a panic, as the kernel prints it */
static const char *const crash_starts[] = {
	"BUG: ", "kernel BUG at ", "Oops: ", "Kernel panic - not syncing",
	"general protection fault", "invalid opcode: ", "divide error: ",
	"stack segment: ", "double fault: ", "Unable to handle kernel ",
};

/*
 * Warnings that under emulation come from a slow guest as often as from
 * a stuck kernel: recorded, never a crash by themselves.
 */
static const char *const stall_starts[] = {
	"INFO: task ", "BUG: soft lockup", "watchdog: BUG: soft lockup",
	"rcu: INFO: rcu_", "INFO: rcu_",
};

/* After a crash, what says the kernel printed all of it */
static const char *const crash_ends[] = {
	"---[ end trace", "---[ end Kernel panic", "Rebooting in ",
	"Kernel Offset: ",	/* a panic's last line but one */
};

static bool starts_any(const char *s, size_t len, const char *const *v,
		       size_t n)
{
	size_t i, l;

	for (i = 0; i < n; i++) {
		l = strlen(v[i]);
		if (len >= l && !memcmp(s, v[i], l))
			return true;
	}
	return false;
}

/* "[   12.345678] " at p, its length, or 0 */
static size_t stamp_len(const char *p, const char *end)
{
	const char *q = p + 1;
	bool dot = false;

	if (p >= end || *p != '[')
		return 0;
	while (q < end && *q == ' ')
		q++;
	if (q == end || !isdigit((unsigned char)*q))
		return 0;
	for (; q < end && (isdigit((unsigned char)*q) || *q == '.'); q++)
		dot |= *q == '.';
	if (!dot || q + 1 >= end || q[0] != ']' || q[1] != ' ')
		return 0;
	return q + 2 - p;
}

const char *console_kmsg(const char *line, size_t len, size_t *msglen)
{
	const char *end = line + len, *p;
	size_t n;

	for (p = end; p-- > line;) {
		n = *p == '[' ? stamp_len(p, end) : 0;
		if (n) {
			*msglen = end - p - n;
			return p + n;
		}
	}
	return NULL;
}

/* "RIP: 0010:func+0x16/0x20": func, or NULL (a user space RIP) */
static char *rip_function(const char *msg, size_t len)
{
	const char *p = memchr(msg, ':', len), *end = msg + len, *f;

	if (!p || p + 2 > end)
		return NULL;
	p += 2;
	f = memchr(p, ':', end - p);
	if (f && f - p == 4)	/* the code segment */
		p = f + 1;
	if (p == end || !strncmp(p, "0x", 2))
		return NULL;
	for (f = p; f < end && *f != '+' && *f != ' '; f++)
		;
	return f > p ? xstrndup(p, f - p) : NULL;
}

static void crash_line(struct console *c, const char *msg, size_t len)
{
	char *fn, *sig;

	if (c->oops_lines < VM_OOPS_LINES) {
		sb_add(&c->oops, msg, len);
		sb_add(&c->oops, "\n", 1);
		c->oops_lines++;
	}
	if (starts_any(msg, len, crash_ends, ARRAY_SIZE(crash_ends)))
		c->crash_over = true;
	if (len > 5 && !memcmp(msg, "RIP: ", 5) && !strchr(c->signature, ';')) {
		fn = rip_function(msg, len);
		if (!fn)
			return;
		sig = xasprintf("%s; RIP: %s", c->signature, fn);
		free(c->signature);
		c->signature = sig;
		free(fn);
	}
}

/* A kernel message: a crash begins, goes on, or a stall is warned of. */
static void kernel_message(struct console *c, const char *msg, size_t len)
{
	char *test;

	if (c->state == CON_CRASHED) {
		crash_line(c, msg, len);
		return;
	}
	if (starts_any(msg, len, stall_starts, ARRAY_SIZE(stall_starts))) {
		if (!c->hung++)
			c->hung_first = xstrndup(msg, len);
		return;
	}
	if (starts_any(msg, len, crash_starts, ARRAY_SIZE(crash_starts))) {
		c->state = CON_CRASHED;
		c->signature = xstrndup(msg, len);
		crash_line(c, msg, len);
		return;
	}
	/* fstests marks each test in the kernel log */
	if (len > 12 && !memcmp(msg, "run fstests ", 12)) {
		c->kmsg_tests = true;
		test = check_line_test(msg + 12, len - 12);
		if (test && (!c->test || strcmp(c->test, test))) {
			free(c->test);
			c->test = test;
			c->test_changed = true;
		} else {
			free(test);
		}
	}
}

/* "fstests-expunge-guest: NONCE WHAT ..." */
static void guest_mark(struct console *c, const char *what, size_t len)
{
	if (len >= 2 && !memcmp(what, "up", 2) && c->state == CON_BOOTING) {
		c->state = CON_UP;
	} else if (len > 5 && !memcmp(what, "exit ", 5) &&
		   c->state != CON_CRASHED) {
		c->exit_status = atoi(what + 5);
		c->state = CON_EXITED;
	} else if (len > 6 && !memcmp(what, "error ", 6) &&
		   c->state != CON_CRASHED) {
		free(c->error);
		c->error = xstrndup(what + 6, len - 6);
		c->state = CON_FAILED;
	}
}

/*
 * A line check printed: the test it names, when the kernel log does not
 * mark them (check prints a test's line whole only as it ends; a test
 * left out is "[expunged]" and never runs)
 */
static void check_output(struct console *c, const char *line, size_t len)
{
	char *test;

	if (c->kmsg_tests || memmem(line, len, "[expunged]", 10))
		return;
	test = check_line_test(line, len);

	if (test && (!c->test || strcmp(c->test, test))) {
		free(c->test);
		c->test = test;
		c->test_changed = true;
	} else {
		free(test);
	}
}

void console_line(struct console *c, const char *line, size_t len)
{
	const char *msg, *mark;
	size_t msglen, marklen = strlen(VM_MARK);
	char *copy;

	c->test_changed = false;
	if (len && line[len - 1] == '\r')
		len--;
	if (c->state == CON_EXITED || c->state == CON_FAILED)
		return;
	copy = xstrndup(line, len);
	mark = strstr(copy, VM_MARK);
	if (mark && c->nonce && mark[marklen] == ' ' &&
	    !strncmp(mark + marklen + 1, c->nonce, strlen(c->nonce)) &&
	    mark[marklen + 1 + strlen(c->nonce)] == ' ') {
		mark += marklen + 2 + strlen(c->nonce);
		guest_mark(c, mark, strlen(mark));
	} else {
		msg = console_kmsg(line, len, &msglen);
		if (msg)
			kernel_message(c, msg, msglen);
		else if (c->state == CON_UP)
			check_output(c, line, len);
	}
	free(copy);
}

void console_free(struct console *c)
{
	free(c->test);
	free(c->error);
	free(c->signature);
	free(c->hung_first);
	sb_free(&c->oops);
}
