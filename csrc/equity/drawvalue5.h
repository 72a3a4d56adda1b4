/* Draw values of the five-card split games (drawvalue5.c defines them); not
 * part of the API (the API is badugi.h, its five-card section).
 *
 * A game here is its halves: one or two five-card scales (BADUGI_SCALE_*).
 * A hand's strength count is the sum over its halves of
 *     s_h(r) = 2 * (hands of a worse rank on h) + (hands of rank r on h),
 * over all 2,598,960 five-card hands, so its strength (the mean of its
 * halves' shares of the hands beaten, ties half) is
 *     count / (2 * halves * 2,598,960).
 *
 * The draw values are the same dynamic programme as Badugi's (drawvalue.h),
 * over kept groups of 0..4 cards and five-card hands:
 *   U_0(H) = the strength count of H;
 *   R_n(G) = the sum of U_{n-1}(G + S) over every S of 5 - |G| cards from
 *            the 52 - |G| cards not in G;
 *   U_n(H) = the best over the 32 keeps K of H of R_n(K) * UP[|K|], where
 *            UP[k] = DRAW5_SCALE / C(52 - k, 5 - k) and R_n(H) = U_{n-1}(H).
 * DRAW5_SCALE = lcm over k of C(52 - k, 5 - k) = 12,994,800, so U_n is at
 * scale 2 * halves * 2,598,960 * 12,994,800^n, every value an exact integer.
 *
 * Sizes, for two halves (one half halves them): U_0 < 2^24, R_1 < 2^45,
 * U_1 < 2^47, R_2 < 2^69, U_2 < 2^71, R_3 < 2^92. Every product the code
 * forms stays below 2^128: scaling (R_2 * UP < 2^93) and the cross-
 * multiplied comparisons of the best keep (a sum of U_2 over at most
 * C(47, 5) replacements times a count of at most C(47, 5): < 2^113). */
#ifndef BADUGI_DRAWVALUE5_H
#define BADUGI_DRAWVALUE5_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "common/wide.h"

#define HANDS5 2598960u
/* Groups of 0..4 cards, indexed by size then colex: 1 + 52 + 1,326 + 22,100 + 270,725. */
#define GROUPS5 294204u
#define DRAW5_SCALE 12994800u
#define DRAW5_MAX_HALVES 2
/* One table set per game: one scale (4 slots) or an ordered pair (16 slots). */
#define DRAW5_SLOTS 20

typedef struct {
    int32_t scales[DRAW5_MAX_HALVES];
    int halves;
    int level;         /* built through this many draws left: 0..3 */
    uint32_t *u0;      /* U_0 by hand colex index */
    uint64_t *u1;      /* U_1 by hand index (level >= 2) */
    wide_t *u2;        /* U_2 by hand index (level 3) */
    uint64_t *r1;      /* R_1 by group index (level >= 1) */
    wide_t *r2, *r3;   /* R_2, R_3 by group index */
} draw5_tables;

/* C(id, 5) for ids 0..51: the fifth colex weight (the first four are badugi_choose1..4). */
extern const uint32_t draw5_choose5[52];
/* Where each group size starts in the group index. */
extern const uint32_t draw5_group_start[5];

/* Colex index of five sorted distinct ids. */
static inline uint32_t hand5_index_sorted(const uint32_t v[5])
{
    return badugi_choose1[v[0]] + badugi_choose2[v[1]] + badugi_choose3[v[2]] + badugi_choose4[v[3]] +
           draw5_choose5[v[4]];
}

/* Cards in a five-bit mask, and its highest bit. */
static const uint8_t POP5[32] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                 1, 2, 2, 3, 2, 3, 3, 4, 2, 3, 3, 4, 3, 4, 4, 5};
static const uint8_t HIGH5[32] = {0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3,
                                  4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4};

/* The colex index of each subset of five sorted ids within its size, by mask
 * over the places: the subset without its highest card, plus that card's weight. */
static inline void subset_colex(const uint32_t v[5], uint32_t colex[32])
{
    const uint32_t *weight[5] = {badugi_choose1, badugi_choose2, badugi_choose3, badugi_choose4, draw5_choose5};
    colex[0] = 0;
    for (uint32_t m = 1; m < 32; m++) {
        uint32_t high = HIGH5[m];
        colex[m] = colex[m ^ (1u << high)] + weight[POP5[m] - 1][v[high]];
    }
}

/* acc[m] becomes the sum of acc over the masks that contain m. Each pass
 * walks the 16 masks without bit b by inserting a zero bit into i, so there
 * is no branch to mispredict. */
static inline void superset_sums5(wide_t acc[32])
{
    for (uint32_t b = 1; b < 32; b <<= 1) {
        for (uint32_t i = 0; i < 16; i++) {
            uint32_t mask = (i & ~(b - 1)) << 1 | (i & (b - 1));
            acc[mask] = wide_add(acc[mask], acc[mask | b]);
        }
    }
}

/* The next five sorted ids in colex order, the order of hand5_index_sorted:
 * the lowest id that can rise does, and the ids below it start again. */
static inline void next_hand5(uint32_t v[5])
{
    int i = 0;
    while (i < 4 && v[i] + 1 == v[i + 1]) {
        i++;
    }
    v[i]++;
    for (int j = 0; j < i; j++) {
        v[j] = (uint32_t)j;
    }
}

/* The table slot of a game's scales, or a negative error code: BADUGI_E_NULL,
 * BADUGI_E_ARGUMENT (not 1 or 2 halves) or BADUGI_E_SCALE (an unknown scale). */
int draw5_slot(const int32_t *scales, size_t halves);

/* The tables of a slot built through level (1..3) draws left, built on
 * first use under a lock and never freed; NULL if memory ran out. */
const draw5_tables *draw5_tables_get(int slot, int level);

/* s_h by rank on one five-card scale (index 0 unused), built on first use;
 * NULL if memory ran out. */
const uint32_t *scale_strength5(int32_t scale);

/* U_level (0..2) of the hand at index, as a wide value. */
static inline wide_t hand_value5(const draw5_tables *t, int level, uint32_t index)
{
    switch (level) {
    case 0:
        return wide_of(t->u0[index]);
    case 1:
        return wide_of(t->u1[index]);
    default:
        return t->u2[index];
    }
}

/* R_level (1..3) of the group at index. */
static inline wide_t group_value5(const draw5_tables *t, int level, uint32_t index)
{
    switch (level) {
    case 1:
        return wide_of(t->r1[index]);
    case 2:
        return t->r2[index];
    default:
        return t->r3[index];
    }
}

/* Bit i keeps hand[i]. For each of the 32 keeps: num[k], the sum of
 * U_{draws-1}(kept + S) over every S of 5 - |k| cards that are neither in
 * the hand nor in seen (a 52-bit mask disjoint from the hand), and den[k],
 * how many such S there are (0 if too few cards are unseen: the keep is
 * impossible). t is built through draws (1..3). method: 0 the cheaper of the
 * two, 1 inclusion-exclusion over the tables, 2 summing every S. */
void keep_values5(const draw5_tables *t, const uint8_t hand[5], uint64_t seen, int draws, int method,
                  wide_t num[32], uint64_t den[32]);

/* The keep mask with the highest num/den, compared exactly, skipping keeps
 * with den 0; on a tie, fewer discards, then the lower ids kept (the kept ids
 * sorted, compared in order). */
int best_of_keeps5(const uint8_t hand[5], const wide_t num[32], const uint64_t den[32]);

/* best_of_keeps5 of keep_values5 (method 0). */
int best_keep5(const draw5_tables *t, const uint8_t hand[5], uint64_t seen, int draws);

/* The table strategy's keep of five distinct ids in any order, from the keep
 * table of one game and number of draws left (keep_table5_get): the table's
 * mask is over the ids sorted, so each card's place among them picks its bit. */
static inline int table_keep5(const uint8_t *keep_table, const uint8_t hand[5])
{
    uint32_t v[5];
    int place[5];
    for (int i = 0; i < 5; i++) {
        v[i] = hand[i];
        place[i] = 0;
        for (int j = 0; j < 5; j++) {
            place[i] += hand[j] < hand[i];
        }
    }
    for (int i = 1; i < 5; i++) { /* insertion sort: five ids */
        uint32_t x = v[i];
        int j = i - 1;
        for (; j >= 0 && v[j] > x; j--) {
            v[j + 1] = v[j];
        }
        v[j + 1] = x;
    }
    int sorted_mask = keep_table[hand5_index_sorted(v)];
    int mask = 0;
    for (int i = 0; i < 5; i++) {
        mask |= (sorted_mask >> place[i] & 1) << i;
    }
    return mask;
}

#endif
