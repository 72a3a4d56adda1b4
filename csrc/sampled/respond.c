/* What a best response trained against the average strategy wins, played out.
 *
 * A run with against_average (run.c, traverse.c) leaves each seat's regrets learning a best
 * response, inside the abstraction, to the other seat's average strategy, which stays as it is.
 * Here each seat in turn plays the choice its regrets rank highest (the greedy strategy of that
 * learning; where none is positive, the average strategy's own) against the other's average strategy, on sampled deals and draws. Whatever strategy a
 * seat plays, its winnings against the average strategy are at most a best response's, so their
 * mean over the two seats bounds the average strategy's exploitability from below, in the
 * abstract game and so in the real one (an abstract strategy is a real one that sees less). */
#include <string.h>

#include "sampled.h"

/* A set's sums made its policy: where there are none, its current strategy (as policy plays it). */
static void settle(badugi_sampled *solver, int64_t slot, int n)
{
    int64_t total = 0;
    for (int c = 0; c < n; c++) {
        total += solver->average[slot + c];
    }
    if (total > 0) {
        return;
    }
    double sigma[SC_MOST_CHOICES];
    sc_regret_matching(solver->regret + slot, n, sigma);
    for (int c = 0; c < n; c++) {
        solver->average[slot + c] = (int64_t)(sigma[c] * SC_SCALE + 0.5);
    }
}

int badugi_sampled_freeze(badugi_sampled *solver)
{
    if (solver == NULL) {
        return BADUGI_E_NULL;
    }
    if (solver->exact) { /* the sets are the table's entries, each keyed by its node */
        for (uint64_t j = 0; j <= solver->slots.table_mask; j++) {
            const sc_entry *entry = &solver->slots.table[j];
            if (entry->slot >= 0) {
                settle(solver, entry->slot, solver->automaton.nodes[entry->key[0]].n_choices);
            }
        }
    } else { /* node by node, bucket by bucket (infosets.c) */
        for (int32_t i = 0; i < solver->automaton.n_nodes; i++) {
            const sc_node *node = &solver->automaton.nodes[i];
            for (int32_t b = 0; b < solver->slots.buckets[node->draws_left]; b++) {
                settle(solver, solver->slots.base[i] + (int64_t)b * node->n_choices, node->n_choices);
            }
        }
    }
    memset(solver->regret, 0, (size_t)solver->slots.slots * sizeof *solver->regret);
    memset(solver->delta, 0, (size_t)solver->slots.slots * sizeof *solver->delta);
    for (size_t c = 0; c < solver->n_chunks; c++) {
        solver->n_touched[c] = 0;
    }
    solver->dense_delta = 0;
    return 0;
}

/* The choice with the highest regret, ties drawn evenly; where no regret is above the threshold (a
 * set not reached, one where the strategy answered did as well as any choice, or one whose gain is
 * still within the sampling's noise) that strategy's own. */
static int greedy_choice(const int64_t *regret, const int64_t *sums, int n, int64_t threshold, sc_rng *rng)
{
    int above = 0;
    for (int i = 0; i < n; i++) {
        above |= regret[i] > threshold;
    }
    if (!above) {
        double sigma[SC_MOST_CHOICES];
        sc_average_strategy(sums, n, sigma);
        return sc_sample_choice(sigma, n, rng);
    }
    int best = 0, ties = 1;
    for (int i = 1; i < n; i++) {
        if (regret[i] > regret[best]) {
            best = i;
            ties = 1;
        } else if (regret[i] == regret[best]) {
            ties++;
        }
    }
    if (ties == 1) {
        return best;
    }
    int pick = (int)(sc_rng_unit(rng) * ties), seen = 0;
    pick = pick < ties ? pick : ties - 1;
    for (int i = 0; i < n; i++) {
        if (regret[i] == regret[best] && seen++ == pick) {
            return i;
        }
    }
    return best;
}

/* The chips responder wins from s, playing greedily against the other seat's average strategy. */
static double play_out(const badugi_sampled *solver, sc_state s, int responder, int64_t threshold, sc_rng *rng,
                       int *error)
{
    while (s.at >= 0) {
        const sc_node *node = &solver->automaton.nodes[s.at];
        int actor = node->actor, n = node->n_choices, pick;
        int64_t slot = sc_slot_of(&solver->slots, &solver->rules, &solver->automaton, s.at, s.cards.hand[actor],
                                  &s.rec[actor]);
        if (slot < 0) { /* an exact set no walk found: cannot happen, refused if it does */
            *error = BADUGI_E_ARGUMENT;
            return 0.0;
        }
        if (actor == responder) {
            pick = greedy_choice(solver->regret + slot, solver->average + slot, n, threshold, rng);
        } else {
            double sigma[SC_MOST_CHOICES];
            sc_average_strategy(solver->average + slot, n, sigma);
            pick = sc_sample_choice(sigma, n, rng);
        }
        sc_state next;
        sc_child_of(solver, &s, pick, rng, &next);
        s = next;
    }
    return sc_terminal_value(solver, s.at, &s.cards, responder);
}

int badugi_sampled_respond(const badugi_sampled *solver, uint64_t seed, uint64_t first, uint64_t count,
                           double threshold, double *out, size_t n)
{
    if (solver == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    if (n != 6 || count > (uint64_t)1 << 48 || first > (uint64_t)1 << 48 || !(threshold >= 0.0 && threshold <= 1e9)) {
        return BADUGI_E_ARGUMENT;
    }
    int64_t above = (int64_t)(threshold * SC_SCALE);
    memset(out, 0, n * sizeof *out);
    int error = 0;
    for (uint64_t t = first; t < first + count && error == 0; t++) {
        sc_rng rng;
        sc_rng_seed(&rng, seed, t);
        sc_state deal;
        sc_state_deal(solver, &rng, &deal);
        double won[2];
        for (int seat = 0; seat < 2; seat++) {
            won[seat] = play_out(solver, deal, seat, above, &rng, &error);
            out[2 * seat] += won[seat];
            out[2 * seat + 1] += won[seat] * won[seat];
        }
        double mean = (won[0] + won[1]) / 2.0;
        out[4] += mean;
        out[5] += mean * mean;
    }
    return error;
}
