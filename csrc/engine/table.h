/* engine.Tables' C core: the state of one table and the helpers its files
 * share (rng.c, record.c, deck.c, hand.c, payouts.c, state.c, api.c), each of
 * which declares its own functions in its own header (rng.h, ...); not part
 * of the API (the API is badugi.h).
 *
 * The scope (checked in Python and again in badugi_tables_new): fixed limit
 * with a cap, pot limit and half-pot limit with a menu of bets, blinds and/or
 * antes, no dealer's errors, stacks reset every hand or carried from one to
 * the next; a seat may go all in, so a hand has a main pot and side pots. */
#ifndef BADUGI_ENGINE_TABLE_H
#define BADUGI_ENGINE_TABLE_H

#include <stddef.h>
#include <stdint.h>

#include "common/pool.h"
#include "showdown/showdown.h"

#define TB_SEATS 8
#define TB_CARDS 5
#define TB_DRAWS 3
#define TB_MAX_CHIPS 2147483647LL /* a table's chips: its records hold amounts in 32 bits */

/* A hint to fetch the line at p into the cache; nothing where the compiler has no such builtin. */
#if defined(__GNUC__) || defined(__clang__)
#define TB_PREFETCH(p) __builtin_prefetch(p)
#else
#define TB_PREFETCH(p) ((void)(p))
#endif

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

/* What the actor may do: a bit for each betting action (0 fold, 1 check or call, 2 the least bet or
 * raise, and in the pot limits the half-pot and the pot one), or TB_MAY_DRAW for every discard
 * (actions 3 to draw_end - 1); 0 when nobody is to act. */
enum { TB_MAY_FOLD = 1, TB_MAY_CALL = 2, TB_MAY_RAISE = 4, TB_MAY_HALF_POT = 8, TB_MAY_POT = 16, TB_MAY_DRAW = 128 };

/* The bit of moves (TB_MAY_*) that allows each action: betting actions 0 to 2, the draws, then in
 * the pot limits the half-pot and pot bets (api.c fills it). */
#define TB_MOST_ACTIONS (5 + (1 << TB_CARDS))

/* Whether moves allows action (any int), by its bit (bit_of: a table's): the check every step and
 * replay makes of every action. A lookup, not a branch on the action, which is the caller's. */
static inline int tb_allows(int moves, int64_t action, const uint8_t *bit_of, int actions)
{
    return (uint64_t)action < (uint64_t)actions && (moves >> bit_of[action] & 1);
}

typedef struct {
    uint32_t mt[624];
    int index;
} tb_mt;

typedef struct {
    uint8_t stack[52]; /* stack[top .. top + len): the stack, top first */
    uint8_t discards[52];
    uint8_t burns[52];
    int8_t top, len, n_discards, n_burns;
    /* The fast deal shuffles lazily: stack[0 .. made) is final, the rest still to be drawn from
     * the generator (its state shuffle; word, its last output, of which chunks 16-bit pieces are
     * not used yet). A deck as Hand deals it is shuffled whole at the start (made 52). */
    int8_t made, chunks;
    uint64_t word;
    uint64_t shuffle;
    /* The reshuffles' generator is Python's, seeded from the hand's seed: 2.5 KB of state, so it
     * is not kept. Each reshuffle (a few hands in a hundred, at eight seats) seeds it again and
     * skips the outputs the hand's earlier reshuffles read. */
    int16_t rng_used;
} tb_deck;

/* A count of chips within a table: a table holds at most TB_MAX_CHIPS (2**31 - 1) of them, so
 * 32 bits hold any stack, bet or pot; a total past every chip at the table (a bet no stack
 * reaches) is kept as TB_MAX_CHIPS, which no stack reaches either. Sums are made in 64 bits. */
typedef int32_t tb_chips;

static inline tb_chips tb_chips_of(int64_t chips) { return (tb_chips)(chips < TB_MAX_CHIPS ? chips : TB_MAX_CHIPS); }

/* One table. The fields an action reads and writes come first, so that a step touches few of
 * its cache lines (the first five hold the betting, the next three the deck); a live table keeps
 * no records (log is NULL): its history is made when asked, by dealing the hand again and
 * replaying its actions with log set (state.c). */
typedef struct {
    int8_t queue[TB_SEATS]; /* seats to act or draw, queue[head .. head + qlen) */
    int8_t head, qlen;
    uint8_t folded[TB_SEATS];
    int8_t phase; /* 0 betting, 1 drawing */
    int8_t round, in_hand, burned, aggressor;
    int8_t able;    /* seats still in with chips: those that can still bet (Ledger.able) */
    uint8_t active; /* the same seats, a bit each */
    uint8_t moves;  /* what the actor may do (TB_MAY_*), kept after every action */
    int8_t quoted;  /* in a betting round, 1 if the betting is not capped: a raise goes to quote_full */
    int8_t quote_fresh; /* 1 while the quote holds (fixed limit: until a bet, a raise or a new round) */
    int32_t full_bets;
    int32_t reopenings;
    int32_t n_acts;
    uint8_t *acts; /* this hand's actions, in order (an action is a byte) */
    tb_chips current_bet;
    /* The betting round as engine.betting.Betting keeps it: the total of the last full bet, the
     * total that last reopened the betting and how many bets did (reopenings); for each seat, how
     * many had when it last acted (-1: not yet this round) and the total that would reopen it for
     * it (-1: capped). */
    tb_chips last_full_bet, reopened_at;
    /* This turn's bets: the least total a full one goes to, what total reopens the betting, and
     * the totals of the menu (the least, the half-pot and the pot one; all in if short). */
    tb_chips quote_full, quote_reopens;
    tb_chips menu[3];
    tb_chips last_raise; /* the size of the last full bet or raise this round (the big blind at first) */
    int32_t acted_seen[TB_SEATS];
    tb_chips acted_reopens[TB_SEATS];
    tb_chips stacks[TB_SEATS], contrib[TB_SEATS], bets[TB_SEATS];
    uint8_t hands[TB_SEATS][TB_CARDS]; /* in the order received, as Hand keeps them */
    int8_t drawn[TB_SEATS][TB_DRAWS];  /* cards thrown at each draw, -1 before it */
    tb_deck deck;
    /* The rest is read once a hand (a step prefetches the lines up to here: api.c). */
    uint8_t *last_acts; /* the last finished hand's actions */
    int32_t n_last_acts;
    int32_t button;
    uint64_t seed; /* this hand's */
    uint64_t hand_number;
    size_t index; /* the table's place in its Tables: its hands' seeds depend on it */
    /* The stacks this hand started with and the last finished hand did; fresh: 1 when this
     * hand's are the config's (the first hand, or carried stacks reset after a seat ran short). */
    int64_t start[TB_SEATS], last_start[TB_SEATS];
    int fresh;
    int error;
    /* Records, only while a hand is replayed for its history: log[0 .. n_log), at most log_size. */
    int32_t *log;
    int n_log, log_size;
} tb_table;

struct badugi_tables {
    badugi_tables_config cfg;
    scoring score;
    tb_mt mt_base;
    uint64_t seed;
    size_t count;
    int actions;  /* betting and draws, and the pot limits' two bets after */
    int draw_end; /* the first action past the draws: 3 + 2**hand_size */
    uint8_t bit_of[TB_MOST_ACTIONS]; /* the bit of moves that allows each action (tb_allows) */
    tb_table *tables;
    uint8_t *acts_block; /* every table's two action buffers, cfg.log_capacity bytes each */
    uint8_t *moves;      /* each table's moves, side by side: a step's checks read these, not the tables */
    uint8_t *checked;    /* a step's actions as checked (count bytes after moves' count): the tables play
                          * these, never the caller's buffer again, which another thread could change */
    badugi_pool *pool;   /* the step's threads, parked between steps (made at the first step that needs them) */
    int *chunk_errors;   /* with the pool: what each chunk of a step left (api.c) */
};

#endif
