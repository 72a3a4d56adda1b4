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

#include "common/internal.h"
#include "orders.h"
#include "scales5_avx2.h"

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

/* The suit pattern 0..50 of sixteen lanes of sorted ids (tools/table_badugi5.py):
 * each place's label is the label of the first earlier place of its suit, or
 * the next unused one, and the pattern is 15 l1 + (5 + 5 l1) l2 +
 * (max(l1, l2) + 2) l3 + l4. A compare gives -1 where equal, so 1 + (s0 == s1)
 * is l1; each later label starts as "new" and takes the label of an earlier
 * place of its suit, the earliest last, so the earliest wins. */
AVX2 static inline __m256i suit_pattern(const __m256i v[5])
{
    const __m256i one = _mm256_set1_epi16(1), two = _mm256_set1_epi16(2), three = _mm256_set1_epi16(3);
    __m256i s[5];
    for (int i = 0; i < 5; i++) {
        s[i] = _mm256_and_si256(v[i], three);
    }
    __m256i l1 = _mm256_add_epi16(one, _mm256_cmpeq_epi16(s[0], s[1]));
    __m256i l2 = _mm256_blendv_epi8(_mm256_add_epi16(l1, one), l1, _mm256_cmpeq_epi16(s[1], s[2]));
    l2 = _mm256_andnot_si256(_mm256_cmpeq_epi16(s[0], s[2]), l2);
    __m256i m2 = _mm256_max_epi16(l1, l2);
    __m256i l3 = _mm256_blendv_epi8(_mm256_add_epi16(m2, one), l2, _mm256_cmpeq_epi16(s[2], s[3]));
    l3 = _mm256_blendv_epi8(l3, l1, _mm256_cmpeq_epi16(s[1], s[3]));
    l3 = _mm256_andnot_si256(_mm256_cmpeq_epi16(s[0], s[3]), l3);
    __m256i m3 = _mm256_max_epi16(m2, l3);
    __m256i l4 = _mm256_blendv_epi8(_mm256_add_epi16(m3, one), l3, _mm256_cmpeq_epi16(s[3], s[4]));
    l4 = _mm256_blendv_epi8(l4, l2, _mm256_cmpeq_epi16(s[2], s[4]));
    l4 = _mm256_blendv_epi8(l4, l1, _mm256_cmpeq_epi16(s[1], s[4]));
    l4 = _mm256_andnot_si256(_mm256_cmpeq_epi16(s[0], s[4]), l4);
    __m256i five_l1 = _mm256_mullo_epi16(l1, _mm256_set1_epi16(5));
    __m256i pattern = _mm256_add_epi16(_mm256_mullo_epi16(l1, _mm256_set1_epi16(15)), l4);
    pattern = _mm256_add_epi16(pattern, _mm256_mullo_epi16(l2, _mm256_add_epi16(five_l1, _mm256_set1_epi16(5))));
    return _mm256_add_epi16(pattern, _mm256_mullo_epi16(l3, _mm256_add_epi16(m2, two)));
}

/* Best Badugi rank of the five four-card subsets, for sixteen lanes of sorted
 * ids with their multiset index: one gather of the five-card table at
 * 51 * multiset + pattern. The slot needs 19 bits, so each lane's pair
 * (multiset, pattern) is interleaved and multiplied by (51, 1) into 32 bits;
 * the in-lane unpacks and the in-lane pack that follows undo each other, so
 * the rows come back in order. */
AVX2 static inline __m256i best4of5x16(const __m256i v[5], __m256i multiset)
{
    __m256i pattern = suit_pattern(v);
    const __m256i weights = _mm256_set1_epi32(51 | 1 << 16);
    __m256i lo = _mm256_madd_epi16(_mm256_unpacklo_epi16(multiset, pattern), weights);
    __m256i hi = _mm256_madd_epi16(_mm256_unpackhi_epi16(multiset, pattern), weights);
    return _mm256_packus_epi32(gather16(badugi_best5_table, lo), gather16(badugi_best5_table, hi));
}

/* Sixteen hands sorted in one order, with the multiset index every scale reads. */
typedef struct {
    __m256i id[5];
    __m256i multiset;
} Sorted;

/* The ranks of the sixteen lanes on one checked scale. */
AVX2 static inline __m256i rank_on(int32_t scale, int orders, const Sorted *low, const Sorted *high)
{
    switch (scale) {
    case BADUGI_SCALE_BADUGI:
        return best4of5x16(low->id, low->multiset);
    case BADUGI_SCALE_BADUGI_ACE_HIGH:
        return best4of5x16(high->id, high->multiset);
    case BADUGI_SCALE_LOW_27:
        if (orders & BADUGI_ORDER_ACE_HIGH) { /* sorted for another scale anyway */
            return gather16x16(badugi_low27_table, _mm256_add_epi16(high->multiset, flush_offset(high->id)));
        }
        return gather16x16(badugi_low27_ace_low_table, _mm256_add_epi16(low->multiset, flush_offset(low->id)));
    default: /* BADUGI_SCALE_LOW_A5: the scales were checked */
        return gather16x16(badugi_lowa5_table, low->multiset);
    }
}

AVX2 size_t badugi_scales5_blocks_avx2(const int32_t *scales, size_t k, int orders, const uint8_t *cards,
                                       size_t n, uint16_t *out)
{
    size_t i = 0;
    for (; i + BLOCK <= n; i += BLOCK) {
        __m256i ids[5];
        Sorted low, high; /* only the orders the scales need are sorted and read */
        int ok = 1;
        load_rows(cards + 5 * i, ids);
        if (orders & BADUGI_ORDER_ACE_LOW) {
            for (int c = 0; c < 5; c++) {
                low.id[c] = ids[c];
            }
            ok &= sort_and_check(low.id);
            low.multiset = multiset_index(low.id);
        }
        if (orders & BADUGI_ORDER_ACE_HIGH) {
            for (int c = 0; c < 5; c++) {
                high.id[c] = ace_high(ids[c]);
            }
            ok &= sort_and_check(high.id);
            high.multiset = multiset_index(high.id);
        }
        if (!ok) {
            break;
        }
        uint16_t *rows = out + k * i;
        if (k == 1) {
            _mm256_storeu_si256((__m256i *)rows, rank_on(scales[0], orders, &low, &high));
        } else if (k == 2) {
            /* Two scales: interleave the two columns of ranks row by row. */
            __m256i first = rank_on(scales[0], orders, &low, &high), second = rank_on(scales[1], orders, &low, &high);
            __m256i a = _mm256_unpacklo_epi16(first, second), b = _mm256_unpackhi_epi16(first, second);
            _mm256_storeu_si256((__m256i *)rows, _mm256_permute2x128_si256(a, b, 0x20));
            _mm256_storeu_si256((__m256i *)(rows + 16), _mm256_permute2x128_si256(a, b, 0x31));
        } else {
            for (size_t j = 0; j < k; j++) {
                uint16_t r[BLOCK];
                _mm256_storeu_si256((__m256i *)r, rank_on(scales[j], orders, &low, &high));
                for (int l = 0; l < BLOCK; l++) {
                    rows[k * (size_t)l + j] = r[l];
                }
            }
        }
    }
    return i;
}
#endif
