/* The per-hand pieces of the five-card scales, shared by the scalar loop
 * (scales5.c) and the SSE2 kernel (scales5_sse2.c): ids to ace-high order, a
 * branchless sort, the validity check, and the table lookups of sorted ids.
 * Everything here is static inline. */
#ifndef BADUGI_SCALES5_ROWS_H
#define BADUGI_SCALES5_ROWS_H

#include "common/internal.h"
#include "orders.h"

#define MULTISETS 6188 /* multisets of five ranks out of 13 */

/* The id in ace-high order. Ids from 52 up are left as they are, so the
 * check after sorting still rejects them, and the map is one-to-one, so it
 * keeps duplicates duplicate. */
static inline uint32_t ace_high_id(uint32_t id)
{
    /* Arithmetic, not a ternary: whether a random card is an ace is a branch
     * that mispredicts. Aces move up 52 - 4, other valid ids down 4. */
    uint32_t ace = id < 4, valid = id < 52;
    return id + 52 * ace - 4 * valid;
}

/* Orders two ids by a masked exchange, which has no branch to mispredict
 * whatever the compiler does with it (a ternary min/max may become a branch,
 * and on random cards every such branch is a coin toss). */
static inline void order2(uint32_t *x, uint32_t *y)
{
    uint32_t swap = (*x ^ *y) & (0u - (uint32_t)(*x > *y));
    *x ^= swap;
    *y ^= swap;
}

/* Sorts five ids with the optimal nine-comparator network. */
static inline void sort5(uint32_t v[5])
{
    order2(&v[0], &v[1]);
    order2(&v[3], &v[4]);
    order2(&v[2], &v[4]);
    order2(&v[2], &v[3]);
    order2(&v[0], &v[3]);
    order2(&v[0], &v[2]);
    order2(&v[1], &v[4]);
    order2(&v[1], &v[3]);
    order2(&v[1], &v[2]);
}

/* 0 if five sorted ids are distinct and in range, else the error code. */
static inline int check_sorted5(const uint32_t v[5])
{
    if ((v[0] < v[1]) & (v[1] < v[2]) & (v[2] < v[3]) & (v[3] < v[4]) & (v[4] < 52)) {
        return 0;
    }
    return v[4] >= 52 ? BADUGI_E_RANGE : BADUGI_E_DUPLICATE;
}

/* Slot of the multiset of ranks of five sorted, valid ids. */
static inline uint32_t multiset_index(const uint32_t v[5])
{
    return (uint32_t)badugi_multiset_choose1[v[0]] + badugi_multiset_choose2[v[1]] +
           badugi_multiset_choose3[v[2]] + badugi_multiset_choose4[v[3]] + badugi_multiset_choose5[v[4]];
}

/* 2-7 rank of five sorted, valid ids, in ace-high order if aces_high (suits
 * are unchanged by the remap), else as they are: the two tables hold the same
 * ranks, each slotted by the multiset of ranks in its order. */
static inline int low27_sorted(const uint32_t v[5], int aces_high)
{
    uint32_t flush = (((v[0] ^ v[1]) | (v[0] ^ v[2]) | (v[0] ^ v[3]) | (v[0] ^ v[4])) & 3) == 0;
    const uint16_t *table = aces_high ? badugi_low27_table : badugi_low27_ace_low_table;
    return table[MULTISETS * flush + multiset_index(v)];
}

/* A-5 rank of five sorted, valid ids. */
static inline int lowa5_sorted(const uint32_t v[5])
{
    return badugi_lowa5_table[multiset_index(v)];
}

#define SUIT_PATTERNS 51 /* partitions of five places into at most four suits */

/* Best Badugi rank of the five four-card subsets of five sorted, valid ids,
 * in one load: the value depends only on the multiset of ranks and on which
 * places share a suit (tools/table_badugi5.py), and the suits of the five
 * places, two bits each, name that pattern through a 1,024-entry table. */
static inline int best4of5_sorted(const uint32_t v[5])
{
    uint32_t suits = (v[0] & 3) | (v[1] & 3) << 2 | (v[2] & 3) << 4 | (v[3] & 3) << 6 | (v[4] & 3) << 8;
    return badugi_best5_table[SUIT_PATTERNS * multiset_index(v) + badugi_suit_pattern[suits]];
}

/* The rank on one checked scale of a hand sorted in the orders given (see
 * scales5.c; 2-7 reads the ace-high order when it was sorted anyway). */
static inline uint16_t rank_sorted_on(int32_t scale, int orders, const uint32_t low[5], const uint32_t high[5])
{
    switch (scale) {
    case BADUGI_SCALE_BADUGI:
        return (uint16_t)best4of5_sorted(low);
    case BADUGI_SCALE_BADUGI_ACE_HIGH:
        return (uint16_t)best4of5_sorted(high);
    case BADUGI_SCALE_LOW_27:
        return (uint16_t)((orders & BADUGI_ORDER_ACE_HIGH) ? low27_sorted(high, 1) : low27_sorted(low, 0));
    default: /* BADUGI_SCALE_LOW_A5, the only other checked scale */
        return (uint16_t)lowa5_sorted(low);
    }
}

#endif
