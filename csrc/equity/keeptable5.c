/* The no-card-seen keep table of the five-card split games: for every hand
 * and every number of draws left, the keep best_keep5 chooses when the
 * player has seen no card but its own, one byte (a mask over the hand's ids
 * sorted ascending). What a table strategy needs instead of the 32 keep
 * values: one load. Built on first use, per game and draws, under a lock,
 * and never freed. */

#include <stdlib.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "common/workers.h"
#include "drawvalue5.h"
#include "keeptable5.h"

/* Its own lock: building a keep table takes the tables' lock (through
 * draw5_tables_get) while holding this one, never the other way round. */
static badugi_lock keep_lock = BADUGI_LOCK_INIT;
static uint8_t *keep_tables[DRAW5_SLOTS][BADUGI_MAX_DRAWS + 1];

/* Threads a keep table is built on: its hands are cut into this many slices. */
#define KEEP_SLICES 4

/* C(47, k): the replacements of a keep of 5 - k cards when only the hand is seen. */
static const uint64_t ALONE_DEN[6] = {1, 47, 1081, 16215, 178365, 1533939};

/* The 32 keep sums of a hand (sorted ids v, colex index) when the player has
 * seen only its own cards: keep_values5's inclusion-exclusion with no seen
 * card, whose groups are just the hand's 32 subsets, read by their subset
 * index rather than found by scanning the deck. Modulo 2^128, as there. */
static void keep_sums_alone(const draw5_tables *t, const uint32_t v[5], uint32_t index, int draws,
                            wide_t num[32])
{
    uint32_t colex[32];
    subset_colex(v, colex);
    wide_t acc[32];
    for (uint32_t m = 0; m < 31; m++) {
        wide_t value = group_value5(t, draws, draw5_group_start[POP5[m]] + colex[m]);
        acc[m] = POP5[m] & 1 ? wide_sub(wide_of(0), value) : value; /* (-1)^|G| R(G) */
    }
    acc[31] = wide_sub(wide_of(0), hand_value5(t, draws - 1, index));
    superset_sums5(acc);
    for (uint32_t mask = 0; mask < 32; mask++) {
        num[mask] = POP5[mask] & 1 ? wide_sub(wide_of(0), acc[mask]) : acc[mask];
    }
}

/* The sorted ids of the hand of colex index (the inverse of hand5_index_sorted). */
static void hand_of_index(uint32_t index, uint32_t v[5])
{
    const uint32_t *weight[5] = {badugi_choose1, badugi_choose2, badugi_choose3, badugi_choose4, draw5_choose5};
    uint32_t c = 51;
    for (int j = 4; j >= 0; j--) {
        while (weight[j][c] > index) {
            c--;
        }
        v[j] = c;
        index -= weight[j][c];
        c--;
    }
}

typedef struct {
    const draw5_tables *t;
    int draws;
    uint8_t *keep;
    uint32_t first, end; /* hand indices */
} keep_slice;

static void build_slice(void *item)
{
    const keep_slice *slice = item;
    uint64_t den[32];
    for (uint32_t mask = 0; mask < 32; mask++) {
        den[mask] = ALONE_DEN[5 - POP5[mask]];
    }
    uint32_t v[5];
    hand_of_index(slice->first, v);
    for (uint32_t index = slice->first; index < slice->end; index++, next_hand5(v)) {
        wide_t num[32];
        uint8_t hand[5] = {(uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2], (uint8_t)v[3], (uint8_t)v[4]};
        keep_sums_alone(slice->t, v, index, slice->draws, num);
        /* The hand is sorted, so a mask over its places is a mask over its sorted ids. */
        slice->keep[index] = (uint8_t)best_of_keeps5(hand, num, den);
    }
}

/* HANDS5 bytes for a keep table. A Monte Carlo deal reads it at random, a
 * cache and TLB miss each: on 2 MB pages (Linux's transparent huge pages,
 * asked for where the kernel gives them on request) the page walks go, and
 * a three-draw deal of the table strategy costs about a third less. */
static uint8_t *keep_table_memory(void)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *memory = NULL;
    const size_t huge = (size_t)2 << 20, size = (HANDS5 + huge - 1) / huge * huge;
    if (posix_memalign(&memory, huge, size) == 0) {
        madvise(memory, size, MADV_HUGEPAGE); /* a hint: without it, ordinary pages */
        return memory;
    }
    return NULL;
#else
    return malloc(HANDS5);
#endif
}

static uint8_t *build_keep_table(const draw5_tables *t, int draws)
{
    uint8_t *keep = keep_table_memory();
    if (keep == NULL) {
        return NULL;
    }
    keep_slice slices[KEEP_SLICES];
    for (int i = 0; i < KEEP_SLICES; i++) {
        slices[i].t = t;
        slices[i].draws = draws;
        slices[i].keep = keep;
        slices[i].first = (uint32_t)((uint64_t)HANDS5 * (uint64_t)i / KEEP_SLICES);
        slices[i].end = (uint32_t)((uint64_t)HANDS5 * (uint64_t)(i + 1) / KEEP_SLICES);
    }
    badugi_run_workers(build_slice, slices, sizeof slices[0], KEEP_SLICES); /* each slice runs exactly once */
    return keep;
}

const uint8_t *keep_table5_get(int slot, int draws)
{
    if (slot < 0 || slot >= DRAW5_SLOTS || draws < 1 || draws > BADUGI_MAX_DRAWS) {
        return NULL;
    }
    badugi_lock_take(&keep_lock);
    if (keep_tables[slot][draws] == NULL) {
        const draw5_tables *t = draw5_tables_get(slot, draws);
        if (t != NULL) {
            keep_tables[slot][draws] = build_keep_table(t, draws); /* NULL again on failure: retried later */
        }
    }
    const uint8_t *keep = keep_tables[slot][draws];
    badugi_lock_give(&keep_lock);
    return keep;
}
