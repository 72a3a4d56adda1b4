/* engine.Tables' deck: the stub, discards, burns and reshuffles (deck.c). */
#ifndef BADUGI_ENGINE_DECK_H
#define BADUGI_ENGINE_DECK_H

#include <stdint.h>
#include "table.h"

/* A full stack: shuffled as the fast deal's of seed (made as it is dealt), or with fast 0 the one
 * in d->stack already; no discards, no burns, no reshuffle yet. */
void tb_deck_start(tb_deck *d, int fast, uint64_t seed);
/* The whole stack as it was at the start, top first, into order (deal it no further first). */
void tb_deck_order(tb_deck *d, uint8_t order[52]);
/* The top n cards into out, from a stack that keeps its last card. */
void tb_deck_deal(tb_deck *d, uint8_t *out, int n);
/* One player's replacements for thrown[0..n) into received, burning first if asked (deck.Deck.replace). */
int tb_deck_replace(const struct badugi_tables *ts, tb_table *t, const uint8_t *thrown, int n, int burn_first,
                    uint8_t *received);
void tb_deck_muck(tb_deck *d, const uint8_t *cards, int n);

#endif
