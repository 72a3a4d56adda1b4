/* The no-card-seen keep tables of the five-card split games (keeptable5.c). */
#ifndef BADUGI_KEEPTABLE5_H
#define BADUGI_KEEPTABLE5_H

#include <stdint.h>

/* The slot's keep table for draws (1..3) left, built on first use (with the
 * tables it needs); NULL if memory ran out. keep[i] is the mask, over the ids
 * of the hand of colex index i sorted ascending, that best_keep5 chooses
 * with no card seen. */
const uint8_t *keep_table5_get(int slot, int draws);

#endif
