/* The heads-up matrix: many heads-up Monte Carlo runs in one call.
 *
 * A starting-hand table's heads-up cell is the average of a few runs (one
 * per matchup) of a few hundred deals each; called one by one from Python,
 * the calls cost more than the deals, and the threads could only share one
 * run's chunks. Here one call takes every run of a batch and the threads
 * share its units: (run, chunk of BADUGI_EQUITY_CHUNK deals), taken in order
 * under a lock. Each unit is dealt by badugi_equity_monte_carlo itself on the
 * thread that took it, so the deals are exactly those of a call per run
 * (chunk i of a run draws from its own stream seeded by (seed, i)), and
 * each unit's integer sums are added to its run's under the lock: the same
 * totals in any order, so for any number of threads. */

#include <stdint.h>
#include <string.h>

#include "common/workers.h"
#include "equity_spot.h"

/* The spot of run i: two known hands, each choosing every discard by its strategy. */
static void run_spot(const uint8_t *cards, size_t i, int draws, int strategy_a, int strategy_b, badugi_spot *spot)
{
    memset(spot, 0, sizeof *spot);
    spot->players = 2;
    spot->draws = draws;
    for (int p = 0; p < 2; p++) {
        spot->known[p] = 4;
        memcpy(spot->cards[p], cards + 8 * i + 4 * (size_t)p, 4);
        spot->first_keep[p] = BADUGI_KEEP_BY_STRATEGY;
        spot->strategy[p] = p == 0 ? strategy_a : strategy_b;
    }
    spot->relabel_suits = 1; /* the best discard breaks ties by ids: suits would tilt the odds */
}

static uint64_t chunks_of(uint64_t deals)
{
    return deals / BADUGI_EQUITY_CHUNK + (deals % BADUGI_EQUITY_CHUNK != 0);
}

typedef struct {
    const uint8_t *cards;
    const uint64_t *seeds, *deals;
    size_t n;
    int draws, strategy_a, strategy_b;
    uint64_t *out;
    badugi_lock lock;
    size_t next_run;     /* the next unit, under lock: run next_run, chunk next_chunk */
    uint64_t next_chunk; /* under lock */
    int status;          /* the first error, under lock; stops every thread */
} batch;

typedef struct {
    batch *b;
} worker_job;

static void run_units(void *arg)
{
    batch *b = ((worker_job *)arg)->b;
    badugi_equity_sums sums; /* a unit's, on this thread */
    for (;;) {
        badugi_lock_take(&b->lock);
        int stop = b->status != 0 || b->next_run >= b->n;
        size_t run = b->next_run;
        uint64_t chunk = b->next_chunk;
        if (!stop && ++b->next_chunk >= chunks_of(b->deals[run])) {
            b->next_run++;
            b->next_chunk = 0;
        }
        badugi_lock_give(&b->lock);
        if (stop) {
            return;
        }
        badugi_spot spot;
        run_spot(b->cards, run, b->draws, b->strategy_a, b->strategy_b, &spot);
        /* One thread: this worker is already one of the threads the call was given. */
        int status = badugi_equity_monte_carlo(&spot, b->seeds[run], b->deals[run], chunk, chunk + 1, 1, 0, &sums);
        badugi_lock_take(&b->lock);
        if (status < 0) {
            b->status = b->status != 0 ? b->status : status;
        } else {
            uint64_t *o = b->out + (size_t)BADUGI_HEADS_UP_SUMS * run;
            o[0] += sums.deals;
            for (int p = 0; p < 2; p++) {
                o[1 + 4 * p] += sums.win[p];
                o[2 + 4 * p] += sums.tie[p];
                o[3 + 4 * p] += sums.share[p];
                o[4 + 4 * p] += sums.share_sq[p];
            }
        }
        badugi_lock_give(&b->lock);
    }
}

/* Every run checked before any is dealt: 0 and the units in all, or an error code. */
static int check_runs(const batch *b, uint64_t *units)
{
    *units = 0;
    for (size_t i = 0; i < b->n; i++) {
        if (b->deals[i] < 1 || b->deals[i] > BADUGI_HEADS_UP_MOST_DEALS) {
            return BADUGI_E_ARGUMENT;
        }
        badugi_spot spot;
        prepared_spot prepared;
        run_spot(b->cards, i, b->draws, b->strategy_a, b->strategy_b, &spot);
        /* The cards (range, no card twice), the strategies and the draws, as the engine checks them. */
        int status = prepare_spot(&spot, &prepared);
        if (status != 0) {
            return status;
        }
        *units += chunks_of(b->deals[i]);
    }
    return 0;
}

int badugi_heads_up_monte_carlo(const uint8_t *cards, const uint64_t *seeds, const uint64_t *deals, size_t n,
                                int draws, int strategy_a, int strategy_b, int threads, uint64_t *out)
{
    /* The second bound keeps n * 9 * 8 bytes a size_t where size_t is 32 bits. */
    if (n > BADUGI_HEADS_UP_MOST_RUNS || n > SIZE_MAX / (sizeof *out * BADUGI_HEADS_UP_SUMS) || draws < 1 || draws > BADUGI_MAX_DRAWS || threads < 1) {
        return BADUGI_E_ARGUMENT;
    }
    if (n == 0) {
        return 0;
    }
    if (cards == NULL || seeds == NULL || deals == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    memset(out, 0, sizeof *out * BADUGI_HEADS_UP_SUMS * n);
    batch b;
    memset(&b, 0, sizeof b);
    b.cards = cards;
    b.seeds = seeds;
    b.deals = deals;
    b.n = n;
    b.draws = draws;
    b.strategy_a = strategy_a;
    b.strategy_b = strategy_b;
    b.out = out;
    uint64_t units;
    int status = check_runs(&b, &units);
    if (status != 0) {
        return status;
    }
    if ((uint64_t)threads > units) {
        threads = (int)units;
    }
    if (threads > BADUGI_MAX_WORKERS) {
        threads = BADUGI_MAX_WORKERS;
    }
    worker_job jobs[BADUGI_MAX_WORKERS];
    for (int i = 0; i < threads; i++) {
        jobs[i].b = &b;
    }
    badugi_lock_init(&b.lock);
    badugi_run_workers(run_units, jobs, sizeof(worker_job), threads);
    badugi_lock_free(&b.lock);
    if (b.status != 0) {
        memset(out, 0, sizeof *out * BADUGI_HEADS_UP_SUMS * n);
    }
    return b.status;
}
