/* Threads, and worker threads started for one call (see workers.h). */

#include "workers.h"


#ifdef _WIN32
static DWORD WINAPI trampoline(LPVOID arg)
{
    badugi_thread *thread = (badugi_thread *)arg;
    thread->run(thread->arg);
    return 0;
}

int badugi_thread_start(badugi_thread *thread)
{
    thread->handle = CreateThread(NULL, 0, trampoline, thread, 0, NULL);
    return thread->handle != NULL;
}

void badugi_thread_join(badugi_thread *thread)
{
    WaitForSingleObject(thread->handle, INFINITE);
    CloseHandle(thread->handle);
}
#else
static void *trampoline(void *arg)
{
    badugi_thread *thread = (badugi_thread *)arg;
    thread->run(thread->arg);
    return NULL;
}

int badugi_thread_start(badugi_thread *thread)
{
    return pthread_create(&thread->handle, NULL, trampoline, thread) == 0;
}

void badugi_thread_join(badugi_thread *thread) { pthread_join(thread->handle, NULL); }
#endif

void badugi_run_workers(void (*work)(void *item), void *items, size_t item_size, int count)
{
    if (count <= 0) {
        return;
    }
    int threads = count < BADUGI_MAX_WORKERS ? count : BADUGI_MAX_WORKERS;
    badugi_thread pool[BADUGI_MAX_WORKERS];
    int started[BADUGI_MAX_WORKERS];
    for (int i = 1; i < threads; i++) {
        pool[i].run = work;
        pool[i].arg = (char *)items + (size_t)i * item_size;
        started[i] = badugi_thread_start(&pool[i]);
    }
    work(items);
    for (int i = 1; i < threads; i++) {
        if (started[i]) {
            badugi_thread_join(&pool[i]);
        } else {
            work(pool[i].arg); /* no thread to be had: still done, just later */
        }
    }
    for (int i = threads; i < count; i++) {
        work((char *)items + (size_t)i * item_size);
    }
}
