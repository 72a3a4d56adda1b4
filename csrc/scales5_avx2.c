/* The AVX2 block kernel of the five-card scales: sixteen hands at a time.
 *
 * The ids of sixteen rows (exactly 80 bytes) are spread by byte shuffles into
 * five vectors of sixteen 16-bit lanes, one per column. Each order the scales
 * need (aces low, or remapped so the ace is high; see scales5.c) is sorted by
 * the scalar code's nine-comparator network as min/max on lanes and checked
 * with five compares. The lows' multiset index is computed in 16-bit lanes
 * (every product below fits, and each exact division is a multiply-high by a
 * rounded-up reciprocal, off by less than one before flooring); the Badugi
 * colex indices need 32 bits and are computed in float lanes, eight at a time:
 * every product there is an integer under 2^24, so exact, and each division,
 * a multiplication by a rounded reciprocal, is off by far less than 0.5, so
 * adding 0.5 and truncating gives the exact term. Table loads are AVX2 gathers
 * of 32 bits whose low 16 are kept; every gathered table ends with one entry
 * of padding, so the gather of the last entry stays inside it.
 *
 * The kernel stops before the first block that holds an invalid row and
 * returns how many rows it ranked; the scalar loop finishes from there, so it
 * alone decides which row and which error to report. */

#include "internal.h"

#ifdef BADUGI_HAVE_AVX2
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#define BLOCK 16

/* Shuffle masks: for column k and load s, the byte of each 16-bit lane (row j of
 * the half takes byte 5j + k of its eight rows) or -1 for a zero byte. */
static const int8_t SPREAD[5][3][32] = {
    {
        {0, -1, 5, -1, 10, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1, 5, -1, 10, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, -1, -1, 4, -1, 9, -1, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 4, -1, 9, -1, 14, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 11, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 11, -1},
    },
    {
        {1, -1, 6, -1, 11, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, -1, 6, -1, 11, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, 0, -1, 5, -1, 10, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, -1, 5, -1, 10, -1, 15, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 12, -1},
    },
    {
        {2, -1, 7, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 2, -1, 7, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, 1, -1, 6, -1, 11, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1, -1, 6, -1, 11, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 8, -1, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 8, -1, 13, -1},
    },
    {
        {3, -1, 8, -1, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, -1, 8, -1, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, 2, -1, 7, -1, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 2, -1, 7, -1, 12, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 9, -1, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 9, -1, 14, -1},
    },
    {
        {4, -1, 9, -1, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 4, -1, 9, -1, 14, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, 3, -1, 8, -1, 13, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 3, -1, 8, -1, 13, -1, -1, -1, -1, -1},
        {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 10, -1, 15, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 10, -1, 15, -1},
    },
};

/* Spreads sixteen rows of five ids into five vectors, lane j holding row j.
 * Each 128-bit half takes eight rows (40 bytes) from three 16-byte loads at
 * offsets 0, 16 and 24 of its rows, so no load crosses the end of the block. */
AVX2 static inline void load_rows(const uint8_t *cards, __m256i v[5])
{
    __m256i src[3];
    src[0] = _mm256_loadu2_m128i((const __m128i *)(cards + 40), (const __m128i *)cards);
    src[1] = _mm256_loadu2_m128i((const __m128i *)(cards + 56), (const __m128i *)(cards + 16));
    src[2] = _mm256_loadu2_m128i((const __m128i *)(cards + 64), (const __m128i *)(cards + 24));
    for (int k = 0; k < 5; k++) {
        __m256i column = _mm256_shuffle_epi8(src[0], _mm256_loadu_si256((const __m256i *)SPREAD[k][0]));
        column = _mm256_or_si256(column, _mm256_shuffle_epi8(src[1], _mm256_loadu_si256((const __m256i *)SPREAD[k][1])));
        v[k] = _mm256_or_si256(column, _mm256_shuffle_epi8(src[2], _mm256_loadu_si256((const __m256i *)SPREAD[k][2])));
    }
}

/* Ace-high ids: aces +48, other valid ids -4, ids from 52 up unchanged. */
AVX2 static inline __m256i ace_high(__m256i id)
{
    __m256i ace = _mm256_and_si256(_mm256_cmpgt_epi16(_mm256_set1_epi16(4), id), _mm256_set1_epi16(52));
    __m256i valid = _mm256_and_si256(_mm256_cmpgt_epi16(_mm256_set1_epi16(52), id), _mm256_set1_epi16(-4));
    return _mm256_add_epi16(id, _mm256_add_epi16(ace, valid));
}

#define MINMAX(x, y)                           \
    do {                                       \
        __m256i lo_ = _mm256_min_epi16(x, y);  \
        (y) = _mm256_max_epi16(x, y);          \
        (x) = lo_;                             \
    } while (0)

/* Sorts each lane's five ids; true if every lane's ids are distinct and below 52. */
AVX2 static inline int sort_and_check(__m256i v[5])
{
    MINMAX(v[0], v[1]);
    MINMAX(v[3], v[4]);
    MINMAX(v[2], v[4]);
    MINMAX(v[2], v[3]);
    MINMAX(v[0], v[3]);
    MINMAX(v[0], v[2]);
    MINMAX(v[1], v[4]);
    MINMAX(v[1], v[3]);
    MINMAX(v[1], v[2]);
    __m256i ok = _mm256_and_si256(
        _mm256_and_si256(_mm256_cmpgt_epi16(v[1], v[0]), _mm256_cmpgt_epi16(v[2], v[1])),
        _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi16(v[3], v[2]), _mm256_cmpgt_epi16(v[4], v[3])),
                         _mm256_cmpgt_epi16(_mm256_set1_epi16(52), v[4])));
    return _mm256_movemask_epi8(ok) == -1;
}

/* Multiset index of sorted ids: the sum over i of C(r_i + i, i + 1), r = id / 4,
 * where C(r + i, i + 1) = r (r + 1) ... (r + i) / (i + 1)!. Products stay
 * below 2^15 (12 * 13 * 14 * 15 = 32,760; 1,820 * 16 = 29,120). */
AVX2 static inline __m256i multiset_index(const __m256i v[5])
{
    const __m256i one = _mm256_set1_epi16(1), two = _mm256_set1_epi16(2);
    const __m256i three = _mm256_set1_epi16(3), four = _mm256_set1_epi16(4);
    __m256i r1 = _mm256_srli_epi16(v[1], 2), r2 = _mm256_srli_epi16(v[2], 2);
    __m256i r3 = _mm256_srli_epi16(v[3], 2), r4 = _mm256_srli_epi16(v[4], 2);
    __m256i t2 = _mm256_srli_epi16(_mm256_mullo_epi16(r1, _mm256_add_epi16(r1, one)), 1);
    __m256i p3 = _mm256_mullo_epi16(_mm256_mullo_epi16(r2, _mm256_add_epi16(r2, one)), _mm256_add_epi16(r2, two));
    __m256i t3 = _mm256_mulhi_epu16(p3, _mm256_set1_epi16(10923)); /* / 6 */
    __m256i p4 = _mm256_mullo_epi16(_mm256_mullo_epi16(r3, _mm256_add_epi16(r3, one)),
                                    _mm256_mullo_epi16(_mm256_add_epi16(r3, two), _mm256_add_epi16(r3, three)));
    __m256i t4 = _mm256_mulhi_epu16(p4, _mm256_set1_epi16(2731)); /* / 24 */
    __m256i p5 = _mm256_mullo_epi16(_mm256_mullo_epi16(r4, _mm256_add_epi16(r4, one)),
                                    _mm256_mullo_epi16(_mm256_add_epi16(r4, two), _mm256_add_epi16(r4, three)));
    __m256i c4 = _mm256_mulhi_epu16(p5, _mm256_set1_epi16(2731)); /* C(r + 3, 4) */
    __m256i t5 = _mm256_mulhi_epu16(_mm256_mullo_epi16(c4, _mm256_add_epi16(r4, four)),
                                    _mm256_set1_epi16(13108)); /* * (r + 4) / 5 */
    __m256i sum = _mm256_add_epi16(_mm256_srli_epi16(v[0], 2), t2);
    return _mm256_add_epi16(_mm256_add_epi16(sum, t3), _mm256_add_epi16(t4, t5));
}

/* 6188 in the lanes whose five ids share one suit, else 0. */
AVX2 static inline __m256i flush_offset(const __m256i v[5])
{
    __m256i differ = _mm256_or_si256(_mm256_or_si256(_mm256_xor_si256(v[0], v[1]), _mm256_xor_si256(v[0], v[2])),
                                     _mm256_or_si256(_mm256_xor_si256(v[0], v[3]), _mm256_xor_si256(v[0], v[4])));
    __m256i same = _mm256_cmpeq_epi16(_mm256_and_si256(differ, _mm256_set1_epi16(3)), _mm256_setzero_si256());
    return _mm256_and_si256(same, _mm256_set1_epi16(6188));
}

/* table[index] in each lane by one gather. Each lane reads the 32 bits at
 * table + 2 * index, its entry and the next (every gathered table ends with
 * one entry of padding, so that stays inside it), and keeps the low 16 bits,
 * the entry itself on little-endian x86. */
AVX2 static inline __m256i gather16(const uint16_t *table, __m256i index)
{
    return _mm256_and_si256(_mm256_i32gather_epi32((const int *)(const void *)table, index, 2),
                            _mm256_set1_epi32(0xFFFF));
}

/* The low and high eight 16-bit lanes, widened to 32 bits. */
AVX2 static inline __m256i low8(__m256i x)
{
    return _mm256_cvtepu16_epi32(_mm256_castsi256_si128(x));
}

AVX2 static inline __m256i high8(__m256i x)
{
    return _mm256_cvtepu16_epi32(_mm256_extracti128_si256(x, 1));
}

/* The low (half 0) or high (half 1) eight lanes, widened. */
AVX2 static inline __m256i widen(__m256i x, int half)
{
    return half == 0 ? low8(x) : high8(x);
}

/* table[index] for sixteen 16-bit indices, as sixteen 16-bit lanes. */
AVX2 static inline __m256i gather16x16(const uint16_t *table, __m256i index)
{
    __m256i lo = gather16(table, low8(index));
    __m256i hi = gather16(table, high8(index));
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xD8);
}

/* The colex terms a Badugi subset index is made of, for eight lanes: t[0] =
 * a, t[1] = b, t[2] = C(b, 2), t[3] = C(c, 2), t[4] = C(c, 3), t[5] = C(d, 3),
 * t[6] = C(d, 4), t[7] = C(e, 4), and the five suits. */
typedef struct {
    __m256i term[8];
    __m256i suit[5];
} Colex;

/* Best Badugi rank of the five four-card subsets, for eight lanes.
 *
 * Dropping one id shifts the ids above it down one place, so the eight terms
 * give all five subsets' slots. Only two need looking up: five cards hold two
 * of one suit, p and q, and no badugi group holds both, so the best group lies
 * in the hand without p or in the hand without q. Each lane picks its first
 * such pair in a fixed order; when no earlier pair matches, the last, (d, e),
 * must. Two gathers instead of five halve the table traffic. */
AVX2 static inline __m256i best_of_subsets(const Colex *x)
{
    const __m256i *t = x->term;
    __m256i tail = _mm256_add_epi32(t[5], t[7]); /* subsets keeping d and e in places 3, 4 */
    __m256i ab = _mm256_add_epi32(t[0], t[2]);   /* subsets keeping a and b in places 1, 2 */
    __m256i abc = _mm256_add_epi32(ab, t[4]);
    __m256i without[5] = {
        _mm256_add_epi32(_mm256_add_epi32(t[1], t[3]), tail),
        _mm256_add_epi32(_mm256_add_epi32(t[0], t[3]), tail),
        _mm256_add_epi32(ab, tail),
        _mm256_add_epi32(abc, t[7]),
        _mm256_add_epi32(abc, t[6]),
    };
    __m256i first = without[3], second = without[4];
    static const int pairs[9][2] = {{2, 4}, {2, 3}, {1, 4}, {1, 3}, {1, 2}, {0, 4}, {0, 3}, {0, 2}, {0, 1}};
    for (int m = 0; m < 9; m++) {
        /* later pairs in this list take precedence: they are blended in last */
        __m256i same = _mm256_cmpeq_epi32(x->suit[pairs[m][0]], x->suit[pairs[m][1]]);
        first = _mm256_blendv_epi8(first, without[pairs[m][0]], same);
        second = _mm256_blendv_epi8(second, without[pairs[m][1]], same);
    }
    return _mm256_min_epu32(gather16(badugi_rank_table, first), gather16(badugi_rank_table, second));
}

/* best_of_subsets for sixteen lanes of sorted ids. The terms up to C(x, 3)
 * are made in 16-bit lanes: C(x, 2) = x (x - 1) / 2 is at most 1,275, and
 * C(x, 2) (x - 2) at most 62,475, which a multiply-high by 21,846 / 2^16
 * (off by less than 0.32) divides by 3 exactly. C(x, 4) = C(x, 3) (x - 3) / 4
 * reaches 249,900 and is made in 32-bit lanes. */
AVX2 static inline __m256i best4of5x16(const __m256i v[5])
{
    const __m256i one = _mm256_set1_epi16(1), two = _mm256_set1_epi16(2), third = _mm256_set1_epi16(21846);
    __m256i b2 = _mm256_srli_epi16(_mm256_mullo_epi16(v[1], _mm256_sub_epi16(v[1], one)), 1);
    __m256i c2 = _mm256_srli_epi16(_mm256_mullo_epi16(v[2], _mm256_sub_epi16(v[2], one)), 1);
    __m256i d2 = _mm256_srli_epi16(_mm256_mullo_epi16(v[3], _mm256_sub_epi16(v[3], one)), 1);
    __m256i e2 = _mm256_srli_epi16(_mm256_mullo_epi16(v[4], _mm256_sub_epi16(v[4], one)), 1);
    __m256i c3 = _mm256_mulhi_epu16(_mm256_mullo_epi16(c2, _mm256_sub_epi16(v[2], two)), third);
    __m256i d3 = _mm256_mulhi_epu16(_mm256_mullo_epi16(d2, _mm256_sub_epi16(v[3], two)), third);
    __m256i e3 = _mm256_mulhi_epu16(_mm256_mullo_epi16(e2, _mm256_sub_epi16(v[4], two)), third);
    const __m256i three = _mm256_set1_epi16(3);
    __m256i d_3 = _mm256_sub_epi16(v[3], three), e_3 = _mm256_sub_epi16(v[4], three);
    __m256i half_terms[6] = {v[0], v[1], b2, c2, c3, d3};
    __m256i ranks[2];
    for (int h = 0; h < 2; h++) {
        Colex x;
        for (int m = 0; m < 6; m++) {
            x.term[m] = widen(half_terms[m], h);
        }
        x.term[6] = _mm256_srli_epi32(_mm256_mullo_epi32(x.term[5], widen(d_3, h)), 2);
        x.term[7] = _mm256_srli_epi32(_mm256_mullo_epi32(widen(e3, h), widen(e_3, h)), 2);
        for (int m = 0; m < 5; m++) {
            x.suit[m] = widen(_mm256_and_si256(v[m], three), h);
        }
        ranks[h] = best_of_subsets(&x);
    }
    return _mm256_permute4x64_epi64(_mm256_packus_epi32(ranks[0], ranks[1]), 0xD8);
}

/* The ranks of the sixteen lanes on one checked scale. */
AVX2 static inline __m256i rank_on(int32_t scale, int orders, const __m256i low[5], const __m256i high[5])
{
    switch (scale) {
    case BADUGI_SCALE_BADUGI:
        return best4of5x16(low);
    case BADUGI_SCALE_BADUGI_ACE_HIGH:
        return best4of5x16(high);
    case BADUGI_SCALE_LOW_27:
        if (orders & BADUGI_ORDER_ACE_HIGH) { /* sorted for another scale anyway */
            return gather16x16(badugi_low27_table, _mm256_add_epi16(multiset_index(high), flush_offset(high)));
        }
        return gather16x16(badugi_low27_ace_low_table, _mm256_add_epi16(multiset_index(low), flush_offset(low)));
    default: /* BADUGI_SCALE_LOW_A5: the scales were checked */
        return gather16x16(badugi_lowa5_table, multiset_index(low));
    }
}

AVX2 size_t badugi_scales5_blocks_avx2(const int32_t *scales, size_t k, int orders, const uint8_t *cards,
                                       size_t n, uint16_t *out)
{
    size_t i = 0;
    for (; i + BLOCK <= n; i += BLOCK) {
        __m256i ids[5], low[5], high[5];
        int ok = 1;
        load_rows(cards + 5 * i, ids);
        for (int c = 0; c < 5; c++) {
            low[c] = ids[c];
            high[c] = ids[c]; /* only the orders the scales need are sorted and read */
        }
        if (orders & BADUGI_ORDER_ACE_LOW) {
            ok &= sort_and_check(low);
        }
        if (orders & BADUGI_ORDER_ACE_HIGH) {
            for (int c = 0; c < 5; c++) {
                high[c] = ace_high(ids[c]);
            }
            ok &= sort_and_check(high);
        }
        if (!ok) {
            break;
        }
        uint16_t *rows = out + k * i;
        if (k == 1) {
            _mm256_storeu_si256((__m256i *)rows, rank_on(scales[0], orders, low, high));
        } else if (k == 2) {
            /* Two scales: interleave the two columns of ranks row by row. */
            __m256i first = rank_on(scales[0], orders, low, high), second = rank_on(scales[1], orders, low, high);
            __m256i a = _mm256_unpacklo_epi16(first, second), b = _mm256_unpackhi_epi16(first, second);
            _mm256_storeu_si256((__m256i *)rows, _mm256_permute2x128_si256(a, b, 0x20));
            _mm256_storeu_si256((__m256i *)(rows + 16), _mm256_permute2x128_si256(a, b, 0x31));
        } else {
            for (size_t j = 0; j < k; j++) {
                uint16_t r[BLOCK];
                _mm256_storeu_si256((__m256i *)r, rank_on(scales[j], orders, low, high));
                for (int l = 0; l < BLOCK; l++) {
                    rows[k * (size_t)l + j] = r[l];
                }
            }
        }
    }
    return i;
}
#endif
