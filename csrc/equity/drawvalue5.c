/* Strength and the draw-value tables of the five-card split games, and the
 * exact value of every keep (definitions in drawvalue5.h).
 *
 * The tables are Badugi's dynamic programme (drawvalue.c) on five-card hands:
 * a pass over the 2,598,960 hands pushes each hand's value onto its 31
 * proper subsets (R_n), and a second takes each hand's best keep (U_n). A
 * game's tables are built one level at a time, on first use, under a lock,
 * and never freed: one draw left needs only U_0 and R_1.
 *
 * What a keep is worth given the cards a player has seen is exact, as in
 * Badugi: the sum over the replacements it can really get follows from the
 * tables by inclusion-exclusion over the hand and the seen cards, or, when few
 * cards are unseen, by summing over them directly. */

#include <stdlib.h>
#include <string.h>

#include "common/workers.h"
#include "drawvalue.h" /* next_combination */
#include "drawvalue5.h"
#include "ranking/scales5_rows.h"

const uint32_t draw5_choose5[52] = {
    0,      0,      0,      0,      0,      1,      6,       21,      56,      126,     252,
    462,    792,    1287,   2002,   3003,   4368,   6188,    8568,    11628,   15504,   20349,
    26334,  33649,  42504,  53130,  65780,  80730,  98280,   118755,  142506,  169911,  201376,
    237336, 278256, 324632, 376992, 435897, 501942, 575757,  658008,  749398,  850668,  962598,
    1086008, 1221759, 1370754, 1533939, 1712304, 1906884, 2118760, 2349060,
};
const uint32_t draw5_group_start[5] = {0, 1, 53, 1379, 23479};

/* DRAW5_SCALE / C(52 - k, 5 - k): what brings R_n of a k-card keep to the common scale. */
static const uint32_t SCALE_UP[6] = {5, 52, 663, 11050, 270725, DRAW5_SCALE};
static badugi_lock build_lock = BADUGI_LOCK_INIT;
static draw5_tables tables[DRAW5_SLOTS];
static uint32_t *strength_of_scale[BADUGI_SCALE_COUNT];

int draw5_slot(const int32_t *scales, size_t halves)
{
    if (scales == NULL) {
        return BADUGI_E_NULL;
    }
    if (halves < 1 || halves > DRAW5_MAX_HALVES) {
        return BADUGI_E_ARGUMENT;
    }
    for (size_t h = 0; h < halves; h++) {
        if (scales[h] < 0 || scales[h] >= BADUGI_SCALE_COUNT) {
            return BADUGI_E_SCALE;
        }
    }
    /* Every scale ranks five cards, so every such game has tables. */
    return halves == 1 ? scales[0] : BADUGI_SCALE_COUNT * (1 + scales[0]) + scales[1];
}

/* The group index of each proper subset of five sorted ids, by mask (0..30). */
static inline void subset_groups(const uint32_t v[5], uint32_t group[31])
{
    uint32_t colex[32];
    subset_colex(v, colex);
    for (uint32_t m = 0; m < 31; m++) {
        group[m] = draw5_group_start[POP5[m]] + colex[m];
    }
}

/* Every five-card hand in colex order: the body sees v (sorted ids) and index. */
#define FOR_EACH_HAND5(v, index) \
    for (uint32_t index = 0, v[5] = {0, 1, 2, 3, 4}; index < HANDS5; index++, next_hand5(v))

/* s_h by rank on one scale, counted over every hand; caller holds the lock. */
static const uint32_t *scale_strength_locked(int32_t scale)
{
    if (strength_of_scale[scale] != NULL) {
        return strength_of_scale[scale];
    }
    int worst = badugi_scale_worst(scale);
    uint32_t *count = calloc((size_t)worst + 2, sizeof(uint32_t));
    uint32_t *s = malloc(((size_t)worst + 1) * sizeof(uint32_t));
    if (count == NULL || s == NULL) {
        free(count);
        free(s);
        return NULL;
    }
    FOR_EACH_HAND5(v, index)
    {
        (void)index;
        count[badugi_rank5(scale, (uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2], (uint8_t)v[3], (uint8_t)v[4])]++;
    }
    uint32_t worse = 0;
    for (int r = worst; r >= 1; r--) {
        s[r] = 2 * worse + count[r]; /* at most 2 * 2,598,960 */
        worse += count[r];
    }
    s[0] = 0;
    free(count);
    strength_of_scale[scale] = s;
    return s;
}

const uint32_t *scale_strength5(int32_t scale)
{
    if (scale < 0 || scale >= BADUGI_SCALE_COUNT) {
        return NULL;
    }
    badugi_lock_take(&build_lock);
    const uint32_t *s = scale_strength_locked(scale);
    badugi_lock_give(&build_lock);
    return s;
}

/* U_0: the sum of the halves' s by hand index. */
static int build_u0(draw5_tables *t)
{
    const uint32_t *s[DRAW5_MAX_HALVES];
    for (int h = 0; h < t->halves; h++) {
        s[h] = scale_strength_locked(t->scales[h]);
        if (s[h] == NULL) {
            return 0;
        }
    }
    t->u0 = malloc(sizeof(uint32_t) * HANDS5);
    if (t->u0 == NULL) {
        return 0;
    }
    FOR_EACH_HAND5(v, index)
    {
        uint32_t sum = 0;
        for (int h = 0; h < t->halves; h++) {
            sum += s[h][badugi_rank5(t->scales[h], (uint8_t)v[0], (uint8_t)v[1], (uint8_t)v[2], (uint8_t)v[3],
                                     (uint8_t)v[4])];
        }
        t->u0[index] = sum;
    }
    return 1;
}

/* R_level over every group, pushed from each hand's U_{level-1}. */
static void build_group_level(draw5_tables *t, int level)
{
    uint32_t group[31];
    FOR_EACH_HAND5(v, index)
    {
        subset_groups(v, group);
        if (level == 1) {
            uint64_t value = t->u0[index];
            for (int m = 0; m < 31; m++) {
                t->r1[group[m]] += value; /* below 2^45 */
            }
        } else {
            wide_t *r = level == 2 ? t->r2 : t->r3;
            wide_t value = hand_value5(t, level - 1, index);
            for (int m = 0; m < 31; m++) {
                r[group[m]] = wide_add(r[group[m]], value);
            }
        }
    }
}

/* U_level (1 or 2) over every hand: the best keep at the common scale. */
static void build_hand_level(draw5_tables *t, int level)
{
    uint32_t group[31];
    FOR_EACH_HAND5(v, index)
    {
        subset_groups(v, group);
        wide_t best = wide_mul32(hand_value5(t, level - 1, index), DRAW5_SCALE);
        for (int m = 0; m < 31; m++) {
            wide_t value = wide_mul32(group_value5(t, level, group[m]), SCALE_UP[POP5[m]]);
            if (wide_cmp(value, best) > 0) {
                best = value;
            }
        }
        if (level == 1) {
            t->u1[index] = best.lo; /* below 2^47 */
        } else {
            t->u2[index] = best;
        }
    }
}

/* Builds one more level (t->level + 1); 0 if memory ran out (nothing changed then). */
static int build_next_level(draw5_tables *t)
{
    int level = t->level + 1;
    if (level == 1) {
        t->r1 = calloc(GROUPS5, sizeof(uint64_t));
        if (t->r1 == NULL || (t->u0 == NULL && !build_u0(t))) {
            free(t->r1);
            t->r1 = NULL;
            return 0; /* a built u0 is kept: it is complete */
        }
    } else if (level == 2) {
        t->u1 = malloc(sizeof(uint64_t) * HANDS5);
        t->r2 = calloc(GROUPS5, sizeof(wide_t));
        if (t->u1 == NULL || t->r2 == NULL) {
            free(t->u1);
            free(t->r2);
            t->u1 = NULL;
            t->r2 = NULL;
            return 0;
        }
        build_hand_level(t, 1);
    } else {
        t->u2 = malloc(sizeof(wide_t) * HANDS5);
        t->r3 = calloc(GROUPS5, sizeof(wide_t));
        if (t->u2 == NULL || t->r3 == NULL) {
            free(t->u2);
            free(t->r3);
            t->u2 = NULL;
            t->r3 = NULL;
            return 0;
        }
        build_hand_level(t, 2);
    }
    build_group_level(t, level);
    t->level = level;
    return 1;
}

const draw5_tables *draw5_tables_get(int slot, int level)
{
    if (slot < 0 || slot >= DRAW5_SLOTS || level < 1 || level > BADUGI_MAX_DRAWS) {
        return NULL;
    }
    badugi_lock_take(&build_lock);
    draw5_tables *t = &tables[slot];
    if (t->halves == 0) {
        t->halves = slot < BADUGI_SCALE_COUNT ? 1 : 2;
        t->scales[0] = slot < BADUGI_SCALE_COUNT ? slot : slot / BADUGI_SCALE_COUNT - 1;
        t->scales[1] = slot % BADUGI_SCALE_COUNT;
    }
    while (t->level < level && build_next_level(t)) {
    }
    int ok = t->level >= level;
    badugi_lock_give(&build_lock);
    return ok ? t : NULL;
}

/* ---- the value of each keep ---- */

/* C(n, 0..5) into c[0..5] (0 where k > n): one division each, exact, since
 * C(n, k + 1) = C(n, k) * (n - k) / (k + 1). The keep table calls this for
 * every hand, so it avoids a division per keep. */
static void choose_row(int n, uint64_t c[6])
{
    c[0] = 1;
    for (int k = 0; k < 5; k++) {
        c[k + 1] = n > k ? c[k] * (uint64_t)(n - k) / (uint64_t)(k + 1) : 0;
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

/* acc[mask] += sign * value. */
static inline void accumulate(wide_t *acc, uint32_t mask, wide_t value, int negative)
{
    acc[mask] = negative ? wide_sub(acc[mask], value) : wide_add(acc[mask], value);
}

/* Sum over every group G of hand + seen with |G| <= 5 of (-1)^|G| R(G) (U of
 * the level below for a five-card G), collected by which hand cards G holds;
 * then each keep K gets (-1)^|K| times the total over the masks containing K.
 * Arithmetic wraps modulo 2^128; each final sum is a sum of non-negative
 * values below 2^92, so it comes out right. */
static void keep_sums_by_exclusion(const draw5_tables *t, const uint8_t hand[5], uint64_t seen, int draws,
                                   wide_t num[32])
{
    uint32_t x[52], bit[52]; /* the cards of hand + seen ascending; bit: which hand place, 0 if seen */
    int n = 0;
    uint64_t all = seen;
    for (int i = 0; i < 5; i++) {
        all |= (uint64_t)1 << hand[i];
    }
    for (uint32_t card = 0; card < 52; card++) {
        if (all >> card & 1) {
            x[n] = card;
            bit[n] = 0;
            for (int i = 0; i < 5; i++) {
                bit[n] |= (uint32_t)(hand[i] == card) << i;
            }
            n++;
        }
    }
    const uint32_t *start = draw5_group_start;
    wide_t acc[32];
    memset(acc, 0, sizeof acc);
    accumulate(acc, 0, group_value5(t, draws, start[0]), 0);
    for (int i = 0; i < n; i++) {
        uint32_t gi = badugi_choose1[x[i]], mi = bit[i];
        accumulate(acc, mi, group_value5(t, draws, start[1] + gi), 1);
        for (int j = i + 1; j < n; j++) {
            uint32_t gj = gi + badugi_choose2[x[j]], mj = mi | bit[j];
            accumulate(acc, mj, group_value5(t, draws, start[2] + gj), 0);
            for (int k = j + 1; k < n; k++) {
                uint32_t gk = gj + badugi_choose3[x[k]], mk = mj | bit[k];
                accumulate(acc, mk, group_value5(t, draws, start[3] + gk), 1);
                for (int l = k + 1; l < n; l++) {
                    uint32_t gl = gk + badugi_choose4[x[l]], ml = mk | bit[l];
                    accumulate(acc, ml, group_value5(t, draws, start[4] + gl), 0);
                    for (int m = l + 1; m < n; m++) {
                        accumulate(acc, ml | bit[m], hand_value5(t, draws - 1, gl + draw5_choose5[x[m]]), 1);
                    }
                }
            }
        }
    }
    superset_sums5(acc);
    for (uint32_t mask = 0; mask < 32; mask++) {
        num[mask] = POP5[mask] & 1 ? wide_sub(wide_of(0), acc[mask]) : acc[mask];
    }
}

/* The same sums, adding U over every replacement from the unseen cards. */
static void keep_sums_directly(const draw5_tables *t, const uint8_t hand[5], uint64_t seen, int draws,
                               wide_t num[32])
{
    uint32_t unseen[52];
    int n = 0;
    uint64_t all = seen;
    for (int i = 0; i < 5; i++) {
        all |= (uint64_t)1 << hand[i];
    }
    for (uint32_t card = 0; card < 52; card++) {
        if (!(all >> card & 1)) {
            unseen[n++] = card;
        }
    }
    for (uint32_t mask = 0; mask < 32; mask++) {
        uint32_t kept[5];
        int k = 0;
        for (int i = 0; i < 5; i++) {
            if (mask >> i & 1) {
                kept[k++] = hand[i];
            }
        }
        int need = 5 - k, pick[5] = {0, 1, 2, 3, 4};
        wide_t sum = wide_of(0);
        if (need <= n) {
            do {
                uint32_t v[5];
                for (int i = 0; i < 5; i++) {
                    v[i] = i < k ? kept[i] : unseen[pick[i - k]];
                }
                sort5(v);
                sum = wide_add(sum, hand_value5(t, draws - 1, hand5_index_sorted(v)));
            } while (need > 0 && next_combination(pick, need, n));
        }
        num[mask] = sum;
    }
}

void keep_values5(const draw5_tables *t, const uint8_t hand[5], uint64_t seen, int draws, int method,
                  wide_t num[32], uint64_t den[32])
{
    int n_seen = popcount64(seen);
    uint64_t unseen[6], held[6];
    choose_row(47 - n_seen, unseen);
    choose_row(5 + n_seen, held);
    for (uint32_t mask = 0; mask < 32; mask++) {
        den[mask] = unseen[5 - POP5[mask]];
    }
    if (method == 0) {
        /* Table reads each way: groups of up to 5 of hand + seen, or replacements. */
        static const uint64_t FIVE_CHOOSE[6] = {1, 5, 10, 10, 5, 1};
        uint64_t by_exclusion = 0, directly = 0;
        for (int k = 0; k <= 5; k++) {
            by_exclusion += held[k];
            directly += FIVE_CHOOSE[k] * unseen[5 - k];
        }
        method = by_exclusion <= directly ? 1 : 2;
    }
    if (method == 1) {
        keep_sums_by_exclusion(t, hand, seen, draws, num);
    } else {
        keep_sums_directly(t, hand, seen, draws, num);
    }
}

/* The 32 keeps as masks over the hand sorted by id, in the order ties are
 * broken: more cards kept first, then the lower ids kept. */
static const uint8_t KEEP_ORDER[32] = {
    0x1f,                                                       /* all five */
    0x0f, 0x17, 0x1b, 0x1d, 0x1e,                               /* four */
    0x07, 0x0b, 0x13, 0x0d, 0x15, 0x19, 0x0e, 0x16, 0x1a, 0x1c, /* three */
    0x03, 0x05, 0x09, 0x11, 0x06, 0x0a, 0x12, 0x0c, 0x14, 0x18, /* two */
    0x01, 0x02, 0x04, 0x08, 0x10,                               /* one */
    0x00,                                                       /* none */
};

int best_of_keeps5(const uint8_t hand[5], const wide_t num[32], const uint64_t den[32])
{
    /* position[i]: where the i-th lowest card sits in hand. */
    int position[5] = {0, 1, 2, 3, 4};
    for (int i = 1; i < 5; i++) {
        for (int j = i; j > 0 && hand[position[j]] < hand[position[j - 1]]; j--) {
            int swap = position[j];
            position[j] = position[j - 1];
            position[j - 1] = swap;
        }
    }
    int best = -1;
    for (int o = 0; o < 32; o++) {
        int mask = 0;
        for (int i = 0; i < 5; i++) {
            mask |= (KEEP_ORDER[o] >> i & 1) << position[i];
        }
        if (den[mask] == 0) {
            continue;
        }
        /* num[mask]/den[mask] > num[best]/den[best], cross-multiplied: below 2^113 (drawvalue5.h). */
        if (best < 0 || wide_cmp(wide_mul32(num[mask], (uint32_t)den[best]),
                                 wide_mul32(num[best], (uint32_t)den[mask])) > 0) {
            best = mask;
        }
    }
    return best; /* standing pat is always possible, so never -1 */
}

int best_keep5(const draw5_tables *t, const uint8_t hand[5], uint64_t seen, int draws)
{
    wide_t num[32];
    uint64_t den[32];
    keep_values5(t, hand, seen, draws, 0, num, den);
    return best_of_keeps5(hand, num, den);
}
