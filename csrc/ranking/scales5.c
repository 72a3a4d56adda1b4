/* Five-card scales: the 2-7 and A-5 lows and the best four-card badugi of
 * five, with either ace rule, one hand at a time or fused over a batch.
 *
 * One sort serves the scales of a split game. Ids are sorted by a branchless
 * network; the sorted ids are checked (strictly increasing and below 52 proves
 * them distinct and in range) before any table is read. Aces-high scales sort
 * the ids remapped so that the ace is the highest rank (2..K become 0..47,
 * aces 48..51): the five-card Badugi table then ranks aces high. 2-7 reads
 * either order, from one of two tables holding the same ranks: the ace-high
 * one when the Badugi half sorts it anyway (Badeucy), else the ids as they
 * are, which saves the remap. Every scale reads the multiset index of the
 * ranks, so a split game computes it once for both halves. Stateless and
 * lock-free, like rank4.c. */

#include "common/text.h"
#include "scales5.h"
#include "scales5_avx2.h"
#include "scales5_rows.h"
#include "scales5_sse2.h"

#define ORDER_ACE_LOW BADUGI_ORDER_ACE_LOW
#define ORDER_ACE_HIGH BADUGI_ORDER_ACE_HIGH

/* Which id orders a scale needs, or 0 for an unknown scale. */
static int order_of(int32_t scale)
{
    switch (scale) {
    case BADUGI_SCALE_BADUGI:
    case BADUGI_SCALE_LOW_A5:
        return ORDER_ACE_LOW;
    case BADUGI_SCALE_BADUGI_ACE_HIGH:
        return ORDER_ACE_HIGH;
    case BADUGI_SCALE_LOW_27:
        return BADUGI_ORDER_EITHER;
    default:
        return 0;
    }
}

/* The orders to sort: 2-7 takes the ace-high order if another scale needs it
 * anyway, else the ids as they are (no remap). */
static int settle_orders(int orders)
{
    if (orders & BADUGI_ORDER_EITHER) {
        orders &= ~BADUGI_ORDER_EITHER;
        if (!(orders & ORDER_ACE_HIGH)) {
            orders |= ORDER_ACE_LOW;
        }
    }
    return orders;
}

/* The orders k scales need together, or a negative error code if a scale is
 * unknown, k is out of range or a scale does not rank rows of this width. */
static int orders_of(const int32_t *scales, size_t k, size_t width)
{
    if (scales == NULL) {
        return BADUGI_E_NULL;
    }
    if (k == 0 || k > BADUGI_MAX_SCALES) {
        return BADUGI_E_SCALE;
    }
    int orders = 0;
    for (size_t j = 0; j < k; j++) {
        int order = order_of(scales[j]);
        if (order == 0) {
            return BADUGI_E_SCALE;
        }
        orders |= order;
    }
    orders = settle_orders(orders);
    if (width == 5) {
        return orders;
    }
    if (width != 4) {
        return BADUGI_E_COUNT;
    }
    for (size_t j = 0; j < k; j++) {
        if (scales[j] != BADUGI_SCALE_BADUGI && scales[j] != BADUGI_SCALE_BADUGI_ACE_HIGH) {
            return BADUGI_E_COUNT;
        }
    }
    return orders;
}

/* Ranks one row of five ids on k checked scales into out[0..k). Returns 0 or
 * the row's error code, writing nothing then. */
static inline int rank_row5(const int32_t *scales, size_t k, int orders, const uint8_t *row, uint16_t *out)
{
    uint32_t low[5] = {0}, high[5] = {0}; /* only the orders the scales need are filled */
    int status;
    if (orders & ORDER_ACE_LOW) {
        for (int i = 0; i < 5; i++) {
            low[i] = row[i];
        }
        sort5(low);
        status = check_sorted5(low);
        if (status != 0) {
            return status;
        }
    }
    if (orders & ORDER_ACE_HIGH) {
        for (int i = 0; i < 5; i++) {
            high[i] = ace_high_id(row[i]);
        }
        sort5(high);
        status = check_sorted5(high);
        if (status != 0) {
            return status;
        }
    }
    for (size_t j = 0; j < k; j++) {
        out[j] = rank_sorted_on(scales[j], orders, low, high);
    }
    return 0;
}

/* Rank of four ids on a Badugi scale whose code was checked. */
static inline int rank4_checked(int32_t scale, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    if (scale == BADUGI_SCALE_BADUGI_ACE_HIGH) {
        return rank_ids(ace_high_id(a), ace_high_id(b), ace_high_id(c), ace_high_id(d));
    }
    return rank_ids(a, b, c, d);
}

/* Ranks one row of four ids on k checked Badugi scales. */
static inline int rank_row4(const int32_t *scales, size_t k, const uint8_t *row, uint16_t *out)
{
    for (size_t j = 0; j < k; j++) {
        int r = rank4_checked(scales[j], row[0], row[1], row[2], row[3]);
        if (r < 0) {
            return r;
        }
        out[j] = (uint16_t)r;
    }
    return 0;
}

int badugi_scale_orders(const int32_t *scales, size_t k, size_t width)
{
    return orders_of(scales, k, width);
}

int badugi_rank_row_on(const int32_t *scales, size_t k, int orders, size_t width, const uint8_t *row,
                       uint16_t *out)
{
    return width == 5 ? rank_row5(scales, k, orders, row, out) : rank_row4(scales, k, row, out);
}

int badugi_scale_worst(int scale)
{
    switch (scale) {
    case BADUGI_SCALE_BADUGI:
    case BADUGI_SCALE_BADUGI_ACE_HIGH:
        return BADUGI_WORST;
    case BADUGI_SCALE_LOW_27:
        return BADUGI_WORST_LOW_27;
    case BADUGI_SCALE_LOW_A5:
        return BADUGI_WORST_LOW_A5;
    default:
        return BADUGI_E_SCALE;
    }
}

int badugi_rank5(int scale, uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e)
{
    const uint8_t row[5] = {a, b, c, d, e};
    int32_t code = scale;
    int order = order_of(code);
    uint16_t out;
    if (order == 0) {
        return BADUGI_E_SCALE;
    }
    int status = rank_row5(&code, 1, settle_orders(order), row, &out);
    return status < 0 ? status : out;
}

int badugi_rank4_on(int scale, uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
    if (order_of(scale) == 0) {
        return BADUGI_E_SCALE;
    }
    if (scale != BADUGI_SCALE_BADUGI && scale != BADUGI_SCALE_BADUGI_ACE_HIGH) {
        return BADUGI_E_COUNT;
    }
    return rank4_checked(scale, a, b, c, d);
}

int badugi_rank_text_on(int scale, const char *text, size_t len)
{
    uint32_t ids[5];
    if (order_of(scale) == 0) {
        return BADUGI_E_SCALE;
    }
    if (text == NULL) {
        return len == 0 ? BADUGI_E_COUNT : BADUGI_E_NULL;
    }
    int count = badugi_parse_text((const unsigned char *)text, len, ids, 5);
    if (count == 5) {
        /* parsed ids are 0..51 already */
        return badugi_rank5(scale, (uint8_t)ids[0], (uint8_t)ids[1], (uint8_t)ids[2], (uint8_t)ids[3],
                            (uint8_t)ids[4]);
    }
    if (count == 4) {
        return badugi_rank4_on(scale, (uint8_t)ids[0], (uint8_t)ids[1], (uint8_t)ids[2], (uint8_t)ids[3]);
    }
    return count < 0 ? count : BADUGI_E_COUNT;
}

/* Ranks rows start..n-1 one by one; on the first invalid row sets *bad_row
 * and returns its error code, else returns 0. */
static int rank_rows_on_scalar(const int32_t *scales, size_t k, size_t width, int orders, const uint8_t *cards,
                               size_t n, uint16_t *out, size_t start, size_t *bad_row)
{
    for (size_t i = start; i < n; i++) {
        int status = width == 5 ? rank_row5(scales, k, orders, cards + 5 * i, out + k * i)
                                : rank_row4(scales, k, cards + 4 * i, out + k * i);
        if (status != 0) {
            *bad_row = i;
            return status;
        }
    }
    return 0;
}

int badugi_rank_many_on_u8_with(int kernel, const int32_t *scales, size_t k, size_t width,
                                const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row)
{
    int orders = orders_of(scales, k, width);
    if (orders < 0) {
        return orders;
    }
    if (n == 0) {
        return 0;
    }
    if (cards == NULL || out == NULL || bad_row == NULL) {
        return BADUGI_E_NULL;
    }
    if (width == 4 && k == 1 && scales[0] == BADUGI_SCALE_BADUGI) {
        return badugi_rank_many_u8_with(kernel, cards, n, out, bad_row);
    }
    if (!kernel_usable(kernel)) {
        return BADUGI_E_KERNEL;
    }
    size_t done = 0;
#ifdef BADUGI_HAVE_AVX2
    /* Five-card rows only: four-card rows on several scales take the scalar loop. */
    if (kernel == BADUGI_KERNEL_AVX2 && width == 5) {
        done = badugi_scales5_blocks_avx2(scales, k, orders, cards, n, out);
    }
#endif
#ifdef BADUGI_HAVE_SSE2
    if (kernel == BADUGI_KERNEL_SSE2 && width == 5) {
        done = badugi_scales5_blocks_sse2(scales, k, orders, cards, n, out);
    }
#endif
    return rank_rows_on_scalar(scales, k, width, orders, cards, n, out, done, bad_row);
}

int badugi_rank_many_on_u8(const int32_t *scales, size_t k, size_t width, const uint8_t *cards, size_t n,
                           uint16_t *out, size_t *bad_row)
{
    return badugi_rank_many_on_u8_with(badugi_best_kernel(), scales, k, width, cards, n, out, bad_row);
}

/* Wide ids are checked and narrowed a chunk at a time into a uint8 buffer,
 * then ranked by the fastest uint8 kernel (rank4.c's wide batches come here
 * too). An id is in range iff, viewed as unsigned, it is below 52 (negative
 * values become huge); anything else becomes 255, which the kernels reject as
 * out of range, so no value is ever wrapped into a valid id. */
#define NARROW_CHUNK 1024

#define DEFINE_RANK_MANY_ON_WIDE(NAME, TYPE, UTYPE)                                                       \
    int NAME(const int32_t *scales, size_t k, size_t width, const TYPE *cards, size_t n, uint16_t *out,   \
             size_t *bad_row)                                                                             \
    {                                                                                                     \
        uint8_t narrow[5 * NARROW_CHUNK];                                                                 \
        int orders = orders_of(scales, k, width);                                                         \
        if (orders < 0) {                                                                                 \
            return orders;                                                                                \
        }                                                                                                 \
        if (n == 0) {                                                                                     \
            return 0;                                                                                     \
        }                                                                                                 \
        if (cards == NULL || out == NULL || bad_row == NULL) {                                            \
            return BADUGI_E_NULL;                                                                         \
        }                                                                                                 \
        int kernel = badugi_best_kernel();                                                                \
        for (size_t start = 0; start < n; start += NARROW_CHUNK) {                                        \
            size_t rows = n - start < NARROW_CHUNK ? n - start : NARROW_CHUNK;                            \
            const TYPE *chunk = cards + width * start;                                                    \
            for (size_t i = 0; i < width * rows; i++) {                                                   \
                narrow[i] = (UTYPE)chunk[i] < 52 ? (uint8_t)chunk[i] : 255;                               \
            }                                                                                             \
            size_t bad = 0;                                                                               \
            int status =                                                                                  \
                badugi_rank_many_on_u8_with(kernel, scales, k, width, narrow, rows, out + k * start, &bad); \
            if (status != 0) {                                                                            \
                *bad_row = start + bad;                                                                   \
                return status;                                                                            \
            }                                                                                             \
        }                                                                                                 \
        return 0;                                                                                         \
    }

DEFINE_RANK_MANY_ON_WIDE(badugi_rank_many_on_i64, int64_t, uint64_t)
DEFINE_RANK_MANY_ON_WIDE(badugi_rank_many_on_i32, int32_t, uint32_t)
