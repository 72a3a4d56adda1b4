/* A game's showdown for the equity engines: a hand's rank on each half, and
 * how the pot splits (equity_mc.c, equity_exact.c); not part of the API.
 *
 * Badugi (four cards, one half on the aces-low scale) keeps its own path,
 * one lookup of the four-card table; the split games rank five cards on
 * both halves through scales5.c's row function. Each half is half the pot,
 * split evenly among the hands that tie for it; a player "wins" a deal when
 * it takes the whole pot alone and "ties" when it takes a part of it. Odd
 * chips are the engine's concern (badugi.pots): an equity is a share of a
 * pot that divides. */
#ifndef BADUGI_SHOWDOWN_H
#define BADUGI_SHOWDOWN_H

#include <stdint.h>

#include "common/internal.h"
#include "ranking/scales5.h"

typedef struct {
    int hand_size; /* 4 or 5 */
    int n_halves;  /* 1 or 2 */
    int32_t halves[2];
    int orders;  /* what scales5.c sorts for these scales */
    int badugi4; /* four cards on the aces-low Badugi scale: the fast path */
} scoring;

/* The scoring of a spot's game, checked: 0 or BADUGI_E_ARGUMENT. hand_size 0
 * and n_halves 0 are Badugi. */
static inline int scoring_of(int hand_size, int n_halves, const int32_t *halves, scoring *out)
{
    if (hand_size == 0 && n_halves == 0) {
        hand_size = 4;
        n_halves = 1;
        out->halves[0] = BADUGI_SCALE_BADUGI;
    } else {
        if ((hand_size != 4 && hand_size != 5) || n_halves < 1 || n_halves > 2) {
            return BADUGI_E_ARGUMENT;
        }
        for (int h = 0; h < n_halves; h++) {
            out->halves[h] = halves[h];
        }
    }
    out->hand_size = hand_size;
    out->n_halves = n_halves;
    int orders = badugi_scale_orders(out->halves, (size_t)n_halves, (size_t)hand_size);
    if (orders < 0) {
        return BADUGI_E_ARGUMENT;
    }
    out->orders = orders;
    out->badugi4 = hand_size == 4 && n_halves == 1 && out->halves[0] == BADUGI_SCALE_BADUGI;
    return 0;
}

/* The hand's rank on each half into rank[0..n_halves); the ids are distinct and below 52. */
static inline void score_hand(const scoring *g, const uint8_t *hand, uint16_t *rank)
{
    if (g->badugi4) {
        rank[0] = (uint16_t)rank_ids(hand[0], hand[1], hand[2], hand[3]);
    } else {
        badugi_rank_row_on(g->halves, (size_t)g->n_halves, g->orders, (size_t)g->hand_size, hand, rank);
    }
}

/* A pot split k ways: BADUGI_SHARE_UNIT / k each, looked up (a division costs more than a deal). */
static const uint64_t SHARE_OF[BADUGI_MAX_PLAYERS + 1] = {0, 1680, 840, 560, 420, 336, 280, 240, 210};

/* Adds one showdown of players hands, ranked on each half (rank[p][h]), to
 * sums, weight times; returns the number of players who took a share. */
static inline void add_showdown(const scoring *g, const uint16_t (*rank)[2], int players, uint64_t weight,
                                badugi_equity_sums *sums)
{
    uint64_t share[BADUGI_MAX_PLAYERS] = {0};
    for (int h = 0; h < g->n_halves; h++) {
        int best = 0xFFFF, winners = 0;
        for (int p = 0; p < players; p++) {
            if (rank[p][h] < best) {
                best = rank[p][h];
                winners = 1;
            } else if (rank[p][h] == best) {
                winners++;
            }
        }
        uint64_t each = SHARE_OF[winners] / (uint64_t)g->n_halves;
        for (int p = 0; p < players; p++) {
            share[p] += rank[p][h] == best ? each : 0;
        }
    }
    for (int p = 0; p < players; p++) {
        if (share[p] != 0) {
            sums->win[p] += share[p] == BADUGI_SHARE_UNIT ? weight : 0;
            sums->tie[p] += share[p] != BADUGI_SHARE_UNIT ? weight : 0;
            sums->share[p] += share[p] * weight;
            sums->share_sq[p] += share[p] * share[p] * weight;
        }
    }
    sums->deals += weight;
}

#endif
