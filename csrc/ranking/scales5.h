/* The five-card scales' row functions (scales5.c), for the showdowns of the
 * equity engines and engine.Tables; not part of the API (the API is badugi.h). */
#ifndef BADUGI_SCALES5_H
#define BADUGI_SCALES5_H

#include <stddef.h>
#include <stdint.h>

/* The id orders k scales need to rank rows of width ids (4 or 5), or a
 * negative error code (an unknown scale, a five-card scale for four cards);
 * and one row ranked on them, with those orders, into out[0..k): 0 or the
 * row's error code. */
int badugi_scale_orders(const int32_t *scales, size_t k, size_t width);
int badugi_rank_row_on(const int32_t *scales, size_t k, int orders, size_t width, const uint8_t *row,
                       uint16_t *out);

#endif
