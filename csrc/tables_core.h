/* engine.Tables' C core: the state of one table and the helpers its files
 * share (tables_rng.c, tables_deck.c, tables_hand.c, tables_showdown.c,
 * tables_state.c, tables_api.c); not part of the API (the API is badugi.h).
 *
 * The scope (checked in Python and again in badugi_tables_new): fixed limit
 * with a cap, blinds and/or antes, no dealer's errors, stacks reset every
 * hand or carried from one to the next; a seat may go all in, so a hand has
 * a main pot and side pots. */
#ifndef BADUGI_TABLES_CORE_H
#define BADUGI_TABLES_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "showdown.h"

#define TB_SEATS 8
#define TB_CARDS 5
#define TB_DRAWS 3
#define TB_MAX_CHIPS 2147483647LL /* a table's chips: its records hold amounts in 32 bits */

/* The history's records, BADUGI_TABLES_RECORD int32 each: kind, seat, a, b,
 * then two card lists, each a count and up to five 6-bit ids packed. */
enum {
    TB_ANTE = 1,     /* a: amount, b: all in */
    TB_BLIND = 2,    /* a: amount, b: 0 small, 1 big */
    TB_DEAL = 3,     /* cards */
    TB_FOLD = 4,
    TB_CHECK = 5,
    TB_CALL = 6,     /* a: amount, b: to */
    TB_BET = 7,      /* a: to, b: full */
    TB_RAISE = 8,    /* a: to, b: full */
    TB_ROUND = 9,    /* a: index */
    TB_DRAW_ROUND = 10,
    TB_BURN = 11,      /* a: card */
    TB_RESHUFFLE = 12, /* a: cards in the new stack */
    TB_DRAW = 13,      /* discards, received */
    TB_END = 14,       /* a: the last aggressor of the last round, or -1 */
};

typedef struct {
    uint32_t mt[624];
    int index;
} tb_mt;

typedef struct {
    uint8_t stack[52]; /* stack[top .. top + len): the stack, top first */
    int top, len;
    uint8_t discards[52];
    int n_discards;
    uint8_t burns[52];
    int n_burns;
    tb_mt rng; /* the reshuffles', seeded at the first one */
    int rng_ready;
} tb_deck;

typedef struct {
    uint64_t seed; /* this hand's */
    int32_t button;
    uint8_t order[52]; /* the deck as dealt from, top first */
    tb_deck deck;
    uint8_t hands[TB_SEATS][TB_CARDS]; /* in the order received, as Hand keeps them */
    int64_t stacks[TB_SEATS], contrib[TB_SEATS], bets[TB_SEATS];
    /* The stacks this hand started with and the last finished hand did; fresh: 1 when this
     * hand's are the config's (the first hand, or carried stacks reset after a seat ran short). */
    int64_t start[TB_SEATS], last_start[TB_SEATS];
    int fresh;
    uint8_t folded[TB_SEATS];
    int8_t drawn[TB_SEATS][TB_DRAWS]; /* cards thrown at each draw, -1 before it */
    int phase;                        /* 0 betting, 1 drawing */
    int round, full_bets, in_hand, burned, aggressor;
    int64_t current_bet;
    /* The betting round as engine.betting.Betting keeps it: the total of the last full bet, the
     * total that last reopened the betting and how many bets did; for each seat, how many had when
     * it last acted (-1: not yet this round) and the total that would reopen it for it (-1: capped). */
    int64_t last_full_bet, reopened_at;
    int reopenings;
    int acted_seen[TB_SEATS];
    int64_t acted_reopens[TB_SEATS];
    int8_t queue[TB_SEATS]; /* seats to act or draw, queue[head .. head + qlen) */
    int head, qlen;
    uint64_t hand_number;
    int32_t *log, *last_log; /* this hand's records, the last finished hand's */
    int n_log, n_last, error;
    int16_t *acts, *last_acts; /* this hand's actions and the last finished hand's, in order */
    int n_acts, n_last_acts;
    uint64_t last_seed;
    int32_t last_button;
    uint8_t last_order[52];
} tb_table;

struct badugi_tables {
    badugi_tables_config cfg;
    scoring score;
    tb_mt mt_base;
    uint64_t seed;
    size_t count;
    int actions;
    tb_table *tables;
};

void tb_sha512(const uint8_t *data, size_t len, uint8_t out[64]);
/* Seeds m as random.Random(prefix + str(seed)) is seeded. */
void tb_rng_seed(tb_mt *m, const tb_mt *base, const char *prefix, uint64_t seed);
/* The state every seeding starts from (computed once per badugi_tables). */
void tb_mt_base(tb_mt *base);
/* random.shuffle of cards[0..count) by m (badugi.engine.deck.shuffled). */
void tb_shuffle(uint8_t *cards, int count, tb_mt *m);

/* Appends a record; sets t->error (BADUGI_E_MEMORY) past the log's capacity instead of writing. */
void tb_record(tb_table *t, int capacity, int kind, int seat, int64_t a, int64_t b, const uint8_t *c1, int n1,
               const uint8_t *c2, int n2);

void tb_deck_start(tb_deck *d, const uint8_t order[52]);
/* The top n cards into out, from a stack that keeps its last card. */
void tb_deck_deal(tb_deck *d, uint8_t *out, int n);
/* One player's replacements for thrown[0..n) into received, burning first if asked (deck.Deck.replace). */
int tb_deck_replace(const struct badugi_tables *ts, tb_table *t, const uint8_t *thrown, int n, int burn_first,
                    uint8_t *received);
void tb_deck_muck(tb_deck *d, const uint8_t *cards, int n);

/* The hand's flow: deal a new hand (from t->start), what the actor may do, one action. */
void tb_start_hand(const struct badugi_tables *ts, tb_table *t);
int tb_legal(const struct badugi_tables *ts, const tb_table *t, int action);
/* Applies a legal action; returns 1 if it ended the hand (rewards written), else 0. */
int tb_act(const struct badugi_tables *ts, tb_table *t, int action, int64_t *rewards);

/* The tables array (zeroed) and its two blocks (records, actions; zeroed if asked) for
 * ts->count tables, each table's pointers set; 0, or -1 with nothing allocated (tables_state.c). */
int tb_allocate(struct badugi_tables *ts, int zeroed);

/* Payouts of a hand that ended (one seat left, or the showdown) into payouts[0..players): the pots
 * layered by what each seat put in, chips no other seat matched going back (tables_showdown.c). */
void tb_payouts(const struct badugi_tables *ts, const tb_table *t, int64_t *payouts);

#endif
