/* engine.Tables' shuffles, as Python's random deals (rng.c). */
#ifndef BADUGI_ENGINE_RNG_H
#define BADUGI_ENGINE_RNG_H

#include <stddef.h>
#include <stdint.h>
#include "table.h"

void tb_sha512(const uint8_t *data, size_t len, uint8_t out[64]);
/* Seeds m as random.Random(prefix + str(seed)) is seeded. */
void tb_rng_seed(tb_mt *m, const tb_mt *base, const char *prefix, uint64_t seed);
/* The state every seeding starts from (computed once per badugi_tables). */
void tb_mt_base(tb_mt *base);
/* random.shuffle of cards[0..count) by m (badugi.engine.deck.shuffled); the outputs it read. */
int tb_shuffle(uint8_t *cards, int count, tb_mt *m);
/* Reads n outputs of m, to skip them. */
void tb_mt_skip(tb_mt *m, int n);
/* Settles the fast deal's stack up to position upto (the library's own shuffle, deal "fast"). */
void tb_fast_settle(tb_deck *d, int upto);

#endif
