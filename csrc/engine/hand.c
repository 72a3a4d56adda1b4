/* engine.Tables' hand: antes and blinds, the deal, the betting (fixed limit,
 * pot limit, half-pot limit) and the draws, in the order Hand plays them
 * (badugi.engine.hand and betting): the first round starts left of the big
 * blind (heads-up, with the button, who posts the small blind); every later
 * round and every draw starts with the first seat still in left of the
 * button. A seat short of a call or a raise goes all in for less. As
 * engine.betting and engine.structures rule it: in fixed limit a bet or raise
 * goes one unit above the last full one, an all-in short of it counts toward
 * no cap, and reopens the betting for seats that acted only if it (or the
 * all-ins since they acted, together) reaches half a bet over what last
 * reopened it (the whole unit under the full-bet rule); in the pot limits a
 * bet or raise goes at least the last full raise (or the smallest bet) over
 * the bet and at most the pot after calling (or half of it) over it, and only
 * a full one reopens. A seat nobody can bet against and that owes nothing has
 * no turn; a round ends when its queue empties; seats all in still draw. */
#include <string.h>

#include "deck.h"
#include "hand.h"
#include "payouts.h"
#include "record.h"
#include "rng.h"

/* The least stack a seat may start a hand with (badugi.h): the check of api.c and of state.c's
 * carried stacks, and the rule the forced bets play by. */
int64_t badugi_tables_least_stack(const badugi_tables_config *c)
{
    if (c == NULL) {
        return BADUGI_E_NULL;
    }
    /* A seat may go all in on the forced bets; with a draw to come the hand still has a turn. */
    return c->draws == 0 ? c->ante + (c->blinds ? c->big_blind : 0) + 1 : 1;
}

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

/* seat + k around a table of n (k from 0 to n): a subtraction, not a division. */
static inline int around(int seat, int k, int n)
{
    int next = seat + k;
    return next >= n ? next - n : next;
}

static int end_betting_round(const struct badugi_tables *ts, tb_table *t, int64_t *rewards);
static void set_moves(const struct badugi_tables *ts, tb_table *t);

static void record(tb_table *t, int kind, int seat, int64_t a, int64_t b)
{
    tb_record(t, kind, seat, a, b, NULL, 0, NULL, 0);
}

/* Chips from a seat still in: one that puts in its last is no longer able to bet. */
static void put_in(tb_table *t, int seat, int64_t amount)
{
    int spent = amount > 0 && t->stacks[seat] == amount;
    t->able = (int8_t)(t->able - spent);
    t->active = (uint8_t)(t->active & ~((unsigned)spent << seat));
    t->stacks[seat] = (tb_chips)(t->stacks[seat] - amount); /* amount is at most the stack */
    t->contrib[seat] = (tb_chips)(t->contrib[seat] + amount);
}

/* The seats of the mask (a bit a seat) from first clockwise, into the queue: those in with chips
 * (t->active) to bet, those in at all to draw. Built in a local array with no branch on a seat
 * (each written, the count moved on only if it counts: which seats are in is the play's, and a
 * branch on it is mispredicted), then stored at once. */
static void queue_seats(const struct badugi_tables *ts, tb_table *t, int first, unsigned seats)
{
    int n = players(ts), len = 0;
    int8_t queue[TB_SEATS] = {0};
    for (int k = 0, seat = first; k < n; k++, seat = seat + 1 == n ? 0 : seat + 1) {
        queue[len] = (int8_t)seat;
        len += (int)(seats >> seat & 1);
    }
    memcpy(t->queue, queue, sizeof queue);
    t->head = 0;
    t->qlen = (int8_t)len;
}

/* Betting._skip_the_covered: with fewer than two seats able to bet, only seats that owe a call act. */
static void skip_the_covered(tb_table *t)
{
    if (t->able >= 2) {
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
    t->qlen = (int8_t)kept;
}

static void open_betting(tb_table *t, int index)
{
    t->quote_fresh = 0;
    t->phase = 0;
    t->round = (int8_t)index;
    memset(t->bets, 0, sizeof t->bets);
    t->current_bet = 0;
    t->full_bets = 0;
    t->last_full_bet = 0;
    t->last_raise = 0;
    t->reopened_at = 0;
    t->reopenings = 0;
    t->aggressor = -1;
    for (int s = 0; s < TB_SEATS; s++) {
        t->acted_seen[s] = -1;
        t->acted_reopens[s] = -1;
    }
    if (index > 0) {
        record(t, TB_ROUND, -1, index, 0);
    }
}

void tb_start_hand(const struct badugi_tables *ts, tb_table *t)
{
    const badugi_tables_config *c = &ts->cfg;
    int n = c->players;
    t->seed = hand_seed(ts->seed, t->index, t->hand_number);
    t->button = (int32_t)(t->hand_number % (uint64_t)n);
    if (c->deal == BADUGI_DEAL_HAND) { /* as Hand(seed=...) shuffles: Python's generator, 3.5 us */
        uint8_t *order = t->deck.stack;
        tb_mt deal;
        tb_rng_seed(&deal, &ts->mt_base, "badugi-deal-", t->seed);
        for (int i = 0; i < 52; i++) {
            order[i] = (uint8_t)i;
        }
        tb_shuffle(order, 52, &deal);
    }
    tb_deck_start(&t->deck, c->deal == BADUGI_DEAL_FAST, t->seed);
    for (int s = 0; s < TB_SEATS; s++) {
        t->stacks[s] = (tb_chips)t->start[s]; /* a hand starts from at most a table's chips */
    }
    memset(t->contrib, 0, sizeof t->contrib);
    memset(t->folded, 0, sizeof t->folded);
    memset(t->drawn, -1, sizeof t->drawn);
    t->in_hand = (int8_t)n;
    t->able = (int8_t)n; /* every seat starts a hand with chips */
    t->active = (uint8_t)((1u << n) - 1);
    t->n_acts = 0;
    t->burned = 0;
    open_betting(t, 0);
    int button = t->button;
    if (c->ante) {
        for (int k = 1; k <= n; k++) {
            int seat = around(button, k, n);
            int64_t amount = c->ante < t->stacks[seat] ? c->ante : t->stacks[seat];
            put_in(t, seat, amount);
            record(t, TB_ANTE, seat, amount, t->stacks[seat] == 0);
        }
    }
    int first = around(button, 1, n);
    if (c->blinds) {
        int small_seat = n == 2 ? button : around(button, 1, n);
        int big_seat = around(small_seat, 1, n);
        int64_t amounts[2] = {c->small_blind, c->big_blind};
        int seats[2] = {small_seat, big_seat};
        for (int b = 0; b < 2; b++) {
            int64_t posted = amounts[b] < t->stacks[seats[b]] ? amounts[b] : t->stacks[seats[b]];
            put_in(t, seats[b], posted);
            t->bets[seats[b]] = (tb_chips)(t->bets[seats[b]] + posted);
            record(t, TB_BLIND, seats[b], posted, b);
        }
        t->current_bet = (tb_chips)(c->big_blind > t->bets[small_seat] ? c->big_blind : t->bets[small_seat]);
        t->full_bets = 1; /* the big blind counts as the bet, and as one that reopened the betting */
        t->quote_fresh = 0;
        t->last_full_bet = t->reopened_at = t->last_raise = (tb_chips)c->big_blind; /* at most TB_MAX_CHIPS */
        t->reopenings = 1;
        first = n == 2 ? small_seat : around(big_seat, 1, n);
    }
    int size = c->hand_size;
    uint8_t dealt[TB_SEATS * TB_CARDS];
    tb_deck_deal(&t->deck, dealt, size * n); /* one card at a time from the button's left */
    for (int k = 1; k <= n; k++) {           /* the seat k places left of the button: every n-th card */
        uint8_t *hand = t->hands[around(button, k, n)];
        for (int card = 0; card < size; card++) {
            hand[card] = dealt[card * n + k - 1];
        }
    }
    for (int seat = 0; seat < n; seat++) {
        tb_record(t, TB_DEAL, seat, 0, 0, t->hands[seat], size, NULL, 0);
    }
    queue_seats(ts, t, first, t->active);
    skip_the_covered(t);
    if (t->qlen == 0) { /* every seat but one all in on the forced bets: on to the draw (draws >= 1) */
        end_betting_round(ts, t, NULL);
    }
    set_moves(ts, t);
}

static int64_t unit(const badugi_tables_config *c, int round) { return round < 2 ? c->small_bet : c->big_bet; }

/* The structure's quote for a bet or raise by seat (Structure._quote): 0 when the betting is
 * capped, else 1 with the least and the most total a full one goes to and the total that reopens
 * the betting. Fixed limit: one unit above the last full bet (past every all-in for less since),
 * least and most alike, reopening at half a bet over what last reopened it (or the full bet). The
 * pot limits: at least the last full raise (or the smallest bet) over the bet, at most the pot
 * after calling (or half of it, rounded down) over it; only a full raise reopens. */
static int quote(const badugi_tables_config *c, const tb_table *t, int seat, int64_t *full, int64_t *most,
                 int64_t *reopens)
{
    if (c->structure != BADUGI_STRUCTURE_FIXED) {
        int64_t pot = 0;
        for (int s = 0; s < c->players; s++) {
            pot += t->contrib[s];
        }
        int64_t after_call = pot + t->current_bet - t->bets[seat];
        int64_t least = t->current_bet + (t->last_raise > c->smallest_bet ? t->last_raise : c->smallest_bet);
        int64_t top = t->current_bet + (c->structure == BADUGI_STRUCTURE_POT ? after_call : after_call / 2);
        *full = *reopens = least;
        *most = top > least ? top : least;
        return 1;
    }
    if (t->full_bets >= c->cap) {
        return 0;
    }
    int64_t u = unit(c, t->round), to = t->last_full_bet + u;
    if (to <= t->current_bet) {
        to += ((t->current_bet - to) / u + 1) * u;
    }
    int64_t half = t->reopened_at + (u + 1) / 2; /* half a bet or more (rounded up) */
    *full = *most = to;
    *reopens = c->full_bet_rule || to < half ? to : half;
    return 1;
}

/* Betting.raise_blocker and the cap: whether the seat to act may bet or raise (t->quoted set). */
static int may_raise(const tb_table *t)
{
    int seat = t->queue[t->head];
    if (!t->quoted || t->bets[seat] + t->stacks[seat] <= t->current_bet || t->able < 2) {
        return 0;
    }
    int seen = t->acted_seen[seat];
    int64_t reopens = t->acted_reopens[seat];
    return !(seen >= 0 && t->reopenings <= seen && (reopens < 0 || t->current_bet < reopens));
}

/* The seat to act has checked or called (quoted: the betting's quote, unchanged by a check or a
 * call), or raised (the quote made afresh): what would reopen the betting for it from here. */
static void acted(tb_table *t, int seat, int quoted, int64_t reopens)
{
    t->acted_seen[seat] = t->reopenings;
    t->acted_reopens[seat] = quoted ? tb_chips_of(reopens) : -1;
}

/* value within [low, high] (low <= high). */
static int64_t clamp(int64_t value, int64_t low, int64_t high)
{
    return value < low ? low : value > high ? high : value;
}

/* What the seat to act may do now (tb_table.moves), and in a betting round the quote of its bet
 * or raise and the menu's totals: made once a turn, for the mask, the check and the bet alike.
 * The least bet is the structure's least (all in for less if short); in the pot limits the half-pot
 * bet goes to half the pot after calling over the bet, the pot bet to the whole of it, each within
 * what the structure and the stack allow, and each only if it is more than the one before. */
static void set_moves(const struct badugi_tables *ts, tb_table *t)
{
    if (t->qlen == 0) {
        t->moves = 0;
        return;
    }
    if (t->phase == 1) {
        t->moves = TB_MAY_DRAW;
        return;
    }
    const badugi_tables_config *c = &ts->cfg;
    int seat = t->queue[t->head];
    int64_t full, most = 0, reopens;
    /* Fixed limit's quote is the seat's as well as the last one's until a bet, a raise or a new round
     * (a check, a call or a fold changes nothing it is made of); the pot limits' most is the seat's. */
    if (!t->quote_fresh || c->structure != BADUGI_STRUCTURE_FIXED) {
        t->quoted = (int8_t)quote(c, t, seat, &full, &most, &reopens);
        t->quote_full = tb_chips_of(full);
        t->quote_reopens = tb_chips_of(reopens);
        t->quote_fresh = 1;
    }
    int moves = TB_MAY_FOLD | TB_MAY_CALL;
    if (may_raise(t)) {
        int64_t all_in = (int64_t)t->bets[seat] + t->stacks[seat];
        int64_t low = t->quote_full < all_in ? t->quote_full : all_in;
        t->menu[0] = (tb_chips)low; /* each bet of the menu is at most the seat's chips */
        moves |= TB_MAY_RAISE;
        if (c->structure != BADUGI_STRUCTURE_FIXED) {
            int64_t high = most < all_in ? most : all_in;
            int64_t pot = 0;
            for (int s = 0; s < c->players; s++) {
                pot += t->contrib[s];
            }
            int64_t after_call = pot + t->current_bet - t->bets[seat];
            t->menu[1] = (tb_chips)clamp(t->current_bet + after_call / 2, low, high);
            t->menu[2] = (tb_chips)clamp(t->current_bet + after_call, low, high);
            moves |= (t->menu[1] > t->menu[0] ? TB_MAY_HALF_POT : 0) | (t->menu[2] > t->menu[1] ? TB_MAY_POT : 0);
        }
    }
    t->moves = (uint8_t)moves;
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
    record(t, TB_END, -1, last_round ? t->aggressor : -1, 0);
    t->log = NULL; /* a replay for a history records its one hand, not the next */
    uint8_t *acts = t->last_acts;
    t->last_acts = t->acts;
    t->acts = acts;
    t->n_last_acts = t->n_acts;
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
    unsigned in = 0;
    for (int seat = 0; seat < n; seat++) { /* every seat still in draws, all in or not */
        in |= (unsigned)!t->folded[seat] << seat;
    }
    queue_seats(ts, t, around(t->button, 1, n), in);
    record(t, TB_DRAW_ROUND, -1, t->round + 1, 0);
    return 0;
}

/* The next betting round, from the first seat left of the button; over at once (on to the next
 * draw, or the showdown) if nobody in it has a decision. */
static int open_round(const struct badugi_tables *ts, tb_table *t, int index, int64_t *rewards)
{
    open_betting(t, index);
    queue_seats(ts, t, around(t->button, 1, players(ts)), t->active);
    skip_the_covered(t);
    return t->qlen == 0 ? end_betting_round(ts, t, rewards) : 0;
}

/* cards[i] and cards[j] in increasing order, without a branch. */
#define ORDER(cards, i, j)                                                                          \
    do {                                                                                            \
        uint8_t a_ = (cards)[i], b_ = (cards)[j], low_ = a_ < b_ ? a_ : b_;                         \
        (cards)[i] = low_;                                                                          \
        (cards)[j] = (uint8_t)(a_ ^ b_ ^ low_);                                                     \
    } while (0)

/* cards[0..size) in increasing id order, by a sorting network (Knuth's for four and for five:
 * five and nine compare-exchanges, no branch to mispredict). */
static void sort_cards(uint8_t *cards, int size)
{
    if (size == 4) {
        ORDER(cards, 0, 1);
        ORDER(cards, 2, 3);
        ORDER(cards, 0, 2);
        ORDER(cards, 1, 3);
        ORDER(cards, 1, 2);
        return;
    }
    ORDER(cards, 0, 1);
    ORDER(cards, 3, 4);
    ORDER(cards, 2, 4);
    ORDER(cards, 2, 3);
    ORDER(cards, 0, 3);
    ORDER(cards, 0, 2);
    ORDER(cards, 1, 4);
    ORDER(cards, 1, 3);
    ORDER(cards, 1, 2);
}

static int draw(const struct badugi_tables *ts, tb_table *t, int seat, int mask)
{
    const badugi_tables_config *c = &ts->cfg;
    int size = c->hand_size;
    uint8_t *hand = t->hands[seat];
    uint8_t sorted[TB_CARDS], thrown[TB_CARDS], kept[TB_CARDS], received[TB_CARDS];
    int n = 0, k = 0;
    if (mask != 0) { /* standing pat changes no card */
        for (int i = 0; i < size; i++) {
            sorted[i] = hand[i];
        }
        sort_cards(sorted, size);
        /* Without a branch on the cards (which are thrown is the caller's choice, and a branch on it
         * is mispredicted half the time): each card written, the count moved on only if it counts. */
        uint64_t out = 0;
        for (int i = 0; i < size; i++) { /* bit i of the mask throws card i in id order */
            int throws = mask >> i & 1;
            thrown[n] = sorted[i];
            n += throws;
            out |= (uint64_t)throws << sorted[i];
        }
        for (int i = 0; i < size; i++) { /* what it keeps, in its order */
            kept[k] = hand[i];
            k += (int)(~out >> hand[i] & 1);
        }
        int rc = tb_deck_replace(ts, t, thrown, n, c->burn && !t->burned, received);
        if (rc < 0) {
            return rc;
        }
        if (c->burn) {
            t->burned = 1;
        }
        for (int i = 0; i < k; i++) { /* what it kept, then what it received */
            hand[i] = kept[i];
        }
        for (int i = 0; i < n; i++) {
            hand[k + i] = received[i];
        }
    }
    t->drawn[seat][t->round] = (int8_t)n;
    tb_record(t, TB_DRAW, seat, 0, 0, thrown, n, received, n);
    return 0;
}

static int act(const struct badugi_tables *ts, tb_table *t, int action, int64_t *rewards);

int tb_act(const struct badugi_tables *ts, tb_table *t, int action, int64_t *rewards)
{
    int done = act(ts, t, action, rewards);
    if (!done) { /* a new hand's are set already */
        set_moves(ts, t);
    }
    return done;
}

static int act(const struct badugi_tables *ts, tb_table *t, int action, int64_t *rewards)
{
    const badugi_tables_config *c = &ts->cfg;
    int n = players(ts);
    int seat = t->queue[t->head];
    if (t->n_acts < c->log_capacity) { /* a hand makes at least a record an action: never full */
        t->acts[t->n_acts++] = (uint8_t)action;
    } else {
        t->error = BADUGI_E_MEMORY;
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
        t->able = (int8_t)(t->able - (t->stacks[seat] > 0));
        t->active = (uint8_t)(t->active & ~(1u << seat));
        tb_deck_muck(&t->deck, t->hands[seat], c->hand_size);
        record(t, TB_FOLD, seat, 0, 0);
        pop(t);
        skip_the_covered(t);
    } else if (action == 1) {
        /* A check is a call of nothing: one path for both, no branch on which (the caller's). */
        int64_t owed = t->current_bet - t->bets[seat];
        int64_t amount = owed < t->stacks[seat] ? owed : t->stacks[seat]; /* all in for less */
        put_in(t, seat, amount);
        t->bets[seat] = (tb_chips)(t->bets[seat] + amount);
        if (t->log != NULL) {
            record(t, owed ? TB_CALL : TB_CHECK, seat, amount, owed ? t->bets[seat] : 0);
        }
        acted(t, seat, t->quoted, t->quote_reopens);
        pop(t);
        if (t->stacks[seat] == 0) { /* all in: it may leave one seat nobody can bet against */
            skip_the_covered(t);
        }
    } else { /* a bet or raise of the menu: the least, or in the pot limits half the pot or the pot */
        tb_chips total = t->menu[action == 2 ? 0 : action - ts->draw_end + 1];
        int full = total >= t->quote_full; /* else all in for less */
        tb_chips previous = t->current_bet;
        record(t, previous == 0 ? TB_BET : TB_RAISE, seat, total, full);
        put_in(t, seat, total - t->bets[seat]);
        t->bets[seat] = total;
        t->current_bet = total;
        if (full) {
            t->last_full_bet = total;
            t->last_raise = total - previous;
            t->full_bets++;
        }
        if (total >= t->quote_reopens) {
            t->reopened_at = total;
            t->reopenings++;
        }
        t->quote_fresh = 0;
        int64_t again_full, again_most, again_reopens; /* the bet moved: what reopens it for the raiser */
        int again = quote(c, t, seat, &again_full, &again_most, &again_reopens);
        acted(t, seat, again, again_reopens);
        t->aggressor = (int8_t)seat;
        queue_seats(ts, t, around(seat, 1, n), t->active & ~(1u << seat));
    }
    if (t->in_hand == 1) {
        return finish(ts, t, rewards);
    }
    if (t->qlen == 0) {
        return end_betting_round(ts, t, rewards);
    }
    return 0;
}
