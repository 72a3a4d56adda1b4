/* A pool of parked worker threads, for work handed out many times a second.
 *
 * badugi_run_workers (workers.h) starts and joins its threads on every call,
 * tens of microseconds each: right for an equity run of milliseconds, not for
 * engine.Tables' steps, a quarter of a millisecond each. A pool starts its
 * threads once; each call wakes them, and they park again when it is done. */
#ifndef BADUGI_POOL_H
#define BADUGI_POOL_H

#include <stddef.h>

typedef struct badugi_pool badugi_pool;

/* A pool for calls of up to threads items (2..BADUGI_MAX_WORKERS): threads - 1 workers, the
 * calling thread being the last. NULL if it cannot be made; a worker that cannot be started
 * leaves its items to the caller. */
badugi_pool *badugi_pool_new(int threads);

/* Runs work(items + i * item_size) for i in 0..count-1, item 0 on the calling thread and the
 * others on the workers (the caller runs any beyond them), and returns when all are done. One
 * call at a time. */
void badugi_pool_run(badugi_pool *pool, void (*work)(void *item), void *items, size_t item_size, int count);

/* Stops the workers, waits for them, and frees the pool (NULL is fine). */
void badugi_pool_free(badugi_pool *pool);

#endif
