/* engine.Tables' hand: antes and blinds, the deal, fixed-limit betting and
 * the draws, in the order Hand plays them (badugi.engine.hand and betting):
 * the first round starts left of the big blind (heads-up, with the button,
 * who posts the small blind); every later round and every draw starts with
 * the first seat still in left of the button. With stacks no seat can run
 * out of, a fixed-limit bet or raise is one unit above the bet and every
 * raise reopens the betting, so a round ends when its queue empties. */
#include <string.h>

#include "tables_core.h"

/* A hand's seed from the table seed, the table and the hand's number (a
 * splitmix64 finalizer twice): 63 bits, so Hand(seed=...) takes it as it is. */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t hand_seed(uint64_t seed, uint64_t table, uint64_t number)
{
    return mix(mix(seed + 0x9e3779b97f4a7c15ULL * (table + 1)) ^ number) >> 1;
}

static int players(const struct badugi_tables *ts) { return ts->cfg.players; }

static void record(const struct badugi_tables *ts, tb_table *t, int kind, int seat, int64_t a, int64_t b)
{
    tb_record(t, ts->cfg.log_capacity, kind, seat, a, b, NULL, 0, NULL, 0);
}

static void put_in(tb_table *t, int seat, int64_t amount)
{
    t->stacks[seat] -= amount;
    t->contrib[seat] += amount;
}

/* The seats from first clockwise that are in and have chips, into the queue. */
static void queue_from(const struct badugi_tables *ts, tb_table *t, int first, int skip)
{
    int n = players(ts);
    t->head = 0;
    t->qlen = 0;
    for (int k = 0; k < n; k++) {
        int seat = (first + k) % n;
        if (seat != skip && !t->folded[seat] && t->stacks[seat] > 0) {
            t->queue[t->qlen++] = (int8_t)seat;
        }
    }
}

static void open_betting(const struct badugi_tables *ts, tb_table *t, int index, int first)
{
    t->phase = 0;
    t->round = index;
    memset(t->bets, 0, sizeof t->bets);
    t->current_bet = 0;
    t->full_bets = 0;
    t->aggressor = -1;
    if (index > 0) {
        record(ts, t, TB_ROUND, -1, index, 0);
    }
    (void)first;
}

void tb_start_hand(const struct badugi_tables *ts, tb_table *t)
{
    const badugi_tables_config *c = &ts->cfg;
    int n = c->players;
    size_t table = (size_t)(t - ts->tables);
    t->seed = hand_seed(ts->seed, table, t->hand_number);
    t->button = (int32_t)(t->hand_number % (uint64_t)n);
    tb_mt deal;
    tb_rng_seed(&deal, &ts->mt_base, "badugi-deal-", t->seed);
    for (int i = 0; i < 52; i++) {
        t->order[i] = (uint8_t)i;
    }
    tb_shuffle(t->order, 52, &deal);
    tb_deck_start(&t->deck, t->order);
    memcpy(t->stacks, c->stacks, sizeof t->stacks);
    memset(t->contrib, 0, sizeof t->contrib);
    memset(t->folded, 0, sizeof t->folded);
    memset(t->drawn, -1, sizeof t->drawn);
    t->in_hand = n;
    t->n_log = 0;
    t->n_acts = 0;
    t->burned = 0;
    open_betting(ts, t, 0, 0);
    int button = t->button;
    if (c->ante) {
        for (int k = 1; k <= n; k++) {
            int seat = (button + k) % n;
            int64_t amount = c->ante < t->stacks[seat] ? c->ante : t->stacks[seat];
            put_in(t, seat, amount);
            record(ts, t, TB_ANTE, seat, amount, t->stacks[seat] == 0);
        }
    }
    int first = (button + 1) % n;
    if (c->blinds) {
        int small_seat = n == 2 ? button : (button + 1) % n;
        int big_seat = (small_seat + 1) % n;
        int64_t amounts[2] = {c->small_blind, c->big_blind};
        int seats[2] = {small_seat, big_seat};
        for (int b = 0; b < 2; b++) {
            int64_t posted = amounts[b] < t->stacks[seats[b]] ? amounts[b] : t->stacks[seats[b]];
            put_in(t, seats[b], posted);
            t->bets[seats[b]] += posted;
            record(ts, t, TB_BLIND, seats[b], posted, b);
        }
        t->current_bet = c->big_blind > t->bets[small_seat] ? c->big_blind : t->bets[small_seat];
        t->full_bets = 1; /* the big blind counts as the bet */
        first = n == 2 ? small_seat : (big_seat + 1) % n;
    }
    int size = c->hand_size;
    uint8_t dealt[TB_SEATS * TB_CARDS];
    tb_deck_deal(&t->deck, dealt, size * n); /* one card at a time from the button's left */
    for (int j = 0; j < size * n; j++) {
        int seat = (button + 1 + j) % n;
        t->hands[seat][j / n] = dealt[j];
    }
    for (int seat = 0; seat < n; seat++) {
        tb_record(t, c->log_capacity, TB_DEAL, seat, 0, 0, t->hands[seat], size, NULL, 0);
    }
    queue_from(ts, t, first, -1);
}

static int64_t unit(const badugi_tables_config *c, int round) { return round < 2 ? c->small_bet : c->big_bet; }

static int may_raise(const struct badugi_tables *ts, const tb_table *t)
{
    const badugi_tables_config *c = &ts->cfg;
    if (t->full_bets >= c->cap && !(c->uncapped_heads_up && t->in_hand == 2)) {
        return 0;
    }
    int seat = t->queue[t->head];
    return t->current_bet + unit(c, t->round) - t->bets[seat] < t->stacks[seat]; /* never all in */
}

int tb_legal(const struct badugi_tables *ts, const tb_table *t, int action)
{
    if (action < 0 || action >= ts->actions || t->qlen == 0) {
        return 0;
    }
    if (t->phase == 1) {
        return action >= 3;
    }
    return action < 2 || (action == 2 && may_raise(ts, t));
}

static void pop(tb_table *t)
{
    t->head++;
    t->qlen--;
}

static int finish(const struct badugi_tables *ts, tb_table *t, int64_t *rewards)
{
    int n = players(ts);
    int64_t payouts[TB_SEATS];
    tb_payouts(ts, t, payouts);
    for (int s = 0; s < n; s++) {
        rewards[s] = payouts[s] - t->contrib[s];
    }
    int last_round = t->round == ts->cfg.draws;
    record(ts, t, TB_END, -1, last_round ? t->aggressor : -1, 0);
    int32_t *swap = t->last_log;
    t->last_log = t->log;
    t->log = swap;
    t->n_last = t->n_log;
    int16_t *acts = t->last_acts;
    t->last_acts = t->acts;
    t->acts = acts;
    t->n_last_acts = t->n_acts;
    t->last_seed = t->seed;
    t->last_button = t->button;
    memcpy(t->last_order, t->order, 52);
    t->hand_number++;
    tb_start_hand(ts, t);
    return 1;
}

static int end_betting_round(const struct badugi_tables *ts, tb_table *t, int64_t *rewards)
{
    if (t->round == ts->cfg.draws) {
        return finish(ts, t, rewards);
    }
    t->phase = 1;
    t->burned = 0;
    queue_from(ts, t, (t->button + 1) % players(ts), -1);
    record(ts, t, TB_DRAW_ROUND, -1, t->round + 1, 0);
    return 0;
}

static int draw(const struct badugi_tables *ts, tb_table *t, int seat, int mask)
{
    const badugi_tables_config *c = &ts->cfg;
    int size = c->hand_size;
    uint8_t sorted[TB_CARDS], thrown[TB_CARDS], kept[TB_CARDS], received[TB_CARDS];
    memcpy(sorted, t->hands[seat], (size_t)size);
    for (int i = 1; i < size; i++) { /* bit i of the mask is card i in increasing id order */
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            uint8_t swap = sorted[j];
            sorted[j] = sorted[j - 1];
            sorted[j - 1] = swap;
        }
    }
    int n = 0, k = 0;
    for (int i = 0; i < size; i++) {
        if (mask >> i & 1) {
            thrown[n++] = sorted[i];
        }
    }
    for (int i = 0; i < size; i++) {
        uint8_t card = t->hands[seat][i];
        int out = 0;
        for (int j = 0; j < n; j++) {
            out |= thrown[j] == card;
        }
        if (!out) {
            kept[k++] = card;
        }
    }
    int rc = tb_deck_replace(ts, t, thrown, n, c->burn && !t->burned, received);
    if (rc < 0) {
        return rc;
    }
    if (n && c->burn) {
        t->burned = 1;
    }
    memcpy(t->hands[seat], kept, (size_t)k);
    memcpy(t->hands[seat] + k, received, (size_t)n);
    t->drawn[seat][t->round] = (int8_t)n;
    tb_record(t, c->log_capacity, TB_DRAW, seat, 0, 0, thrown, n, received, n);
    return 0;
}

int tb_act(const struct badugi_tables *ts, tb_table *t, int action, int64_t *rewards)
{
    const badugi_tables_config *c = &ts->cfg;
    int n = players(ts);
    int seat = t->queue[t->head];
    if (t->n_acts < c->log_capacity) { /* every action makes a record: the log overflows first */
        t->acts[t->n_acts++] = (int16_t)action;
    }
    if (t->phase == 1) {
        int rc = draw(ts, t, seat, action - 3);
        if (rc < 0) {
            t->error = rc;
        }
        pop(t);
        if (t->qlen == 0) {
            open_betting(ts, t, t->round + 1, 0);
            queue_from(ts, t, (t->button + 1) % n, -1);
        }
        return 0;
    }
    if (action == 0) {
        t->folded[seat] = 1;
        t->in_hand--;
        tb_deck_muck(&t->deck, t->hands[seat], c->hand_size);
        record(ts, t, TB_FOLD, seat, 0, 0);
        pop(t);
    } else if (action == 1) {
        int64_t owed = t->current_bet - t->bets[seat];
        if (owed == 0) {
            record(ts, t, TB_CHECK, seat, 0, 0);
        } else {
            int64_t amount = owed < t->stacks[seat] ? owed : t->stacks[seat];
            put_in(t, seat, amount);
            t->bets[seat] += amount;
            record(ts, t, TB_CALL, seat, amount, t->bets[seat]);
        }
        pop(t);
    } else {
        int64_t total = t->current_bet + unit(c, t->round);
        record(ts, t, t->current_bet == 0 ? TB_BET : TB_RAISE, seat, total, 0);
        put_in(t, seat, total - t->bets[seat]);
        t->bets[seat] = total;
        t->current_bet = total;
        t->full_bets++;
        t->aggressor = seat;
        queue_from(ts, t, (seat + 1) % n, seat);
    }
    if (t->in_hand == 1) {
        return finish(ts, t, rewards);
    }
    if (t->qlen == 0) {
        return end_betting_round(ts, t, rewards);
    }
    return 0;
}
