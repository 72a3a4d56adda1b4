/* The C API of badugi._native. This file is also the cffi cdef, so it must
 * parse without a preprocessor: fixed-width types, no #include, and only
 * integer #defines. badugi.c includes it so the compiler checks the two agree. */

#define BADUGI_HANDS 270725
#define BADUGI_WORST 1092

/* Error codes; every function that can fail returns one of these (< 0). */
#define BADUGI_E_RANGE -1
#define BADUGI_E_DUPLICATE -2
#define BADUGI_E_NULL -3
#define BADUGI_E_TEXT -4
#define BADUGI_E_COUNT -5
#define BADUGI_E_KERNEL -6
#define BADUGI_E_SCALE -7

/* Batch kernels, fastest last; badugi_rank_many_u8 uses the best available. */
#define BADUGI_KERNEL_SCALAR 0
#define BADUGI_KERNEL_SSE2 1
#define BADUGI_KERNEL_AVX2 2

/* Rank of one hand of four card ids (0..51, any order): 1 (A-2-3-4 badugi)
 * to 1092 (a lone king), or a negative error code. */
int badugi_rank4(uint8_t a, uint8_t b, uint8_t c, uint8_t d);

/* Rank one hand written as text of len bytes (UTF-8, not NUL-terminated):
 * four cards such as "Ah 2s 3d 4c", "Ah2s3d4c", "Ah,2s,3d,4c", "10h" or "A\u2665",
 * separated by nothing, spaces, tabs, newlines or commas. Never reads past
 * text[len - 1]. Returns the rank or a negative error code. */
int badugi_rank_text(const char *text, size_t len);

/* Rank n hands of four uint8 ids each (4n bytes) into out[0..n). Returns 0,
 * or a negative error code with *bad_row set to the first invalid row; rows
 * before it are written, rows from it on are not. */
int badugi_rank_many_u8(const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* badugi_rank_many_u8 with a chosen kernel, for tests and benchmarks; the
 * results are identical. Returns BADUGI_E_KERNEL if it is not available. */
int badugi_rank_many_u8_with(int kernel, const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* The kernel badugi_rank_many_u8 uses on this CPU. */
int badugi_best_kernel(void);

/* The same for int64 ids, each range-checked before it is narrowed, so a
 * value such as 257 is rejected rather than wrapped to 1. */
int badugi_rank_many_i64(const int64_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* The same for int32 ids. */
int badugi_rank_many_i32(const int32_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* A short static description of an error code. */
const char *badugi_strerror(int code);

/* ---- Scales: ranking five cards (and four, for the Badugi scales) ----
 * A scale is a plain int code. On every scale 1 is the best hand and equal
 * hands share a number; the numbers are dense up to the scale's worst. */
#define BADUGI_SCALE_BADUGI 0          /* best four-card badugi of the hand, aces low: 1..1092 */
#define BADUGI_SCALE_BADUGI_ACE_HIGH 1 /* the same with aces high: 1 = 5-4-3-2, 1092 = a lone ace */
#define BADUGI_SCALE_LOW_27 2          /* deuce-to-seven low of five cards: 1..7462 */
#define BADUGI_SCALE_LOW_A5 3          /* ace-to-five low of five cards: 1..6175 */
#define BADUGI_SCALE_COUNT 4
#define BADUGI_WORST_LOW_27 7462
#define BADUGI_WORST_LOW_A5 6175
/* Most scales one fused batch call may rank at once. */
#define BADUGI_MAX_SCALES 16

/* The worst rank on a scale, or BADUGI_E_SCALE for an unknown code. */
int badugi_scale_worst(int scale);

/* Rank of five card ids (0..51, any order) on a scale, or a negative error
 * code: BADUGI_E_RANGE, BADUGI_E_DUPLICATE or BADUGI_E_SCALE. */
int badugi_rank5(int scale, uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e);

/* Rank of four card ids on a Badugi scale (either ace rule); BADUGI_E_COUNT
 * on a five-card scale, BADUGI_E_SCALE for an unknown code. */
int badugi_rank4_on(int scale, uint8_t a, uint8_t b, uint8_t c, uint8_t d);

/* Rank of a hand written as text (the syntax of badugi_rank_text) on a scale:
 * five cards, or four on a Badugi scale; BADUGI_E_COUNT otherwise. */
int badugi_rank_text_on(int scale, const char *text, size_t len);

/* The fused batch: ranks n rows of width (4 or 5) uint8 ids each on the k
 * scales scales[0..k), one sort per row, into out[i * k + j] (row-major,
 * n * k values). k is 1..BADUGI_MAX_SCALES; four-card rows are allowed on
 * the Badugi scales only (else BADUGI_E_COUNT). Returns 0, or a negative
 * error code; for a bad row it sets *bad_row, and rows before it are written,
 * rows from it on are not. Bad scales or width are reported before any row. */
int badugi_rank_many_on_u8(const int32_t *scales, size_t k, size_t width, const uint8_t *cards, size_t n,
                           uint16_t *out, size_t *bad_row);

/* The same with a chosen kernel (BADUGI_KERNEL_*), for tests and benchmarks;
 * the results are identical. Five-card rows have SSE2 and AVX2 kernels; four-
 * card rows on several scales or aces high run the scalar loop. */
int badugi_rank_many_on_u8_with(int kernel, const int32_t *scales, size_t k, size_t width,
                                const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* The same for int32 and int64 ids, each range-checked before it is narrowed. */
int badugi_rank_many_on_i32(const int32_t *scales, size_t k, size_t width, const int32_t *cards, size_t n,
                            uint16_t *out, size_t *bad_row);
int badugi_rank_many_on_i64(const int32_t *scales, size_t k, size_t width, const int64_t *cards, size_t n,
                            uint16_t *out, size_t *bad_row);

/* Attaches rank_object(hand), the scalar hot path of badugi.rank() that sees
 * Python objects (see pyfast.c), and rank_on_object / rank_low_object, the
 * same for Scale.rank and badugi.lowball.rank, to the module badugi._native.
 * Called once at import; returns 0, or -1 if it could not. */
int badugi_install_python_fastpath(void);

/* ---- Draw equity: strength, the best discard, draw odds, equity ----
 * (drawvalue.c, draw_api.c, equity_mc.c, equity_exact.c). A hand's strength
 * is s / BADUGI_STRENGTH_SCALE with s = 2 * (hands it beats) + (hands it
 * ties, itself included), over all 270,725 hands. Draw values are exact
 * integers; with n draws left a value's scale is
 * BADUGI_STRENGTH_SCALE * 270725^(n - 1) (see drawvalue.h). Every function
 * here checks what it is given and returns a negative error code for
 * anything out of range. */
#define BADUGI_STRENGTH_SCALE 541450
#define BADUGI_DRAW_GROUPS 23479
#define BADUGI_MAX_PLAYERS 8
#define BADUGI_MAX_DRAWS 3
/* What a player does at the draws after the first. */
#define BADUGI_STRATEGY_PAT 0      /* keeps its four cards */
#define BADUGI_STRATEGY_BEST 1     /* badugi_best_keep with what it has seen */
#define BADUGI_STRATEGY_CALLBACK 2 /* asks spot->decide */
#define BADUGI_STRATEGY_TABLE 3    /* badugi_table_keep: the best keep with no card seen, looked up */
/* first_keep[p] of a player whose strategy (best, table or pat) chooses at the
 * first draw too, from the four cards it holds then (its known cards and the
 * cards dealt in the other places): with no known card, a random hand that
 * plays. Monte Carlo only. */
#define BADUGI_KEEP_BY_STRATEGY 64 /* above every keep mask of five cards */
/* Monte Carlo deals are dealt in chunks of this many, chunk i from a random
 * stream seeded by (seed, i), so totals do not depend on the thread count. */
#define BADUGI_EQUITY_CHUNK 1024
/* Pot shares are counted in 1/1680ths of a pot: 1680 = 2 * lcm(1..8), so a
 * half of a split pot divides among any number of players. */
#define BADUGI_SHARE_UNIT 1680
/* The most cards a hand holds (the split games deal five). */
#define BADUGI_MAX_HAND 5
/* Exact enumeration methods. */
#define BADUGI_EXACT_AUTO 0
#define BADUGI_EXACT_DIRECT 1 /* every deal, within max_deals */
#define BADUGI_EXACT_PAIRS 2  /* heads-up only: inclusion-exclusion over shared cards */
#define BADUGI_E_ARGUMENT -20  /* an argument outside its range */
#define BADUGI_E_MEMORY -21    /* out of memory */
#define BADUGI_E_CALLBACK -22  /* spot->decide failed or returned an impossible keep */
#define BADUGI_E_RESHUFFLE -23 /* exact enumeration of a spot whose draw needs a reshuffle */
#define BADUGI_E_TOO_MANY -24  /* exact enumeration of more than max_deals deals */

/* s for a rank 1..1092, or 0 for any other number. */
uint32_t badugi_strength_of_rank(int rank);

/* Builds the draw-value tables unless built (once, thread-safe); 0 or BADUGI_E_MEMORY. */
int badugi_draw_tables_build(void);

/* Copies R_level (level 1..3) of every group, as lo/hi uint64 pairs: out
 * holds 2 * BADUGI_DRAW_GROUPS values. Groups of 0..3 cards are indexed by
 * size, then by the colex index of their sorted ids. For tests. */
int badugi_draw_group_values(int level, uint64_t *out, size_t n);

/* Copies U_level (level 0..2) of every hand by colex index: BADUGI_HANDS values. For tests. */
int badugi_draw_hand_values(int level, uint64_t *out, size_t n);

/* The value of each of the 16 keeps of hand (four distinct ids) with draws
 * (1..3) left, replacements drawn from the cards in neither hand nor
 * seen[0..n_seen) (distinct ids, none in the hand). Keep k keeps hand[i] for
 * each bit i of k. num[2k], num[2k + 1] are the low and high 64 bits of the
 * sum of U_{draws - 1} over every replacement; den[k] is how many there are
 * (0 if too few cards are unseen). method: 0 the cheaper, 1 inclusion-
 * exclusion, 2 every replacement; the results are the same. */
int badugi_keep_values(const uint8_t *hand, const uint8_t *seen, size_t n_seen, int draws, int method,
                       uint64_t *num, uint64_t *den);

/* The best keep (a mask, as above) by those values: ties go to fewer
 * discards, then to the lower ids kept. Or a negative error code. */
int badugi_best_keep(const uint8_t *hand, const uint8_t *seen, size_t n_seen, int draws);

/* The keep the table strategy takes: badugi_best_keep(hand, no card seen,
 * draws), looked up in a table of every hand built on first use (half a byte a
 * hand and a number of draws left, 1..3). A mask over hand as above, or a
 * negative error code. */
int badugi_table_keep(const uint8_t *hand, int draws);

/* Builds the table strategy's keeps unless built (once, thread-safe); 0 or BADUGI_E_MEMORY. */
int badugi_keep_table_build(void);

/* The final rank of keep plus every set of 4 - n_keep cards in neither keep
 * nor seen, counted: out[r] for r in 1..1092, out[0] = 0. n_keep is 0..4. */
int badugi_completion_ranks(const uint8_t *keep, size_t n_keep, const uint8_t *seen, size_t n_seen,
                            uint64_t *out);

/* A player's choice at a draw after the first: the keep mask over hand (bit
 * i keeps hand[i]), or a negative number to stop the run. discarded holds
 * the player's own earlier discards; counts[d * 8 + p] is how many cards
 * player p drew at draw d (0-based), -1 where it has not drawn yet. */
typedef int (*badugi_decide_fn)(void *context, int player, const uint8_t *hand, int draws_left,
                                const uint8_t *discarded, int n_discarded, const int8_t *counts);

/* One equity question. The game: each hand holds hand_size cards (4, or 5
 * in the split games) and the pot splits evenly between n_halves halves
 * (1 or 2), each ranked on its scale halves[h] (BADUGI_SCALE_*; a four-card
 * hand only on a Badugi scale); hand_size 0 is Badugi (four cards, one half,
 * aces low). Each player holds known[p] known cards cards[p][0..); a player
 * with fewer than hand_size holds unknown cards in the other places and
 * throws them at the first draw. first_keep[p] says which known cards it
 * keeps at the first draw (bit i keeps cards[p][i]), or is
 * BADUGI_KEEP_BY_STRATEGY; strategy[p] decides the later draws. Players draw in order 0, 1, ... . The dead cards are in the
 * discard pile from the start: seen by everyone, reshuffled with the rest. */
typedef struct {
    int32_t players; /* 1..8 (1 only for the odds of one hand) */
    int32_t draws;   /* 0..3 */
    int32_t known[8];
    uint8_t cards[8][BADUGI_MAX_HAND];
    int32_t first_keep[8];
    int32_t strategy[8];
    int32_t n_dead;
    uint8_t dead[52];
    badugi_decide_fn decide;
    void *context;
    /* 1: each deal first relabels the suits of every known and dead card by
     * a random one of the 24 permutations, so a spot stands for its whole
     * class up to the suits (Monte Carlo only; no callback strategy). */
    int32_t relabel_suits;
    int32_t hand_size; /* 0 (Badugi), 4 or 5 */
    int32_t n_halves;  /* 0 (Badugi), 1 or 2 */
    int32_t halves[2];
} badugi_spot;

/* Sums over the deals of one run; shares in 1/BADUGI_SHARE_UNIT of a pot. */
typedef struct {
    uint64_t deals;
    uint64_t win[8];      /* deals won alone: the whole pot */
    uint64_t tie[8];      /* deals shared: a part of the pot */
    uint64_t share[8];    /* pot shares */
    uint64_t share_sq[8]; /* squared pot shares, in 1/BADUGI_SHARE_UNIT^2 */
    uint64_t ranks[1093]; /* player 0's final ranks, when asked for */
} badugi_equity_sums;

/* Every single-draw deal of a spot, weighted equally, into *out. The spot
 * must have no draw after the first (draws 0 or 1, or every strategy PAT),
 * and its draw must not need a reshuffle (else BADUGI_E_RESHUFFLE). method
 * BADUGI_EXACT_*; AUTO takes PAIRS heads-up, else DIRECT, which fails with
 * BADUGI_E_TOO_MANY beyond max_deals deals. */
int badugi_equity_exact(const badugi_spot *spot, int method, uint64_t max_deals, int threads,
                        badugi_equity_sums *out);

/* Monte Carlo over chunks [first_chunk, end_chunk) of a run of samples deals
 * (the last chunk may be short), on up to threads threads, into *out; with
 * want_ranks, player 0's final ranks too. The cards are dealt by the card-
 * room rules: a burn before each draw's first replacement, the last card of
 * the stub never dealt, and when the stub runs out the discards, burns and
 * last card (not the drawer's own discards) are shuffled into a new one. */
int badugi_equity_monte_carlo(const badugi_spot *spot, uint64_t seed, uint64_t samples, uint64_t first_chunk,
                              uint64_t end_chunk, int threads, int want_ranks, badugi_equity_sums *out);

/* ---- The heads-up matrix: many heads-up Monte Carlo runs in one call ----
 * (equity_heads_up.c) Run i is a heads-up spot of two known hands: player 0
 * holds cards[8i .. 8i + 4) and draws first, player 1 holds
 * cards[8i + 4 .. 8i + 8); both choose every discard, the first included
 * (BADUGI_KEEP_BY_STRATEGY), by their strategies strategy_a and strategy_b
 * (any code the Monte Carlo engine takes for that, but no callback), and
 * every deal relabels the suits at random. It is dealt deals[i] times
 * (1..BADUGI_HEADS_UP_MOST_DEALS) from seeds[i], the very deals
 * badugi_equity_monte_carlo deals for that spot and seed, and out[9i .. 9i + 9)
 * gets the deals, then win, tie, share and share_sq of player 0, then those
 * of player 1. n is 0..BADUGI_HEADS_UP_MOST_RUNS; draws 1..3; threads >= 1
 * (a bad n, draws or threads, or a NULL, is refused with out untouched).
 * Every run is checked before any is dealt, and a bad run (a card out of
 * range or twice, deals out of range, a strategy the engine refuses) is
 * refused with out all zero. The work is spread over up to threads threads
 * by (run, chunk of BADUGI_EQUITY_CHUNK deals), and the integer sums are the
 * same for any number of threads. */
#define BADUGI_HEADS_UP_SUMS 9
#define BADUGI_HEADS_UP_MOST_RUNS 67108864
#define BADUGI_HEADS_UP_MOST_DEALS 1099511627776
int badugi_heads_up_monte_carlo(const uint8_t *cards, const uint64_t *seeds, const uint64_t *deals, size_t n,
                                int draws, int strategy_a, int strategy_b, int threads, uint64_t *out);

/* ---- Five-card draw values: the split games' strength and best discard ----
 * (drawvalue5.c, keeptable5.c, draw5_api.c). A game is given by its halves,
 * scales[0..halves): one or two five-card scales (BADUGI_SCALE_*) in the
 * game's order. A hand's strength count is the sum over the halves of
 * 2 * (hands it beats on the half) + (hands it ties, itself included), over
 * all BADUGI_HANDS5 five-card hands; its strength, the mean of its halves'
 * shares, is count / (2 * halves * BADUGI_HANDS5). With n draws left a
 * draw value's scale is 2 * halves * BADUGI_HANDS5 * BADUGI_DRAW5_SCALE^(n - 1)
 * (see drawvalue5.h). The tables are built per game on first use. Every
 * function here checks what it is given and returns a negative error code
 * (BADUGI_E_SCALE for an unknown scale, BADUGI_E_ARGUMENT for halves outside
 * 1..2 or another argument out of range) for anything wrong. */
#define BADUGI_HANDS5 2598960
#define BADUGI_DRAW5_SCALE 12994800
#define BADUGI_DRAW5_MAX_HALVES 2

/* The strength count of a hand of five distinct ids (0..51, any order). */
int badugi_strength5(const int32_t *scales, size_t halves, const uint8_t *hand);

/* Builds the game's tables for up to level (1..3) draws left, unless built;
 * with keep_table, the no-card-seen keep table for level draws too. 0 or an
 * error code (BADUGI_E_MEMORY). For timing and tests: every other function
 * builds what it needs. */
int badugi_draw5_build(const int32_t *scales, size_t halves, int level, int keep_table);

/* A table value, as lo/hi uint64 in out[0], out[1]: for n_cards = 5 distinct
 * ids, U_level of that hand (level 0..2); for 0..4, R_level of that group
 * (level 1..3). For tests. */
int badugi_draw5_value(const int32_t *scales, size_t halves, int level, const uint8_t *cards, size_t n_cards,
                       uint64_t *out);

/* Copies U_level (level 0..2) of every hand by colex index (sum of
 * C(id_j, j + 1) over its ids sorted ascending) as lo/hi uint64 pairs: out
 * holds 2 * BADUGI_HANDS5 values. For tests. */
int badugi_draw5_hand_values(const int32_t *scales, size_t halves, int level, uint64_t *out, size_t n);

/* The value of each of the 32 keeps of hand (five distinct ids) with draws
 * (1..3) left, replacements drawn from the cards in neither hand nor
 * seen[0..n_seen) (distinct ids, none in the hand). Keep k keeps hand[i] for
 * each bit i of k. num[2k], num[2k + 1] are the low and high 64 bits of the
 * sum of U_{draws - 1} over every replacement; den[k] is how many there are
 * (0 if too few cards are unseen). method: 0 the cheaper, 1 inclusion-
 * exclusion, 2 every replacement; the results are the same. */
int badugi_keep_values5(const int32_t *scales, size_t halves, const uint8_t *hand, const uint8_t *seen,
                        size_t n_seen, int draws, int method, uint64_t *num, uint64_t *den);

/* The best keep (a mask over hand, as above) by those values, compared
 * exactly: ties go to fewer discards, then to the lower ids kept. */
int badugi_best_keep5(const int32_t *scales, size_t halves, const uint8_t *hand, const uint8_t *seen,
                      size_t n_seen, int draws);

/* Copies the no-card-seen keep table for draws (1..3) left into out[0..n),
 * n >= BADUGI_HANDS5: out[i] is the keep badugi_best_keep5 chooses for the
 * hand of colex index i (sum of C(id_j, j + 1) over its ids sorted
 * ascending) with no card seen, as a mask over those sorted ids. */
int badugi_keep_table5(const int32_t *scales, size_t halves, int draws, uint8_t *out, size_t n);
/* ---- end of the five-card draw values ---- */

/* ---- hands up to the suits ---- */
/* The classes that relabelling the four suits makes of the hands of
 * hand_size (4 or 5) cards: 16,432 of four cards, 134,459 of five. Writes
 * each class's representative (the member whose ascending ids come first
 * lexicographically), hand_size ids ascending, into representatives, and
 * how many hands it holds (1..24) into counts, classes in ascending order
 * of their representatives; capacity is the classes the arrays hold.
 * Returns the number of classes (BADUGI_E_ARGUMENT for another hand size or
 * too small a capacity). */
#define BADUGI_SUIT_CLASSES4 16432
#define BADUGI_SUIT_CLASSES5 134459
int badugi_suit_classes(int hand_size, uint8_t *representatives, uint8_t *counts, size_t capacity);
/* ---- end of the hands up to the suits ---- */

/* ---- engine.Tables: many independent tables stepped in C (tables_*.c) ----
 * Fixed limit with a cap, pot limit or half-pot limit, blinds and/or antes,
 * stacks reset every hand or carried from hand to hand (a seat may go all in:
 * side pots), the game's halves as BADUGI_SCALE_* codes.
 * Actions: 0 fold, 1 check or call, 2 bet or raise (the fixed limit's one, or
 * the least a pot limit allows), 3 + mask a draw (bit i throws card i in
 * increasing id order); then, in the pot limits, 3 + 2**hand_size a bet or
 * raise of half the pot after calling and 4 + 2**hand_size one of the pot
 * (each the most the structure allows, or all in, if less). Every function
 * checks its sizes and returns a negative error code for anything out of range. */
#define BADUGI_TABLES_RECORD 8
#define BADUGI_DEAL_FAST 0
#define BADUGI_DEAL_HAND 1
#define BADUGI_STRUCTURE_FIXED 0
#define BADUGI_STRUCTURE_POT 1
#define BADUGI_STRUCTURE_HALF_POT 2
typedef struct {
    int32_t players;   /* 2..8 */
    int32_t hand_size; /* 4 or 5 */
    int32_t draws;     /* 0..3 */
    int32_t n_halves;  /* 1 or 2 */
    int32_t halves[2];
    int32_t odd_chip_half;
    int32_t burn;              /* 0 or 1 */
    int32_t cap;               /* bets and raises a round, above 0 */
    int32_t uncapped_heads_up; /* 0 or 1 */
    int32_t blinds;            /* 0 or 1 */
    int32_t log_capacity;      /* records a hand's history may hold */
    int32_t threads;           /* 1..BADUGI_MAX_WORKERS: step spreads the tables over them */
    int32_t full_bet_rule;     /* 0: an all-in of half a bet reopens the betting; 1: only a full one */
    int32_t carry_stacks;      /* 0: every hand starts from stacks; 1: from where the last one ended,
                                  every seat back to stacks once one is short (badugi_tables_least_stack) */
    int32_t deal;              /* BADUGI_DEAL_FAST: the library's own shuffle; BADUGI_DEAL_HAND: the deck
                                  Hand(seed=s) deals (Python's generator, 3.5 us more a hand) */
    int32_t structure;         /* BADUGI_STRUCTURE_FIXED (small_bet, big_bet, cap), or _POT or _HALF_POT
                                  (a raise of at most the pot, or half of it, after calling) */
    int64_t small_bet;
    int64_t big_bet;
    int64_t small_blind;
    int64_t big_blind;
    int64_t ante;
    int64_t smallest_bet;      /* the pot limits' smallest bet: the big blind, else min_bet, else the ante or 1 */
    int64_t stacks[8];
} badugi_tables_config;
typedef struct badugi_tables badugi_tables;
/* Checks config and deals every table its first hand; 0 or an error code. */
int badugi_tables_new(const badugi_tables_config *config, uint64_t seed, size_t count, badugi_tables **out);
void badugi_tables_free(badugi_tables *tables);
/* Actions per decision: 3 + 2**hand_size, and two more in the pot limits. */
int badugi_tables_actions(const badugi_tables *tables);
/* mask[count * actions]: 1 where the action is legal for the table's actor. */
int badugi_tables_legal(const badugi_tables *tables, uint8_t *mask, size_t size);
/* seats[count]: the seat to act at each table. */
int badugi_tables_actor(const badugi_tables *tables, int32_t *seats, size_t size);
/* One action at every table. Checks them all first: returns table + 1 of the
 * first illegal one (nothing changed), else applies them and returns 0;
 * done[count] 1 for the hands that just ended, each followed at once by the
 * next hand, and 0 elsewhere; rewards[count * players] (chips won less chips
 * put in) for those hands only: the caller zeroes the rest beforehand.
 * Each action is read once: a caller's thread that writes acts meanwhile gets
 * the value read checked and played, or refused, never one unchecked. */
int64_t badugi_tables_step(badugi_tables *tables, const int64_t *acts, size_t n, int64_t *rewards,
                           size_t rewards_size, uint8_t *done, size_t done_size);
/* Columns of badugi_tables_observe per table. */
int badugi_tables_observation_width(const badugi_tables *tables);
/* Each table as seat viewer sees it (its cards, its chips to call), or as its actor does (viewer -1);
 * out[count * width]. */
int badugi_tables_observe(const badugi_tables *tables, int viewer, int64_t *out, size_t size);
/* The last finished hand of table: its seed, button, deck (52 ids, top first),
 * the stacks it started with (stacks[players]) and records (BADUGI_TABLES_RECORD
 * int32 each, at most size / RECORD), made by dealing it again and replaying
 * its actions; returns how many records, 0 if no hand has finished, or an
 * error code. */
int badugi_tables_last_hand(const badugi_tables *tables, size_t table, uint64_t *seed, int32_t *button,
                            uint8_t *deck, int64_t *stacks, int32_t *records, size_t size);
/* The stacks each table's hand in play started with (stacks[count * players]), and fresh[count]:
 * 1 where they are the config's own (the first hand, and with carry_stacks the hand after a seat
 * ran short), else 0. */
int badugi_tables_stacks(const badugi_tables *tables, int64_t *stacks, size_t size, uint8_t *fresh,
                         size_t fresh_size);
/* The fewest chips a seat may start a hand with: 1, or with no draw more than the ante and the big
 * blind (a hand with no draw must have a turn). */
int64_t badugi_tables_least_stack(const badugi_tables_config *config);
/* Every table dealt its first hand afresh from seed, as badugi_tables_new deals them: the same
 * tables a new badugi_tables of that seed holds. 0 or an error code. */
int badugi_tables_reset(badugi_tables *tables, uint64_t seed);
/* An independent copy of every table, its records and its actions; 0 or an error code. */
int badugi_tables_copy(const badugi_tables *tables, badugi_tables **out);
/* The actions of table's hand in play (last 0) or of its last finished hand (last 1), in order,
 * into acts (size at least the config's log_capacity), the stacks that hand started with into
 * stacks[players], and the number of the hand in play; returns how many actions, or an error code. */
int badugi_tables_played(const badugi_tables *tables, size_t table, int last, uint64_t *hand_number,
                         int16_t *acts, size_t size, int64_t *stacks, size_t stacks_size);
/* Deals table's hand hand_number - 1 from last_stacks[players] (NULL: the config's) and plays
 * last[0..n_last) (which must end it), then current[0..n_current) in hand hand_number (which
 * must not end it); hand 0 has no last hand (n_last 0). Every action is checked as step checks
 * it, and the stacks as a hand could have started with them (the config's without carry_stacks;
 * with it, at least the least stack each and the config's total): BADUGI_E_ARGUMENT at the
 * first that breaks this, the table then dealt its first hand. */
int badugi_tables_restore(badugi_tables *tables, size_t table, uint64_t hand_number, const int64_t *last_stacks,
                          const int16_t *last, size_t n_last, const int16_t *current, size_t n_current);

/* ---- Sampled CFR: heads-up fixed-limit Badugi, solved by sampling (csrc/sampled/) ----
 * The game is badugi.adapters' (a Variant, heads-up): fixed limit with a cap, blinds and/or an
 * ante, any deck of the 52 cards' ranks and suits; nobody can be all in (the stack must cover the
 * most a seat can put in). Actions are the adapters': 0 fold (facing a bet only), 1 check or
 * call, 2 bet or raise, 3 + mask a draw (bit i throws the seat's i-th card, ascending ids).
 * The solver is external-sampling Monte Carlo CFR over an abstraction of the game: see the docs'
 * "How the strategy is made". Every function checks what it is given and returns a negative
 * error code for anything out of range. */
#define BADUGI_SAMPLED_MOST_CAP 8
#define BADUGI_SAMPLED_MOST_CHIPS 1048575 /* the most a seat may put in a hand */
#define BADUGI_SAMPLED_EXACT 0   /* information sets as dealt: every card seen, every action */
#define BADUGI_SAMPLED_BUCKETS 1 /* the bucket of the hand held; a draw is how many cards */
#define BADUGI_SAMPLED_EXACT_MOST_DECK 16
#define BADUGI_SAMPLED_PLAY_WIDTH 10 /* int32 columns of a badugi_sampled_play record */
#define BADUGI_SAMPLED_REGRET 0 /* the arrays of a solver, as badugi_sampled_get names them */
#define BADUGI_SAMPLED_AVERAGE 1
#define BADUGI_SAMPLED_DELTA 2
typedef struct {
    int32_t n_deck;   /* 9..52 */
    uint8_t deck[52]; /* the deck's ids, ascending */
    int32_t draws;    /* 0..3 */
    int32_t cap;      /* bets and raises a round, the big blind counting as one: 1..BADUGI_SAMPLED_MOST_CAP */
    int32_t small_bet, big_bet, small_blind, big_blind, ante, stack;
} badugi_sampled_rules;
typedef struct {
    int32_t cards;          /* BADUGI_SAMPLED_EXACT (a deck of at most 16 cards) or BADUGI_SAMPLED_BUCKETS */
    int32_t remember_bets;  /* buckets: 1 every round's bets, 0 only this round's and the pot */
    int32_t remember_draws; /* buckets: how many of the latest draws' counts (both seats') it keeps, 0..3 */
    /* buckets: bucket[d * hands + h] for d draws left (0..draws) and the hand of colex index h
     * over deck places (hands = C(n_deck, 4)); buckets[d] how many there are. */
    const uint32_t *bucket;
    size_t bucket_size;
    int32_t buckets[4];
    /* buckets: discard[((d - 1) * hands + h) * 5 + k], d in 1..draws: the mask (over the hand,
     * ascending ids) of the k cards a draw of k throws. */
    const uint8_t *discard;
    size_t discard_size;
} badugi_sampled_abstraction;
typedef struct {
    uint64_t seed;
    uint64_t first;  /* the first iteration's number: a run goes on from where the last stopped */
    uint64_t count;  /* iterations; each traverses once for each seat */
    uint64_t batch;  /* iterations sampled against one strategy before their regrets are merged */
    uint64_t epoch;  /* iterations between discounts (a multiple of batch), or 0: none */
    double alpha, beta, gamma; /* after epoch k: positive regrets * k^alpha / (k^alpha + 1),
                                  negative * k^beta / (k^beta + 1), strategy sums * (k / (k + 1))^gamma */
    double prune_below;        /* chips: a traverser's action it plays with probability 0 and whose */
    double prune_share;        /*   regret is below this is skipped in this share of traversals, */
    uint64_t prune_from;       /*   from this iteration on */
    int32_t threads;           /* 1..BADUGI_MAX_WORKERS */
    int32_t against_average;   /* 1: the other seat plays the average strategy, left as it is, so each
                                  seat's regrets learn a best response to it; 0: CFR */
} badugi_sampled_run;
typedef struct {
    int32_t seat;
    uint8_t dealt[4];
    int32_t n_moves;
    int8_t moves[64];       /* every bet (0..2) and draw (3 + cards thrown) since the deal, both seats' */
    uint8_t thrown[3][4];   /* the seat's own draws: the cards it threw (any order) */
    uint8_t received[3][4]; /* and the cards it got, in the order dealt */
} badugi_sampled_view;
typedef struct badugi_sampled badugi_sampled;
/* A solver of the rules under the abstraction (its tables copied), its regrets zero; refused with
 * BADUGI_E_TOO_MANY if it needs more than most_slots slots. */
int badugi_sampled_new(const badugi_sampled_rules *rules, const badugi_sampled_abstraction *abstraction,
                       int64_t most_slots, badugi_sampled **out);
void badugi_sampled_free(badugi_sampled *solver);
/* out[0] slots (an information set's actions), [1] information sets, [2] public nodes, [3] terminals. */
int badugi_sampled_sizes(const badugi_sampled *solver, int64_t *out, size_t n);
/* Runs run->count iterations from run->first in batches, merging each batch's regrets and
 * discounting at the end of each epoch (the first must start a batch). */
int badugi_sampled_iterate(badugi_sampled *solver, const badugi_sampled_run *run);
/* A part of one batch: iterations first .. first + count - 1 against the regrets as they are, their
 * changes left in the delta and the strategy sums, not merged. */
int badugi_sampled_sample(badugi_sampled *solver, const badugi_sampled_run *run);
/* Merges the delta into the regrets, and discounts if end (the iterations done) ends an epoch. */
int badugi_sampled_commit(badugi_sampled *solver, const badugi_sampled_run *run, uint64_t end);
/* Copies one of the solver's arrays (BADUGI_SAMPLED_REGRET, _AVERAGE or _DELTA; n = slots) out, sets
 * it, or adds to it. */
int badugi_sampled_get(const badugi_sampled *solver, int which, int64_t *out, size_t n);
int badugi_sampled_set(badugi_sampled *solver, int which, const int64_t *values, size_t n);
int badugi_sampled_add(badugi_sampled *solver, int which, const int64_t *values, size_t n);
/* The strategy (average 1: the average one; 0: the current one) of view's seat where it is to act:
 * out[a] for each action a of the adapters (0..18), 0 where it never plays it. Returns the slot of
 * its information set, or an error code for a view that is not a turn of the seat. */
int64_t badugi_sampled_policy(const badugi_sampled *solver, const badugi_sampled_view *view, int average,
                              double *out, size_t n);
/* The strategy of a bucketed solver, as policy gives it, slot by slot in units of 1/65535 (each
 * information set's shares rounded): what a blueprint ships; n = slots. Exact solvers are refused. */
int badugi_sampled_export(const badugi_sampled *solver, uint16_t *out, size_t n);
/* The start of a best response's learning: the strategy policy plays becomes the strategy sums
 * (a set with none gets its current strategy), and the regrets and the delta are zeroed. */
int badugi_sampled_freeze(badugi_sampled *solver);
/* Plays hands first .. first + count - 1 (each dealt from the stream of (seed, t)) twice: each seat
 * in turn plays the choice its regrets rank highest (ties shared evenly) where one is above threshold
 * chips (0..1e9), else the average strategy; the other seat the average strategy; chance sampled. out[0], out[1]: the sum and the sum of squares of seat 0's winnings in
 * chips; out[2], out[3]: seat 1's; out[4], out[5]: of the two's mean on each deal. n = 6. What a
 * best response trained with against_average wins; any such strategy's winnings bound the average
 * strategy's exploitability from below. */
int badugi_sampled_respond(const badugi_sampled *solver, uint64_t seed, uint64_t first, uint64_t count,
                           double threshold, double *out, size_t n);
/* Plays one hand by the rules with the cards told: deal[8] (seat 0's four, then seat 1's), then
 * actions[0..n); each draw's replacements are taken in order from draw_cards. Writes a record of
 * BADUGI_SAMPLED_PLAY_WIDTH int32 after the deal and after each action: phase (0 bet, 1 draw,
 * 2 folded, 3 showdown), actor (-1 once over), round, legal (bit a for each legal action a),
 * seat 0's and seat 1's chips in, the stub's and the pile's sizes, seat 0's chips won (once over),
 * and 1 if the action was a draw the stub ran short in. Returns the records written; for an
 * illegal action or card, the error code, the records before it written and *bad its index. */
int badugi_sampled_play(const badugi_sampled_rules *rules, const uint8_t *deal, const int16_t *actions, size_t n,
                        const uint8_t *draw_cards, size_t n_draw_cards, int32_t *out, size_t out_size,
                        int64_t *bad);
/* n random replacement-card draws from one state (the told deal, then the told actions, which must
 * end at a seat's draw), with that seat throwing mask: out[i * count + j] the j-th card of draw i.
 * For tests of the sampling against the exact chances. */
int badugi_sampled_sample_draws(const badugi_sampled_rules *rules, const uint8_t *deal, const int16_t *actions,
                                size_t n_actions, const uint8_t *draw_cards, size_t n_draw_cards, int mask,
                                uint64_t seed, size_t n, uint8_t *out, size_t out_size);
/* ---- end of sampled CFR ---- */
