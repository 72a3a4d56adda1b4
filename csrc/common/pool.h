/* A pool of parked worker threads, for work handed out many times a second.
 *
 * badugi_run_workers (workers.h) starts and joins its threads on every call,
 * tens of microseconds each: right for an equity run of milliseconds, not for
 * engine.Tables' steps, a quarter of a millisecond each. A pool starts its
 * threads once. A call cuts its work into chunks that the calling thread and
 * the workers take one at a time as each is free: a worker that wakes late
 * takes fewer, and none waits for one that has not started. */
#ifndef BADUGI_POOL_H
#define BADUGI_POOL_H

#include <stddef.h>

typedef struct badugi_pool badugi_pool;

/* A pool of threads - 1 workers (2..BADUGI_MAX_WORKERS), the calling thread being the last
 * helper of each call. NULL if it cannot be made; a worker that cannot be started leaves its
 * share to the others. */
badugi_pool *badugi_pool_new(int threads);

/* Runs work(context, c) once for each chunk c in 0..chunks-1, on the calling thread and the
 * workers, each chunk once whatever thread takes it; returns when all are done. One call at a
 * time. */
void badugi_pool_run(badugi_pool *pool, void (*work)(void *context, size_t chunk), void *context, size_t chunks);

/* Stops the workers, waits for them, and frees the pool (NULL is fine). */
void badugi_pool_free(badugi_pool *pool);

#endif
