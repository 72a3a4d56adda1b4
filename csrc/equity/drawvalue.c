/* Hand strength, the draw-value tables, and the value of every keep.
 *
 * The tables (definitions in drawvalue.h) are a dynamic programme over kept
 * groups that treats the unseen cards as the full deck minus the group. They
 * are built once, on first use, under a lock, from the rank table: about
 * 270,725 x 15 additions and 270,725 x 16 comparisons a level.
 *
 * What a keep is worth given the cards a player has seen is exact: the sum
 * over the replacements it can actually get (neither in its hand nor seen)
 * follows from the tables by inclusion-exclusion over the seen cards,
 *     sum over T in seen + discards, |T| <= 4 - |K|, of (-1)^|T| R_n(K + T),
 * or, when few cards are unseen, by summing over them directly. */

#include <stdlib.h>
#include <string.h>

#include "common/workers.h"
#include "drawvalue.h"

/* Where each group size starts in the group index (size 4 is a hand). */
static const uint32_t GROUP_START[4] = {0, 1, 53, 1379};
/* 270,725 / C(52 - k, 4 - k): what brings R_n of a k-card keep to the common scale. */
static const uint64_t SCALE_UP[5] = {1, 13, 221, 5525, 270725};

static badugi_lock build_lock = BADUGI_LOCK_INIT;
static draw_tables tables;
static int strength_built, tables_built;

/* s(rank) = 2 * (hands of a worse rank) + (hands of this rank). */
static void build_strength(void)
{
    static uint32_t count[BADUGI_WORST + 2];
    memset(count, 0, sizeof count);
    for (uint32_t i = 0; i < BADUGI_HANDS; i++) {
        count[badugi_rank_table[i]]++;
    }
    uint32_t worse = 0;
    for (int r = BADUGI_WORST; r >= 1; r--) {
        tables.strength[r] = 2 * worse + count[r];
        worse += count[r];
    }
    tables.strength[0] = 0;
}

/* R_level over every group, from the level below's hand values. */
static void build_group_level(int level)
{
    uint64_t *sum = level < 3 ? tables.group_value[level] : NULL;
    wide_t *wide_sum = tables.group_value3;
    if (level < 3) {
        memset(sum, 0, sizeof(uint64_t) * DRAW_GROUPS);
    } else {
        memset(wide_sum, 0, sizeof(wide_t) * DRAW_GROUPS);
    }
    uint32_t index = 0;
    for (uint32_t d = 3; d < 52; d++) {
        for (uint32_t c = 2; c < d; c++) {
            for (uint32_t b = 1; b < c; b++) {
                for (uint32_t a = 0; a < b; a++, index++) {
                    uint64_t v = hand_value(&tables, level - 1, index);
                    uint32_t g[15] = {
                        GROUP_START[0],
                        GROUP_START[1] + a,
                        GROUP_START[1] + b,
                        GROUP_START[1] + c,
                        GROUP_START[1] + d,
                        GROUP_START[2] + a + badugi_choose2[b],
                        GROUP_START[2] + a + badugi_choose2[c],
                        GROUP_START[2] + a + badugi_choose2[d],
                        GROUP_START[2] + b + badugi_choose2[c],
                        GROUP_START[2] + b + badugi_choose2[d],
                        GROUP_START[2] + c + badugi_choose2[d],
                        GROUP_START[3] + a + badugi_choose2[b] + badugi_choose3[c],
                        GROUP_START[3] + a + badugi_choose2[b] + badugi_choose3[d],
                        GROUP_START[3] + a + badugi_choose2[c] + badugi_choose3[d],
                        GROUP_START[3] + b + badugi_choose2[c] + badugi_choose3[d],
                    };
                    if (level < 3) {
                        for (int k = 0; k < 15; k++) {
                            sum[g[k]] += v; /* at most 270,725 * 2^37.1 < 2^56 */
                        }
                    } else {
                        for (int k = 0; k < 15; k++) {
                            wide_sum[g[k]] = wide_add(wide_sum[g[k]], wide_of(v));
                        }
                    }
                }
            }
        }
    }
}

/* U_level over every hand: the best keep at the common scale (level 1 or 2). */
static void build_hand_level(int level)
{
    const uint64_t *r = tables.group_value[level];
    uint64_t *out = tables.hand_value[level];
    uint32_t index = 0;
    for (uint32_t d = 3; d < 52; d++) {
        for (uint32_t c = 2; c < d; c++) {
            for (uint32_t b = 1; b < c; b++) {
                for (uint32_t a = 0; a < b; a++, index++) {
                    uint64_t best = hand_value(&tables, level - 1, index) * SCALE_UP[4];
                    uint64_t v[15] = {
                        r[GROUP_START[0]] * SCALE_UP[0],
                        r[GROUP_START[1] + a] * SCALE_UP[1],
                        r[GROUP_START[1] + b] * SCALE_UP[1],
                        r[GROUP_START[1] + c] * SCALE_UP[1],
                        r[GROUP_START[1] + d] * SCALE_UP[1],
                        r[GROUP_START[2] + a + badugi_choose2[b]] * SCALE_UP[2],
                        r[GROUP_START[2] + a + badugi_choose2[c]] * SCALE_UP[2],
                        r[GROUP_START[2] + a + badugi_choose2[d]] * SCALE_UP[2],
                        r[GROUP_START[2] + b + badugi_choose2[c]] * SCALE_UP[2],
                        r[GROUP_START[2] + b + badugi_choose2[d]] * SCALE_UP[2],
                        r[GROUP_START[2] + c + badugi_choose2[d]] * SCALE_UP[2],
                        r[GROUP_START[3] + a + badugi_choose2[b] + badugi_choose3[c]] * SCALE_UP[3],
                        r[GROUP_START[3] + a + badugi_choose2[b] + badugi_choose3[d]] * SCALE_UP[3],
                        r[GROUP_START[3] + a + badugi_choose2[c] + badugi_choose3[d]] * SCALE_UP[3],
                        r[GROUP_START[3] + b + badugi_choose2[c] + badugi_choose3[d]] * SCALE_UP[3],
                    };
                    for (int k = 0; k < 15; k++) {
                        best = v[k] > best ? v[k] : best;
                    }
                    out[index] = best;
                }
            }
        }
    }
}

static int build_tables(void)
{
    tables.hand_value[1] = malloc(sizeof(uint64_t) * BADUGI_HANDS);
    tables.hand_value[2] = malloc(sizeof(uint64_t) * BADUGI_HANDS);
    tables.group_value[1] = malloc(sizeof(uint64_t) * DRAW_GROUPS);
    tables.group_value[2] = malloc(sizeof(uint64_t) * DRAW_GROUPS);
    tables.group_value3 = malloc(sizeof(wide_t) * DRAW_GROUPS);
    if (!tables.hand_value[1] || !tables.hand_value[2] || !tables.group_value[1] || !tables.group_value[2] ||
        !tables.group_value3) {
        free(tables.hand_value[1]);
        free(tables.hand_value[2]);
        free(tables.group_value[1]);
        free(tables.group_value[2]);
        free(tables.group_value3);
        memset(tables.hand_value, 0, sizeof tables.hand_value);
        memset(tables.group_value, 0, sizeof tables.group_value);
        tables.group_value3 = NULL;
        return 0;
    }
    build_group_level(1);
    build_hand_level(1);
    build_group_level(2);
    build_hand_level(2);
    build_group_level(3);
    return 1;
}

const uint32_t *strength_by_rank(void)
{
    badugi_lock_take(&build_lock);
    if (!strength_built) {
        build_strength();
        strength_built = 1;
    }
    badugi_lock_give(&build_lock);
    return tables.strength;
}

const draw_tables *draw_tables_get(void)
{
    badugi_lock_take(&build_lock);
    if (!strength_built) {
        build_strength();
        strength_built = 1;
    }
    if (!tables_built) {
        tables_built = build_tables(); /* a failure leaves it unbuilt, to try again later */
    }
    int ok = tables_built;
    badugi_lock_give(&build_lock);
    return ok ? &tables : NULL;
}

/* ---- the value of each keep ---- */

/* Adds (or, if negative, subtracts) R_level of group g into acc[mask]. With
 * two draws left or fewer every sum fits 64 bits (below 2^55), so the hot
 * path wraps in uint64; the third level needs wide_t. Called with a
 * constant is_wide, so the compiler keeps one branch of each. */
static inline void add_group(int is_wide, uint64_t *acc, wide_t *acc_wide, uint32_t mask, const draw_tables *t,
                             int level, uint32_t g, int negative)
{
    if (is_wide) {
        wide_t v = group_value(t, level, g);
        acc_wide[mask] = negative ? wide_sub(acc_wide[mask], v) : wide_add(acc_wide[mask], v);
    } else {
        uint64_t v = t->group_value[level][g];
        acc[mask] += negative ? 0 - v : v;
    }
}

static inline void add_hand(int is_wide, uint64_t *acc, wide_t *acc_wide, uint32_t mask, const draw_tables *t,
                            int level, uint32_t index)
{
    uint64_t v = hand_value(t, level, index);
    if (is_wide) {
        acc_wide[mask] = wide_add(acc_wide[mask], wide_of(v));
    } else {
        acc[mask] += v;
    }
}

/* Sum over every group G of hand + seen with |G| <= 4 of (-1)^|G| R(G),
 * collected by which hand cards G holds; then each keep K gets
 * (-1)^|K| times the total over the masks that contain K. */
static inline void exclusion_sums(int is_wide, const draw_tables *t, const uint8_t hand[4], uint64_t seen,
                                  int draws, wide_t num[16])
{
    uint32_t x[52];
    uint32_t bit[52]; /* which hand position a card of x is, as a keep bit; 0 if seen */
    int n = 0;
    uint64_t all = seen;
    for (int i = 0; i < 4; i++) {
        all |= (uint64_t)1 << hand[i];
    }
    for (uint32_t card = 0; card < 52; card++) {
        if (all >> card & 1) {
            x[n] = card;
            bit[n] = 0;
            for (int i = 0; i < 4; i++) {
                bit[n] |= (uint32_t)(hand[i] == card) << i;
            }
            n++;
        }
    }
    uint64_t acc[16];
    wide_t acc_wide[16];
    memset(acc, 0, sizeof acc);
    memset(acc_wide, 0, sizeof acc_wide);
    add_group(is_wide, acc, acc_wide, 0, t, draws, GROUP_START[0], 0);
    for (int i = 0; i < n; i++) {
        uint32_t gi = x[i], mi = bit[i];
        add_group(is_wide, acc, acc_wide, mi, t, draws, GROUP_START[1] + gi, 1);
        for (int j = i + 1; j < n; j++) {
            uint32_t gj = gi + badugi_choose2[x[j]], mj = mi | bit[j];
            add_group(is_wide, acc, acc_wide, mj, t, draws, GROUP_START[2] + gj, 0);
            for (int k = j + 1; k < n; k++) {
                uint32_t gk = gj + badugi_choose3[x[k]], mk = mj | bit[k];
                add_group(is_wide, acc, acc_wide, mk, t, draws, GROUP_START[3] + gk, 1);
                for (int l = k + 1; l < n; l++) {
                    add_hand(is_wide, acc, acc_wide, mk | bit[l], t, draws - 1, gk + badugi_choose4[x[l]]);
                }
            }
        }
    }
    for (int b = 1; b < 16; b <<= 1) { /* sum over supersets */
        for (int mask = 0; mask < 16; mask++) {
            if (!(mask & b)) {
                acc[mask] += acc[mask | b];
                acc_wide[mask] = wide_add(acc_wide[mask], acc_wide[mask | b]);
            }
        }
    }
    for (int mask = 0; mask < 16; mask++) {
        int odd = (mask & 1) ^ (mask >> 1 & 1) ^ (mask >> 2 & 1) ^ (mask >> 3 & 1);
        wide_t sum = is_wide ? acc_wide[mask] : wide_of(acc[mask]);
        if (odd) {
            sum = is_wide ? wide_sub(wide_of(0), sum) : wide_of(0 - acc[mask]);
        }
        num[mask] = sum;
    }
}

static void keep_sums_by_exclusion(const draw_tables *t, const uint8_t hand[4], uint64_t seen, int draws,
                                   wide_t num[16])
{
    if (draws == 3) {
        exclusion_sums(1, t, hand, seen, draws, num);
    } else {
        exclusion_sums(0, t, hand, seen, draws, num);
    }
}

/* The same sums, adding U over every replacement from the unseen cards. */
static void keep_sums_directly(const draw_tables *t, const uint8_t hand[4], uint64_t seen, int draws,
                               wide_t num[16])
{
    uint32_t u[52];
    int n = 0;
    uint64_t all = seen;
    for (int i = 0; i < 4; i++) {
        all |= (uint64_t)1 << hand[i];
    }
    for (uint32_t card = 0; card < 52; card++) {
        if (!(all >> card & 1)) {
            u[n++] = card;
        }
    }
    int level = draws - 1;
    for (int mask = 0; mask < 16; mask++) {
        uint32_t kept[4];
        int k = 0;
        for (int i = 0; i < 4; i++) {
            if (mask >> i & 1) {
                kept[k++] = hand[i];
            }
        }
        wide_t sum = wide_of(0);
        /* Fill the slots k..3 from u in increasing order; every combination once. */
        uint32_t c[4] = {kept[0], kept[1], kept[2], kept[3]};
        switch (k) {
        case 4:
            sum = wide_of(hand_value(t, level, hand_index(c[0], c[1], c[2], c[3])));
            break;
        case 3:
            for (int i = 0; i < n; i++) {
                sum = wide_add(sum, wide_of(hand_value(t, level, hand_index(c[0], c[1], c[2], u[i]))));
            }
            break;
        case 2:
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    sum = wide_add(sum, wide_of(hand_value(t, level, hand_index(c[0], c[1], u[i], u[j]))));
                }
            }
            break;
        case 1:
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    for (int l = j + 1; l < n; l++) {
                        sum = wide_add(sum,
                                       wide_of(hand_value(t, level, hand_index(c[0], u[i], u[j], u[l]))));
                    }
                }
            }
            break;
        default:
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    for (int l = j + 1; l < n; l++) {
                        for (int m = l + 1; m < n; m++) {
                            sum = wide_add(sum, wide_of(hand_value(t, level, hand_index_sorted(u[i], u[j], u[l], u[m]))));
                        }
                    }
                }
            }
        }
        num[mask] = sum;
    }
}

static int popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1) {
        n++;
    }
    return n;
}

void keep_values(const draw_tables *t, const uint8_t hand[4], uint64_t seen, int draws, int method,
                 wide_t num[16], uint64_t den[16])
{
    int n_seen = popcount64(seen);
    int unseen = 48 - n_seen;
    for (int mask = 0; mask < 16; mask++) {
        int kept = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1);
        den[mask] = draw_choose(unseen, 4 - kept);
    }
    if (method == 0) {
        /* Table reads each way: groups of up to 4 of hand + seen, or replacements. */
        uint64_t by_exclusion = 0, directly = 0;
        for (int k = 0; k <= 4; k++) {
            by_exclusion += draw_choose(4 + n_seen, k);
            directly += draw_choose(4, k) * draw_choose(unseen, 4 - k);
        }
        method = by_exclusion <= directly ? 1 : 2;
    }
    if (method == 1) {
        keep_sums_by_exclusion(t, hand, seen, draws, num);
    } else {
        keep_sums_directly(t, hand, seen, draws, num);
    }
}

/* The 16 keeps as masks over the hand sorted by id, in the order ties are
 * broken: more cards kept first, then the lower ids kept. */
static const uint8_t KEEP_ORDER[16] = {
    0xF,                     /* all four */
    0x7, 0xB, 0xD, 0xE,      /* three: {0,1,2} {0,1,3} {0,2,3} {1,2,3} */
    0x3, 0x5, 0x9, 0x6, 0xA, 0xC, /* two */
    0x1, 0x2, 0x4, 0x8,      /* one */
    0x0,                     /* none */
};

int best_keep(const draw_tables *t, const uint8_t hand[4], uint64_t seen, int draws)
{
    wide_t num[16];
    uint64_t den[16];
    keep_values(t, hand, seen, draws, 0, num, den);
    /* position[i]: where the i-th lowest card sits in hand. */
    int position[4] = {0, 1, 2, 3};
    for (int i = 1; i < 4; i++) {
        for (int j = i; j > 0 && hand[position[j]] < hand[position[j - 1]]; j--) {
            int swap = position[j];
            position[j] = position[j - 1];
            position[j - 1] = swap;
        }
    }
    int best = -1;
    double best_value = 0;
    for (int o = 0; o < 16; o++) {
        int mask = 0;
        for (int i = 0; i < 4; i++) {
            mask |= (KEEP_ORDER[o] >> i & 1) << position[i];
        }
        if (den[mask] == 0) {
            continue;
        }
        double value = wide_to_double(num[mask]) / (double)den[mask];
        int better;
        if (best < 0) {
            better = 1;
        } else if (value > best_value * (1 + 1e-9) || value < best_value * (1 - 1e-9)) {
            better = value > best_value; /* far apart: rounding cannot matter */
        } else {
            /* num[mask]/den[mask] > num[best]/den[best], cross-multiplied: exact below 2^91. */
            better = wide_cmp(wide_mul32(num[mask], (uint32_t)den[best]),
                              wide_mul32(num[best], (uint32_t)den[mask])) > 0;
        }
        if (better) {
            best = mask;
            best_value = value;
        }
    }
    return best; /* standing pat is always possible, so never -1 */
}

/* ---- the table strategy's keeps ---- */

static uint8_t *keep_table;

/* Every hand's best keep with no card seen, each number of draws left, packed
 * as drawvalue.h says: the hands in colex order are the sorted ids, so
 * best_keep's mask is already over the ids sorted. About 812,000 calls of best_keep, each 16 group reads
 * (inclusion-exclusion over the hand alone): a fraction of a second. */
static uint8_t *build_keep_table(const draw_tables *t)
{
    uint8_t *table = calloc((size_t)3 * KEEP_TABLE_LEVEL_BYTES, 1);
    if (table == NULL) {
        return NULL;
    }
    for (int draws = 1; draws <= 3; draws++) {
        uint8_t *level = table + (size_t)(draws - 1) * KEEP_TABLE_LEVEL_BYTES;
        uint32_t index = 0;
        for (uint32_t d = 3; d < 52; d++) {
            for (uint32_t c = 2; c < d; c++) {
                for (uint32_t b = 1; b < c; b++) {
                    for (uint32_t a = 0; a < b; a++, index++) {
                        const uint8_t hand[4] = {(uint8_t)a, (uint8_t)b, (uint8_t)c, (uint8_t)d};
                        int keep = best_keep(t, hand, 0, draws);
                        level[index / 2] |= (uint8_t)(keep << (4 * (index & 1)));
                    }
                }
            }
        }
    }
    return table;
}

const uint8_t *keep_table_get(void)
{
    const draw_tables *t = draw_tables_get(); /* takes the lock itself */
    if (t == NULL) {
        return NULL;
    }
    badugi_lock_take(&build_lock);
    if (keep_table == NULL) {
        keep_table = build_keep_table(t); /* a failure leaves it unbuilt, to try again later */
    }
    const uint8_t *built = keep_table;
    badugi_lock_give(&build_lock);
    return built;
}
