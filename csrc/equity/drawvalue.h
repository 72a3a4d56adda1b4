/* Draw values shared by the equity C files (drawvalue.c defines them); not
 * part of the API (the API is badugi.h).
 *
 * A "level" is how many draws are left. Values are exact integers:
 *   U_0(H) = s(H), the strength count of a four-card hand (badugi.h);
 *   R_n(G) = the sum of U_{n-1}(G + S) over every S of 4 - |G| cards from
 *            the 52 - |G| cards not in G, for a group G of 0..3 cards;
 *   U_n(H) = the best over the 16 keeps K of H of R_n(K) scaled to a common
 *            denominator: R_n(K) * (270,725 / C(52 - |K|, 4 - |K|)), where
 *            R_n(H) itself (standing pat) is U_{n-1}(H).
 * So U_n is at scale BADUGI_STRENGTH_SCALE * 270,725^n and every value is an
 * exact integer: keeps that tie, tie exactly. */
#ifndef BADUGI_DRAWVALUE_H
#define BADUGI_DRAWVALUE_H

#include <stdint.h>

#include "common/internal.h"
#include "common/wide.h"

/* Groups of 0..3 cards, indexed by size then colex: 1 + 52 + 1,326 + 22,100. */
#define DRAW_GROUPS 23479

typedef struct {
    uint32_t strength[BADUGI_WORST + 1]; /* s by rank; [0] unused */
    uint64_t *hand_value[3];             /* U_1, U_2 by colex index; [0] is NULL (U_0 is s) */
    uint64_t *group_value[3];            /* R_1, R_2 by group index; [2] is NULL */
    wide_t *group_value3;                /* R_3, past 64 bits */
} draw_tables;

/* The tables, built on first use (once, under a lock); NULL if memory ran out. */
const draw_tables *draw_tables_get(void);

/* The strength counts by rank, built on first use; NULL if it failed. */
const uint32_t *strength_by_rank(void);

/* The table strategy's keeps, built on first use (once, under the lock) from
 * best_keep with no card seen: for draws left 1..3 and each hand by colex
 * index, a mask over the hand's ids sorted ascending (bit i keeps the i-th
 * lowest), two to a byte: the keep of index i is in the low nibble of byte
 * i / 2 when i is even, else the high one. Packed so the three levels (406 KB)
 * stay in a core's cache beside the rank table: a lookup that misses it costs
 * more than the rest of the decision. NULL if memory ran out. */
#define KEEP_TABLE_LEVEL_BYTES ((BADUGI_HANDS + 1) / 2)
const uint8_t *keep_table_get(void);

/* Colex index of four sorted distinct ids, as in the rank table. */
static inline uint32_t hand_index_sorted(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return badugi_choose1[a] + badugi_choose2[b] + badugi_choose3[c] + badugi_choose4[d];
}

/* Colex index of four distinct ids in any order. */
static inline uint32_t hand_index(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    SWAP_IF_GREATER(a, b);
    SWAP_IF_GREATER(c, d);
    SWAP_IF_GREATER(a, c);
    SWAP_IF_GREATER(b, d);
    SWAP_IF_GREATER(b, c);
    return hand_index_sorted(a, b, c, d);
}

/* The table strategy's keep of a hand (four distinct ids in any order) with
 * draws (1..3) left, as a mask over hand: the table's mask is over the ids
 * sorted, so each card's place among them picks its bit. */
static inline int table_keep(const uint8_t *keep_table, const uint8_t hand[4], int draws)
{
    uint32_t a = hand[0], b = hand[1], c = hand[2], d = hand[3];
    uint32_t index = hand_index(a, b, c, d);
    int sorted_mask = keep_table[(size_t)(draws - 1) * KEEP_TABLE_LEVEL_BYTES + index / 2] >> (4 * (index & 1)) & 0xF;
    int place[4] = {
        (b < a) + (c < a) + (d < a),
        (a < b) + (c < b) + (d < b),
        (a < c) + (b < c) + (d < c),
        (a < d) + (b < d) + (c < d),
    };
    int mask = 0;
    for (int i = 0; i < 4; i++) {
        mask |= (sorted_mask >> place[i] & 1) << i;
    }
    return mask;
}

/* U_level of the hand at colex index, level 0..2. */
static inline uint64_t hand_value(const draw_tables *t, int level, uint32_t index)
{
    if (level == 0) {
        return t->strength[badugi_rank_table[index]];
    }
    return t->hand_value[level][index];
}

/* R_level of the group at group index, level 1..3. */
static inline wide_t group_value(const draw_tables *t, int level, uint32_t index)
{
    if (level == 3) {
        return t->group_value3[index];
    }
    return wide_of(t->group_value[level][index]);
}

/* Bit i keeps hand[i]. For each of the 16 keeps: num[k], the sum of
 * U_{draws-1}(kept + S) over every S of 4 - |k| cards that are neither in the
 * hand nor in seen (a 52-bit mask, disjoint from the hand), and den[k], how
 * many such S there are (0 if too few cards are unseen: the keep is
 * impossible). draws is 1..3. method: 0 the cheaper of the two, 1
 * inclusion-exclusion over the table, 2 summing every S. */
void keep_values(const draw_tables *t, const uint8_t hand[4], uint64_t seen, int draws, int method,
                 wide_t num[16], uint64_t den[16]);

/* The keep mask with the highest num/den; on a tie, fewer discards, then the
 * lower ids kept (the kept ids sorted, compared in order). */
int best_keep(const draw_tables *t, const uint8_t hand[4], uint64_t seen, int draws);

/* C(n, k) for n up to 52 and k up to 4 (0 when k > n or k > 4). */
static inline uint64_t draw_choose(int n, int k)
{
    if (k < 0 || k > 4 || n < k) {
        return 0;
    }
    uint64_t m = (uint64_t)n;
    switch (k) {
    case 0:
        return 1;
    case 1:
        return m;
    case 2:
        return m * (m - 1) / 2;
    case 3:
        return m * (m - 1) * (m - 2) / 6;
    default:
        return m * (m - 1) * (m - 2) * (m - 3) / 24;
    }
}

/* Steps pick, k increasing positions below n, to the next combination in
 * order; returns 0 (leaving pick alone) after the last one. */
static inline int next_combination(int *pick, int k, int n)
{
    int i = k - 1;
    while (i >= 0 && pick[i] == n - k + i) {
        i--;
    }
    if (i < 0) {
        return 0;
    }
    pick[i]++;
    for (int j = i + 1; j < k; j++) {
        pick[j] = pick[j - 1] + 1;
    }
    return 1;
}

#endif
