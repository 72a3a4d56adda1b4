/* The AVX2 five-card block kernel (scales5_avx2.c); not part of the API. */
#ifndef BADUGI_SCALES5_AVX2_H
#define BADUGI_SCALES5_AVX2_H

#include "common/internal.h"

#ifdef BADUGI_HAVE_AVX2
/* Ranks whole blocks of eight five-id rows on k checked scales and returns
 * how many rows it ranked, stopping before the first block that holds an
 * invalid row. */
size_t badugi_scales5_blocks_avx2(const int32_t *scales, size_t k, int orders, const uint8_t *cards, size_t n,
                                  uint16_t *out);
#endif

#endif
