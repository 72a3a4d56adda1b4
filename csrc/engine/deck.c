/* engine.Tables' deck: the stub, the discards, the burns and the reshuffle,
 * by badugi.engine.deck's rules (the last card is never dealt; a stack that
 * cannot complete a draw deals what it can, then the discards, the burns and
 * the last card are shuffled into a new stack; the drawer's own discards are
 * held aside meanwhile). Tables has no exposed cards, so nothing is owed. */
#include <string.h>

#include "deck.h"
#include "record.h"
#include "rng.h"

static const uint8_t ORDERED[52] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17,
                                    18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35,
                                    36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51};

/* Cards up to position upto of the stack, shuffled if they are not yet. */
static inline void reach(tb_deck *d, int upto)
{
    if (upto > d->made) {
        tb_fast_settle(d, upto);
    }
}

void tb_deck_start(tb_deck *d, int fast, uint64_t seed)
{
    if (fast) {
        memcpy(d->stack, ORDERED, 52);
        d->made = 0;
        d->shuffle = seed;
        d->chunks = 0;
    } else {
        d->made = 52;
    }
    d->top = 0;
    d->len = 52;
    d->n_discards = 0;
    d->n_burns = 0;
    d->rng_used = 0;
}

void tb_deck_order(tb_deck *d, uint8_t order[52])
{
    reach(d, 52);
    memcpy(order, d->stack, 52);
}

void tb_deck_deal(tb_deck *d, uint8_t *out, int n)
{
    reach(d, d->top + n);
    memcpy(out, d->stack + d->top, (size_t)n);
    d->top = (int8_t)(d->top + n);
    d->len = (int8_t)(d->len - n);
}

void tb_deck_muck(tb_deck *d, const uint8_t *cards, int n)
{
    for (int i = 0; i < n; i++) { /* at most five: a loop, not a call */
        d->discards[d->n_discards + i] = cards[i];
    }
    d->n_discards = (int8_t)(d->n_discards + n);
}

/* One card, reshuffling first if the stack is down to its last card; -1 if even that cannot deal. */
static int next_card(const struct badugi_tables *ts, tb_table *t)
{
    tb_deck *d = &t->deck;
    if (d->len < 2) {
        reach(d, 52); /* the last card goes into the new stack too */
        uint8_t pile[52];
        int n = 0;
        memcpy(pile, d->discards, (size_t)d->n_discards);
        n += d->n_discards;
        memcpy(pile + n, d->burns, (size_t)d->n_burns);
        n += d->n_burns;
        memcpy(pile + n, d->stack + d->top, (size_t)d->len);
        n += d->len;
        tb_mt rng; /* Python's, as Hand's deck seeds it, past what this hand's reshuffles read */
        tb_rng_seed(&rng, &ts->mt_base, "badugi-reshuffle-", t->seed);
        tb_mt_skip(&rng, d->rng_used);
        d->rng_used = (int16_t)(d->rng_used + tb_shuffle(pile, n, &rng));
        memcpy(d->stack, pile, (size_t)n);
        d->top = 0;
        d->len = (int8_t)n;
        d->n_discards = 0;
        d->n_burns = 0;
        tb_record(t, TB_RESHUFFLE, -1, n, 0, NULL, 0, NULL, 0);
        if (d->len < 2) {
            return -1;
        }
    }
    reach(d, d->top + 1);
    int card = d->stack[d->top];
    d->top++;
    d->len--;
    return card;
}

int tb_deck_replace(const struct badugi_tables *ts, tb_table *t, const uint8_t *thrown, int n, int burn_first,
                    uint8_t *received)
{
    tb_deck *d = &t->deck;
    int burn = n > 0 && burn_first;
    if (d->len > n + burn) { /* the stack covers it: no reshuffle */
        if (burn) {
            reach(d, d->top + 1);
            uint8_t card = d->stack[d->top];
            d->top++;
            d->len--;
            d->burns[d->n_burns++] = card;
            tb_record(t, TB_BURN, -1, card, 0, NULL, 0, NULL, 0);
        }
        tb_deck_deal(d, received, n);
        tb_deck_muck(d, thrown, n);
        return 0;
    }
    /* The drawer's discards are held aside (in no pile) until its draw is complete. */
    if (burn) {
        int card = next_card(ts, t);
        if (card < 0) {
            return BADUGI_E_ARGUMENT;
        }
        d->burns[d->n_burns++] = (uint8_t)card;
        tb_record(t, TB_BURN, -1, card, 0, NULL, 0, NULL, 0);
    }
    for (int i = 0; i < n; i++) {
        int card = next_card(ts, t);
        if (card < 0) {
            return BADUGI_E_ARGUMENT;
        }
        received[i] = (uint8_t)card;
    }
    tb_deck_muck(d, thrown, n);
    return 0;
}
