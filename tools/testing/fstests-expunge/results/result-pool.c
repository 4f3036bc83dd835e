// SPDX-License-Identifier: GPL-2.0
/* Many result.xml files read in parallel, handed on in a stable order. */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/base.h"
#include "results/result-pool.h"

/* Files read ahead per reader: enough to keep each busy, few in memory */
#define AHEAD_PER_JOB	2

struct slot {
	struct result_file rf;
	char *err;
	int ret;
	bool done;
};

struct pool {
	pthread_mutex_t mu;
	pthread_cond_t room;	/* a slot was handed on */
	pthread_cond_t ready;	/* a slot was filled */
	char *const *paths;
	const bool *named;	/* per path, or NULL: none named */
	size_t n;
	size_t next;		/* the next path to claim */
	size_t consumed;	/* the next slot to hand on */
	size_t window;
	struct slot *slots;	/* path i in slots[i % window] */
};

unsigned int result_jobs(void)
{
	const char *e = getenv(RESULT_JOBS_ENV);
	long n = 0;

	if (e && *e) {
		char *end;

		n = strtol(e, &end, 10);
		if (*end || n < 1)
			n = 0;
	}
	if (!n)
		n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	return n > RESULT_JOBS_MAX ? RESULT_JOBS_MAX : n;
}

/* Path i: one named on the command line may be a pipe */
static int read_one(char *const *paths, const bool *named, size_t i,
		    struct result_file *rf, char **err)
{
	if (named && named[i])
		return result_read_named(paths[i], rf, err);
	return result_read(paths[i], rf, err);
}

static void *reader(void *arg)
{
	struct pool *p = arg;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		struct slot *s;
		size_t i;

		while (p->next < p->n && p->next - p->consumed >= p->window)
			pthread_cond_wait(&p->room, &p->mu);
		if (p->next >= p->n)
			break;
		i = p->next++;
		s = &p->slots[i % p->window];
		pthread_mutex_unlock(&p->mu);
		s->err = NULL;
		s->ret = read_one(p->paths, p->named, i, &s->rf, &s->err);
		pthread_mutex_lock(&p->mu);
		s->done = true;
		pthread_cond_broadcast(&p->ready);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* Hand on every slot in order as it is filled. */
static void drain(struct pool *p, result_sink sink, void *ctx)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		struct slot *s = &p->slots[i % p->window];
		struct result_file rf;
		char *err;
		int ret;

		pthread_mutex_lock(&p->mu);
		while (!s->done)
			pthread_cond_wait(&p->ready, &p->mu);
		rf = s->rf;
		err = s->err;
		ret = s->ret;
		s->done = false;
		p->consumed++;
		pthread_cond_broadcast(&p->room);
		pthread_mutex_unlock(&p->mu);
		sink(ctx, i, &rf, ret, err);
	}
}

/* Without threads: one file after the other. */
static void read_serial(char *const *paths, const bool *named, size_t n,
			result_sink sink, void *ctx)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct result_file rf;
		char *err = NULL;
		int ret = read_one(paths, named, i, &rf, &err);

		sink(ctx, i, &rf, ret, err);
	}
}

void result_read_many(char *const *paths, size_t n, result_sink sink,
		      void *ctx)
{
	result_read_many_named(paths, NULL, n, sink, ctx);
}

void result_read_many_named(char *const *paths, const bool *named, size_t n,
			    result_sink sink, void *ctx)
{
	unsigned int jobs = result_jobs(), started = 0, j;
	struct pool p = { .paths = paths, .named = named, .n = n };
	pthread_t tid[RESULT_JOBS_MAX];

	if (jobs > n)
		jobs = n;
	if (jobs <= 1) {
		read_serial(paths, named, n, sink, ctx);
		return;
	}
	/* libxml2 sets itself up once, not in several threads at once */
	result_read_init();
	p.window = (size_t)jobs * AHEAD_PER_JOB;
	p.slots = xcalloc(p.window, sizeof(*p.slots));
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.room, NULL);
	pthread_cond_init(&p.ready, NULL);
	for (j = 0; j < jobs; j++) {
		if (pthread_create(&tid[started], NULL, reader, &p))
			break;
		started++;
	}
	if (started)
		drain(&p, sink, ctx);
	for (j = 0; j < started; j++)
		pthread_join(tid[j], NULL);
	pthread_cond_destroy(&p.room);
	pthread_cond_destroy(&p.ready);
	pthread_mutex_destroy(&p.mu);
	free(p.slots);
	/* no thread to be had: read here */
	if (!started)
		read_serial(paths, named, n, sink, ctx);
}
