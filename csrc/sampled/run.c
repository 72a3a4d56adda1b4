/* Iterations in batches, over threads, and what happens between batches.
 *
 * A batch's iterations all sample against the regrets as they were when it began; their changes
 * collect in the delta and are merged into the regrets when it ends. Iteration t draws its cards
 * and the other seat's actions from its own stream, seeded by (seed, t), and every change is an
 * integer added atomically: so a batch's result is the same whichever thread runs which iteration,
 * and the same whether one machine runs it or Dask workers run its parts and their deltas are
 * added up (badugi_sampled_sample, _add, _commit).
 *
 * Discounting (Brown and Sandholm, "Solving imperfect-information games via discounted regret
 * minimization", 2019) is applied per epoch, a fixed number of iterations, as Pluribus applied
 * linear CFR's weights every few minutes: after epoch k, positive regrets are multiplied by
 * k^alpha / (k^alpha + 1), negative ones by k^beta / (k^beta + 1), the strategy sums by
 * (k / (k + 1))^gamma. alpha = beta = gamma = 1 is linear CFR's weighting. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sampled.h"
#include "workers.h"

typedef struct {
    badugi_sampled *solver;
    const badugi_sampled_run *run;
    uint64_t first, count, per_chunk;
    int errors[4 * BADUGI_MAX_WORKERS];
} job;

static void sample_chunk(void *context, size_t chunk)
{
    job *j = context;
    badugi_sampled *solver = j->solver;
    const badugi_sampled_run *run = j->run;
    uint64_t from = j->first + chunk * j->per_chunk;
    uint64_t to = from + j->per_chunk < j->first + j->count ? from + j->per_chunk : j->first + j->count;
    sc_walk w;
    memset(&w, 0, sizeof w);
    w.solver = solver;
    w.delta = solver->delta;
    w.average = solver->average;
    w.against_average = run->against_average;
    w.prune_below = (int64_t)floor(run->prune_below * SC_SCALE);
    w.touched = &solver->touched[chunk];
    w.n_touched = &solver->n_touched[chunk];
    w.touched_size = &solver->touched_size[chunk];
    for (uint64_t t = from; t < to && w.error == 0; t++) {
        sc_rng_seed(&w.rng, run->seed, t);
        w.prune = run->prune_share > 0.0 && t >= run->prune_from && sc_rng_unit(&w.rng) < run->prune_share;
        for (int traverser = 0; traverser < 2; traverser++) {
            w.traverser = traverser;
            sc_traverse_iteration(&w);
        }
    }
    j->errors[chunk] = w.error;
}

static int check_run(const badugi_sampled_run *run)
{
    if (run == NULL) {
        return BADUGI_E_NULL;
    }
    if (run->batch < 1 || (run->epoch > 0 && run->epoch % run->batch != 0) || run->threads < 1 ||
        run->threads > BADUGI_MAX_WORKERS || (run->against_average != 0 && run->against_average != 1) || run->count > (uint64_t)1 << 48 || run->first > (uint64_t)1 << 48) {
        return BADUGI_E_ARGUMENT;
    }
    double numbers[5] = {run->alpha, run->beta, run->gamma, run->prune_below, run->prune_share};
    for (int i = 0; i < 5; i++) {
        if (!isfinite(numbers[i])) {
            return BADUGI_E_ARGUMENT;
        }
    }
    if (run->alpha < 0 || run->beta < 0 || run->gamma < 0 || run->prune_share < 0 || run->prune_share > 1 ||
        fabs(run->prune_below) > 1e9) {
        return BADUGI_E_ARGUMENT;
    }
    return 0;
}

static int ensure_chunks(badugi_sampled *solver, size_t chunks)
{
    if (chunks <= solver->n_chunks) {
        return 0;
    }
    int64_t **touched = realloc(solver->touched, chunks * sizeof *touched);
    if (touched == NULL) {
        return BADUGI_E_MEMORY;
    }
    solver->touched = touched;
    size_t *n = realloc(solver->n_touched, chunks * sizeof *n);
    if (n == NULL) {
        return BADUGI_E_MEMORY;
    }
    solver->n_touched = n;
    size_t *size = realloc(solver->touched_size, chunks * sizeof *size);
    if (size == NULL) {
        return BADUGI_E_MEMORY;
    }
    solver->touched_size = size;
    for (size_t c = solver->n_chunks; c < chunks; c++) {
        solver->touched[c] = NULL;
        solver->n_touched[c] = solver->touched_size[c] = 0;
    }
    solver->n_chunks = chunks;
    return 0;
}

int sc_sample(badugi_sampled *solver, const badugi_sampled_run *run)
{
    if (run->count == 0) {
        return 0;
    }
    size_t chunks = (size_t)(run->count < (uint64_t)run->threads * 4 ? run->count : (uint64_t)run->threads * 4);
    int status = ensure_chunks(solver, chunks);
    if (status != 0) {
        return status;
    }
    job j;
    memset(&j, 0, sizeof j);
    j.solver = solver;
    j.run = run;
    j.first = run->first;
    j.count = run->count;
    j.per_chunk = (run->count + chunks - 1) / chunks;
    chunks = (size_t)((run->count + j.per_chunk - 1) / j.per_chunk);
    if (run->threads > 1 && solver->pool_threads != run->threads) {
        badugi_pool_free(solver->pool);
        solver->pool = badugi_pool_new(run->threads);
        solver->pool_threads = solver->pool != NULL ? run->threads : 0;
    }
    if (run->threads > 1 && solver->pool != NULL) {
        badugi_pool_run(solver->pool, sample_chunk, &j, chunks);
    } else {
        for (size_t c = 0; c < chunks; c++) {
            sample_chunk(&j, c);
        }
    }
    for (size_t c = 0; c < chunks; c++) {
        if (j.errors[c] != 0) {
            return j.errors[c];
        }
    }
    return 0;
}

static int64_t scaled(int64_t value, double factor) { return (int64_t)floor((double)value * factor + 0.5); }

int sc_commit(badugi_sampled *solver, const badugi_sampled_run *run, uint64_t end)
{
    int64_t *regret = solver->regret, *delta = solver->delta;
    if (solver->dense_delta) {
        for (int64_t s = 0; s < solver->slots.slots; s++) {
            regret[s] += delta[s];
            delta[s] = 0;
        }
        solver->dense_delta = 0;
    } else {
        for (size_t c = 0; c < solver->n_chunks; c++) {
            for (size_t i = 0; i < solver->n_touched[c]; i++) {
                uint64_t record = (uint64_t)solver->touched[c][i];
                int64_t slot = (int64_t)(record & (((uint64_t)1 << SC_TOUCHED_SHIFT) - 1));
                int n = (int)(record >> SC_TOUCHED_SHIFT);
                for (int a = 0; a < n; a++) {
                    regret[slot + a] += delta[slot + a];
                    delta[slot + a] = 0;
                }
            }
        }
    }
    for (size_t c = 0; c < solver->n_chunks; c++) {
        solver->n_touched[c] = 0;
    }
    if (run->epoch > 0 && end > 0 && end % run->epoch == 0) {
        double k = (double)(end / run->epoch);
        double positive = pow(k, run->alpha) / (pow(k, run->alpha) + 1.0);
        double negative = pow(k, run->beta) / (pow(k, run->beta) + 1.0);
        double sums = pow(k / (k + 1.0), run->gamma);
        int64_t *average = solver->average;
        for (int64_t s = 0; s < solver->slots.slots; s++) {
            regret[s] = scaled(regret[s], regret[s] > 0 ? positive : negative);
            if (!run->against_average) { /* a best response leaves the strategy it answers as it is */
                average[s] = scaled(average[s], sums);
            }
        }
    }
    return 0;
}

int sc_iterate(badugi_sampled *solver, const badugi_sampled_run *run)
{
    uint64_t t = run->first, end = run->first + run->count;
    while (t < end) {
        uint64_t batch_end = (t / run->batch + 1) * run->batch;
        uint64_t stop = batch_end < end ? batch_end : end;
        badugi_sampled_run part = *run;
        part.first = t;
        part.count = stop - t;
        int status = sc_sample(solver, &part);
        if (status == 0 && stop == batch_end) {
            status = sc_commit(solver, run, stop);
        }
        if (status != 0) {
            return status;
        }
        t = stop;
    }
    return 0;
}

int sc_check_run(const badugi_sampled_run *run) { return check_run(run); }
