/* engine.Tables' deck: the stub, the discards, the burns and the reshuffle,
 * by badugi.engine.deck's rules (the last card is never dealt; a stack that
 * cannot complete a draw deals what it can, then the discards, the burns and
 * the last card are shuffled into a new stack; the drawer's own discards are
 * held aside meanwhile). Tables has no exposed cards, so nothing is owed. */
#include <string.h>

#include "tables_core.h"

void tb_record(tb_table *t, int capacity, int kind, int seat, int64_t a, int64_t b, const uint8_t *c1, int n1,
               const uint8_t *c2, int n2)
{
    if (t->n_log >= capacity) {
        t->error = BADUGI_E_MEMORY;
        return;
    }
    int32_t *r = t->log + (size_t)t->n_log * BADUGI_TABLES_RECORD;
    int32_t p1 = 0, p2 = 0;
    for (int i = 0; i < n1; i++) {
        p1 |= (int32_t)c1[i] << (6 * i);
    }
    for (int i = 0; i < n2; i++) {
        p2 |= (int32_t)c2[i] << (6 * i);
    }
    r[0] = kind;
    r[1] = seat;
    r[2] = (int32_t)a; /* chips fit: badugi_tables_new refuses stacks above 2**31 - 1 */
    r[3] = (int32_t)b;
    r[4] = n1;
    r[5] = p1;
    r[6] = n2;
    r[7] = p2;
    t->n_log++;
}

void tb_deck_start(tb_deck *d, const uint8_t order[52])
{
    memcpy(d->stack, order, 52);
    d->top = 0;
    d->len = 52;
    d->n_discards = 0;
    d->n_burns = 0;
    d->rng_ready = 0;
}

void tb_deck_deal(tb_deck *d, uint8_t *out, int n)
{
    memcpy(out, d->stack + d->top, (size_t)n);
    d->top += n;
    d->len -= n;
}

void tb_deck_muck(tb_deck *d, const uint8_t *cards, int n)
{
    memcpy(d->discards + d->n_discards, cards, (size_t)n);
    d->n_discards += n;
}

/* One card, reshuffling first if the stack is down to its last card; -1 if even that cannot deal. */
static int next_card(const struct badugi_tables *ts, tb_table *t)
{
    tb_deck *d = &t->deck;
    if (d->len < 2) {
        uint8_t pile[52];
        int n = 0;
        memcpy(pile, d->discards, (size_t)d->n_discards);
        n += d->n_discards;
        memcpy(pile + n, d->burns, (size_t)d->n_burns);
        n += d->n_burns;
        memcpy(pile + n, d->stack + d->top, (size_t)d->len);
        n += d->len;
        if (!d->rng_ready) {
            tb_rng_seed(&d->rng, &ts->mt_base, "badugi-reshuffle-", t->seed);
            d->rng_ready = 1;
        }
        tb_shuffle(pile, n, &d->rng);
        memcpy(d->stack, pile, (size_t)n);
        d->top = 0;
        d->len = n;
        d->n_discards = 0;
        d->n_burns = 0;
        tb_record(t, ts->cfg.log_capacity, TB_RESHUFFLE, -1, n, 0, NULL, 0, NULL, 0);
        if (d->len < 2) {
            return -1;
        }
    }
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
            uint8_t card = d->stack[d->top];
            d->top++;
            d->len--;
            d->burns[d->n_burns++] = card;
            tb_record(t, ts->cfg.log_capacity, TB_BURN, -1, card, 0, NULL, 0, NULL, 0);
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
        tb_record(t, ts->cfg.log_capacity, TB_BURN, -1, card, 0, NULL, 0, NULL, 0);
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
