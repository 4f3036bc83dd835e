// SPDX-License-Identifier: GPL-2.0
/*
 * Conditions ("if EXPR" in the data): Kconfig expressions evaluated by the
 * kernel's own kconfig code. Without a kernel tree, a Kconfig file is made
 * up from the config itself (each symbol typed by its value), so that the
 * config's values count as written; with a tree, its whole Kconfig is
 * parsed. Either way the work happens in a child process.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kcond.h"
#include "kconfig-child.h"
#include "kconfig-file.h"
#include "strmap.h"
#include "util.h"

#define COND_SYM	KCOND_PREFIX "COND_"
#define CHILD_TIMEOUT_MS	(300 * 1000)

enum tok_type { T_END, T_SYM, T_LIT, T_STR, T_OP, T_LPAREN, T_RPAREN };

struct tok {
	enum tok_type type;
	const char *s;
	size_t len;
};

/* Read one token at *p; NULL on success, else a malloc'd message. */
static char *next_tok(const char **p, struct tok *t)
{
	static const char *const ops[] = {
		"&&", "||", "!=", "<=", ">=", "!", "=", "<", ">",
	};
	const char *s = *p;
	size_t i;

	while (*s == ' ' || *s == '\t')
		s++;
	t->s = s;
	t->len = 0;
	if (!*s) {
		t->type = T_END;
		*p = s;
		return NULL;
	}
	if (kconfig_sym_char(*s) ||
	    (*s == '-' && isdigit((unsigned char)s[1]))) {
		/* a symbol or a number, also a negative one */
		t->len = *s == '-';
		while (kconfig_sym_char(s[t->len]))
			t->len++;
		t->type = isdigit((unsigned char)*s) || *s == '-' ?
			  T_LIT : T_SYM;
		if (t->len == 1 && strchr("ymn", *s))
			t->type = T_LIT;
	} else if (*s == '"' || *s == '\'') {
		const char *end = strchr(s + 1, *s);

		if (!end)
			return xasprintf("unterminated string");
		for (i = 1; s + i < end; i++) {
			unsigned char c = s[i];

			if (!isprint(c))
				return xasprintf("byte 0x%02x not allowed in a string",
						 c);
			if (c == '$' || c == '\\')
				return xasprintf("character '%c' not allowed in a string",
						 c);
		}
		t->type = T_STR;
		t->len = end - s + 1;
	} else if (*s == '(' || *s == ')') {
		t->type = *s == '(' ? T_LPAREN : T_RPAREN;
		t->len = 1;
	} else {
		for (i = 0; i < ARRAY_SIZE(ops); i++) {
			if (str_starts(s, ops[i])) {
				t->type = T_OP;
				t->len = strlen(ops[i]);
				break;
			}
		}
		if (!t->len) {
			if (isprint((unsigned char)*s))
				return xasprintf("character '%c' not allowed in a condition",
						 *s);
			return xasprintf("byte 0x%02x not allowed in a condition",
					 (unsigned char)*s);
		}
	}
	*p = s + t->len;
	return NULL;
}

static bool is_keyword(const struct tok *t)
{
	size_t i;

	/* Kconfig keywords are lowercase; symbols never are entirely */
	for (i = 0; i < t->len; i++) {
		if (!islower((unsigned char)t->s[i]) && t->s[i] != '_')
			return false;
	}
	return true;
}

char *kcond_lint(const char *expr)
{
	const char *p = expr;
	int depth = 0, count = 0;
	struct tok t;
	char *msg;

	for (;;) {
		msg = next_tok(&p, &t);
		if (msg)
			return msg;
		if (t.type == T_END)
			break;
		count++;
		if (t.type == T_SYM && t.len > KCONFIG_NAME_MAX)
			return xasprintf("a symbol name of %zu bytes (at most %d)",
					 t.len, KCONFIG_NAME_MAX);
		if (t.type == T_SYM && is_keyword(&t))
			return xasprintf("'%.*s' is not a config symbol",
					 (int)t.len, t.s);
		if (t.type == T_SYM && t.len >= strlen(KCOND_PREFIX) &&
		    str_starts(t.s, KCOND_PREFIX))
			return xasprintf("symbols starting %s are reserved",
					 KCOND_PREFIX);
		if (t.type == T_SYM && str_starts(t.s, "CONFIG_"))
			return xasprintf("write %.*s without CONFIG_",
					 (int)t.len, t.s);
		if (t.type == T_LPAREN)
			depth++;
		if (t.type == T_RPAREN && --depth < 0)
			return xasprintf("')' without '('");
	}
	if (!count)
		return xasprintf("empty condition");
	if (depth)
		return xasprintf("'(' without ')'");
	return NULL;
}

char **kcond_symbols(const char *expr, size_t *n)
{
	struct strlist names = { 0 };
	struct strmap seen = { 0 };
	const char *p = expr;
	struct tok t;
	bool added;

	for (;;) {
		char *msg = next_tok(&p, &t);

		if (msg) {
			free(msg);
			break;
		}
		if (t.type == T_END)
			break;
		if (t.type != T_SYM)
			continue;
		strmap_get(&seen, t.s, t.len, true, &added);
		if (added)
			strlist_add(&names, xstrndup(t.s, t.len));
	}
	strmap_free(&seen);
	*n = names.n;
	if (!names.n)
		strlist_add(&names, NULL);
	return names.v;
}

/* The Kconfig type that a config value implies. */
static const char *type_of_value(const char *v)
{
	if (*v == '"')
		return "string";
	if (str_starts(v, "0x") || str_starts(v, "0X"))
		return "hex";
	if (isdigit((unsigned char)*v) || *v == '-')
		return "int";
	return "tristate";
}

enum use_type { USE_TRISTATE, USE_STRING, USE_INT, USE_HEX };

/* The type "SYM op LIT" (or "LIT op SYM") implies for SYM, if any. */
static void note_use(struct strmap *types, const struct tok *prev,
		     const struct tok *t)
{
	const struct tok *sym = NULL, *lit = NULL;
	enum use_type type = USE_TRISTATE;
	int *v;

	if (prev[0].type != T_OP || strchr("!&|", prev[0].s[0]))
		return;
	if (prev[1].type == T_SYM) {
		sym = &prev[1];
		lit = t;
	} else if (t->type == T_SYM) {
		sym = t;
		lit = &prev[1];
	} else {
		return;
	}
	if (lit->type == T_STR)
		type = USE_STRING;
	else if (lit->type == T_LIT && (isdigit((unsigned char)lit->s[0]) ||
					lit->s[0] == '-'))
		type = lit->len > 2 && lit->s[1] == 'x' ? USE_HEX : USE_INT;
	if (type == USE_TRISTATE)
		return;
	/* the first comparison decides */
	v = strmap_get(types, sym->s, sym->len, true, NULL);
	if (!*v)
		*v = type;
}

/*
 * The symbols the config does not set are tristates (so n), unless an
 * expression compares one with a string or a number: every expression
 * read once, the types kept by name.
 */
static void use_types(const struct kcond *conds, size_t n,
		      struct strmap *types)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct tok prev[2] = { { T_END } };
		const char *p = conds[i].expr;
		struct tok t;
		char *msg;

		for (;;) {
			msg = next_tok(&p, &t);
			if (msg) {
				free(msg);
				break;
			}
			note_use(types, prev, &t);
			if (t.type == T_END)
				break;
			prev[1] = prev[0];
			prev[0] = t;
		}
	}
}

static void add_cond_symbols(struct strbuf *sb, const struct kcond *conds,
			     size_t n, const struct kconfig_file *cfg)
{
	static const char *const type_name[] = {
		[USE_TRISTATE] = "tristate", [USE_STRING] = "string",
		[USE_INT] = "int", [USE_HEX] = "hex",
	};
	struct strmap seen = { 0 }, types = { 0 };
	size_t i, j, m;
	bool added;

	use_types(conds, n, &types);
	for (i = 0; i < n; i++) {
		char **syms = kcond_symbols(conds[i].expr, &m);

		for (j = 0; j < m; j++) {
			const int *type;

			added = false;
			if ((!cfg || !kconfig_get(cfg, syms[j])) &&
			    strcmp(syms[j], "MODULES"))
				strmap_get(&seen, syms[j], strlen(syms[j]),
					   true, &added);
			type = strmap_get(&types, syms[j], strlen(syms[j]),
					  false, NULL);
			if (added)
				sb_printf(sb, "config %s\n\t%s \"%s\"\n\n",
					  syms[j], type_name[type ? *type : 0],
					  syms[j]);
			free(syms[j]);
		}
		free(syms);
	}
	strmap_free(&seen);
	strmap_free(&types);
}

/*
 * Can a config symbol be handed to kconfig? Not one of our reserved
 * prefix, and not a lowercase word: kconfig would read "config if" as a
 * syntax error, and no condition can name one (kcond_lint() refuses).
 */
static bool usable_name(const char *name)
{
	const char *p;

	if (str_starts(name, KCOND_PREFIX))
		return false;
	for (p = name; *p; p++) {
		if (!islower((unsigned char)*p) && *p != '_')
			return true;
	}
	return false;
}

/* A Kconfig file that declares what the config sets, as it sets it. */
static void write_treeless_kconfig(struct strbuf *sb,
				   const struct kconfig_file *cfg,
				   const struct kcond *conds, size_t n)
{
	size_t i;

	sb_puts(sb, "mainmenu \"fstests-expunge\"\n\n"
		"config MODULES\n\tbool \"MODULES\"\n\tdefault y\n\tmodules\n\n");
	for (i = 0; cfg && i < cfg->n; i++) {
		const struct kconfig_sym *s = &cfg->syms[i];

		if (!strcmp(s->name, "MODULES") || !usable_name(s->name))
			continue;
		sb_printf(sb, "config %s\n\t%s \"%s\"\n\n", s->name,
			  type_of_value(s->value), s->name);
	}
	add_cond_symbols(sb, conds, n, cfg);
}

static void write_conds(struct strbuf *sb, const struct kcond *conds,
			size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		sb_printf(sb, "config %s%zu\n\tdef_tristate %s\n\n", COND_SYM,
			  i, conds[i].expr);
}

static void write_config(struct strbuf *sb, const struct kconfig_file *cfg)
{
	size_t i;

	for (i = 0; cfg && i < cfg->n; i++) {
		const struct kconfig_sym *s = &cfg->syms[i];

		if (!usable_name(s->name))
			continue;
		if (!strcmp(s->value, "n"))
			sb_printf(sb, "# CONFIG_%s is not set\n", s->name);
		else
			sb_printf(sb, "CONFIG_%s=%s\n", s->name, s->value);
	}
}

/* The architecture whose Kconfig to read: the config's own, or ours. */
static const char *config_arch(const struct kconfig_file *cfg)
{
	static const char *const arches[][2] = {
		{ "X86", "x86" }, { "ARM64", "arm64" }, { "ARM", "arm" },
		{ "PPC", "powerpc" }, { "S390", "s390" }, { "RISCV", "riscv" },
		{ "LOONGARCH", "loongarch" }, { "MIPS", "mips" },
		{ "SPARC", "sparc" },
	};
	static struct utsname uts;
	size_t i;

	for (i = 0; cfg && i < ARRAY_SIZE(arches); i++) {
		const char *v = kconfig_get(cfg, arches[i][0]);

		if (v && !strcmp(v, "y"))
			return arches[i][1];
	}
	if (getenv("ARCH"))
		return getenv("ARCH");
	uname(&uts);
	if (!strcmp(uts.machine, "x86_64") || !strcmp(uts.machine, "i686"))
		return "x86";
	if (!strcmp(uts.machine, "aarch64"))
		return "arm64";
	if (str_starts(uts.machine, "ppc"))
		return "powerpc";
	if (str_starts(uts.machine, "riscv"))
		return "riscv";
	if (str_starts(uts.machine, "s390"))
		return "s390";
	return uts.machine;
}

struct job {
	char dir[64];
	char *kconfig;
	char *config;
	char *results;
	char *errors;
};

static int job_start(struct job *job, char **err)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(job->dir, sizeof(job->dir), "%s/fexp.XXXXXX",
		 tmp && strlen(tmp) < 40 ? tmp : "/tmp");
	if (!mkdtemp(job->dir)) {
		*err = xasprintf("cannot make a temporary directory in %s: %s",
				 tmp ? tmp : "/tmp", strerror(errno));
		return -1;
	}
	job->kconfig = xasprintf("%s/Kconfig.fstests-expunge", job->dir);
	job->config = xasprintf("%s/config", job->dir);
	job->results = xasprintf("%s/results", job->dir);
	job->errors = xasprintf("%s/errors", job->dir);
	return 0;
}

static void job_end(struct job *job)
{
	unlink(job->kconfig);
	unlink(job->config);
	unlink(job->results);
	unlink(job->errors);
	/* kconfig's cc-option tests may leave files: best effort */
	rmdir(job->dir);
	free(job->kconfig);
	free(job->config);
	free(job->results);
	free(job->errors);
}

/*
 * The tree's top Kconfig, to which our symbols are appended: it cannot be
 * sourced, since "mainmenu" must come first.
 */
static int add_top_kconfig(struct strbuf *sb, const char *srctree,
			   char **err)
{
	char *path = xasprintf("%s/Kconfig", srctree);
	size_t len;
	char *buf;

	if (read_file(path, 1 << 20, &buf, &len)) {
		*err = xasprintf("%s: %s", path, strerror(errno));
		free(path);
		return -1;
	}
	sb_add(sb, buf, len);
	sb_puts(sb, "\n");
	free(buf);
	free(path);
	return 0;
}

static int write_whole(const char *path, const struct strbuf *sb)
{
	return write_file_atomic(path, sb->buf ? sb->buf : "", sb->len);
}

/* Set up the child's environment for kconfig. */
static void child_env(const char *srctree, const struct kconfig_file *cfg,
		      const char *dir)
{
	const char *arch = config_arch(cfg);

	/* CONFIG_ in the environment would change the symbol prefix */
	unsetenv("CONFIG_");
	unsetenv("KCONFIG_CONFIG");
	unsetenv("KCONFIG_WARN_UNKNOWN_SYMBOLS");
	unsetenv("KCONFIG_WERROR");
	setenv("srctree", srctree ? srctree : dir, 1);
	if (srctree) {
		setenv("SRCARCH", arch, 1);
		setenv("ARCH", arch, 1);
		setenv("CC", getenv("CC") ? getenv("CC") : "gcc", 1);
		setenv("LD", getenv("LD") ? getenv("LD") : "ld", 1);
	}
}

/*
 * kconfig calls exit() on a parse error: in the child, that must not run
 * the handlers the parent registered (or flush the parent's buffers).
 */
static void child_exit(int status, void *arg)
{
	_exit(status);
}

/*
 * Run fn in a child, its stderr in job->errors and its results in
 * job->results. Returns 0 when it exited 0, else -1 with *err.
 */
static int run_child(struct job *job, const char *srctree,
		     const struct kconfig_file *cfg, char *const *names,
		     size_t n, bool declared, char **err)
{
	int status, waited = 0, delay = 1;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		*err = xasprintf("fork: %s", strerror(errno));
		return -1;
	}
	if (!pid) {
		int efd = open(job->errors, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		int nfd = open("/dev/null", O_RDWR);
		FILE *out;

		if (efd < 0 || nfd < 0 || chdir(job->dir) ||
		    on_exit(child_exit, NULL))
			_exit(126);
		dup2(nfd, STDIN_FILENO);
		dup2(nfd, STDOUT_FILENO);
		dup2(efd, STDERR_FILENO);
		child_env(srctree, cfg, job->dir);
		out = fopen(job->results, "w");
		if (!out)
			_exit(126);
		if (declared)
			kconfig_child_symbols(job->kconfig, out);
		else
			kconfig_child_values(job->kconfig, job->config, names,
					     n, out);
		_exit(fclose(out) ? 126 : 0);
	}
	for (;;) {
		pid_t ret = waitpid(pid, &status, WNOHANG);
		struct timespec ts;

		if (ret == pid)
			break;
		if (ret < 0 && errno != EINTR) {
			*err = xasprintf("waitpid: %s", strerror(errno));
			return -1;
		}
		if (waited > CHILD_TIMEOUT_MS) {
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			*err = xasprintf("kconfig did not finish in %d s",
					 CHILD_TIMEOUT_MS / 1000);
			return -1;
		}
		ts.tv_sec = 0;
		ts.tv_nsec = delay * 1000000L;
		nanosleep(&ts, NULL);
		waited += delay;
		if (delay < 20)
			delay++;
	}
	if (WIFEXITED(status) && !WEXITSTATUS(status))
		return 0;
	*err = NULL;
	return -1;
}

/* The first line kconfig wrote to stderr, without our temporary path. */
static char *child_error(const struct job *job, int status_unknown)
{
	char *buf, *line, *nl, *msg;
	size_t len;

	if (read_file(job->errors, 1 << 20, &buf, &len) || !len) {
		if (!status_unknown)
			return xasprintf("kconfig failed");
		return xasprintf("kconfig failed with no message");
	}
	line = buf;
	if (str_starts(line, job->dir)) {
		/* "DIR/Kconfig.fstests-expunge:12: syntax error" */
		line = strchr(line, ':');
		line = line ? line + 1 : buf;
		while (isdigit((unsigned char)*line))
			line++;
		if (*line == ':')
			line++;
	}
	nl = strchr(line, '\n');
	if (nl)
		*nl = '\0';
	msg = xasprintf("kconfig: %s", trim(line));
	free(buf);
	return msg;
}

static char **cond_names(size_t n)
{
	char **names = xcalloc(n + 1, sizeof(*names));
	size_t i;

	for (i = 0; i < n; i++)
		names[i] = xasprintf("%s%zu", COND_SYM, i);
	return names;
}

/* Parse "INDEX VALUE" lines from the child. */
static int read_results(const struct job *job, char *values, size_t n)
{
	char *buf, *line, *next;
	size_t len, got = 0;

	if (read_file(job->results, 1 << 24, &buf, &len))
		return -1;
	for (line = buf; *line; line = next) {
		unsigned long i;
		char *end;

		next = strchr(line, '\n');
		if (!next)
			break;
		*next++ = '\0';
		i = strtoul(line, &end, 10);
		if (*end != ' ' || i >= n)
			break;
		values[i] = end[1];
		got++;
	}
	free(buf);
	return got == n ? 0 : -1;
}

/* Evaluate conds in one child; -1 with *err if it failed. */
static int eval_batch(struct kcond *conds, size_t n,
		      const struct kconfig_file *cfg, const char *srctree,
		      char **err)
{
	struct strbuf kc = { 0 }, config = { 0 };
	char **names = cond_names(n);
	char *values = xcalloc(n, 1);
	struct job job;
	size_t i;
	int ret = -1;

	if (srctree ? add_top_kconfig(&kc, srctree, err) : 0)
		goto out;
	if (!srctree)
		write_treeless_kconfig(&kc, cfg, conds, n);
	if (job_start(&job, err))
		goto out;
	write_conds(&kc, conds, n);
	write_config(&config, cfg);
	if (write_whole(job.kconfig, &kc) || write_whole(job.config, &config)) {
		*err = xasprintf("%s: %s", job.dir, strerror(errno));
		goto out_job;
	}
	if (run_child(&job, srctree, cfg, names, n, false, err)) {
		if (!*err)
			*err = child_error(&job, 1);
		goto out_job;
	}
	if (read_results(&job, values, n)) {
		*err = xasprintf("kconfig gave no value for some conditions");
		goto out_job;
	}
	for (i = 0; i < n; i++) {
		if (!strchr("nmy", values[i])) {
			*err = xasprintf("kconfig gave no value for %s",
					 conds[i].expr);
			goto out_job;
		}
		conds[i].value = values[i];
	}
	ret = 0;
out_job:
	job_end(&job);
out:
	free_list(names);
	free(values);
	sb_free(&kc);
	sb_free(&config);
	return ret;
}

int kcond_eval(struct kcond *conds, size_t n, const struct kconfig_file *cfg,
	       const char *srctree, char **err)
{
	struct kcond *good;
	size_t *map, ngood = 0, i;
	int bad = 0, ret;

	for (i = 0; i < n; i++) {
		conds[i].value = 0;
		conds[i].error = kcond_lint(conds[i].expr);
		bad += !!conds[i].error;
	}
	if (!n || bad == (int)n)
		return bad ? 1 : 0;
	good = xcalloc(n, sizeof(*good));
	map = xcalloc(n, sizeof(*map));
	for (i = 0; i < n; i++) {
		if (!conds[i].error) {
			map[ngood] = i;
			good[ngood++] = conds[i];
		}
	}
	ret = eval_batch(good, ngood, cfg, srctree, err);
	if (ret) {
		/*
		 * Find the conditions kconfig rejects, each alone and with
		 * no tree (a syntax error does not depend on one), then try
		 * the rest again.
		 */
		char *one_err = NULL;
		size_t keep = 0;

		for (i = 0; i < ngood; i++) {
			if (!eval_batch(&good[i], 1, NULL, NULL, &one_err)) {
				good[keep] = good[i];
				map[keep++] = map[i];
				continue;
			}
			conds[map[i]].error = one_err;
			one_err = NULL;
			bad++;
		}
		if (keep == ngood) {
			/* Not the conditions: the tree or config is at fault */
			ret = -1;
			goto out;
		}
		free(*err);
		*err = NULL;
		ngood = keep;
		ret = ngood ? eval_batch(good, ngood, cfg, srctree, err) : 0;
		if (ret)
			goto out;
	}
	for (i = 0; i < ngood; i++)
		conds[map[i]].value = good[i].value;
out:
	free(good);
	free(map);
	if (ret)
		return -1;
	return bad ? 1 : 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One name a line, from the child */
static int read_names(const struct job *job, struct strlist *names)
{
	char *buf, *line, *next;
	size_t len, i, j;

	if (read_file(job->results, 1 << 26, &buf, &len))
		return -1;
	for (line = buf; *line; line = next) {
		next = strchr(line, '\n');
		if (!next)
			break;
		*next++ = '\0';
		strlist_add(names, xstrdup(line));
	}
	free(buf);
	if (!names->n)
		return 0;
	qsort(names->v, names->n, sizeof(*names->v), cmp_str);
	for (i = 1, j = 0; i < names->n; i++) {
		if (strcmp(names->v[i], names->v[j]))
			names->v[++j] = names->v[i];
		else
			free(names->v[i]);
	}
	names->n = j + 1;
	names->v[names->n] = NULL;
	return 0;
}

int kcond_tree_declared(const char *srctree, struct strlist *names,
			char **err)
{
	struct strbuf kc = { 0 };
	struct job job;
	int ret = -1;

	*err = NULL;
	if (add_top_kconfig(&kc, srctree, err) || job_start(&job, err))
		goto out;
	if (write_whole(job.kconfig, &kc)) {
		*err = xasprintf("%s: %s", job.dir, strerror(errno));
		goto out_job;
	}
	if (run_child(&job, srctree, NULL, NULL, 0, true, err)) {
		if (!*err)
			*err = child_error(&job, 1);
		goto out_job;
	}
	if (read_names(&job, names)) {
		*err = xasprintf("kconfig listed no symbols");
		goto out_job;
	}
	ret = 0;
out_job:
	job_end(&job);
out:
	sb_free(&kc);
	return ret;
}
