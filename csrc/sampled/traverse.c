/* External-sampling Monte Carlo CFR (Lanctot, Waugh, Zinkevich and Bowling, 2009), one traversal.
 *
 * The traverser tries every action at its own information sets; chance and the other seat are
 * sampled, the other seat from its current strategy (regret matching on its regrets). At the
 * traverser's set each action's regret grows by what the action was worth less what the strategy
 * was worth, on these samples: in expectation, the counterfactual regret. At the other seat's set
 * its current strategy is added to its strategy sums, once a visit: the other seat reaches the set
 * as often as its own strategy leads there, so the sums weigh each iteration's strategy by that
 * reach, which the average strategy needs (OpenSpiel's "simple" average, as Pluribus does).
 *
 * Everything is read from the regrets as they were when the batch began and written only to the
 * delta and the strategy sums, by atomic integer adds: traversals on any number of threads give the
 * same sums. With pruning on, the traverser skips an action it plays with probability 0 whose
 * regret is below the threshold (Brown and Sandholm's regret-based pruning as Pluribus used it):
 * such an action adds nothing to the value, so only its own regret goes unrefreshed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sampled.h"


void sc_regret_matching(const int64_t *regret, int n, double *out)
{
    double total = 0.0;
    for (int i = 0; i < n; i++) {
        out[i] = regret[i] > 0 ? (double)regret[i] : 0.0;
        total += out[i];
    }
    for (int i = 0; i < n; i++) {
        out[i] = total > 0.0 ? out[i] / total : 1.0 / n;
    }
}

static int64_t fixed(double x) { return (int64_t)floor(x * SC_SCALE + 0.5); }

/* Notes that the set at slot (n actions) has regrets in the delta: (n << 58) | slot. */
static void note_touched(sc_walk *w, int64_t slot, int n)
{
    if (*w->n_touched == *w->touched_size) {
        size_t bigger = *w->touched_size ? 2 * *w->touched_size : 1024;
        int64_t *moved = realloc(*w->touched, bigger * sizeof *moved);
        if (moved == NULL) {
            w->error = BADUGI_E_MEMORY;
            return;
        }
        *w->touched = moved;
        *w->touched_size = bigger;
    }
    (*w->touched)[(*w->n_touched)++] = (int64_t)((uint64_t)n << SC_TOUCHED_SHIFT | (uint64_t)slot);
}

int sc_any_positive(const int64_t *regret, int n)
{
    for (int i = 0; i < n; i++) {
        if (regret[i] > 0) {
            return 1;
        }
    }
    return 0;
}

void sc_average_strategy(const int64_t *sums, int n, double *out)
{
    double total = 0.0;
    for (int i = 0; i < n; i++) {
        total += (double)sums[i];
    }
    for (int i = 0; i < n; i++) {
        out[i] = total > 0.0 ? (double)sums[i] / total : 1.0 / n;
    }
}

int sc_sample_choice(const double *sigma, int n, sc_rng *rng)
{
    double u = sc_rng_unit(rng), sum = 0.0;
    for (int i = 0; i < n; i++) {
        sum += sigma[i];
        if (u < sum) {
            return i;
        }
    }
    return n - 1;
}

/* The state after choice i at its node: a bet, or a draw dealt from the stub. */
void sc_child_of(const badugi_sampled *solver, const sc_state *s, int i, sc_rng *rng, sc_state *out)
{
    const sc_node *node = &solver->automaton.nodes[s->at];
    *out = *s;
    out->at = node->next[i];
    if (node->kind == SC_BET) {
        return;
    }
    int seat = node->actor;
    int choice = node->choice[i] - SC_DISCARD;
    int mask = solver->exact ? choice : sc_discard_mask(&solver->slots, &solver->rules, s->cards.hand[seat],
                                                        node->draws_left, choice);
    uint8_t thrown[SC_CARDS], got[SC_CARDS];
    int n = 0, reshuffled;
    for (int k = 0; k < SC_CARDS; k++) {
        if (mask >> k & 1) {
            thrown[n++] = s->cards.hand[seat][k];
        }
    }
    sc_draw_cards(&out->cards, seat, mask, NULL, rng, got, &reshuffled);
    if (solver->exact) {
        sc_record_draw(&solver->rules, &out->rec[seat], out->made[seat], thrown, n, got, reshuffled);
    }
    out->made[seat]++;
}

double sc_terminal_value(const badugi_sampled *solver, int32_t at, const sc_cards *c, int traverser)
{
    const sc_terminal *t = &solver->automaton.terminals[-1 - at];
    double v0;
    if (t->kind == SC_FOLDED) {
        v0 = t->fold0;
    } else {
        int r0 = sc_rank(c->hand[0]), r1 = sc_rank(c->hand[1]);
        v0 = r0 < r1 ? t->pot_half : r0 > r1 ? -t->pot_half : 0;
    }
    return traverser == 0 ? v0 : -v0;
}

static double traverse(sc_walk *w, const sc_state *s)
{
    const badugi_sampled *solver = w->solver;
    if (s->at < 0) {
        return sc_terminal_value(solver, s->at, &s->cards, w->traverser);
    }
    const sc_node *node = &solver->automaton.nodes[s->at];
    int actor = node->actor, n = node->n_choices;
    int64_t slot = sc_slot_of(&solver->slots, &solver->rules, &solver->automaton, s->at, s->cards.hand[actor],
                              &s->rec[actor]);
    if (slot < 0) { /* an exact set the walk never found: cannot happen, refused if it does */
        w->error = BADUGI_E_ARGUMENT;
        return 0.0;
    }
    const int64_t *regret = solver->regret + slot;
    double sigma[SC_MOST_CHOICES];
    sc_regret_matching(regret, n, sigma);
    if (w->against_average && actor == w->traverser && !sc_any_positive(regret, n)) {
        /* A best response starts as the strategy it answers and leaves it where it gains: with no
         * positive regret any strategy keeps regret matching's guarantee, and this one is the best
         * guess (against itself it wins the game's value). */
        sc_average_strategy(w->average + slot, n, sigma);
    }
    sc_state next;
    if (actor != w->traverser) {
        if (w->against_average) { /* a best response's training: the other seat's average, unchanged */
            sc_average_strategy(w->average + slot, n, sigma);
        } else {
            for (int i = 0; i < n; i++) {
                sc_atomic_add(&w->average[slot + i], fixed(sigma[i]));
            }
        }
        sc_child_of(solver, s, sc_sample_choice(sigma, n, &w->rng), &w->rng, &next);
        return traverse(w, &next);
    }
    double values[SC_MOST_CHOICES], value = 0.0;
    int explored[SC_MOST_CHOICES];
    for (int i = 0; i < n; i++) {
        explored[i] = !(w->prune && sigma[i] == 0.0 && regret[i] < w->prune_below);
        if (explored[i]) {
            sc_child_of(solver, s, i, &w->rng, &next);
            values[i] = traverse(w, &next);
            value += sigma[i] * values[i];
        }
    }
    for (int i = 0; i < n; i++) {
        if (explored[i]) {
            sc_atomic_add(&w->delta[slot + i], fixed(values[i] - value));
        }
    }
    note_touched(w, slot, n);
    return value;
}

void sc_state_deal(const badugi_sampled *solver, sc_rng *rng, sc_state *out)
{
    memset(out, 0, sizeof *out);
    sc_cards_start(&solver->rules, &out->cards);
    sc_deal_random(&out->cards, rng);
    if (solver->exact) {
        sc_record_deal(&solver->rules, &out->rec[0], out->cards.hand[0]);
        sc_record_deal(&solver->rules, &out->rec[1], out->cards.hand[1]);
    }
}

double sc_traverse_iteration(sc_walk *w)
{
    sc_state s;
    sc_state_deal(w->solver, &w->rng, &s);
    return traverse(w, &s);
}
