/* The SSE2 five-card block kernel (scales5_sse2.c); not part of the API. */
#ifndef BADUGI_SCALES5_SSE2_H
#define BADUGI_SCALES5_SSE2_H

#include "common/internal.h"

#ifdef BADUGI_HAVE_SSE2
/* Eight rows a block, with the contract of the AVX2 kernel (scales5_avx2.h). */
size_t badugi_scales5_blocks_sse2(const int32_t *scales, size_t k, int orders, const uint8_t *cards, size_t n,
                                  uint16_t *out);
#endif

#endif
