/* The checked entry points of sampled CFR (badugi.h). Each checks its sizes, its pointers and every
 * value before it reads or writes, and returns a negative error code for anything out of range. */
#include <stdlib.h>
#include <string.h>

#include "sampled.h"

static int check_abstraction(const sc_rules *rules, const badugi_sampled_abstraction *g)
{
    if (g == NULL) {
        return BADUGI_E_NULL;
    }
    if (g->cards == BADUGI_SAMPLED_EXACT) {
        return rules->n_deck <= BADUGI_SAMPLED_EXACT_MOST_DECK ? 0 : BADUGI_E_ARGUMENT;
    }
    if (g->cards != BADUGI_SAMPLED_BUCKETS || g->remember_bets < 0 || g->remember_bets > 1 ||
        g->remember_draws < 0 || g->remember_draws > SC_DRAWS) {
        return BADUGI_E_ARGUMENT;
    }
    return 0;
}

int badugi_sampled_new(const badugi_sampled_rules *rules, const badugi_sampled_abstraction *abstraction,
                       int64_t most_slots, badugi_sampled **out)
{
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    *out = NULL;
    if (most_slots < 1) {
        return BADUGI_E_ARGUMENT;
    }
    badugi_sampled *solver = calloc(1, sizeof *solver);
    if (solver == NULL) {
        return BADUGI_E_MEMORY;
    }
    int status = sc_rules_check(rules, &solver->rules);
    if (status == 0) {
        status = check_abstraction(&solver->rules, abstraction);
    }
    if (status == 0) {
        solver->exact = abstraction->cards == BADUGI_SAMPLED_EXACT;
        int64_t most_nodes = most_slots < INT32_MAX ? most_slots : INT32_MAX;
        status = sc_automaton_build(&solver->rules, solver->exact, abstraction->remember_bets,
                                    abstraction->remember_draws, most_nodes, &solver->automaton);
    }
    if (status == 0) {
        status = sc_slots_build(&solver->rules, &solver->automaton, abstraction, most_slots, &solver->slots);
    }
    if (status == 0) {
        size_t n = (size_t)solver->slots.slots + 1;
        solver->regret = calloc(n, sizeof *solver->regret);
        solver->delta = calloc(n, sizeof *solver->delta);
        solver->average = calloc(n, sizeof *solver->average);
        if (solver->regret == NULL || solver->delta == NULL || solver->average == NULL) {
            status = BADUGI_E_MEMORY;
        }
    }
    if (status != 0) {
        badugi_sampled_free(solver);
        return status;
    }
    *out = solver;
    return 0;
}

void badugi_sampled_free(badugi_sampled *solver)
{
    if (solver == NULL) {
        return;
    }
    badugi_pool_free(solver->pool);
    sc_automaton_free(&solver->automaton);
    sc_slots_free(&solver->slots);
    free(solver->regret);
    free(solver->delta);
    free(solver->average);
    for (size_t c = 0; c < solver->n_chunks; c++) {
        free(solver->touched[c]);
    }
    free(solver->touched);
    free(solver->n_touched);
    free(solver->touched_size);
    free(solver);
}

int badugi_sampled_sizes(const badugi_sampled *solver, int64_t *out, size_t n)
{
    if (solver == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    if (n != 4) {
        return BADUGI_E_ARGUMENT;
    }
    out[0] = solver->slots.slots;
    out[1] = solver->slots.infosets;
    out[2] = solver->automaton.n_nodes;
    out[3] = solver->automaton.n_terminals;
    return 0;
}

int badugi_sampled_iterate(badugi_sampled *solver, const badugi_sampled_run *run)
{
    if (solver == NULL) {
        return BADUGI_E_NULL;
    }
    int status = sc_check_run(run);
    return status != 0 ? status : sc_iterate(solver, run);
}

int badugi_sampled_sample(badugi_sampled *solver, const badugi_sampled_run *run)
{
    if (solver == NULL) {
        return BADUGI_E_NULL;
    }
    int status = sc_check_run(run);
    return status != 0 ? status : sc_sample(solver, run);
}

int badugi_sampled_commit(badugi_sampled *solver, const badugi_sampled_run *run, uint64_t end)
{
    if (solver == NULL) {
        return BADUGI_E_NULL;
    }
    int status = sc_check_run(run);
    return status != 0 ? status : sc_commit(solver, run, end);
}

static int64_t *array_of(const badugi_sampled *solver, int which)
{
    switch (which) {
    case BADUGI_SAMPLED_REGRET:
        return solver->regret;
    case BADUGI_SAMPLED_AVERAGE:
        return solver->average;
    case BADUGI_SAMPLED_DELTA:
        return solver->delta;
    default:
        return NULL;
    }
}

int badugi_sampled_get(const badugi_sampled *solver, int which, int64_t *out, size_t n)
{
    if (solver == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    int64_t *array = array_of(solver, which);
    if (array == NULL || n != (size_t)solver->slots.slots) {
        return BADUGI_E_ARGUMENT;
    }
    memcpy(out, array, n * sizeof *out);
    return 0;
}

static int change(badugi_sampled *solver, int which, const int64_t *values, size_t n, int add)
{
    if (solver == NULL || values == NULL) {
        return BADUGI_E_NULL;
    }
    int64_t *array = array_of(solver, which);
    if (array == NULL || n != (size_t)solver->slots.slots) {
        return BADUGI_E_ARGUMENT;
    }
    for (size_t i = 0; i < n; i++) {
        array[i] = add ? array[i] + values[i] : values[i];
    }
    if (which == BADUGI_SAMPLED_DELTA) {
        solver->dense_delta = 1;
    }
    return 0;
}

int badugi_sampled_set(badugi_sampled *solver, int which, const int64_t *values, size_t n)
{
    return change(solver, which, values, n, 0);
}

int badugi_sampled_add(badugi_sampled *solver, int which, const int64_t *values, size_t n)
{
    return change(solver, which, values, n, 1);
}

/* Follows view through the rules: the node where its seat is to act, the hand it holds and its record. */
static int read_view(const badugi_sampled *solver, const badugi_sampled_view *view, int32_t *node,
                     uint8_t *hand, sc_record *rec)
{
    const sc_rules *rules = &solver->rules;
    int seat = view->seat;
    if ((seat != 0 && seat != 1) || view->n_moves < 0 || view->n_moves > 64) {
        return BADUGI_E_ARGUMENT;
    }
    uint64_t held = 0;
    for (int i = 0; i < SC_CARDS; i++) {
        uint8_t card = view->dealt[i];
        if (card >= 52 || rules->position[card] < 0 || (held >> card & 1)) {
            return BADUGI_E_ARGUMENT;
        }
        held |= (uint64_t)1 << card;
    }
    for (int i = 0, k = 0; i < 52; i++) {
        if (held >> i & 1) {
            hand[k++] = (uint8_t)i;
        }
    }
    sc_record_deal(rules, rec, hand);
    sc_public p;
    sc_public_start(rules, &p);
    int own = 0;
    for (int m = 0; m < view->n_moves; m++) {
        int move = view->moves[m];
        if (p.phase == SC_BET) {
            if (sc_public_bet(rules, &p, move) != 0) {
                return BADUGI_E_ARGUMENT;
            }
            continue;
        }
        int count = move - SC_DISCARD, drawer = p.actor;
        int reshuffled = count > 0 && p.n_stub - 1 < count;
        if (p.phase != SC_DRAW || sc_public_draw(rules, &p, count) != 0) {
            return BADUGI_E_ARGUMENT;
        }
        if (drawer != seat) {
            continue;
        }
        uint64_t thrown = 0, got = 0;
        for (int i = 0; i < count; i++) {
            uint8_t out = view->thrown[own][i], in = view->received[own][i];
            if (out >= 52 || in >= 52 || !(held >> out & 1) || (thrown >> out & 1) || rules->position[in] < 0 ||
                (got >> in & 1)) {
                return BADUGI_E_ARGUMENT;
            }
            thrown |= (uint64_t)1 << out;
            got |= (uint64_t)1 << in;
        }
        if ((held & ~thrown) & got || thrown & got) {
            return BADUGI_E_ARGUMENT; /* a card it kept, or one it threw this draw, cannot come to it */
        }
        sc_record_draw(rules, rec, own, view->thrown[own], count, view->received[own], reshuffled);
        held = (held & ~thrown) | got;
        for (int i = 0, k = 0; i < 52; i++) {
            if (held >> i & 1) {
                hand[k++] = (uint8_t)i;
            }
        }
        own++;
    }
    if ((p.phase != SC_BET && p.phase != SC_DRAW) || p.actor != seat) {
        return BADUGI_E_ARGUMENT;
    }
    return sc_automaton_follow(&solver->automaton, view->moves, view->n_moves, node);
}

int64_t badugi_sampled_policy(const badugi_sampled *solver, const badugi_sampled_view *view, int average,
                              double *out, size_t n)
{
    if (solver == NULL || view == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    if (n != SC_ACTIONS || (average != 0 && average != 1)) {
        return BADUGI_E_ARGUMENT;
    }
    int32_t at;
    uint8_t hand[SC_CARDS];
    sc_record rec;
    int status = read_view(solver, view, &at, hand, &rec);
    if (status != 0) {
        return status;
    }
    const sc_node *node = &solver->automaton.nodes[at];
    int64_t slot = sc_slot_of(&solver->slots, &solver->rules, &solver->automaton, at, hand, &rec);
    if (slot < 0) {
        return BADUGI_E_ARGUMENT; /* exact: a record no deal makes */
    }
    double sigma[SC_MOST_CHOICES];
    int64_t total = 0;
    for (int i = 0; i < node->n_choices; i++) {
        total += solver->average[slot + i];
    }
    /* A set the other seat's samples never reached has no sums: its current strategy stands in. */
    sc_regret_matching(average && total > 0 ? solver->average + slot : solver->regret + slot, node->n_choices,
                       sigma);
    for (size_t a = 0; a < n; a++) {
        out[a] = 0.0;
    }
    for (int i = 0; i < node->n_choices; i++) {
        int action = node->choice[i];
        if (node->kind == SC_DRAW && !solver->exact) {
            action = SC_DISCARD +
                     sc_discard_mask(&solver->slots, &solver->rules, hand, node->draws_left, action - SC_DISCARD);
        }
        out[action] += sigma[i];
    }
    return slot;
}

int badugi_sampled_export(const badugi_sampled *solver, uint16_t *out, size_t n)
{
    if (solver == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    if (solver->exact || n != (size_t)solver->slots.slots) {
        return BADUGI_E_ARGUMENT;
    }
    /* The slots lie node by node, bucket by bucket (infosets.c), so each set's run is its choices. */
    for (int32_t i = 0; i < solver->automaton.n_nodes; i++) {
        const sc_node *node = &solver->automaton.nodes[i];
        int32_t buckets = solver->slots.buckets[node->draws_left];
        for (int32_t b = 0; b < buckets; b++) {
            int64_t slot = solver->slots.base[i] + (int64_t)b * node->n_choices;
            int64_t total = 0;
            for (int c = 0; c < node->n_choices; c++) {
                total += solver->average[slot + c];
            }
            double sigma[SC_MOST_CHOICES];
            sc_regret_matching(total > 0 ? solver->average + slot : solver->regret + slot, node->n_choices, sigma);
            for (int c = 0; c < node->n_choices; c++) {
                /* The largest share is at least 1/16, so a set never rounds to all zeros. */
                out[slot + c] = (uint16_t)(sigma[c] * 65535.0 + 0.5);
            }
        }
    }
    return 0;
}

static void record(const sc_rules *rules, const sc_public *p, const sc_cards *c, int reshuffled, int32_t *row)
{
    int legal = 0;
    if (p->phase == SC_BET) {
        legal = sc_bets_allowed(rules, p);
    } else if (p->phase == SC_DRAW) {
        int most = sc_most_thrown(rules, p);
        for (int mask = 0; mask < 1 << SC_CARDS; mask++) {
            if (sc_popcount((uint64_t)mask) <= most) {
                legal |= 1 << (SC_DISCARD + mask);
            }
        }
    }
    int over = p->phase == SC_FOLDED || p->phase == SC_SHOWDOWN;
    row[0] = p->phase;
    row[1] = p->actor;
    row[2] = p->round;
    row[3] = legal;
    row[4] = p->contrib[0];
    row[5] = p->contrib[1];
    row[6] = c->n_stub;
    row[7] = sc_popcount(c->discards);
    row[8] = over ? sc_payoff0(p, sc_rank(c->hand[0]), sc_rank(c->hand[1])) : 0;
    row[9] = reshuffled;
}

/* Plays deal and actions[0..n) told; the state reached, or an error with *bad the action's index. */
static int play_told(const sc_rules *rules, const uint8_t *deal, const int16_t *actions, size_t n,
                     const uint8_t *draw_cards, size_t n_draw_cards, sc_public *p, sc_cards *c, int32_t *out,
                     int64_t *bad)
{
    size_t used = 0;
    *bad = -1;
    sc_public_start(rules, p);
    sc_cards_start(rules, c);
    if (sc_deal_told(rules, c, deal) != 0) {
        return BADUGI_E_ARGUMENT;
    }
    if (out != NULL) {
        record(rules, p, c, 0, out);
    }
    for (size_t i = 0; i < n; i++) {
        int action = actions[i], reshuffled = 0, status = BADUGI_E_ARGUMENT;
        *bad = (int64_t)i;
        if (p->phase == SC_BET) {
            status = sc_public_bet(rules, p, action);
        } else if (p->phase == SC_DRAW && action >= SC_DISCARD && action < SC_DISCARD + (1 << SC_CARDS)) {
            int mask = action - SC_DISCARD, count = sc_popcount((uint64_t)mask);
            if (count <= sc_most_thrown(rules, p) && n_draw_cards - used >= (size_t)count) {
                uint8_t got[SC_CARDS];
                int seat = p->actor;
                status = sc_draw_cards(c, seat, mask, draw_cards != NULL ? draw_cards + used : NULL, NULL, got,
                                       &reshuffled);
                used += (size_t)count;
                if (status == 0) {
                    status = sc_public_draw(rules, p, count);
                }
            }
        }
        if (status != 0) {
            return status;
        }
        if (out != NULL) {
            record(rules, p, c, reshuffled, out + (i + 1) * BADUGI_SAMPLED_PLAY_WIDTH);
        }
    }
    *bad = -1;
    return 0;
}

int badugi_sampled_play(const badugi_sampled_rules *rules, const uint8_t *deal, const int16_t *actions, size_t n,
                        const uint8_t *draw_cards, size_t n_draw_cards, int32_t *out, size_t out_size,
                        int64_t *bad)
{
    if (rules == NULL || deal == NULL || out == NULL || bad == NULL || (n > 0 && actions == NULL) ||
        (n_draw_cards > 0 && draw_cards == NULL)) {
        return BADUGI_E_NULL;
    }
    *bad = -1;
    if (n > 1024 || out_size < (n + 1) * BADUGI_SAMPLED_PLAY_WIDTH) {
        return BADUGI_E_ARGUMENT;
    }
    sc_rules checked;
    int status = sc_rules_check(rules, &checked);
    if (status != 0) {
        return status;
    }
    sc_public p;
    sc_cards c;
    status = play_told(&checked, deal, actions, n, draw_cards, n_draw_cards, &p, &c, out, bad);
    return status != 0 ? status : (int)(n + 1);
}

int badugi_sampled_sample_draws(const badugi_sampled_rules *rules, const uint8_t *deal, const int16_t *actions,
                                size_t n_actions, const uint8_t *draw_cards, size_t n_draw_cards, int mask,
                                uint64_t seed, size_t n, uint8_t *out, size_t out_size)
{
    if (rules == NULL || deal == NULL || out == NULL || (n_actions > 0 && actions == NULL) ||
        (n_draw_cards > 0 && draw_cards == NULL)) {
        return BADUGI_E_NULL;
    }
    if (n_actions > 1024 || mask < 0 || mask >= 1 << SC_CARDS) {
        return BADUGI_E_ARGUMENT;
    }
    sc_rules checked;
    int status = sc_rules_check(rules, &checked);
    if (status != 0) {
        return status;
    }
    sc_public p;
    sc_cards c;
    int64_t bad;
    status = play_told(&checked, deal, actions, n_actions, draw_cards, n_draw_cards, &p, &c, NULL, &bad);
    if (status != 0) {
        return status;
    }
    int count = sc_popcount((uint64_t)mask);
    if (p.phase != SC_DRAW || count > sc_most_thrown(&checked, &p) || out_size != n * (size_t)count) {
        return BADUGI_E_ARGUMENT;
    }
    for (size_t i = 0; i < n; i++) {
        sc_cards copy = c;
        sc_rng r;
        sc_rng_seed(&r, seed, i);
        sc_shuffle_stub(&copy, &r);
        int reshuffled;
        sc_draw_cards(&copy, p.actor, mask, NULL, &r, out + i * (size_t)count, &reshuffled);
    }
    return 0;
}
