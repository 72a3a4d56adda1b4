/* Worker threads that park between calls (see pool.h). A call publishes its
 * work under the lock: the chunks, the next to take and how many are done.
 * Each thread takes the next chunk under the lock and runs it outside; the
 * caller, once none is left to take, waits only for the chunks still running.
 * A worker that wakes after every chunk was taken finds none and parks again:
 * it never reads a call's work except while taking a chunk of it. */
#include "pool.h"

#include <stdlib.h>

#include "workers.h"

#ifdef _WIN32
typedef CONDITION_VARIABLE pool_signal;
static void signal_init(pool_signal *s) { InitializeConditionVariable(s); }
static void signal_free(pool_signal *s) { (void)s; }
static void signal_wait(pool_signal *s, badugi_lock *lock) { SleepConditionVariableSRW(s, lock, INFINITE, 0); }
static void signal_one(pool_signal *s) { WakeConditionVariable(s); }
static void signal_all(pool_signal *s) { WakeAllConditionVariable(s); }
#else
typedef pthread_cond_t pool_signal;
static void signal_init(pool_signal *s) { pthread_cond_init(s, NULL); }
static void signal_free(pool_signal *s) { pthread_cond_destroy(s); }
static void signal_wait(pool_signal *s, badugi_lock *lock) { pthread_cond_wait(s, lock); }
static void signal_one(pool_signal *s) { pthread_cond_signal(s); }
static void signal_all(pool_signal *s) { pthread_cond_broadcast(s); }
#endif

struct badugi_pool {
    badugi_lock lock;
    pool_signal wake, done;
    int stop;
    /* The call in hand: its work, and its chunks taken (next) and finished, out of chunks. */
    void (*work)(void *context, size_t chunk);
    void *context;
    size_t chunks, next, finished;
    int started;
    badugi_thread workers[BADUGI_MAX_WORKERS];
};

/* Takes the next chunk and runs it, the lock held on entry and on return; 0 if none is left. */
static int take_one(badugi_pool *pool)
{
    if (pool->next >= pool->chunks) {
        return 0;
    }
    size_t chunk = pool->next++;
    void (*work)(void *, size_t) = pool->work;
    void *context = pool->context;
    badugi_lock_give(&pool->lock);
    work(context, chunk);
    badugi_lock_take(&pool->lock);
    if (++pool->finished == pool->chunks) {
        signal_one(&pool->done);
    }
    return 1;
}

static void serve(void *arg)
{
    badugi_pool *pool = arg;
    badugi_lock_take(&pool->lock);
    while (!pool->stop) {
        if (!take_one(pool)) {
            signal_wait(&pool->wake, &pool->lock);
        }
    }
    badugi_lock_give(&pool->lock);
}

badugi_pool *badugi_pool_new(int threads)
{
    if (threads < 2 || threads > BADUGI_MAX_WORKERS) {
        return NULL;
    }
    badugi_pool *pool = calloc(1, sizeof *pool);
    if (pool == NULL) {
        return NULL;
    }
    badugi_lock_init(&pool->lock);
    signal_init(&pool->wake);
    signal_init(&pool->done);
    for (int i = 1; i < threads; i++) {
        badugi_thread *w = &pool->workers[pool->started];
        w->run = serve;
        w->arg = pool;
        if (!badugi_thread_start(w)) {
            break; /* the caller and the other workers take its chunks */
        }
        pool->started++;
    }
    return pool;
}

void badugi_pool_run(badugi_pool *pool, void (*work)(void *context, size_t chunk), void *context, size_t chunks)
{
    badugi_lock_take(&pool->lock);
    pool->work = work;
    pool->context = context;
    pool->chunks = chunks;
    pool->next = 0;
    pool->finished = 0;
    signal_all(&pool->wake);
    while (take_one(pool)) {
    }
    while (pool->finished < pool->chunks) { /* chunks another thread is still running */
        signal_wait(&pool->done, &pool->lock);
    }
    badugi_lock_give(&pool->lock);
}

void badugi_pool_free(badugi_pool *pool)
{
    if (pool == NULL) {
        return;
    }
    badugi_lock_take(&pool->lock);
    pool->stop = 1;
    signal_all(&pool->wake);
    badugi_lock_give(&pool->lock);
    for (int i = 0; i < pool->started; i++) {
        badugi_thread_join(&pool->workers[i]);
    }
    signal_free(&pool->wake);
    signal_free(&pool->done);
    badugi_lock_free(&pool->lock);
    free(pool);
}
