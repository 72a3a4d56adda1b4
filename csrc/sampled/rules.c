/* The rules of a heads-up fixed-limit hand on its public state: the forced bets, the betting, the
 * draws' counts and the stub's size. The same rules as badugi.adapters.TableState (the engine's
 * chips, the adapters' deck) and engine.Hand heads-up, where they share a game:
 *
 *   - seat 1 has the button: it posts the small blind and acts first before the first draw; seat 0
 *     posts the big blind, acts first on every later round and draws first; without blinds seat 0
 *     acts first on every round;
 *   - a bet or raise is one unit above the bet to match (the small bet on rounds 0 and 1, the big
 *     bet after), at most cap a round, the big blind counting as one; a fold is offered only
 *     facing a bet (a fold that could check is never better; the adapters leave it out too);
 *   - a round ends when both seats have acted since the last raise; after the last round's the
 *     hand goes to the showdown;
 *   - a seat throws at most what the stub and a reshuffle of the pile can replace: the stub's
 *     last card is never dealt, and when the stub is down to it the pile (not the drawer's own
 *     discards, which join it after its draw) is shuffled in with it.
 *
 * Nobody can be all in: the checks refuse a stack that does not cover the most a seat can put in. */
#include <string.h>

#include "sampled.h"

static int32_t unit_of(const sc_rules *rules, int round) { return round < 2 ? rules->small_bet : rules->big_bet; }

/* The most a seat can put in a hand: the ante, and every round's bets to the cap. */
static int64_t most_put_in(const badugi_sampled_rules *g)
{
    int64_t total = g->ante;
    for (int round = 0; round <= g->draws; round++) {
        int64_t unit = round < 2 ? g->small_bet : g->big_bet;
        total += round == 0 && g->big_blind > 0 ? g->big_blind + (int64_t)(g->cap - 1) * unit : (int64_t)g->cap * unit;
    }
    return total;
}

int sc_rules_check(const badugi_sampled_rules *given, sc_rules *out)
{
    if (given == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    const badugi_sampled_rules *g = given;
    if (g->n_deck < 2 * SC_CARDS + 1 || g->n_deck > 52 || g->draws < 0 || g->draws > SC_DRAWS || g->cap < 1 ||
        g->cap > BADUGI_SAMPLED_MOST_CAP) {
        return BADUGI_E_ARGUMENT;
    }
    if (g->small_bet < 1 || g->big_bet < 1 || g->small_blind < 0 || g->big_blind < 0 || g->ante < 0 ||
        g->stack < 1 || (g->small_blind == 0) != (g->big_blind == 0) || g->small_blind > g->big_blind ||
        (g->big_blind == 0 && g->ante == 0)) {
        return BADUGI_E_ARGUMENT;
    }
    if (g->small_bet > BADUGI_SAMPLED_MOST_CHIPS || g->big_bet > BADUGI_SAMPLED_MOST_CHIPS ||
        g->big_blind > BADUGI_SAMPLED_MOST_CHIPS || g->ante > BADUGI_SAMPLED_MOST_CHIPS) {
        return BADUGI_E_ARGUMENT;
    }
    int64_t most = most_put_in(g);
    if (most > BADUGI_SAMPLED_MOST_CHIPS || most >= g->stack) {
        return BADUGI_E_ARGUMENT;
    }
    memset(out, 0, sizeof *out);
    memset(out->position, -1, sizeof out->position);
    for (int i = 0; i < g->n_deck; i++) {
        if (g->deck[i] >= 52 || (i > 0 && g->deck[i] <= g->deck[i - 1])) {
            return BADUGI_E_ARGUMENT;
        }
        out->deck[i] = g->deck[i];
        out->position[g->deck[i]] = (int8_t)i;
    }
    out->n_deck = g->n_deck;
    out->draws = g->draws;
    out->cap = g->cap;
    out->small_bet = g->small_bet;
    out->big_bet = g->big_bet;
    out->small_blind = g->small_blind;
    out->big_blind = g->big_blind;
    out->ante = g->ante;
    /* With a stub of at least 8 cards a draw, plus its last, no draw is ever capped. */
    out->short_stub = g->n_deck < 2 * SC_CARDS + 1 + 2 * SC_CARDS * g->draws;
    return 0;
}

void sc_public_start(const sc_rules *rules, sc_public *p)
{
    memset(p, 0, sizeof *p);
    memset(p->drawn, -1, sizeof p->drawn);
    for (int r = 0; r <= SC_DRAWS; r++) {
        p->seq[r] = 1;
    }
    p->contrib[0] = p->contrib[1] = rules->ante;
    p->phase = SC_BET;
    p->folded = -1;
    p->to_act = 3;
    p->n_stub = (int8_t)(rules->n_deck - 2 * SC_CARDS);
    if (rules->big_blind > 0) {
        p->bet[1] = rules->small_blind;
        p->bet[0] = rules->big_blind;
        p->contrib[1] += rules->small_blind;
        p->contrib[0] += rules->big_blind;
        p->bets = 1; /* the big blind counts toward the cap */
        p->actor = 1;
    }
}

int sc_bets_allowed(const sc_rules *rules, const sc_public *p)
{
    if (p->phase != SC_BET) {
        return 0;
    }
    int allowed = 1 << SC_CALL;
    int32_t high = p->bet[0] > p->bet[1] ? p->bet[0] : p->bet[1];
    if (p->bet[p->actor] < high) {
        allowed |= 1 << SC_FOLD;
    }
    if (p->bets < rules->cap) {
        allowed |= 1 << SC_RAISE;
    }
    return allowed;
}

int sc_most_thrown(const sc_rules *rules, const sc_public *p)
{
    (void)rules;
    int most = p->n_stub + p->n_discards - 1;
    return most < 0 ? 0 : most > SC_CARDS ? SC_CARDS : most;
}

static void end_betting_round(const sc_rules *rules, sc_public *p)
{
    if (p->round == rules->draws) {
        p->phase = SC_SHOWDOWN;
        p->actor = -1;
        return;
    }
    p->phase = SC_DRAW;
    p->actor = 0;
}

int sc_public_bet(const sc_rules *rules, sc_public *p, int action)
{
    if (action < 0 || action > SC_RAISE || !(sc_bets_allowed(rules, p) >> action & 1)) {
        return BADUGI_E_ARGUMENT;
    }
    int seat = p->actor;
    if (action == SC_FOLD) {
        p->folded = (int8_t)seat;
        p->phase = SC_FOLDED;
        p->actor = -1;
        return 0;
    }
    int32_t high = p->bet[0] > p->bet[1] ? p->bet[0] : p->bet[1];
    int32_t to = action == SC_RAISE ? high + unit_of(rules, p->round) : high;
    p->contrib[seat] += to - p->bet[seat];
    p->bet[seat] = to;
    p->seq[p->round] = (uint16_t)(p->seq[p->round] << 1 | (action == SC_RAISE));
    if (action == SC_RAISE) {
        p->bets++;
        p->to_act = (int8_t)(1 << (1 - seat));
    } else {
        p->to_act &= (int8_t)~(1 << seat);
    }
    if (p->to_act == 0) {
        end_betting_round(rules, p);
    } else {
        p->actor = (int8_t)(1 - seat);
    }
    return 0;
}

int sc_public_draw(const sc_rules *rules, sc_public *p, int count)
{
    if (p->phase != SC_DRAW || count < 0 || count > sc_most_thrown(rules, p)) {
        return BADUGI_E_ARGUMENT;
    }
    for (int need = count; need > 0; need--) {
        if (p->n_stub < 2) { /* the reshuffle: the pile joins the stub's last card */
            p->n_stub = (int8_t)(p->n_stub + p->n_discards);
            p->n_discards = 0;
        }
        p->n_stub--;
    }
    p->n_discards = (int8_t)(p->n_discards + count);
    p->drawn[p->actor][p->round] = (int8_t)count;
    if (p->actor == 0) {
        p->actor = 1;
        return 0;
    }
    p->round++;
    p->phase = SC_BET;
    p->bet[0] = p->bet[1] = 0;
    p->bets = 0;
    p->to_act = 3;
    p->actor = 0;
    return 0;
}

int32_t sc_payoff0(const sc_public *p, int rank0, int rank1)
{
    if (p->phase == SC_FOLDED) {
        return p->folded == 0 ? -p->contrib[0] : p->contrib[1];
    }
    /* Both seats put in the same at a showdown: the winner takes the other's, a tie splits. */
    return rank0 < rank1 ? p->contrib[1] : rank0 > rank1 ? -p->contrib[0] : 0;
}
