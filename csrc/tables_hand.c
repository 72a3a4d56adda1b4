/* engine.Tables' hand: antes and blinds, the deal, fixed-limit betting and
 * the draws, in the order Hand plays them (badugi.engine.hand and betting):
 * the first round starts left of the big blind (heads-up, with the button,
 * who posts the small blind); every later round and every draw starts with
 * the first seat still in left of the button. A seat short of a call or a
 * raise goes all in for less. As engine.betting rules it: a bet or raise goes
 * one unit above the last full one; an all-in short of it counts toward no
 * cap, and reopens the betting for seats that acted only if it (or the
 * all-ins since they acted, together) reaches half a bet over what last
 * reopened it (the whole unit under the full-bet rule); a seat nobody can
 * bet against and that owes nothing has no turn; a round ends when its queue
 * empties; seats all in still draw. */
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

static int end_betting_round(const struct badugi_tables *ts, tb_table *t, int64_t *rewards);

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

/* Seats still in with chips: those that can still bet (Ledger.able). */
static int able(const struct badugi_tables *ts, const tb_table *t)
{
    int count = 0;
    for (int s = 0; s < players(ts); s++) {
        count += !t->folded[s] && t->stacks[s] > 0;
    }
    return count;
}

/* Betting._skip_the_covered: with fewer than two seats able to bet, only seats that owe a call act. */
static void skip_the_covered(const struct badugi_tables *ts, tb_table *t)
{
    if (able(ts, t) >= 2) {
        return;
    }
    int kept = 0;
    for (int k = 0; k < t->qlen; k++) {
        int seat = t->queue[t->head + k];
        if (t->bets[seat] < t->current_bet) {
            t->queue[kept++] = (int8_t)seat;
        }
    }
    t->head = 0;
    t->qlen = kept;
}

static void open_betting(const struct badugi_tables *ts, tb_table *t, int index)
{
    t->phase = 0;
    t->round = index;
    memset(t->bets, 0, sizeof t->bets);
    t->current_bet = 0;
    t->full_bets = 0;
    t->last_full_bet = 0;
    t->reopened_at = 0;
    t->reopenings = 0;
    t->aggressor = -1;
    for (int s = 0; s < TB_SEATS; s++) {
        t->acted_seen[s] = -1;
        t->acted_reopens[s] = -1;
    }
    if (index > 0) {
        record(ts, t, TB_ROUND, -1, index, 0);
    }
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
    memcpy(t->stacks, t->start, sizeof t->stacks);
    memset(t->contrib, 0, sizeof t->contrib);
    memset(t->folded, 0, sizeof t->folded);
    memset(t->drawn, -1, sizeof t->drawn);
    t->in_hand = n;
    t->n_log = 0;
    t->n_acts = 0;
    t->burned = 0;
    open_betting(ts, t, 0);
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
        t->full_bets = 1; /* the big blind counts as the bet, and as one that reopened the betting */
        t->last_full_bet = t->reopened_at = c->big_blind;
        t->reopenings = 1;
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
    skip_the_covered(ts, t);
    if (t->qlen == 0) { /* every seat but one all in on the forced bets: on to the draw (draws >= 1) */
        end_betting_round(ts, t, NULL);
    }
}

static int64_t unit(const badugi_tables_config *c, int round) { return round < 2 ? c->small_bet : c->big_bet; }

/* FixedLimit._quote: 0 when the betting is capped, else 1 with the total a full bet or raise goes
 * to (one unit above the last full one, past every all-in for less since) and the total that
 * reopens the betting. */
static int quote(const badugi_tables_config *c, const tb_table *t, int64_t *total, int64_t *reopens)
{
    if (t->full_bets >= c->cap) {
        return 0;
    }
    int64_t u = unit(c, t->round), to = t->last_full_bet + u;
    if (to <= t->current_bet) {
        to += ((t->current_bet - to) / u + 1) * u;
    }
    int64_t half = t->reopened_at + (u + 1) / 2; /* half a bet or more (rounded up) */
    *total = to;
    *reopens = c->full_bet_rule || to < half ? to : half;
    return 1;
}

/* Betting.raise_blocker and the cap: whether the seat to act may bet or raise. */
static int may_raise(const struct badugi_tables *ts, const tb_table *t)
{
    int seat = t->queue[t->head];
    if (t->bets[seat] + t->stacks[seat] <= t->current_bet || able(ts, t) < 2) {
        return 0;
    }
    int seen = t->acted_seen[seat];
    int64_t reopens = t->acted_reopens[seat];
    if (seen >= 0 && t->reopenings <= seen && (reopens < 0 || t->current_bet < reopens)) {
        return 0; /* an all-in short of what reopens the betting, since the seat acted */
    }
    int64_t total, again;
    return quote(&ts->cfg, t, &total, &again);
}

/* The seat to act has checked or called: what would reopen the betting for it from here. */
static void acted(const struct badugi_tables *ts, tb_table *t, int seat)
{
    int64_t total, reopens;
    t->acted_seen[seat] = t->reopenings;
    t->acted_reopens[seat] = quote(&ts->cfg, t, &total, &reopens) ? reopens : -1;
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

/* The next hand's stacks: this one's as it ended them with carry_stacks, unless a seat is left
 * short of the least stack (then every seat, like every hand without carry_stacks, starts afresh). */
static void carry(const struct badugi_tables *ts, tb_table *t, const int64_t *rewards)
{
    const badugi_tables_config *c = &ts->cfg;
    memcpy(t->last_start, t->start, sizeof t->start);
    int64_t least = badugi_tables_least_stack(c), next[TB_SEATS] = {0};
    int carried = c->carry_stacks;
    for (int s = 0; s < c->players; s++) {
        next[s] = t->start[s] + rewards[s];
        carried &= next[s] >= least;
    }
    memcpy(t->start, carried ? next : c->stacks, sizeof t->start);
    t->fresh = !carried;
}

static int finish(const struct badugi_tables *ts, tb_table *t, int64_t *rewards)
{
    int n = players(ts);
    int64_t payouts[TB_SEATS];
    tb_payouts(ts, t, payouts);
    for (int s = 0; s < n; s++) {
        rewards[s] = payouts[s] - t->contrib[s];
    }
    carry(ts, t, rewards);
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
    int n = players(ts);
    t->phase = 1;
    t->burned = 0;
    t->head = 0;
    t->qlen = 0;
    for (int k = 1; k <= n; k++) { /* every seat still in draws, all in or not */
        int seat = (t->button + k) % n;
        if (!t->folded[seat]) {
            t->queue[t->qlen++] = (int8_t)seat;
        }
    }
    record(ts, t, TB_DRAW_ROUND, -1, t->round + 1, 0);
    return 0;
}

/* The next betting round, from the first seat left of the button; over at once (on to the next
 * draw, or the showdown) if nobody in it has a decision. */
static int open_round(const struct badugi_tables *ts, tb_table *t, int index, int64_t *rewards)
{
    open_betting(ts, t, index);
    queue_from(ts, t, (t->button + 1) % players(ts), -1);
    skip_the_covered(ts, t);
    return t->qlen == 0 ? end_betting_round(ts, t, rewards) : 0;
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
        return t->qlen == 0 ? open_round(ts, t, t->round + 1, rewards) : 0;
    }
    if (action == 0) {
        t->folded[seat] = 1;
        t->in_hand--;
        tb_deck_muck(&t->deck, t->hands[seat], c->hand_size);
        record(ts, t, TB_FOLD, seat, 0, 0);
        pop(t);
        skip_the_covered(ts, t);
    } else if (action == 1) {
        int64_t owed = t->current_bet - t->bets[seat];
        if (owed == 0) {
            record(ts, t, TB_CHECK, seat, 0, 0);
        } else {
            int64_t amount = owed < t->stacks[seat] ? owed : t->stacks[seat]; /* all in for less */
            put_in(t, seat, amount);
            t->bets[seat] += amount;
            record(ts, t, TB_CALL, seat, amount, t->bets[seat]);
        }
        acted(ts, t, seat);
        pop(t);
        if (t->stacks[seat] == 0) { /* all in: it may leave one seat nobody can bet against */
            skip_the_covered(ts, t);
        }
    } else {
        int64_t full_total, reopens;
        quote(c, t, &full_total, &reopens); /* tb_legal allowed the raise: the betting is not capped */
        int64_t most = t->bets[seat] + t->stacks[seat];
        int64_t total = full_total < most ? full_total : most; /* all in for less if short */
        int full = total >= full_total;
        record(ts, t, t->current_bet == 0 ? TB_BET : TB_RAISE, seat, total, full);
        put_in(t, seat, total - t->bets[seat]);
        t->bets[seat] = total;
        t->current_bet = total;
        if (full) {
            t->last_full_bet = total;
            t->full_bets++;
        }
        if (total >= reopens) {
            t->reopened_at = total;
            t->reopenings++;
        }
        acted(ts, t, seat);
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
