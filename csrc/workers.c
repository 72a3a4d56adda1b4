/* Worker threads for the equity code (see workers.h). */

#include "workers.h"

#include <stdlib.h>

typedef struct {
    void (*work)(void *item);
    void *item;
    int started;
#ifdef _WIN32
    HANDLE handle;
#else
    pthread_t thread;
#endif
} worker;

#ifdef _WIN32
static DWORD WINAPI trampoline(LPVOID arg)
{
    worker *w = (worker *)arg;
    w->work(w->item);
    return 0;
}

static int start(worker *w)
{
    w->handle = CreateThread(NULL, 0, trampoline, w, 0, NULL);
    return w->handle != NULL;
}

static void join(worker *w)
{
    WaitForSingleObject(w->handle, INFINITE);
    CloseHandle(w->handle);
}
#else
static void *trampoline(void *arg)
{
    worker *w = (worker *)arg;
    w->work(w->item);
    return NULL;
}

static int start(worker *w)
{
    return pthread_create(&w->thread, NULL, trampoline, w) == 0;
}

static void join(worker *w)
{
    pthread_join(w->thread, NULL);
}
#endif

void badugi_run_workers(void (*work)(void *item), void *items, size_t item_size, int count)
{
    if (count <= 0) {
        return;
    }
    int threads = count < BADUGI_MAX_WORKERS ? count : BADUGI_MAX_WORKERS;
    worker pool[BADUGI_MAX_WORKERS];
    for (int i = 1; i < threads; i++) {
        pool[i].work = work;
        pool[i].item = (char *)items + (size_t)i * item_size;
        pool[i].started = start(&pool[i]);
    }
    work(items);
    for (int i = 1; i < threads; i++) {
        if (pool[i].started) {
            join(&pool[i]);
        } else {
            work(pool[i].item); /* no thread to be had: still done, just later */
        }
    }
    for (int i = threads; i < count; i++) {
        work((char *)items + (size_t)i * item_size);
    }
}
