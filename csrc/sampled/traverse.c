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

typedef struct {
    int32_t at;
    sc_cards cards;
    sc_record rec[2];
    int8_t made[2];
} state;

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

/* The state after choice i at its node: a bet, or a draw dealt from the stub. */
static void child_of(const sc_walk *w, const state *s, int i, sc_rng *rng, state *out)
{
    const badugi_sampled *solver = w->solver;
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

static double terminal_value(const badugi_sampled *solver, int32_t at, const sc_cards *c, int traverser)
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

static double traverse(sc_walk *w, const state *s)
{
    const badugi_sampled *solver = w->solver;
    if (s->at < 0) {
        return terminal_value(solver, s->at, &s->cards, w->traverser);
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
    state next;
    if (actor != w->traverser) {
        for (int i = 0; i < n; i++) {
            sc_atomic_add(&w->average[slot + i], fixed(sigma[i]));
        }
        double u = sc_rng_unit(&w->rng), sum = 0.0;
        int pick = n - 1;
        for (int i = 0; i < n; i++) {
            sum += sigma[i];
            if (u < sum) {
                pick = i;
                break;
            }
        }
        child_of(w, s, pick, &w->rng, &next);
        return traverse(w, &next);
    }
    double values[SC_MOST_CHOICES], value = 0.0;
    int explored[SC_MOST_CHOICES];
    for (int i = 0; i < n; i++) {
        explored[i] = !(w->prune && sigma[i] == 0.0 && regret[i] < w->prune_below);
        if (explored[i]) {
            child_of(w, s, i, &w->rng, &next);
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

double sc_traverse_iteration(sc_walk *w)
{
    const badugi_sampled *solver = w->solver;
    state s;
    memset(&s, 0, sizeof s);
    sc_cards_start(&solver->rules, &s.cards);
    sc_deal_random(&s.cards, &w->rng);
    if (solver->exact) {
        sc_record_deal(&solver->rules, &s.rec[0], s.cards.hand[0]);
        sc_record_deal(&solver->rules, &s.rec[1], s.cards.hand[1]);
    }
    return traverse(w, &s);
}
