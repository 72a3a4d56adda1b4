/* An equity question (badugi_spot) checked and laid out for the engines
 * (equity_spot.c); not part of the API. */
#ifndef BADUGI_EQUITY_SPOT_H
#define BADUGI_EQUITY_SPOT_H

#include <stdint.h>

#include "common/internal.h"
#include "showdown/showdown.h"

typedef struct {
    int players, draws;
    scoring score;                /* the game: hand size, halves */
    int hand_size;                /* score.hand_size */
    uint64_t dead;                /* mask */
    uint8_t unknown[52];          /* cards neither known to a player nor dead */
    int n_unknown;
    uint8_t cards[8][BADUGI_MAX_HAND]; /* known cards first */
    int known[8];
    int first_keep[8];            /* mask over cards[p]; never an unknown place */
    int strategy[8];
    int fillers;                  /* unknown places over all hands */
    int first_draw_cards;         /* replacements the first draw deals */
    int later_choices;            /* whether anyone chooses at a draw after the first */
    int later_looks;              /* whether such a choice looks at its own discards and the counts (best, callback) */
    int first_choices;            /* whether anyone's strategy chooses at the first draw (KEEP_BY_STRATEGY) */
    int relabel_suits;            /* each deal relabels the suits at random (badugi_spot.relabel_suits) */
    badugi_decide_fn decide;
    void *context;
} prepared_spot;

/* Checks spot and lays it out in *out: 0, or a negative error code
 * (BADUGI_E_NULL, _RANGE, _DUPLICATE, _ARGUMENT). */
int prepare_spot(const badugi_spot *spot, prepared_spot *out);

/* How many cards a mask holds. */
static inline int card_count(uint64_t mask)
{
    int n = 0;
    for (; mask; mask &= mask - 1) {
        n++;
    }
    return n;
}

/* Adds one part of a run's sums (not the ranks) to out. */
static inline void add_sums(badugi_equity_sums *out, const badugi_equity_sums *part)
{
    out->deals += part->deals;
    for (int p = 0; p < BADUGI_MAX_PLAYERS; p++) {
        out->win[p] += part->win[p];
        out->tie[p] += part->tie[p];
        out->share[p] += part->share[p];
        out->share_sq[p] += part->share_sq[p];
    }
}

#endif
