// SPDX-License-Identifier: GPL-2.0
/* Git run as a child in a directory, apart from the caller's git. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>	/* environ (_GNU_SOURCE) */

#include "lib/base.h"
#include "lib/git.h"
#include "lib/spawn.h"

#define GIT_LINE_MAX	(1024 * 1024)	/* the output a line is read from */

/* The caller's variables that say who commits, not where */
static const char *const kept[] = {
	"GIT_AUTHOR_NAME=", "GIT_AUTHOR_EMAIL=", "GIT_AUTHOR_DATE=",
	"GIT_COMMITTER_NAME=", "GIT_COMMITTER_EMAIL=", "GIT_COMMITTER_DATE=",
};

static bool kept_var(const char *var)
{
	size_t i;

	if (strncmp(var, "GIT_", 4))
		return true;
	for (i = 0; i < ARRAY_SIZE(kept); i++) {
		if (!strncmp(var, kept[i], strlen(kept[i])))
			return true;
	}
	return false;
}

/*
 * Our environment without the GIT_* variables git must not see, and
 * what git must know: no prompt, no fetch of a missing object from a
 * promisor remote; index, when not NULL, as GIT_INDEX_FILE. The entries
 * from *own on are the env's own copies (env_free()).
 */
static char **git_env(const char *index, size_t *own)
{
	size_t i, n = 0;
	char **env;

	for (i = 0; environ[i]; i++)
		;
	env = xcalloc(i + 4, sizeof(*env));
	for (i = 0; environ[i]; i++) {
		if (kept_var(environ[i]))
			env[n++] = environ[i];
	}
	*own = n;
	env[n++] = xstrdup("GIT_TERMINAL_PROMPT=0");
	env[n++] = xstrdup("GIT_NO_LAZY_FETCH=1");
	if (index)
		env[n++] = xasprintf("GIT_INDEX_FILE=%s", index);
	return env;
}

static void env_free(char **env, size_t own)
{
	for (; env[own]; own++)
		free(env[own]);
	free(env);
}

/*
 * "git -c ... ARGS...": a setting on the command line wins over every
 * configuration file, the repository's included, so that nothing the
 * repository says makes git run a program: no hook, no fsmonitor, no
 * gpg, no gc or maintenance, no network.
 */
static const char **git_argv(const char *const args[])
{
	static const char *const head[] = {
		"git", "-c", "core.hooksPath=/dev/null",
		"-c", "core.fsmonitor=false",
		"-c", "commit.gpgSign=false", "-c", "log.showSignature=false",
		"-c", "gc.auto=0", "-c", "maintenance.auto=false",
		"-c", "protocol.allow=never",
	};
	const char **argv;
	size_t i, n;

	for (n = 0; args[n]; n++)
		;
	argv = xcalloc(ARRAY_SIZE(head) + n + 1, sizeof(*argv));
	memcpy(argv, head, sizeof(head));
	for (i = 0; i < n; i++)
		argv[ARRAY_SIZE(head) + i] = args[i];
	return argv;
}

int git_capture_index(const char *dir, const char *index,
		      const char *const args[], size_t max, char **out,
		      size_t *len)
{
	const char **argv = git_argv(args);
	size_t own;
	char **env = git_env(index, &own);
	int ret = spawn_capture_env(argv, dir, env, max, out, len);

	free(argv);
	env_free(env, own);
	return ret;
}

int git_capture(const char *dir, const char *const args[], size_t max,
		char **out, size_t *len)
{
	return git_capture_index(dir, NULL, args, max, out, len);
}

int git_run(const char *dir, const char *index, const char *const args[])
{
	char *out;
	size_t len;

	if (git_capture_index(dir, index, args, GIT_LINE_MAX, &out, &len))
		return -1;
	free(out);
	return 0;
}

pid_t git_reader(const char *dir, const char *const args[], int *fd)
{
	const char **argv = git_argv(args);
	size_t own;
	char **env = git_env(NULL, &own);
	pid_t pid = spawn_reader_env(argv, dir, env, fd);

	free(argv);
	env_free(env, own);
	return pid;
}

char *git_line(const char *dir, const char *const args[])
{
	char *out;
	size_t len;

	if (git_capture(dir, args, GIT_LINE_MAX, &out, &len))
		return NULL;
	out[strcspn(out, "\n")] = '\0';
	if (!*out) {
		free(out);
		return NULL;
	}
	return out;
}

bool git_is_top(const char *dir)
{
	char *dotgit = xasprintf("%s/.git", dir);
	struct stat st;
	bool yes = !lstat(dotgit, &st);

	free(dotgit);
	return yes;
}

char *git_commit_id(const char *dir, const char *rev, int abbrev)
{
	char *spec = xasprintf("%s^{commit}", rev);
	char *digits = xasprintf("--short=%d", abbrev);
	const char *const full[] = {
		"rev-parse", "--verify", "-q", spec, NULL
	};
	const char *const short_id[] = {
		"rev-parse", "--verify", "-q", digits, spec, NULL
	};
	char *id = git_line(dir, abbrev > 0 ? short_id : full);

	free(spec);
	free(digits);
	return id;
}
