/* The checked entry points of the five-card draw values (badugi.h, its
 * five-card section): each validates its arguments, then calls
 * drawvalue5.c or keeptable5.c. */

#include <string.h>

#include "drawvalue5.h"
#include "keeptable5.h"

/* The game's slot, the hand checked (five distinct ids), and the seen mask
 * (distinct ids, none in the hand); or an error code. */
static int checked_spot(const int32_t *scales, size_t halves, const uint8_t *hand, const uint8_t *seen,
                        size_t n_seen, int draws, uint64_t *seen_mask)
{
    int slot = draw5_slot(scales, halves);
    if (slot < 0) {
        return slot;
    }
    if (hand == NULL) {
        return BADUGI_E_NULL;
    }
    if (draws < 1 || draws > BADUGI_MAX_DRAWS) {
        return BADUGI_E_ARGUMENT;
    }
    uint64_t hand_mask = 0;
    int status = add_cards(&hand_mask, hand, 5);
    if (status == 0) {
        uint64_t all = hand_mask;
        status = add_cards(&all, seen, n_seen);
        *seen_mask = all & ~hand_mask;
    }
    return status < 0 ? status : slot;
}

int badugi_strength5(const int32_t *scales, size_t halves, const uint8_t *hand)
{
    int slot = draw5_slot(scales, halves);
    if (slot < 0) {
        return slot;
    }
    if (hand == NULL) {
        return BADUGI_E_NULL;
    }
    int count = 0;
    for (size_t h = 0; h < halves; h++) {
        int r = badugi_rank5(scales[h], hand[0], hand[1], hand[2], hand[3], hand[4]); /* checks the ids */
        if (r < 0) {
            return r;
        }
        const uint32_t *s = scale_strength5(scales[h]);
        if (s == NULL) {
            return BADUGI_E_MEMORY;
        }
        count += (int)s[r]; /* at most 2 * 2 * 2,598,960 */
    }
    return count;
}

int badugi_draw5_build(const int32_t *scales, size_t halves, int level, int keep_table)
{
    int slot = draw5_slot(scales, halves);
    if (slot < 0) {
        return slot;
    }
    if (level < 1 || level > BADUGI_MAX_DRAWS) {
        return BADUGI_E_ARGUMENT;
    }
    if (draw5_tables_get(slot, level) == NULL) {
        return BADUGI_E_MEMORY;
    }
    if (keep_table && keep_table5_get(slot, level) == NULL) {
        return BADUGI_E_MEMORY;
    }
    return 0;
}

int badugi_draw5_value(const int32_t *scales, size_t halves, int level, const uint8_t *cards, size_t n_cards,
                       uint64_t *out)
{
    int slot = draw5_slot(scales, halves);
    if (slot < 0) {
        return slot;
    }
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    if (n_cards > 5) {
        return BADUGI_E_COUNT;
    }
    int least = n_cards == 5 ? 0 : 1, most = n_cards == 5 ? 2 : 3;
    if (level < least || level > most) {
        return BADUGI_E_ARGUMENT;
    }
    uint64_t mask = 0;
    int status = add_cards(&mask, cards, n_cards);
    if (status != 0) {
        return status;
    }
    /* U_level is built with the tables for level + 1 draws, R_level with those for level. */
    const draw5_tables *t = draw5_tables_get(slot, level + (n_cards == 5));
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    const uint32_t *weight[5] = {badugi_choose1, badugi_choose2, badugi_choose3, badugi_choose4, draw5_choose5};
    uint32_t index = 0;
    size_t j = 0;
    for (uint32_t card = 0; card < 52; card++) { /* colex over the ids ascending */
        if (mask >> card & 1) {
            index += weight[j++][card];
        }
    }
    wide_t v = n_cards == 5 ? hand_value5(t, level, index)
                            : group_value5(t, level, draw5_group_start[n_cards] + index);
    out[0] = v.lo;
    out[1] = v.hi;
    return 0;
}

int badugi_draw5_hand_values(const int32_t *scales, size_t halves, int level, uint64_t *out, size_t n)
{
    int slot = draw5_slot(scales, halves);
    if (slot < 0) {
        return slot;
    }
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    if (level < 0 || level > 2 || n < 2 * (size_t)HANDS5) {
        return BADUGI_E_ARGUMENT;
    }
    const draw5_tables *t = draw5_tables_get(slot, level + 1); /* U_level is built with level + 1 */
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    for (uint32_t i = 0; i < HANDS5; i++) {
        wide_t v = hand_value5(t, level, i);
        out[2 * i] = v.lo;
        out[2 * i + 1] = v.hi;
    }
    return 0;
}

int badugi_keep_values5(const int32_t *scales, size_t halves, const uint8_t *hand, const uint8_t *seen,
                        size_t n_seen, int draws, int method, uint64_t *num, uint64_t *den)
{
    uint64_t seen_mask = 0;
    int slot = checked_spot(scales, halves, hand, seen, n_seen, draws, &seen_mask);
    if (slot < 0) {
        return slot;
    }
    if (num == NULL || den == NULL) {
        return BADUGI_E_NULL;
    }
    if (method < 0 || method > 2) {
        return BADUGI_E_ARGUMENT;
    }
    const draw5_tables *t = draw5_tables_get(slot, draws);
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    wide_t sums[32];
    keep_values5(t, hand, seen_mask, draws, method, sums, den);
    for (int k = 0; k < 32; k++) {
        num[2 * k] = sums[k].lo;
        num[2 * k + 1] = sums[k].hi;
    }
    return 0;
}

int badugi_best_keep5(const int32_t *scales, size_t halves, const uint8_t *hand, const uint8_t *seen,
                      size_t n_seen, int draws)
{
    uint64_t seen_mask = 0;
    int slot = checked_spot(scales, halves, hand, seen, n_seen, draws, &seen_mask);
    if (slot < 0) {
        return slot;
    }
    const draw5_tables *t = draw5_tables_get(slot, draws);
    if (t == NULL) {
        return BADUGI_E_MEMORY;
    }
    return best_keep5(t, hand, seen_mask, draws);
}

int badugi_keep_table5(const int32_t *scales, size_t halves, int draws, uint8_t *out, size_t n)
{
    int slot = draw5_slot(scales, halves);
    if (slot < 0) {
        return slot;
    }
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    if (draws < 1 || draws > BADUGI_MAX_DRAWS || n < BADUGI_HANDS5) {
        return BADUGI_E_ARGUMENT;
    }
    const uint8_t *keep = keep_table5_get(slot, draws);
    if (keep == NULL) {
        return BADUGI_E_MEMORY;
    }
    memcpy(out, keep, BADUGI_HANDS5);
    return 0;
}
