/* Monte Carlo equity: deal the hand out by the card-room rules, many times.
 *
 * Each deal plays every draw: the first by the spot's first keeps, the later
 * ones by each player's strategy, which sees only that player's cards, its
 * own earlier discards and the dead cards (drawvalue.c's best_keep, or the
 * caller's decide()). Then the showdown splits the pot.
 *
 * The stub is dealt by picking a uniformly random card of it: the same as
 * dealing the top card of a shuffled stack, and no card is singled out as
 * "the last" until only one is left, which is then never dealt: the discard
 * pile (the dead cards, discards and burns, not the drawer's own discards,
 * which are put on it only after its draw) is shuffled in with it instead.
 *
 * With relabel_suits, each deal first maps every known and dead card (and so
 * the stub) through a random one of the 24 relabellings of the suits.
 *
 * Deals are cut into chunks of BADUGI_EQUITY_CHUNK; chunk i draws from its
 * own xoshiro256** stream seeded from (seed, i) through splitmix64, and
 * threads take chunks in any order: the sums, all integers, are the same
 * for any number of threads. */

#include <stdlib.h>
#include <string.h>

#include "common/workers.h"
#include "drawvalue.h"
#include "drawvalue5.h"
#include "equity_spot.h"
#include "keeptable5.h"

typedef struct {
    uint64_t s[4];
} rng;

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void rng_seed(rng *r, uint64_t seed, uint64_t chunk)
{
    uint64_t x = seed;
    uint64_t mixed_seed = splitmix(&x);
    x = mixed_seed ^ (chunk * 0xD1342543DE82EF95ull);
    for (int i = 0; i < 4; i++) {
        r->s[i] = splitmix(&x);
    }
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in 0..n-1 without bias (Lemire's multiply-and-reject), n >= 1. */
static inline uint32_t rng_below(rng *r, uint32_t n)
{
    uint64_t m = (rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (0u - n) % n;
        while (low < threshold) {
            m = (rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* What the engine needs of a spot beyond prepared_spot. */
typedef struct {
    prepared_spot spot;
    uint8_t dead[52]; /* the dead cards, the discard pile every deal starts with */
    int n_dead;
    const draw_tables *tables;
    const uint8_t *keep_table; /* the table strategy's keeps, if anyone plays it */
    const draw5_tables *tables5;                     /* five cards: the game's draw values, for best */
    const uint8_t *keep_table5[BADUGI_MAX_DRAWS + 1]; /* five cards: the table's keeps by draws left */
    int simulate_burns;   /* off when no reshuffle can happen: then burns change nothing */
    int simulate_fillers; /* off when, also, nobody looks at its own discards later */
    uint8_t relabel[24][52]; /* with relabel_suits: card -> card under each suit permutation */
} engine;

/* An unknown place of a hand whose filler is not simulated. */
#define NO_CARD 0xFF

/* One deal in progress. */
typedef struct {
    uint8_t stub[52]; /* dealing moves a card past n_stub, so the array keeps every card */
    int n_stub;
    int stub_changed; /* by a reshuffle: stub must be set again for the next deal */
    uint8_t pile[52]; /* discards (the dead cards first) and burns */
    int n_pile;
    uint8_t hand[8][BADUGI_MAX_HAND];
    uint64_t discarded_mask[8];
    uint8_t discarded[8][BADUGI_MAX_HAND * (1 + BADUGI_MAX_DRAWS)]; /* fillers, then up to a hand a draw */
    uint64_t dead;                                  /* the dead cards as this deal labels them */
    int n_discarded[8];
    int8_t counts[BADUGI_MAX_DRAWS * 8];
} table;

/* Sets the table for a new deal; map relabels the suits of every card (NULL: none). */
static void table_reset(const engine *e, table *t, const uint8_t *map)
{
    const prepared_spot *s = &e->spot;
    if (map != NULL) {
        for (int i = 0; i < s->n_unknown; i++) {
            t->stub[i] = map[s->unknown[i]];
        }
        t->stub_changed = 1; /* the next deal sets it again, whatever its map */
    } else if (t->stub_changed) {
        memcpy(t->stub, s->unknown, (size_t)s->n_unknown);
        t->stub_changed = 0;
    }
    t->n_stub = s->n_unknown;
    t->dead = 0;
    for (int i = 0; i < e->n_dead; i++) {
        t->pile[i] = map != NULL ? map[e->dead[i]] : e->dead[i];
        t->dead |= (uint64_t)1 << t->pile[i];
    }
    t->n_pile = e->n_dead;
    for (int p = 0; p < s->players; p++) {
        for (int i = 0; i < s->hand_size; i++) {
            /* An unknown place holds no card until a filler is dealt there. */
            t->hand[p][i] = i >= s->known[p] ? NO_CARD : map != NULL ? map[s->cards[p][i]] : s->cards[p][i];
        }
    }
    if (s->later_looks || s->first_choices) { /* only these choices look at the discards and counts */
        memset(t->counts, -1, sizeof t->counts);
        memset(t->discarded_mask, 0, sizeof t->discarded_mask);
        memset(t->n_discarded, 0, sizeof t->n_discarded);
    }
}

static inline uint8_t deal(table *t, rng *r)
{
    if (t->n_stub < 2) { /* the last card: shuffle the pile in with it */
        memcpy(t->stub + 1, t->pile, (size_t)t->n_pile);
        t->n_stub = 1 + t->n_pile;
        t->n_pile = 0;
        t->stub_changed = 1;
    }
    uint32_t i = rng_below(r, (uint32_t)t->n_stub);
    uint8_t card = t->stub[i];
    t->n_stub--;
    t->stub[i] = t->stub[t->n_stub];
    t->stub[t->n_stub] = card;
    return card;
}

#ifdef BADUGI_CHECK_DEALS
#include <stdio.h>

/* The invariant of a deal, checked after every step in a debug build
 * (-DBADUGI_CHECK_DEALS, as the sanitizer and valgrind harnesses build it):
 * each of the 52 cards is in exactly one place, a hand, the stub or the pile
 * (which starts as the dead cards). A card in two places, or one lost, aborts
 * with where it happened. */
static void check_deal(const engine *e, const table *t, const char *after)
{
    uint64_t seen = 0;
    int placed = 0, twice = -1;
    for (int p = 0; p < e->spot.players; p++) {
        for (int i = 0; i < e->spot.hand_size; i++) {
            uint8_t card = t->hand[p][i];
            if (card != NO_CARD) {
                twice = card >= 52 || (seen >> card & 1) ? card : twice;
                seen |= (uint64_t)1 << (card % 52);
                placed++;
            }
        }
    }
    for (int i = 0; i < t->n_stub + t->n_pile; i++) {
        uint8_t card = i < t->n_stub ? t->stub[i] : t->pile[i - t->n_stub];
        twice = card >= 52 || (seen >> card & 1) ? card : twice;
        seen |= (uint64_t)1 << (card % 52);
        placed++;
    }
    if (twice >= 0 || placed != 52) {
        fprintf(stderr, "badugi: deal invariant broken after %s: card %d twice, %d cards placed (stub %d, pile %d)\n",
                after, twice, placed, t->n_stub, t->n_pile);
        abort();
    }
}
#define CHECK_DEAL(e, t, after) check_deal(e, t, after)
#else
#define CHECK_DEAL(e, t, after) ((void)0)
#endif

/* Player p throws the cards not in keep (a mask over its hand) and is dealt
 * as many; returns how many. */
static int draw_cards(const engine *e, table *t, rng *r, int p, int keep, int *burned)
{
    uint8_t thrown[BADUGI_MAX_HAND];
    int slots[BADUGI_MAX_HAND], m = 0;
    for (int i = 0; i < e->spot.hand_size; i++) {
        if (!(keep >> i & 1)) {
            slots[m] = i;
            thrown[m++] = t->hand[p][i];
        }
    }
    if (m == 0) {
        return 0;
    }
    if (e->simulate_burns && !*burned) {
        /* Dealt first, stored after: deal() may reshuffle the pile into the
         * stub and reset n_pile, so the slot must be read after it returns. */
        uint8_t burn = deal(t, r);
        t->pile[t->n_pile++] = burn;
    }
    *burned = 1;
    /* The thrown cards are held aside while this player is dealt to. */
    for (int i = 0; i < m; i++) {
        t->hand[p][slots[i]] = deal(t, r);
    }
    for (int i = 0; i < m; i++) {
        if (thrown[i] != NO_CARD) {
            t->pile[t->n_pile++] = thrown[i];
            if (e->spot.later_looks) {
                t->discarded_mask[p] |= (uint64_t)1 << thrown[i];
                t->discarded[p][t->n_discarded[p]++] = thrown[i];
            }
        }
    }
    return m;
}

/* The keep of player p at draw d >= 1 (or at the first draw, d = 0, for a
 * hand of dealt cards that chooses then), or BADUGI_E_CALLBACK. */
static int later_keep(const engine *e, table *t, int p, int d)
{
    const prepared_spot *s = &e->spot;
    int draws_left = s->draws - d;
    switch (s->strategy[p]) {
    case BADUGI_STRATEGY_BEST: {
        uint64_t held = 0;
        for (int i = 0; i < s->hand_size; i++) {
            held |= (uint64_t)1 << t->hand[p][i];
        }
        /* A card seen earlier may have come back to the hand in a reshuffle. */
        uint64_t seen = (t->discarded_mask[p] | t->dead) & ~held;
        return s->hand_size == 4 ? best_keep(e->tables, t->hand[p], seen, draws_left)
                                 : best_keep5(e->tables5, t->hand[p], seen, draws_left);
    }
    case BADUGI_STRATEGY_TABLE:
        return s->hand_size == 4 ? table_keep(e->keep_table, t->hand[p], draws_left)
                                 : table_keep5(e->keep_table5[draws_left], t->hand[p]);
    case BADUGI_STRATEGY_CALLBACK: {
        int keep = s->decide(s->context, p, t->hand[p], draws_left, t->discarded[p], t->n_discarded[p], t->counts);
        return keep >= 0 && keep < 1 << s->hand_size ? keep : BADUGI_E_CALLBACK;
    }
    default:
        return (1 << s->hand_size) - 1;
    }
}

/* Deals one hand to the showdown and adds it to *sums; 0 or BADUGI_E_CALLBACK. */
static int play_one(const engine *e, table *t, rng *r, int want_ranks, badugi_equity_sums *sums)
{
    const prepared_spot *s = &e->spot;
    table_reset(e, t, s->relabel_suits ? e->relabel[rng_below(r, 24)] : NULL);
    if (e->simulate_fillers) {
        for (int p = 0; p < s->players; p++) {
            for (int i = s->known[p]; i < s->hand_size; i++) {
                t->hand[p][i] = deal(t, r);
            }
        }
    }
    CHECK_DEAL(e, t, "the deal");
    for (int d = 0; d < s->draws; d++) {
        int burned = 0;
        for (int p = 0; p < s->players; p++) {
            int by_strategy = d > 0 || s->first_keep[p] == BADUGI_KEEP_BY_STRATEGY;
            int keep = by_strategy ? later_keep(e, t, p, d) : s->first_keep[p];
            if (keep < 0) {
                return keep;
            }
            t->counts[d * 8 + p] = (int8_t)draw_cards(e, t, r, p, keep, &burned);
            CHECK_DEAL(e, t, "a draw");
        }
    }
    if (!s->score.badugi4) {
        uint16_t ranks[8][2];
        for (int p = 0; p < s->players; p++) {
            score_hand(&s->score, t->hand[p], ranks[p]);
        }
        add_showdown(&s->score, (const uint16_t(*)[2])ranks, s->players, 1, sums);
        if (want_ranks) {
            sums->ranks[ranks[0][0]]++; /* the first half: a Badugi scale (checked before the run) */
        }
        return 0;
    }
    /* Badugi: one lookup a hand and one pot, the hot path of every Badugi run. */
    int rank[8], best = BADUGI_WORST + 1, winners = 0;
    for (int p = 0; p < s->players; p++) {
        rank[p] = rank_ids(t->hand[p][0], t->hand[p][1], t->hand[p][2], t->hand[p][3]);
        if (rank[p] < best) {
            best = rank[p];
            winners = 1;
        } else if (rank[p] == best) {
            winners++;
        }
    }
    uint64_t share = SHARE_OF[winners];
    for (int p = 0; p < s->players; p++) {
        if (rank[p] == best) {
            sums->win[p] += winners == 1;
            sums->tie[p] += winners > 1;
            sums->share[p] += share;
            sums->share_sq[p] += share * share;
        }
    }
    if (want_ranks) {
        sums->ranks[rank[0]]++;
    }
    sums->deals++;
    return 0;
}

typedef struct {
    const engine *e;
    uint64_t seed, samples, end_chunk;
    uint64_t *next_chunk; /* shared, under lock */
    int *failed;          /* shared, under lock */
    badugi_lock *lock;
    int want_ranks;
    badugi_equity_sums sums;
    int status;
} worker_job;

static void run_chunks(void *arg)
{
    worker_job *job = (worker_job *)arg;
    table t;
    memset(&job->sums, 0, sizeof job->sums);
    job->status = 0;
    for (;;) {
        badugi_lock_take(job->lock);
        uint64_t chunk = *job->next_chunk;
        int stop = *job->failed || chunk >= job->end_chunk;
        if (!stop) {
            (*job->next_chunk)++;
        }
        badugi_lock_give(job->lock);
        if (stop) {
            return;
        }
        rng r;
        rng_seed(&r, job->seed, chunk);
        t.stub_changed = 1; /* each chunk starts from the same stub order, whichever thread runs it */
        uint64_t first = chunk * BADUGI_EQUITY_CHUNK;
        uint64_t last = first + BADUGI_EQUITY_CHUNK < job->samples ? first + BADUGI_EQUITY_CHUNK : job->samples;
        for (uint64_t i = first; i < last; i++) {
            int status = play_one(job->e, &t, &r, job->want_ranks, &job->sums);
            if (status != 0) {
                job->status = status;
                badugi_lock_take(job->lock);
                *job->failed = 1;
                badugi_lock_give(job->lock);
                return;
            }
        }
    }
}

/* The tables the strategies that choose read: the draw values for best, the
 * keep tables for table, four cards' or the game's five-card ones, each
 * built on first use (a five-card keep table only for the draws left at
 * which someone looks it up). 0 or BADUGI_E_MEMORY. */
static int get_keeps(engine *e)
{
    const prepared_spot *s = &e->spot;
    e->tables = NULL;
    e->keep_table = NULL;
    e->tables5 = NULL;
    memset(e->keep_table5, 0, sizeof e->keep_table5);
    int slot = s->hand_size == 5 ? draw5_slot(s->score.halves, (size_t)s->score.n_halves) : -1;
    for (int p = 0; p < s->players; p++) {
        int first = s->first_keep[p] == BADUGI_KEEP_BY_STRATEGY; /* it chooses at the first draw too */
        if (!first && !s->later_choices) {
            continue;
        }
        int best = s->strategy[p] == BADUGI_STRATEGY_BEST, table = s->strategy[p] == BADUGI_STRATEGY_TABLE;
        if (best && s->hand_size == 4 && e->tables == NULL && (e->tables = draw_tables_get()) == NULL) {
            return BADUGI_E_MEMORY;
        }
        if (best && s->hand_size == 5 && e->tables5 == NULL &&
            (e->tables5 = draw5_tables_get(slot, s->draws)) == NULL) {
            return BADUGI_E_MEMORY;
        }
        if (table && s->hand_size == 4 && e->keep_table == NULL && (e->keep_table = keep_table_get()) == NULL) {
            return BADUGI_E_MEMORY;
        }
        for (int left = 1; table && s->hand_size == 5 && left <= s->draws; left++) {
            int looked_up = left < s->draws ? s->later_choices : first;
            if (looked_up && e->keep_table5[left] == NULL &&
                (e->keep_table5[left] = keep_table5_get(slot, left)) == NULL) {
                return BADUGI_E_MEMORY;
            }
        }
    }
    return 0;
}

/* Most cards the draws can deal after the first deal, burns included. */
static int most_cards_drawn(const prepared_spot *s)
{
    if (s->draws == 0) {
        return 0;
    }
    int n = s->first_draw_cards + (s->first_draw_cards > 0);
    for (int d = 1; d < s->draws; d++) {
        int drawing = 0;
        for (int p = 0; p < s->players; p++) {
            drawing += s->strategy[p] != BADUGI_STRATEGY_PAT;
        }
        n += drawing ? s->hand_size * drawing + 1 : 0;
    }
    return n;
}

int badugi_equity_monte_carlo(const badugi_spot *spot, uint64_t seed, uint64_t samples, uint64_t first_chunk,
                              uint64_t end_chunk, int threads, int want_ranks, badugi_equity_sums *out)
{
    if (out == NULL) {
        return BADUGI_E_NULL;
    }
    engine e;
    int status = prepare_spot(spot, &e.spot);
    if (status != 0) {
        return status;
    }
    uint64_t chunks = samples / BADUGI_EQUITY_CHUNK + (samples % BADUGI_EQUITY_CHUNK != 0);
    if (first_chunk > end_chunk || end_chunk > chunks || threads < 1) {
        return BADUGI_E_ARGUMENT;
    }
    int32_t first_half = e.spot.score.halves[0];
    if (want_ranks && first_half != BADUGI_SCALE_BADUGI && first_half != BADUGI_SCALE_BADUGI_ACE_HIGH) {
        return BADUGI_E_ARGUMENT; /* ranks[] holds the ranks of a Badugi scale */
    }
    if (e.spot.relabel_suits) {
        static const uint8_t PERMUTATIONS[24][4] = {
            {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
            {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
            {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
            {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
        for (int k = 0; k < 24; k++) {
            for (int card = 0; card < 52; card++) {
                e.relabel[k][card] = (uint8_t)(card - card % 4 + PERMUTATIONS[k][card % 4]);
            }
        }
    }
    e.n_dead = 0;
    for (uint8_t card = 0; card < 52; card++) {
        if (e.spot.dead >> card & 1) {
            e.dead[e.n_dead++] = card;
        }
    }
    const prepared_spot *s = &e.spot;
    status = get_keeps(&e);
    if (status != 0) {
        return status;
    }
    int reshuffle_possible = most_cards_drawn(s) + 1 > s->n_unknown - s->fillers;
    int fillers_seen = 0;
    for (int p = 0; p < s->players; p++) {
        /* A filler thrown at the first draw is a card the best discard later knows is out. */
        fillers_seen |= s->known[p] < s->hand_size && s->draws >= 2 && s->strategy[p] != BADUGI_STRATEGY_PAT &&
                        s->strategy[p] != BADUGI_STRATEGY_TABLE;
        fillers_seen |= s->first_keep[p] == BADUGI_KEEP_BY_STRATEGY; /* it chooses among them */
    }
    e.simulate_burns = reshuffle_possible;
    e.simulate_fillers = reshuffle_possible || fillers_seen;
    for (int p = 0; p < s->players; p++) {
        if (s->strategy[p] == BADUGI_STRATEGY_CALLBACK) {
            threads = 1; /* decide() runs Python, one call at a time */
        }
    }
    uint64_t work = end_chunk - first_chunk;
    if ((uint64_t)threads > work) {
        threads = work > 0 ? (int)work : 1;
    }
    if (threads > BADUGI_MAX_WORKERS) {
        threads = BADUGI_MAX_WORKERS;
    }
    worker_job *jobs = calloc((size_t)threads, sizeof(worker_job));
    if (jobs == NULL) {
        return BADUGI_E_MEMORY;
    }
    badugi_lock lock;
    badugi_lock_init(&lock);
    uint64_t next_chunk = first_chunk;
    int failed = 0;
    for (int i = 0; i < threads; i++) {
        jobs[i].e = &e;
        jobs[i].seed = seed;
        jobs[i].samples = samples;
        jobs[i].end_chunk = end_chunk;
        jobs[i].next_chunk = &next_chunk;
        jobs[i].failed = &failed;
        jobs[i].lock = &lock;
        jobs[i].want_ranks = want_ranks;
    }
    badugi_run_workers(run_chunks, jobs, sizeof(worker_job), threads);
    badugi_lock_free(&lock);
    memset(out, 0, sizeof *out);
    status = 0;
    for (int i = 0; i < threads; i++) {
        const badugi_equity_sums *part = &jobs[i].sums;
        if (jobs[i].status != 0) {
            status = jobs[i].status;
        }
        add_sums(out, part);
        for (int r = 0; r <= BADUGI_WORST; r++) {
            out->ranks[r] += part->ranks[r];
        }
    }
    free(jobs);
    return status;
}
