/* Worker threads that park between calls (see pool.h). A call publishes its
 * work under the lock and moves the generation on; each worker runs its item
 * once per generation and counts itself done; the caller waits for the count. */
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

typedef struct {
    badugi_pool *pool;
    int index; /* the item this worker runs: 1, 2, ... */
    badugi_thread thread;
} pool_worker;

struct badugi_pool {
    badugi_lock lock;
    pool_signal wake, done;
    unsigned long generation; /* moved on by each call */
    int stop, pending;        /* workers still to finish this generation */
    void (*work)(void *item);
    char *items;
    size_t item_size;
    int count;
    int started;
    pool_worker workers[BADUGI_MAX_WORKERS];
};

static void serve(void *arg)
{
    pool_worker *self = arg;
    badugi_pool *pool = self->pool;
    unsigned long seen = 0;
    for (;;) {
        badugi_lock_take(&pool->lock);
        while (pool->generation == seen && !pool->stop) {
            signal_wait(&pool->wake, &pool->lock);
        }
        if (pool->stop) {
            badugi_lock_give(&pool->lock);
            return;
        }
        seen = pool->generation;
        void (*work)(void *) = pool->work;
        void *item = self->index < pool->count ? pool->items + (size_t)self->index * pool->item_size : NULL;
        badugi_lock_give(&pool->lock);
        if (item != NULL) {
            work(item);
        }
        badugi_lock_take(&pool->lock);
        if (--pool->pending == 0) {
            signal_one(&pool->done);
        }
        badugi_lock_give(&pool->lock);
    }
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
        pool_worker *w = &pool->workers[pool->started];
        w->pool = pool;
        w->index = i;
        w->thread.run = serve;
        w->thread.arg = w;
        if (!badugi_thread_start(&w->thread)) {
            break; /* the caller runs the items no worker was started for */
        }
        pool->started++;
    }
    return pool;
}

void badugi_pool_run(badugi_pool *pool, void (*work)(void *item), void *items, size_t item_size, int count)
{
    badugi_lock_take(&pool->lock);
    pool->work = work;
    pool->items = items;
    pool->item_size = item_size;
    pool->count = count;
    pool->pending = pool->started;
    pool->generation++;
    signal_all(&pool->wake);
    badugi_lock_give(&pool->lock);
    work(items);
    for (int i = pool->started + 1; i < count; i++) { /* items no worker runs */
        work((char *)items + (size_t)i * item_size);
    }
    badugi_lock_take(&pool->lock);
    while (pool->pending > 0) {
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
        badugi_thread_join(&pool->workers[i].thread);
    }
    signal_free(&pool->wake);
    signal_free(&pool->done);
    badugi_lock_free(&pool->lock);
    free(pool);
}
