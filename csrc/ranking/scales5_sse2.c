/* The SSE2 block kernel of the five-card scales: eight hands at a time.
 *
 * SSE2 has no byte shuffle and no gather, so only the part that pays goes into
 * lanes: the ids of eight rows are gathered into five vectors of eight 16-bit
 * lanes, one per column, remapped to ace-high order if a scale needs it,
 * sorted by the nine-comparator network as min/max on lanes and checked with
 * five compares. The sorted ids then go back to memory and each hand's table
 * lookups are the scalar code's (scales5_rows.h), free of the sort's long chain
 * of dependent compares.
 *
 * The kernel stops before the first block that holds an invalid row and
 * returns how many rows it ranked; the scalar loop finishes from there, so it
 * alone decides which row and which error to report. */

#include "scales5_rows.h"
#include "scales5_sse2.h"

#ifdef BADUGI_HAVE_SSE2
#include <emmintrin.h>

#define BLOCK 8

/* Column k of eight rows of five ids, row j in lane j. */
static inline __m128i column(const uint8_t *cards, int k)
{
    return _mm_setr_epi16(cards[k], cards[5 + k], cards[10 + k], cards[15 + k], cards[20 + k], cards[25 + k],
                          cards[30 + k], cards[35 + k]);
}

/* Ace-high ids: aces +48, other valid ids -4, ids from 52 up unchanged. */
static inline __m128i ace_high_lanes(__m128i id)
{
    __m128i ace = _mm_and_si128(_mm_cmpgt_epi16(_mm_set1_epi16(4), id), _mm_set1_epi16(52));
    __m128i valid = _mm_and_si128(_mm_cmpgt_epi16(_mm_set1_epi16(52), id), _mm_set1_epi16(-4));
    return _mm_add_epi16(id, _mm_add_epi16(ace, valid));
}

#define MINMAX(x, y)                        \
    do {                                    \
        __m128i lo_ = _mm_min_epi16(x, y);  \
        (y) = _mm_max_epi16(x, y);          \
        (x) = lo_;                          \
    } while (0)

/* Sorts each lane's five ids into sorted[column][lane]; true if every lane's
 * ids are distinct and below 52. */
static inline int sort_and_check(__m128i v[5], uint16_t sorted[5][BLOCK])
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
    __m128i ok = _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi16(v[1], v[0]), _mm_cmpgt_epi16(v[2], v[1])),
                               _mm_and_si128(_mm_and_si128(_mm_cmpgt_epi16(v[3], v[2]), _mm_cmpgt_epi16(v[4], v[3])),
                                             _mm_cmpgt_epi16(_mm_set1_epi16(52), v[4])));
    for (int c = 0; c < 5; c++) {
        _mm_storeu_si128((__m128i *)sorted[c], v[c]);
    }
    return _mm_movemask_epi8(ok) == 0xFFFF;
}

size_t badugi_scales5_blocks_sse2(const int32_t *scales, size_t k, int orders, const uint8_t *cards, size_t n,
                                  uint16_t *out)
{
    size_t i = 0;
    for (; i + BLOCK <= n; i += BLOCK) {
        const uint8_t *rows = cards + 5 * i;
        uint16_t low[5][BLOCK] = {{0}}, high[5][BLOCK] = {{0}}; /* only the orders needed are filled */
        int ok = 1;
        if (orders & BADUGI_ORDER_ACE_LOW) {
            __m128i v[5];
            for (int c = 0; c < 5; c++) {
                v[c] = column(rows, c);
            }
            ok &= sort_and_check(v, low);
        }
        if (orders & BADUGI_ORDER_ACE_HIGH) {
            __m128i v[5];
            for (int c = 0; c < 5; c++) {
                v[c] = ace_high_lanes(column(rows, c));
            }
            ok &= sort_and_check(v, high);
        }
        if (!ok) {
            break;
        }
        for (int l = 0; l < BLOCK; l++) {
            uint32_t lo[5], hi[5];
            for (int c = 0; c < 5; c++) {
                lo[c] = low[c][l];
                hi[c] = high[c][l];
            }
            for (size_t j = 0; j < k; j++) {
                out[k * (i + (size_t)l) + j] = rank_sorted_on(scales[j], orders, lo, hi);
            }
        }
    }
    return i;
}
#endif
