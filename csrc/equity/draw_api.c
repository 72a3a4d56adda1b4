/* The checked entry points of the draw values (badugi.h): each validates
 * its arguments, then calls drawvalue.c. */

#include <string.h>

#include "drawvalue.h"

uint32_t badugi_strength_of_rank(int rank)
{
    if (rank < 1 || rank > BADUGI_WORST) {
        return 0;
    }
    const uint32_t *strength = strength_by_rank();
    return strength[rank];
}

int badugi_draw_tables_build(void)
{
    return draw_tables_get() ? 0 : BADUGI_E_MEMORY;
}

int badugi_draw_group_values(int level, uint64_t *out, size_t n)
{
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    if (level < 1 || level > 3 || n < 2 * (size_t)DRAW_GROUPS) {
        return BADUGI_E_ARGUMENT;
    }
    const draw_tables *t = draw_tables_get();
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    for (uint32_t g = 0; g < DRAW_GROUPS; g++) {
        wide_t v = group_value(t, level, g);
        out[2 * g] = v.lo;
        out[2 * g + 1] = v.hi;
    }
    return 0;
}

int badugi_draw_hand_values(int level, uint64_t *out, size_t n)
{
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    if (level < 0 || level > 2 || n < BADUGI_HANDS) {
        return BADUGI_E_ARGUMENT;
    }
    const draw_tables *t = draw_tables_get();
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    for (uint32_t i = 0; i < BADUGI_HANDS; i++) {
        out[i] = hand_value(t, level, i);
    }
    return 0;
}

/* The seen mask of a hand and its seen cards, checked; or an error code. */
static int checked_seen(const uint8_t *hand, const uint8_t *seen, size_t n_seen, int draws, uint64_t *out)
{
    if (hand == NULL) {
        return BADUGI_E_NULL;
    }
    if (draws < 1 || draws > BADUGI_MAX_DRAWS) {
        return BADUGI_E_ARGUMENT;
    }
    uint64_t hand_mask = 0;
    int status = add_cards(&hand_mask, hand, 4);
    if (status == 0) {
        uint64_t all = hand_mask;
        status = add_cards(&all, seen, n_seen);
        *out = all & ~hand_mask;
    }
    return status;
}

int badugi_keep_values(const uint8_t *hand, const uint8_t *seen, size_t n_seen, int draws, int method,
                       uint64_t *num, uint64_t *den)
{
    uint64_t mask;
    int status = checked_seen(hand, seen, n_seen, draws, &mask);
    if (status != 0) {
        return status;
    }
    if (num == NULL || den == NULL) {
        return BADUGI_E_NULL;
    }
    if (method < 0 || method > 2) {
        return BADUGI_E_ARGUMENT;
    }
    const draw_tables *t = draw_tables_get();
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    wide_t sums[16];
    keep_values(t, hand, mask, draws, method, sums, den);
    for (int k = 0; k < 16; k++) {
        num[2 * k] = sums[k].lo;
        num[2 * k + 1] = sums[k].hi;
    }
    return 0;
}

int badugi_best_keep(const uint8_t *hand, const uint8_t *seen, size_t n_seen, int draws)
{
    uint64_t mask;
    int status = checked_seen(hand, seen, n_seen, draws, &mask);
    if (status != 0) {
        return status;
    }
    const draw_tables *t = draw_tables_get();
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    return best_keep(t, hand, mask, draws);
}

int badugi_table_keep(const uint8_t *hand, int draws)
{
    uint64_t mask;
    int status = checked_seen(hand, NULL, 0, draws, &mask);
    if (status != 0) {
        return status;
    }
    const uint8_t *keeps = keep_table_get();
    if (keeps == NULL) {
        return BADUGI_E_MEMORY;
    }
    return table_keep(keeps, hand, draws);
}

int badugi_keep_table_build(void)
{
    return keep_table_get() ? 0 : BADUGI_E_MEMORY;
}

int badugi_completion_ranks(const uint8_t *keep, size_t n_keep, const uint8_t *seen, size_t n_seen,
                            uint64_t *out)
{
    if (out == NULL || (n_keep > 0 && keep == NULL)) {
        return BADUGI_E_NULL;
    }
    if (n_keep > 4) {
        return BADUGI_E_ARGUMENT;
    }
    uint64_t kept = 0, all = 0;
    int status = add_cards(&kept, keep, n_keep);
    all = kept;
    if (status == 0) {
        status = add_cards(&all, seen, n_seen);
    }
    if (status != 0) {
        return status;
    }
    uint32_t c[4], u[52];
    int k = 0, n = 0;
    for (uint32_t card = 0; card < 52; card++) {
        if (kept >> card & 1) {
            c[k++] = card;
        } else if (!(all >> card & 1)) {
            u[n++] = card;
        }
    }
    memset(out, 0, sizeof(uint64_t) * (BADUGI_WORST + 1));
    /* Choose the missing cards as increasing positions in u: each set once. */
    int need = 4 - k, pick[4] = {0, 1, 2, 3};
    if (need > n) {
        return 0; /* no completion at all */
    }
    do {
        for (int i = 0; i < need; i++) {
            c[k + i] = u[pick[i]];
        }
        out[rank_ids(c[0], c[1], c[2], c[3])]++;
    } while (need > 0 && next_combination(pick, need, n));
    return 0;
}
