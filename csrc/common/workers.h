/* A lock and a pool of worker threads, the same on POSIX and Windows.
 *
 * Used to build the draw-value tables once (drawvalue.c) and to spread
 * Monte Carlo chunks and exact enumerations over threads (equity_*.c). The
 * callers make results independent of how many threads run: work is cut into
 * fixed pieces whose integer sums are added, in any order, to the same total. */
#ifndef BADUGI_WORKERS_H
#define BADUGI_WORKERS_H

#include <stddef.h>

#ifdef _WIN32
#include <windows.h>
typedef SRWLOCK badugi_lock;
#define BADUGI_LOCK_INIT SRWLOCK_INIT /* for static locks; others use badugi_lock_init */
static inline void badugi_lock_init(badugi_lock *lock) { InitializeSRWLock(lock); }
static inline void badugi_lock_free(badugi_lock *lock) { (void)lock; }
static inline void badugi_lock_take(badugi_lock *lock) { AcquireSRWLockExclusive(lock); }
static inline void badugi_lock_give(badugi_lock *lock) { ReleaseSRWLockExclusive(lock); }
#else
#include <pthread.h>
typedef pthread_mutex_t badugi_lock;
#define BADUGI_LOCK_INIT PTHREAD_MUTEX_INITIALIZER /* for static locks; others use badugi_lock_init */
static inline void badugi_lock_init(badugi_lock *lock) { pthread_mutex_init(lock, NULL); }
static inline void badugi_lock_free(badugi_lock *lock) { pthread_mutex_destroy(lock); }
static inline void badugi_lock_take(badugi_lock *lock) { pthread_mutex_lock(lock); }
static inline void badugi_lock_give(badugi_lock *lock) { pthread_mutex_unlock(lock); }
#endif

/* A thread that runs run(arg) once: started, then joined. */
typedef struct {
    void (*run)(void *arg);
    void *arg;
#ifdef _WIN32
    HANDLE handle;
#else
    pthread_t handle;
#endif
} badugi_thread;

/* Starts thread->run(thread->arg) on a thread of its own: 1, or 0 if none could be started. */
int badugi_thread_start(badugi_thread *thread);
/* Waits for a started thread to end. */
void badugi_thread_join(badugi_thread *thread);

/* The most threads one call starts. */
#define BADUGI_MAX_WORKERS 256

/* Runs work(items + i * item_size) for i in 0..count-1, each on its own
 * thread (the calling thread runs item 0), and returns when all are done.
 * If a thread cannot be started, or there are more than BADUGI_MAX_WORKERS
 * items, the rest run on the calling thread afterwards: every item always
 * runs exactly once. */
void badugi_run_workers(void (*work)(void *item), void *items, size_t item_size, int count);

#endif
