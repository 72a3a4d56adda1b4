/* Four-card Badugi ranks: sort four ids, check them, look up one slot; and
 * the SSE2/AVX2 batch kernels. Stateless and lock-free: the tables are static
 * const and every function is pure, so concurrent calls need no synchronisation. */

#include "common/internal.h"

int badugi_rank4(uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
    return rank_ids(a, b, c, d);
}

/* The batch kernels. All three rank blocks of hands the same way and stop
 * before the first block that holds an invalid row; the scalar loop then
 * finishes, so it alone decides which row and which error to report.
 *
 * The SIMD kernels put the four ids of each hand into float lanes, where a
 * sorting network is ten min/max instructions and validity four compares.
 * The colex index
 *     a + b(b-1)/2 + c(c-1)(c-2)/6 + d(d-1)(d-2)(d-3)/24
 * is computed in float as well: every product is below 2^24 (at most
 * 51*50*49*48 = 5,997,600), so it is exact; the two divisions, done as
 * multiplications by a rounded reciprocal, are off by less than 0.1, so
 * adding 0.5 and truncating gives the exact integer in any rounding mode.
 * The table lookups stay scalar: measured, AVX2 gathers were no faster. */

/* Ranks rows start..n-1 one by one; on the first invalid row sets *bad_row
 * and returns its error code, else returns 0. */
static int rank_rows_scalar(const uint8_t *cards, size_t n, uint16_t *out, size_t start, size_t *bad_row)
{
    for (size_t i = start; i < n; i++) {
        const uint8_t *row = cards + 4 * i;
        int r = rank_ids(row[0], row[1], row[2], row[3]);
        if (r < 0) {
            *bad_row = i;
            return r;
        }
        out[i] = (uint16_t)r;
    }
    return 0;
}

#ifdef BADUGI_HAVE_SSE2
#include <emmintrin.h>

static size_t rank_blocks_sse2(const uint8_t *cards, size_t n, uint16_t *out)
{
    const __m128i byte_mask = _mm_set1_epi32(0xFF);
    const __m128 one = _mm_set1_ps(1.0f), two = _mm_set1_ps(2.0f), three = _mm_set1_ps(3.0f);
    const __m128 half = _mm_set1_ps(0.5f), sixth = _mm_set1_ps(1.0f / 6.0f);
    const __m128 twenty_fourth = _mm_set1_ps(1.0f / 24.0f), deck = _mm_set1_ps(52.0f);
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        __m128i x = _mm_loadu_si128((const __m128i *)(cards + 4 * i));
        __m128 a = _mm_cvtepi32_ps(_mm_and_si128(x, byte_mask));
        __m128 b = _mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(x, 8), byte_mask));
        __m128 c = _mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(x, 16), byte_mask));
        __m128 d = _mm_cvtepi32_ps(_mm_srli_epi32(x, 24));
        __m128 t;
        t = _mm_min_ps(a, b); b = _mm_max_ps(a, b); a = t;
        t = _mm_min_ps(c, d); d = _mm_max_ps(c, d); c = t;
        t = _mm_min_ps(a, c); c = _mm_max_ps(a, c); a = t;
        t = _mm_min_ps(b, d); d = _mm_max_ps(b, d); b = t;
        t = _mm_min_ps(b, c); c = _mm_max_ps(b, c); b = t;
        __m128 ok = _mm_and_ps(_mm_and_ps(_mm_cmplt_ps(a, b), _mm_cmplt_ps(b, c)),
                               _mm_and_ps(_mm_cmplt_ps(c, d), _mm_cmplt_ps(d, deck)));
        if (_mm_movemask_ps(ok) != 0xF) {
            break;
        }
        __m128 low = _mm_add_ps(a, _mm_mul_ps(_mm_mul_ps(b, _mm_sub_ps(b, one)), half));
        __m128 c3 = _mm_mul_ps(_mm_mul_ps(_mm_mul_ps(c, _mm_sub_ps(c, one)), _mm_sub_ps(c, two)), sixth);
        __m128 d4 = _mm_mul_ps(_mm_mul_ps(_mm_mul_ps(d, _mm_sub_ps(d, one)),
                                          _mm_mul_ps(_mm_sub_ps(d, two), _mm_sub_ps(d, three))),
                               twenty_fourth);
        __m128i index = _mm_add_epi32(
            _mm_cvttps_epi32(low),
            _mm_add_epi32(_mm_cvttps_epi32(_mm_add_ps(c3, half)), _mm_cvttps_epi32(_mm_add_ps(d4, half))));
        uint32_t slot[4];
        _mm_storeu_si128((__m128i *)slot, index);
        for (int k = 0; k < 4; k++) {
            out[i + k] = badugi_rank_table[slot[k]];
        }
    }
    return i;
}
#endif

#ifdef BADUGI_HAVE_AVX2
#include <immintrin.h>

__attribute__((target("avx2"))) static size_t rank_blocks_avx2(const uint8_t *cards, size_t n,
                                                                uint16_t *out)
{
    const __m256i byte_mask = _mm256_set1_epi32(0xFF);
    const __m256 one = _mm256_set1_ps(1.0f), two = _mm256_set1_ps(2.0f), three = _mm256_set1_ps(3.0f);
    const __m256 half = _mm256_set1_ps(0.5f), sixth = _mm256_set1_ps(1.0f / 6.0f);
    const __m256 twenty_fourth = _mm256_set1_ps(1.0f / 24.0f), deck = _mm256_set1_ps(52.0f);
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cards + 4 * i));
        __m256 a = _mm256_cvtepi32_ps(_mm256_and_si256(x, byte_mask));
        __m256 b = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(x, 8), byte_mask));
        __m256 c = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(x, 16), byte_mask));
        __m256 d = _mm256_cvtepi32_ps(_mm256_srli_epi32(x, 24));
        __m256 t;
        t = _mm256_min_ps(a, b); b = _mm256_max_ps(a, b); a = t;
        t = _mm256_min_ps(c, d); d = _mm256_max_ps(c, d); c = t;
        t = _mm256_min_ps(a, c); c = _mm256_max_ps(a, c); a = t;
        t = _mm256_min_ps(b, d); d = _mm256_max_ps(b, d); b = t;
        t = _mm256_min_ps(b, c); c = _mm256_max_ps(b, c); b = t;
        __m256 ok = _mm256_and_ps(
            _mm256_and_ps(_mm256_cmp_ps(a, b, _CMP_LT_OQ), _mm256_cmp_ps(b, c, _CMP_LT_OQ)),
            _mm256_and_ps(_mm256_cmp_ps(c, d, _CMP_LT_OQ), _mm256_cmp_ps(d, deck, _CMP_LT_OQ)));
        if (_mm256_movemask_ps(ok) != 0xFF) {
            break;
        }
        __m256 low = _mm256_add_ps(a, _mm256_mul_ps(_mm256_mul_ps(b, _mm256_sub_ps(b, one)), half));
        __m256 c3 = _mm256_mul_ps(
            _mm256_mul_ps(_mm256_mul_ps(c, _mm256_sub_ps(c, one)), _mm256_sub_ps(c, two)), sixth);
        __m256 d4 = _mm256_mul_ps(_mm256_mul_ps(_mm256_mul_ps(d, _mm256_sub_ps(d, one)),
                                                _mm256_mul_ps(_mm256_sub_ps(d, two), _mm256_sub_ps(d, three))),
                                  twenty_fourth);
        __m256i index = _mm256_add_epi32(
            _mm256_cvttps_epi32(low), _mm256_add_epi32(_mm256_cvttps_epi32(_mm256_add_ps(c3, half)),
                                                       _mm256_cvttps_epi32(_mm256_add_ps(d4, half))));
        uint32_t slot[8];
        _mm256_storeu_si256((__m256i *)slot, index);
        for (int k = 0; k < 8; k++) {
            out[i + k] = badugi_rank_table[slot[k]];
        }
    }
    return i;
}
#endif

int badugi_best_kernel(void)
{
#ifdef BADUGI_HAVE_AVX2
    if (__builtin_cpu_supports("avx2")) {
        return BADUGI_KERNEL_AVX2;
    }
#endif
#ifdef BADUGI_HAVE_SSE2
    return BADUGI_KERNEL_SSE2;
#else
    return BADUGI_KERNEL_SCALAR;
#endif
}

int badugi_rank_many_u8_with(int kernel, const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row)
{
    if (n == 0) {
        return 0;
    }
    if (cards == NULL || out == NULL || bad_row == NULL) {
        return BADUGI_E_NULL;
    }
    if (!kernel_usable(kernel)) {
        return BADUGI_E_KERNEL;
    }
    size_t done = 0;
#ifdef BADUGI_HAVE_SSE2
    if (kernel == BADUGI_KERNEL_SSE2) {
        done = rank_blocks_sse2(cards, n, out);
    }
#endif
#ifdef BADUGI_HAVE_AVX2
    if (kernel == BADUGI_KERNEL_AVX2) {
        done = rank_blocks_avx2(cards, n, out);
    }
#endif
    return rank_rows_scalar(cards, n, out, done, bad_row);
}

int badugi_rank_many_u8(const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row)
{
    return badugi_rank_many_u8_with(badugi_best_kernel(), cards, n, out, bad_row);
}

/* Wide ids go through the scales' batch (scales5.c), which checks and
 * narrows them a chunk at a time and then, for four-card rows on the Badugi
 * scale alone, runs the kernels above: one narrowing loop serves both. */
static const int32_t BADUGI_ONLY[1] = {BADUGI_SCALE_BADUGI};

int badugi_rank_many_i64(const int64_t *cards, size_t n, uint16_t *out, size_t *bad_row)
{
    return badugi_rank_many_on_i64(BADUGI_ONLY, 1, 4, cards, n, out, bad_row);
}

int badugi_rank_many_i32(const int32_t *cards, size_t n, uint16_t *out, size_t *bad_row)
{
    return badugi_rank_many_on_i32(BADUGI_ONLY, 1, 4, cards, n, out, bad_row);
}
