/* Sampled CFR for heads-up fixed-limit Badugi: what the files of csrc/sampled/ share; not part of
 * the API (the API is badugi.h, "Sampled CFR").
 *
 * The layers, each calling only the ones above it here:
 *   rules.c        the rules on the public state (the betting, the draw counts, the stub's size),
 *                  as badugi.adapters.TableState and engine.Hand play them;
 *   cards.c        the cards: the deal, a draw's replacements (told, or at random), the reshuffle;
 *   public_tree.c  the public automaton: every public state the strategy tells apart, and its moves;
 *   infosets.c     where an information set's regrets live (its slots);
 *   traverse.c     one external-sampling traversal;
 *   run.c          iterations in batches over threads, the regrets merged, the discounts;
 *   api.c          the checked entry points.
 *
 * Seats are numbered as the engine numbers them heads-up: seat 1 has the button and the small
 * blind and acts first before the first draw; seat 0 acts first after it and draws first. */
#ifndef BADUGI_SAMPLED_H
#define BADUGI_SAMPLED_H

#include <stddef.h>
#include <stdint.h>

#include "internal.h"
#include "pool.h"
#if defined(_MSC_VER)
#include <intrin.h>
#endif

#define SC_CARDS 4
#define SC_DRAWS 3
#define SC_ACTIONS 19         /* fold, call, raise and the 16 discards: badugi.adapters' numbers */
#define SC_MOST_CHOICES 16    /* the most actions an information set has (the discards) */
#define SC_MOST_CHIPS (1 << 20) /* what a seat puts in a hand stays below this (keys hold 20 bits) */

enum { SC_FOLD = 0, SC_CALL = 1, SC_RAISE = 2, SC_DISCARD = 3 };
enum { SC_BET = 0, SC_DRAW = 1, SC_FOLDED = 2, SC_SHOWDOWN = 3 };

/* The rules, checked (rules.c). */
typedef struct {
    int n_deck;
    uint8_t deck[52];     /* ascending ids */
    int8_t position[52];  /* each id's place in deck, -1 if not in it */
    int draws, cap;
    int32_t small_bet, big_bet, small_blind, big_blind, ante;
    /* 1 when the stub can run short: then a draw may be capped and the discards reshuffled, and
     * the stub's and the pile's sizes are part of the public state. A full deck heads-up never does. */
    int short_stub;
} sc_rules;

/* The public state: everything both seats see. */
typedef struct {
    int32_t contrib[2], bet[2];
    int8_t phase, round, actor, bets, to_act, folded;
    int8_t n_stub, n_discards;
    int8_t drawn[2][SC_DRAWS]; /* cards each seat threw at each draw, -1 before it */
    uint16_t seq[SC_DRAWS + 1]; /* each betting round's actions: a marker bit, then 1 a raise, 0 a call */
} sc_public;

/* The cards: each seat's hand (ascending), the stub (in the order it is dealt: the last first), the
 * discard pile. */
typedef struct {
    uint8_t hand[2][SC_CARDS];
    uint8_t stub[52];
    int8_t n_stub;
    uint64_t discards; /* a set of ids: a reshuffle shuffles them, so their order never matters */
} sc_cards;

/* rules.c */
int sc_rules_check(const badugi_sampled_rules *given, sc_rules *out);
void sc_public_start(const sc_rules *rules, sc_public *p);
/* The betting actions the actor may take, a bit each (1 << SC_FOLD ...); 0 outside a betting turn. */
int sc_bets_allowed(const sc_rules *rules, const sc_public *p);
/* The most cards the actor may throw at its draw (the stub and a reshuffle must replace them). */
int sc_most_thrown(const sc_rules *rules, const sc_public *p);
int sc_public_bet(const sc_rules *rules, sc_public *p, int action);
int sc_public_draw(const sc_rules *rules, sc_public *p, int count);
/* Seat 0's chips won at a finished hand, given each seat's rank (1 best) at a showdown. */
int32_t sc_payoff0(const sc_public *p, int rank0, int rank1);

/* cards.c: a small fast generator (xoshiro256**), seeded through splitmix64. */
typedef struct {
    uint64_t s[4];
} sc_rng;
void sc_rng_seed(sc_rng *r, uint64_t seed, uint64_t stream);
uint64_t sc_rng_next(sc_rng *r);
uint32_t sc_rng_below(sc_rng *r, uint32_t n);
double sc_rng_unit(sc_rng *r);
void sc_cards_start(const sc_rules *rules, sc_cards *c);
/* Deals each seat four cards at random (the whole stub shuffled), or the eight told ones. */
void sc_deal_random(sc_cards *c, sc_rng *r);
/* Puts the stub in a random order (a told deal leaves it in the deck's). */
void sc_shuffle_stub(sc_cards *c, sc_rng *r);
int sc_deal_told(const sc_rules *rules, sc_cards *c, const uint8_t *cards8);
/* One replacement card to seat: the stub's next (random) card, or the told one; the discards are
 * shuffled in first when the stub is down to its last card. */
uint8_t sc_take_random(sc_cards *c, sc_rng *r);
int sc_take_told(sc_cards *c, uint8_t card);
/* seat's draw: throws the cards of mask (over its hand, ascending), takes count replacements (told,
 * or at random with told NULL), puts the thrown cards on the pile, sorts the hand. got[] receives
 * the cards in the order dealt; *reshuffled 1 if the stub ran short during the draw. */
int sc_draw_cards(sc_cards *c, int seat, int mask, const uint8_t *told, sc_rng *r, uint8_t *got,
                  int *reshuffled);
int sc_rank(const uint8_t *hand);
int sc_popcount(uint64_t x);
/* The colex index of a hand (ascending ids) over its cards' places in the deck: 0..C(n_deck, 4)-1. */
uint32_t sc_hand_index(const sc_rules *rules, const uint8_t *hand);
uint64_t sc_choose(int n, int k);

/* public_tree.c: the public automaton. Each node is a public state as the strategy remembers it
 * (badugi_sampled_abstraction: every round's bets or only the pot, the latest draws' counts):
 * states it does not tell apart are one node. A move leads to a node, or (negative) to a
 * terminal, -1 - index. */
typedef struct {
    int8_t kind, actor, round, draws_left, n_choices;
    int8_t by_public[8];          /* index of the choice a public move is (bets 0..2, draws 3 + count), -1 */
    uint8_t choice[SC_MOST_CHOICES]; /* each choice's action: a bet 0..2, or 3 + mask (exact) / 3 + count */
    int32_t next[SC_MOST_CHOICES];
} sc_node;

typedef struct {
    int8_t kind;      /* SC_FOLDED (seat 0's chips below) or SC_SHOWDOWN */
    int32_t fold0;    /* a fold: seat 0's chips won */
    int32_t pot_half; /* a showdown: what each seat put in */
} sc_terminal;

typedef struct {
    sc_node *nodes;
    int32_t n_nodes;
    sc_terminal *terminals;
    int32_t n_terminals;
} sc_automaton;

int sc_automaton_build(const sc_rules *rules, int exact, int remember_bets, int remember_draws, int64_t most_nodes,
                       sc_automaton *out);
void sc_automaton_free(sc_automaton *a);
/* The automaton's node after the public moves (0..2 bets, 3 + count draws), or an error. */
int sc_automaton_follow(const sc_automaton *a, const int8_t *moves, int n_moves, int32_t *node);

/* infosets.c: slots. Buckets: node base + bucket * choices. Exact: a hash of (node, the actor's
 * private record), filled by walking every deal and move once. */
typedef struct {
    uint64_t key[3];
    int64_t slot; /* -1: empty */
} sc_entry;

typedef struct {
    int exact;
    uint32_t n_hands;           /* C(n_deck, 4) */
    uint32_t *bucket;           /* [draws_left * n_hands + hand] */
    int32_t buckets[SC_DRAWS + 1];
    uint8_t *discard;           /* [((draws_left - 1) * n_hands + hand) * 5 + count]: the mask thrown */
    int64_t *base;              /* buckets: each node's first slot */
    sc_entry *table;            /* exact: open addressing, a power of two */
    uint64_t table_mask;
    int64_t slots, infosets;
} sc_slots;

/* The exact private record of a seat: the cards dealt, then each draw's thrown cards and received
 * ones (sorted, or in the order dealt after a reshuffle), as deck places (exact mode: 16 at most). */
typedef struct {
    uint64_t w[2];
} sc_record;
void sc_record_deal(const sc_rules *rules, sc_record *rec, const uint8_t *hand);
void sc_record_draw(const sc_rules *rules, sc_record *rec, int draw_index, const uint8_t *thrown, int n,
                    const uint8_t *got, int reshuffled);
int64_t sc_slots_find_exact(const sc_slots *s, int32_t node, const sc_record *rec);
int sc_slots_build(const sc_rules *rules, const sc_automaton *a, const badugi_sampled_abstraction *given,
                   int64_t most_slots, sc_slots *out);
void sc_slots_free(sc_slots *s);
/* The slot of the actor's information set at node, from its hand (buckets) or record (exact); -1 if unknown. */
int64_t sc_slot_of(const sc_slots *s, const sc_rules *rules, const sc_automaton *a, int32_t node,
                   const uint8_t *hand, const sc_record *rec);
/* The mask a bucket strategy's count throws from hand with draws_left (1..draws). */
int sc_discard_mask(const sc_slots *s, const sc_rules *rules, const uint8_t *hand, int draws_left, int count);

/* The solver. Regrets and strategy sums are fixed-point integers (SC_SCALE a chip, or a probability
 * of 1): sums of integers are the same in any order, so a run's result does not depend on how many
 * threads (or Dask workers) made it. */
#define SC_SCALE 1048576.0 /* 2^20 */
#define SC_TOUCHED_SHIFT 58 /* a touched record: its actions above this bit, its slot below */

struct badugi_sampled {
    sc_rules rules;
    int exact;
    sc_automaton automaton;
    sc_slots slots;
    int64_t *regret, *delta, *average;
    /* The slots a batch changed, per chunk, so that merging costs what a batch touched. */
    int64_t **touched;
    size_t *n_touched, *touched_size;
    size_t n_chunks;
    int dense_delta; /* delta was set or added from outside: merge every slot */
    badugi_pool *pool; /* the threads of the last run, kept for the next */
    int pool_threads;
};

/* A hand under way, as a walk sees it: the node (or terminal), the cards, each seat's exact
 * record and how many draws it has made. */
typedef struct {
    int32_t at;
    sc_cards cards;
    sc_record rec[2];
    int8_t made[2];
} sc_state;

/* traverse.c: one iteration's traversal for traverser, against the regrets (read only); regret
 * changes go to delta and strategy sums to average (atomic adds), or with against_average the
 * other seat plays the average strategy and nothing is added to it. */
typedef struct {
    const badugi_sampled *solver;
    int64_t *delta;
    int64_t *average;
    int traverser;
    int against_average;
    int prune;            /* skip the traverser's actions played with probability 0 whose regret is below */
    int64_t prune_below;
    sc_rng rng;
    int64_t **touched;    /* this chunk's record of changed slots */
    size_t *n_touched, *touched_size;
    int error;
} sc_walk;
double sc_traverse_iteration(sc_walk *w);
/* The first state of a hand: the deal drawn from rng. */
void sc_state_deal(const badugi_sampled *solver, sc_rng *rng, sc_state *out);
/* The state after choice i at s's node: a bet, or a draw of the stub's cards from rng. */
void sc_child_of(const badugi_sampled *solver, const sc_state *s, int i, sc_rng *rng, sc_state *out);
/* Chips the traverser wins at terminal at (-1 - index), with these cards. */
double sc_terminal_value(const badugi_sampled *solver, int32_t at, const sc_cards *c, int traverser);
/* 1 if any of a slot's n regrets is positive. */
int sc_any_positive(const int64_t *regret, int n);
/* The average strategy of a slot's sums (uniform when there are none). */
void sc_average_strategy(const int64_t *sums, int n, double *out);
/* A choice drawn from sigma. */
int sc_sample_choice(const double *sigma, int n, sc_rng *rng);

/* run.c */
int sc_check_run(const badugi_sampled_run *run);
int sc_sample(badugi_sampled *solver, const badugi_sampled_run *run);
int sc_commit(badugi_sampled *solver, const badugi_sampled_run *run, uint64_t end);
int sc_iterate(badugi_sampled *solver, const badugi_sampled_run *run);

/* Regret matching: the strategy a slot's regrets give (uniform when none is positive). */
void sc_regret_matching(const int64_t *regret, int n, double *out);

static inline void sc_atomic_add(int64_t *where, int64_t amount)
{
#if defined(_MSC_VER)
    _InterlockedExchangeAdd64((volatile long long *)where, amount);
#else
    __atomic_fetch_add(where, amount, __ATOMIC_RELAXED);
#endif
}

#endif
