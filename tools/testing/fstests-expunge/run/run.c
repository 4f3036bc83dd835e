// SPDX-License-Identifier: GPL-2.0
/* "run": fstests with the exclude file, flaky retries and crash resume. */
#include <errno.h>
#include <signal.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "fstests/commit.h"
#include "entries/exclude-write.h"
#include "entries/for-kernel.h"
#include "lib/fileio.h"
#include "report/report-compare.h"
#include "results/result-merge.h"
#include "results/result-write.h"
#include "run/bisect.h"
#include "run/check-child.h"
#include "fstests/config.h"
#include "run/large-disk.h"
#include "run/resume-state.h"
#include "run/retry.h"
#include "run/run-lock.h"
#include "run/run-verify.h"
#include "run/run.h"
#include "run/vm.h"

/* call_check(): the guest crashed, the test that ran is recorded so */
#define GUEST_CRASHED	1000

struct run_ctx {
	const struct run_opts *o;
	struct kdata_cache kc;
	const struct kdata *kd;
	struct applied_set set;
	struct retry_policy policy;
	struct run_state st;
	struct run_locks locks;	/* RESULT_BASE and the section's devices */
	char *fstests, *base, *exclude;
	char *config;		/* check's config file, or NULL */
	struct large_disk ld;	/* the switch decided from the machine */
	struct strlist args;	/* for check: given, or kept for --resume */
	bool interrupted;	/* Ctrl-C or SIGTERM */
	bool died;		/* check was killed */
	bool stopped;		/* check stopped early, or left tests out */
	bool finished;		/* the merged run is whole */
	int sigfd;		/* SIGINT and SIGTERM */
	time_t start;
	struct vm vm;		/* --vm */
	struct vm_run vr;
	bool vm_open;
};

/* An absolute path for dir, which is made if missing (as check does). */
static char *abs_dir(const char *dir)
{
	char buf[PATH_MAX];

	if (mkdir_p(dir)) {
		pr_err("%s: cannot make the results directory: %s", dir,
		       strerror(errno));
		return NULL;
	}
	if (!realpath(dir, buf)) {
		pr_err("%s: %s", dir, strerror(errno));
		return NULL;
	}
	return xstrdup(buf);
}

/* The exclude file, group entries expanded from the tree run runs in */
static int write_exclude(struct run_ctx *rc)
{
	struct fstests_tree tree = { 0 };
	struct exclude_opts xo = {
		.fs = rc->o->fs, .run_known = rc->o->run_known, .tree = &tree,
		.env = &rc->ld.dec,
	};
	struct strlist sections = { 0 };
	int ret;

	if (exclude_read_tree(rc->fstests, &tree))
		return EXIT_USAGE;
	rc->exclude = run_state_path(&rc->st, "exclude");
	strlist_add(&sections, xstrdup(rc->o->section));
	ret = exclude_write_files(rc->kd, &rc->kc.dd, &xo, &sections,
				  rc->exclude, NULL);
	strlist_free(&sections);
	fstests_tree_free(&tree);
	return ret;
}

static int find_fstests(struct run_ctx *rc)
{
	const char *dir = rc->o->k.fstests ? rc->o->k.fstests :
			  getenv("FSTESTS_DIR") ? getenv("FSTESTS_DIR") : ".";
	char buf[PATH_MAX], *check;

	if (!realpath(dir, buf)) {
		pr_err("%s: %s", dir, strerror(errno));
		return -1;
	}
	check = xasprintf("%s/check", buf);
	if (access(check, X_OK)) {
		pr_err("%s: no fstests check script here (--fstests DIR)", buf);
		free(check);
		return -1;
	}
	free(check);
	rc->fstests = xstrdup(buf);
	return 0;
}

/* --resume: a run of the section was started there. */
static bool resumable(struct run_ctx *rc)
{
	char *args = run_state_path(&rc->st, "args");
	bool there = !access(args, F_OK);

	if (!there)
		pr_err("%s: no run of section %s to resume", rc->base,
		       rc->o->section);
	free(args);
	return there;
}

/*
 * One run at a time on RESULT_BASE and on each device the section's
 * config names; a config without the section is an error, as check
 * would run nothing.
 */
static int lock(struct run_ctx *rc)
{
	struct strlist devs = { 0 };
	char *err = NULL;
	int ret;

	rc->config = fstests_config_path(rc->fstests);
	ret = fstests_config_devices(rc->config, rc->o->section, &devs, &err);
	/* a guest's devices are its own disks */
	if (rc->o->vm.on)
		strlist_free(&devs);
	if (ret) {
		pr_err("%s", err);
		free(err);
	} else {
		ret = run_locks_take(&rc->locks, rc->base, &devs);
	}
	strlist_free(&devs);
	return ret;
}

/* The fstests commit run, kept beside the results for "archive add" */
static int save_fstests_commit(struct run_ctx *rc)
{
	char *commit = fstests_commit(rc->fstests), *path, *line;
	int ret;

	if (!commit)
		return 0;
	path = xasprintf("%s/%s", rc->st.secdir, FSTESTS_COMMIT_FILE);
	line = xasprintf("%s\n", commit);
	ret = write_file_atomic(path, line, strlen(line));
	if (ret)
		pr_err("%s: %s", path, strerror(errno));
	free(path);
	free(line);
	free(commit);
	return ret;
}

/* run --vm: the guest's machine, made once */
static int open_guest(struct run_ctx *rc)
{
	rc->vr = (struct vm_run){
		/* its config is read when first asked for */
		.k = (struct kernel *)&rc->kd->k,
		.fs = rc->o->fs, .section = rc->o->section,
		.config = rc->config, .fstests = rc->fstests, .base = rc->base,
		.statedir = rc->st.dir, .secdir = rc->st.secdir,
	};
	rc->vm_open = true;
	return vm_open(&rc->vm, &rc->o->vm, &rc->vr);
}

/*
 * --recheck: check's arguments are the tests the data leaves out as
 * fail or flaky for this kernel and section (a group entry is a choice
 * of what to run, not a claim that its tests fail: not rechecked)
 */
static int add_recheck(struct run_ctx *rc)
{
	size_t i;

	for (i = 0; i < rc->set.n; i++) {
		const struct applied *a = &rc->set.a[i];

		if ((a->kind == KIND_FAIL || a->kind == KIND_FLAKY) &&
		    !entry_group(a->entry))
			strlist_add(&rc->args, xstrdup(a->test));
	}
	if (rc->args.n)
		return 0;
	pr_err("run --recheck: the %s data leaves out no test as fail or flaky for kernel %s, section %s: nothing to run",
	       rc->o->fs, rc->kd->k.release ? rc->kd->k.release : "?",
	       rc->o->section);
	return -1;
}

static int prepare(struct run_ctx *rc)
{
	const struct run_opts *o = rc->o;
	char *err = NULL, *base;
	int i;

	if (find_fstests(rc))
		return EXIT_USAGE;
	/* its fixes retire test-fixed-by= entries */
	rc->kc.opts.fstests = rc->fstests;
	base = o->results ? xstrdup(o->results) :
	       xasprintf("%s/results", rc->fstests);
	rc->base = abs_dir(base);
	free(base);
	if (!rc->base || lock(rc))
		return EXIT_USAGE;
	if (run_state_open(&rc->st, rc->base, o->section, !o->resume, &err)) {
		pr_err("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	for (i = 0; i < o->nargs; i++)
		strlist_add(&rc->args, xstrdup(o->args[i]));
	if (o->resume) {
		if (!resumable(rc))
			return EXIT_USAGE;
		if (!o->nargs && run_state_load_args(&rc->st, &rc->args))
			return EXIT_USAGE;
		if (run_state_check(&rc->st) ||
		    run_state_recover(&rc->st, false))
			return EXIT_USAGE;
	}
	/* the switches the data is selected with, run's and compare's */
	large_disk_decide(&rc->ld, &o->k.env, rc->config, rc->fstests,
			  o->section, !o->vm.on ? 0 : o->vm.disk_gib ?
			  o->vm.disk_gib : VM_DISK_GIB);
	rc->kc.opts.env = rc->ld.env;
	rc->kd = kdata_load(&rc->kc, o->fs);
	if (!rc->kd)
		return EXIT_USAGE;
	select_section(&rc->kd->sel, o->section, &rc->set);
	if (o->recheck && !o->resume && add_recheck(rc))
		return EXIT_USAGE;
	/* the tests bisected run, whatever else check is asked to run */
	for (i = 0; i < (int)o->tests.n; i++) {
		if (!strlist_has(&rc->args, o->tests.v[i]))
			strlist_add(&rc->args, xstrdup(o->tests.v[i]));
	}
	if (!o->resume && (run_state_save_args(&rc->st, rc->args.v,
					       (int)rc->args.n) ||
			   save_fstests_commit(rc)))
		return EXIT_USAGE;
	rc->policy.set = &rc->set;
	rc->policy.retries = o->retries;
	rc->policy.retry_failures = o->retry_failures;
	rc->policy.attempts = !o->bisect ? 0 : o->attempts ? o->attempts :
			      DEFAULT_BISECT_ATTEMPTS;
	rc->policy.targets = &o->tests;
	if (write_exclude(rc))
		return EXIT_USAGE;
	return o->vm.on && open_guest(rc) ? EXIT_USAGE : EXIT_OK;
}

/* Every piece so far, merged as check -L would have written it. */
static int load_merged(struct run_ctx *rc, struct result_file *m)
{
	struct result_file *parts = NULL, *retries = NULL;
	size_t nparts = 0, nretries = 0, i;
	int ret;

	ret = run_state_load(&rc->st, &parts, &nparts, &retries, &nretries);
	result_merge(m, parts, nparts, retries, nretries);
	for (i = 0; i < nparts; i++)
		result_free(&parts[i]);
	for (i = 0; i < nretries; i++)
		result_free(&retries[i]);
	free(parts);
	free(retries);
	return ret;
}

static void progress(struct run_ctx *rc, const char *phase,
		     const struct result_file *m, size_t retrying)
{
	struct attempts a;
	size_t pos = 0, tests = 0, failed = 0, tries = 0, retried = 0;

	while (attempts_next(m, &pos, &a)) {
		tests++;
		tries += a.tries;
		retried += a.tries > 1;
		failed += a.fails && a.fails == a.tries;
	}
	fprintf(stderr, "%s: run %s: %s: %zu tests, %zu failed, ", progname,
		rc->o->section, phase, tests, failed);
	fprintf(stderr, "%zu retried, %zu attempts, %zu to retry, %lds\n",
		retried, tries, retrying, (long)(time(NULL) - rc->start));
}

/*
 * The logs of each failed first attempt as .rerun0, as check -L keeps
 * them; and back where a resumed check removed them.
 */
static void keep_first_logs(struct run_ctx *rc, const struct result_file *m)
{
	struct attempts a;
	size_t pos = 0;

	while (attempts_next(m, &pos, &a)) {
		if (!a.fails || a.crashed)
			continue;
		run_state_stash(&rc->st, a.test, 0, false);
		if (a.tries == 1)
			run_state_stash(&rc->st, a.test, 0, true);
	}
}

/*
 * The tests of the main run that finished, for check -E on --resume;
 * their logs are kept first, since check removes the .out.bad of the
 * tests it leaves out.
 */
static char *write_finished(struct run_ctx *rc)
{
	struct result_file m;
	struct strbuf sb = { 0 };
	struct attempts a;
	size_t pos = 0;
	char *path = NULL;

	load_merged(rc, &m);
	keep_first_logs(rc, &m);
	while (attempts_next(&m, &pos, &a))
		sb_printf(&sb, "%s # %s before --resume\n", a.test,
			  a.crashed ? "crashed" : "ran");
	if (sb.len) {
		path = run_state_path(&rc->st, "resume.exclude");
		if (write_file_atomic(path, sb.buf, sb.len)) {
			pr_err("%s: %s", path, strerror(errno));
			free(path);
			path = NULL;
		}
	}
	result_free(&m);
	sb_free(&sb);
	return path;
}

/*
 * "-x GROUP" for each group entry the exclude file leaves out: check
 * drops the group
 */
static void add_groups(const struct run_ctx *rc, struct strlist *argv)
{
	size_t i;

	for (i = 0; i < rc->set.n; i++) {
		const struct applied *a = &rc->set.a[i];

		if (a->kind == KIND_FLAKY || !entry_group(a->entry) ||
		    (a->kind == KIND_FAIL && rc->o->run_known))
			continue;
		strlist_add(argv, xstrdup("-x"));
		strlist_add(argv, xstrdup(entry_group(a->entry)));
	}
}

/* check -s S -E FILE [-E FILE] [-x GROUP]... -R xunit, then arguments */
static void check_argv(const struct run_ctx *rc, const char *more_exclude,
		       const struct strlist *extra, struct strlist *argv)
{
	size_t i;

	strlist_add(argv, xstrdup("./check"));
	strlist_add(argv, xstrdup("-s"));
	strlist_add(argv, xstrdup(rc->o->section));
	strlist_add(argv, xstrdup("-E"));
	strlist_add(argv, xstrdup(rc->exclude));
	if (more_exclude) {
		strlist_add(argv, xstrdup("-E"));
		strlist_add(argv, xstrdup(more_exclude));
	}
	add_groups(rc, argv);
	strlist_add(argv, xstrdup("-R"));
	strlist_add(argv, xstrdup("xunit"));
	for (i = 0; i < extra->n; i++)
		strlist_add(argv, xstrdup(extra->v[i]));
}

/*
 * check exited: its result.xml becomes the next piece of the run, and
 * is judged (names: its testcases). A call that left none, or one that
 * cannot be read, is an error; one that stopped early stops the run.
 */
static int take_piece(struct run_ctx *rc, unsigned int round, time_t since,
		      struct strlist *names)
{
	const char *kind = round ? "retry" : "main";
	struct verify_ctx vc = {
		.base = rc->base, .section = rc->o->section,
		.config = rc->config, .since = since,
	};
	enum piece_state ps;
	char *path;

	if (rc->interrupted) {	/* what it wrote, if anything */
		if (run_state_take(&rc->st, kind))
			return -1;
		path = run_state_piece(&rc->st, kind,
				       run_state_count(&rc->st, kind));
		verify_names(path, names);
		free(path);
		return 0;
	}
	if (!verify_result_there(&vc) || run_state_take(&rc->st, kind))
		return -1;
	path = run_state_piece(&rc->st, kind, run_state_count(&rc->st, kind));
	ps = verify_piece(&vc, path, names);
	free(path);
	rc->stopped |= ps == PIECE_STOPPED;
	return ps == PIECE_UNREADABLE ? -1 : 0;
}

/* The first lines of a guest's crash, beside the test's other logs */
static void keep_oops(struct run_ctx *rc, const struct vm_result *res)
{
	char *path;

	if (!res->oops)
		return;
	path = xasprintf("%s/%s.oops", rc->st.secdir, res->test);
	if (write_file_atomic(path, res->oops, strlen(res->oops)))
		pr_warn("%s: %s", path, strerror(errno));
	free(path);
}

/*
 * check in the guest: its exit status, GUEST_CRASHED when the kernel
 * crashed or hung in a test (recorded as that test's result; the next
 * call boots again), -1 when the guest could not run it.
 */
static int call_guest(struct run_ctx *rc, const struct check_call *cc,
		      bool *interrupted, struct strlist *names)
{
	struct vm_result res;
	int status = -1;

	vm_check(&rc->vm, cc, interrupted, &res);
	switch (res.end) {
	case VM_EXITED:
		status = res.status;
		break;
	case VM_INTERRUPTED:
		status = 128 + SIGINT;
		break;
	case VM_CRASHED:
		if (!res.test) {
			pr_err("run --vm: the guest's kernel crashed before any test ran: %s",
			       res.signature);
			break;
		}
		keep_oops(rc, &res);
		if (run_state_crashed(&rc->st, res.signature))
			break;
		if (names)
			strlist_add(names, xstrdup(res.test));
		status = GUEST_CRASHED;
		break;
	default:
		break;
	}
	vm_result_free(&res);
	return status;
}

/*
 * One check call (tests: the tests to retry, else check's arguments);
 * the names of the testcases it left go to names (if not NULL).
 */
static int call_check(struct run_ctx *rc, unsigned int round,
		      const char *more_exclude, const struct strlist *tests,
		      struct strlist *names)
{
	struct strlist argv = { 0 };
	struct check_call cc = {
		.fstests = rc->fstests, .round = round, .sigfd = rc->sigfd,
		.result_base = rc->base,
	};
	time_t since = time(NULL);
	char *running, *old;
	bool interrupted = false;
	int status;

	/* a Ctrl-C that came between two calls */
	if (check_signals_pending(rc->sigfd)) {
		rc->interrupted = true;
		return 0;
	}
	running = run_state_path(&rc->st, "running");
	old = xasprintf("%s/result.xml", rc->st.secdir);
	check_argv(rc, more_exclude, tests ? tests : &rc->args, &argv);
	cc.argv = (const char *const *)argv.v;
	cc.running = running;
	unlink(old);	/* a result.xml left now is this call's */
	if (rc->o->vm.on)
		status = call_guest(rc, &cc, &interrupted, names);
	else
		status = check_run(&cc, &interrupted);
	rc->interrupted |= interrupted;
	if (status == GUEST_CRASHED) {
		/* recorded: the next call boots again */
	} else if (status >= 128 && !interrupted) {
		/* killed, not by us: the running test is as if crashed */
		pr_err("check was killed (signal %d)", status - 128);
		rc->died = true;
		if (run_state_recover(&rc->st, true))
			status = -1;
	} else if (status >= 0 && status != 127) {
		unlink(running);
		if (take_piece(rc, round, since, names))
			status = -1;
	}
	strlist_free(&argv);
	free(running);
	free(old);
	return status;
}

static bool main_done(struct run_ctx *rc)
{
	char *path = run_state_path(&rc->st, "main-done");
	bool done = !access(path, F_OK);

	free(path);
	return done;
}

/*
 * The main run ran something, and every test asked for by name (unless
 * excluded): false if nothing ran; tests left out stop the run.
 */
static bool ran_what_was_asked(struct run_ctx *rc, const struct result_file *m)
{
	struct strlist missing = { 0 };
	size_t named = verify_requested(&rc->args, m, rc->exclude, &missing);
	struct strlist groups = { 0 };
	bool ok = true;

	/* check -x GROUP leaves tests out that no file here names */
	add_groups(rc, &groups);
	if (groups.n) {
		strlist_free(&missing);
		named = 0;
	}
	strlist_free(&groups);

	if (named && missing.n == named) {
		pr_err("none of the %zu test(s) asked for ran (%s ...)",
		       named, missing.v[0]);
		ok = false;
	} else if (!m->ncases) {
		pr_err("check ran no test: nothing was tested");
		ok = false;
	} else if (missing.n) {
		pr_err("%zu of the %zu test(s) asked for did not run (%s ...): the run is incomplete",
		       missing.n, named, missing.v[0]);
		rc->stopped = true;
	}
	if (!ok || missing.n)
		pr_err("look at check's output above, and at section [%s] of %s",
		       rc->o->section, rc->config ? rc->config : "check's config");
	strlist_free(&missing);
	return ok;
}

/*
 * After a guest's crash: whether check's arguments are test names only,
 * every one of them finished or excluded (then there is nothing left).
 */
static bool all_named_done(struct run_ctx *rc)
{
	struct strlist missing = { 0 };
	struct result_file m;
	size_t i, named;

	for (i = 0; i < rc->args.n; i++) {
		if (rc->args.v[i][0] == '-')
			return false;
	}
	load_merged(rc, &m);
	named = verify_requested(&rc->args, &m, rc->exclude, &missing);
	result_free(&m);
	i = missing.n;
	strlist_free(&missing);
	return named && !i;
}

/*
 * check, and in a guest once more after each crash (booted again, the
 * tests that finished or crashed left out, as --resume does)
 */
static int main_calls(struct run_ctx *rc)
{
	char *finished;
	int status;
	bool again = rc->o->resume;

	do {
		finished = again ? write_finished(rc) : NULL;
		status = call_check(rc, 0, finished, NULL, NULL);
		free(finished);
		again = true;
	} while (status == GUEST_CRASHED && !rc->interrupted &&
		 !all_named_done(rc));
	return status == GUEST_CRASHED ? 0 : status;
}

static int main_phase(struct run_ctx *rc)
{
	char *done = run_state_path(&rc->st, "main-done");
	struct result_file m;
	int status;

	status = main_calls(rc);
	if (status < 0 || status == 127) {
		free(done);
		return -1;
	}
	load_merged(rc, &m);
	keep_first_logs(rc, &m);
	if (!rc->interrupted && !rc->died && !ran_what_was_asked(rc, &m)) {
		status = -1;
	} else if (!rc->interrupted && !rc->died && !rc->stopped &&
		   write_file_atomic(done, "", 0)) {
		pr_err("%s: %s", done, strerror(errno));
		status = -1;
	}
	if (status >= 0)
		progress(rc, "main run", &m, 0);
	free(done);
	result_free(&m);
	return status < 0 ? -1 : 0;
}

/* A retry round that ran none of its tests would be started forever. */
static bool progressed(struct run_ctx *rc, unsigned int round,
		       const struct strlist *tests, const struct strlist *names)
{
	size_t i;

	for (i = 0; i < tests->n; i++) {
		if (strlist_has(names, tests->v[i]))
			return true;
	}
	pr_err("retry round %u: check ran none of the %zu test(s) it was given (%s ...): stopping",
	       round, tests->n, tests->v[0]);
	return false;
}

/* Run the failures the policy retries once more, round after round. */
static int retry_phase(struct run_ctx *rc)
{
	unsigned int round = run_state_count(&rc->st, "retry") + 1;
	char phase[32];

	for (; !rc->interrupted && !rc->died && !rc->stopped; round++) {
		struct strlist tests = { 0 }, names = { 0 };
		struct result_file m;
		size_t i;
		int status;

		load_merged(rc, &m);
		retry_pick(&rc->policy, &m, &tests);
		result_free(&m);
		if (!tests.n)
			break;
		fprintf(stderr, "%s: run %s: retry round %u: %zu test(s) again\n",
			progname, rc->o->section, round, tests.n);
		status = call_check(rc, round, NULL, &tests, &names);
		/* the logs of what ran: not those a Ctrl-C left unrun */
		for (i = 0; status >= 0 && i < tests.n; i++) {
			if (strlist_has(&names, tests.v[i]))
				run_state_stash(&rc->st, tests.v[i], round,
						false);
		}
		if (status >= 0 && !rc->interrupted && !rc->died &&
		    !progressed(rc, round, &tests, &names))
			status = -1;
		strlist_free(&tests);
		strlist_free(&names);
		if (status < 0 || status == 127)
			return -1;
		load_merged(rc, &m);
		tests = (struct strlist){ 0 };
		retry_pick(&rc->policy, &m, &tests);
		snprintf(phase, sizeof(phase), "retry round %u", round);
		progress(rc, phase, &m, tests.n);
		strlist_free(&tests);
		result_free(&m);
	}
	return 0;
}

/* A guest run says so, with the kernel's upstream version and the tools' */
static void add_guest_props(struct run_ctx *rc, struct result_file *m)
{
	struct strlist props = { 0 };
	struct result_prop *p;
	size_t i, k;

	vm_props(&rc->vm, &props);
	for (i = 0; i + 1 < props.n; i += 2) {
		for (k = 0; k < m->nprops; k++) {
			if (!strcmp(m->props[k].name, props.v[i]))
				break;
		}
		if (k == m->nprops) {
			p = array_push(&m->props, &m->nprops, &m->aprops,
				       sizeof(*p));
			p->name = props.v[i];
		} else {
			p = &m->props[k];
			free(props.v[i]);
			free(p->value);
		}
		p->value = props.v[i + 1];
		props.v[i] = NULL;
		props.v[i + 1] = NULL;
	}
	strlist_free(&props);
}

/* The merged result.xml, for compare and for the user. */
static int finish(struct run_ctx *rc, char **path)
{
	bool finished = main_done(rc) && !rc->interrupted && !rc->died &&
			!rc->stopped;
	struct strbuf sb = { 0 };
	struct result_file m;
	struct result_prop *p;
	int ret;

	load_merged(rc, &m);
	if (!m.nprops) {	/* check wrote nothing: say what ran */
		p = array_push(&m.props, &m.nprops, &m.aprops, sizeof(*p));
		p->name = xstrdup("FSTYP");
		p->value = xstrdup(rc->o->fs);
		p = array_push(&m.props, &m.nprops, &m.aprops, sizeof(*p));
		p->name = xstrdup("KERNEL");
		p->value = xstrdup(rc->kd->k.release);
	}
	if (rc->vm_open)
		add_guest_props(rc, &m);
	free(m.section);
	m.section = xstrdup(rc->o->section);
	rc->finished = finished;
	result_write(&m, finished, &sb);
	*path = xasprintf("%s/result.xml", rc->st.secdir);
	ret = write_file_atomic(*path, sb.buf, sb.len);
	if (ret)
		pr_err("%s: %s", *path, strerror(errno));
	progress(rc, finished ? "done" : "stopped early", &m, 0);
	if (!finished)
		fprintf(stderr, "%s: run %s: incomplete; '--resume' continues it\n",
			progname, rc->o->section);
	result_free(&m);
	sb_free(&sb);
	return ret;
}

/*
 * compare the merged result.xml with run's own options (every kernel
 * option, the data, the baseline): its report and exit status are ours.
 */
static int compare(struct run_ctx *rc, const char *path)
{
	const struct run_opts *o = rc->o;
	struct compare_opts co = {
		.k = o->k,
		.base_paths = o->baseline,
		.format = "text",
		.bisect = o->bisect,
	};
	int ret;

	/* compare's own report: --fstests gives it no fix hints here */
	co.k.fstests = NULL;
	co.k.env = rc->ld.env;
	strlist_add(&co.paths, xstrdup(path));
	ret = report_compare(&co);
	strlist_free(&co.paths);
	return ret;
}

/*
 * run --bisect: where compare can tell, the attempts at the targets
 * decide; the verdict and its confidence follow compare's report.
 */
static int judge_step(struct run_ctx *rc, int compared)
{
	struct strbuf sb = { 0 };
	struct result_file m;
	int ret;

	load_merged(rc, &m);
	ret = bisect_judge(&rc->policy, &m, rc->finished, &sb);
	if (compared == EXIT_SKIP && ret != EXIT_SKIP) {
		sb_puts(&sb, "bisect: compare cannot tell: skip (exit 125)\n");
		ret = EXIT_SKIP;
	}
	fputs(sb.buf ? sb.buf : "", stdout);
	fflush(stdout);
	result_free(&m);
	sb_free(&sb);
	return ret;
}

static void run_ctx_free(struct run_ctx *rc)
{
	if (rc->vm_open)
		vm_close(&rc->vm);
	applied_free(&rc->set);
	kdata_free(&rc->kc);
	run_state_free(&rc->st);
	run_locks_release(&rc->locks);
	strlist_free(&rc->args);
	free(rc->fstests);
	free(rc->base);
	free(rc->exclude);
	free(rc->config);
	large_disk_free(&rc->ld);
}

int run_fstests(const struct run_opts *o)
{
	struct run_ctx rc = { .o = o, .start = time(NULL) };
	char *path = NULL;
	int ret;

	rc.sigfd = check_signals_catch();
	if (rc.sigfd < 0) {
		pr_err("run: signalfd: %s", strerror(errno));
		return EXIT_USAGE;
	}
	kdata_init(&rc.kc, &o->k);
	ret = prepare(&rc);
	if (!ret && !main_done(&rc) && main_phase(&rc))
		ret = EXIT_USAGE;
	if (!ret && retry_phase(&rc))
		ret = EXIT_USAGE;
	rc.interrupted |= check_signals_pending(rc.sigfd);
	if (!ret && finish(&rc, &path))
		ret = EXIT_USAGE;
	if (!ret)
		ret = compare(&rc, path);
	if (o->bisect && path && ret != EXIT_USAGE)
		ret = judge_step(&rc, ret);
	else if (o->bisect && ret == EXIT_USAGE)
		ret = EXIT_SKIP;
	free(path);
	run_ctx_free(&rc);
	check_signals_release(rc.sigfd);
	return ret;
}
