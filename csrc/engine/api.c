/* engine.Tables' checked entry points: the configuration, every size, and
 * every action against the legal mask before any table changes. */
#include <stdlib.h>
#include <string.h>

#include "common/workers.h"
#include "hand.h"
#include "rng.h"
#include "state.h"

static int check_config(const badugi_tables_config *c)
{
    if (c->players < 2 || c->players > TB_SEATS || (c->hand_size != 4 && c->hand_size != 5) || c->draws < 0 ||
        c->draws > TB_DRAWS || c->n_halves < 1 || c->n_halves > 2 || c->odd_chip_half < 0 ||
        c->odd_chip_half >= c->n_halves || (c->burn != 0 && c->burn != 1) ||
        (c->structure == BADUGI_STRUCTURE_FIXED && c->cap < 1) ||
        (c->uncapped_heads_up != 0 && c->uncapped_heads_up != 1) || (c->blinds != 0 && c->blinds != 1) ||
        c->log_capacity < 1 || c->log_capacity > 1 << 20 || c->threads < 1 || c->threads > BADUGI_MAX_WORKERS) {
        return BADUGI_E_ARGUMENT;
    }
    if (c->uncapped_heads_up ||
        (c->structure == BADUGI_STRUCTURE_FIXED &&
         (c->small_bet < 1 || c->big_bet < 1 || c->small_bet > TB_MAX_CHIPS || c->big_bet > TB_MAX_CHIPS)) ||
        c->ante < 0 || c->ante > TB_MAX_CHIPS ||
        (c->blinds && (c->small_blind < 0 || c->big_blind < 1 || c->small_blind > c->big_blind ||
                       c->big_blind > TB_MAX_CHIPS))) {
        return BADUGI_E_ARGUMENT;
    }
    if ((c->full_bet_rule != 0 && c->full_bet_rule != 1) || (c->carry_stacks != 0 && c->carry_stacks != 1) ||
        (c->deal != BADUGI_DEAL_FAST && c->deal != BADUGI_DEAL_HAND) || c->structure < BADUGI_STRUCTURE_FIXED ||
        c->structure > BADUGI_STRUCTURE_HALF_POT ||
        (c->structure != BADUGI_STRUCTURE_FIXED && (c->smallest_bet < 1 || c->smallest_bet > TB_MAX_CHIPS))) {
        return BADUGI_E_ARGUMENT;
    }
    /* Every seat's chips and the table's fit in 32 bits, however carried stacks move them. */
    int64_t least = badugi_tables_least_stack(c);
    for (int s = 0; s < c->players; s++) {
        if (c->stacks[s] < least || c->stacks[s] > TB_MAX_CHIPS / TB_SEATS) {
            return BADUGI_E_ARGUMENT;
        }
    }
    return 0;
}

int badugi_tables_new(const badugi_tables_config *config, uint64_t seed, size_t count, badugi_tables **out)
{
    if (config == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    *out = NULL;
    if (count < 1 || count > (1u << 17)) { /* as engine.tables.MAX_TABLES */
        return BADUGI_E_ARGUMENT;
    }
    int rc = check_config(config);
    if (rc < 0) {
        return rc;
    }
    badugi_tables *ts = calloc(1, sizeof *ts);
    if (ts == NULL) {
        return BADUGI_E_MEMORY;
    }
    ts->cfg = *config;
    if (scoring_of(config->hand_size, config->n_halves, config->halves, &ts->score) < 0) {
        free(ts);
        return BADUGI_E_ARGUMENT;
    }
    ts->seed = seed;
    tb_mt_base(&ts->mt_base);
    ts->count = count;
    ts->draw_end = 3 + (1 << config->hand_size);
    ts->actions = ts->draw_end + (config->structure == BADUGI_STRUCTURE_FIXED ? 0 : 2);
    for (int a = 0; a < ts->actions; a++) { /* fold, call, raise; the draws; half the pot, the pot */
        ts->bit_of[a] = (uint8_t)(a < 3 ? a : a < ts->draw_end ? 7 : 3 + a - ts->draw_end);
    }
    if (tb_allocate(ts) < 0) {
        free(ts);
        return BADUGI_E_MEMORY;
    }
    for (size_t i = 0; i < count; i++) {
        tb_table *t = &ts->tables[i];
        memcpy(t->start, config->stacks, sizeof t->start);
        t->fresh = 1;
        tb_start_hand(ts, t);
        ts->moves[i] = t->moves;
        if (t->error) {
            badugi_tables_free(ts);
            return BADUGI_E_MEMORY;
        }
    }
    *out = ts;
    return 0;
}

void badugi_tables_free(badugi_tables *ts)
{
    if (ts == NULL) {
        return;
    }
    badugi_pool_free(ts->pool);
    free(ts->chunk_errors);
    free(ts->acts_block);
    free(ts->moves);
    free(ts->tables);
    free(ts);
}

int badugi_tables_actions(const badugi_tables *ts) { return ts == NULL ? BADUGI_E_NULL : ts->actions; }

int badugi_tables_legal(const badugi_tables *ts, uint8_t *mask, size_t size)
{
    if (ts == NULL || mask == NULL) {
        return BADUGI_E_NULL;
    }
    if (size != ts->count * (size_t)ts->actions) {
        return BADUGI_E_ARGUMENT;
    }
    /* A table's row follows from its moves alone: each row a copy of the one for its moves. */
    uint8_t rows[256][5 + (1 << TB_CARDS)];
    uint8_t made[256] = {0};
    size_t width = (size_t)ts->actions;
    for (size_t i = 0; i < ts->count; i++) {
        int moves = ts->moves[i];
        if (!made[moves]) {
            for (int a = 0; a < ts->actions; a++) {
                rows[moves][a] = (uint8_t)tb_allows(moves, a, ts->bit_of, ts->actions);
            }
            made[moves] = 1;
        }
        memcpy(mask + i * width, rows[moves], width);
    }
    return 0;
}

int badugi_tables_actor(const badugi_tables *ts, int32_t *seats, size_t size)
{
    if (ts == NULL || seats == NULL) {
        return BADUGI_E_NULL;
    }
    if (size != ts->count) {
        return BADUGI_E_ARGUMENT;
    }
    for (size_t i = 0; i < ts->count; i++) {
        const tb_table *t = &ts->tables[i];
        seats[i] = t->queue[t->head];
    }
    return 0;
}

/* Tables ahead of the one stepping whose first lines (the betting's and the deck's) are fetched
 * meanwhile. */
#define PREFETCH_AHEAD 4

/* A step over threads: the tables in chunks of STEP_CHUNK, taken by whichever thread is free. */
#define STEP_CHUNK 64

typedef struct {
    const badugi_tables *ts;
    const uint8_t *acts; /* ts->checked */
    int64_t *rewards;
    uint8_t *done;
    int *errors; /* one a chunk (a thread's step, one) */
} step_work;

/* Steps tables first..end-1 (their actions checked already); 0, or the last error a table set. */
static int run_tables(const step_work *w, size_t first, size_t end)
{
    const badugi_tables *ts = w->ts;
    /* In locals: stores through the tables could alias these for the compiler, which would
     * read them again at every table. */
    tb_table *tables = ts->tables;
    uint8_t *moves = ts->moves, *done = w->done;
    const uint8_t *acts = w->acts;
    int64_t *rewards = w->rewards;
    size_t players = (size_t)ts->cfg.players, count = ts->count;
    int error = 0;
    for (size_t i = first; i < end; i++) {
        tb_table *t = &tables[i];
        if (i + PREFETCH_AHEAD < count) { /* the lines an action reads, a few tables ahead (a hint) */
            const char *ahead = (const char *)&tables[i + PREFETCH_AHEAD];
            TB_PREFETCH(ahead); /* eight lines: the table up to its action buffers (table.h) */
            TB_PREFETCH(ahead + 64);
            TB_PREFETCH(ahead + 128);
            TB_PREFETCH(ahead + 192);
            TB_PREFETCH(ahead + 256);
            TB_PREFETCH(ahead + 320);
            TB_PREFETCH(ahead + 384);
            TB_PREFETCH(ahead + 448);
        }
        if (i + 2 < end) { /* where the table two ahead writes its action (read: in this thread's share) */
            const tb_table *next = &tables[i + 2];
            TB_PREFETCH(next->acts + next->n_acts);
        }
        done[i] = (uint8_t)tb_act(ts, t, (int)acts[i], rewards + i * players);
        moves[i] = t->moves;
        error = t->error ? t->error : error;
    }
    return error;
}

static void run_chunk(void *context, size_t chunk)
{
    step_work *w = context;
    size_t first = chunk * STEP_CHUNK, end = first + STEP_CHUNK;
    w->errors[chunk] = run_tables(w, first, end < w->ts->count ? end : w->ts->count);
}

int64_t badugi_tables_step(badugi_tables *ts, const int64_t *acts, size_t n, int64_t *rewards,
                           size_t rewards_size, uint8_t *done, size_t done_size)
{
    if (ts == NULL || acts == NULL || rewards == NULL || done == NULL) {
        return BADUGI_E_NULL;
    }
    size_t players = (size_t)ts->cfg.players;
    if (n != ts->count || rewards_size != n * players || done_size != n) {
        return BADUGI_E_ARGUMENT;
    }
    uint8_t *checked = ts->checked;
    for (size_t i = 0; i < n; i++) {
        int64_t action = acts[i]; /* read once: what is checked is what is played */
        if (!tb_allows(ts->moves[i], action, ts->bit_of, ts->actions)) {
            return (int64_t)i + 1;
        }
        checked[i] = (uint8_t)action;
    }
    step_work work = {ts, checked, rewards, done, NULL};
    size_t chunks = (n + STEP_CHUNK - 1) / STEP_CHUNK;
    /* Tables are independent: whichever thread steps a table, the answers are the same for any
     * thread count. The pool and the chunks' errors are made at the first step over threads. */
    if (ts->cfg.threads > 1 && chunks > 1 && ts->pool == NULL) {
        if (ts->chunk_errors == NULL) { /* kept if the pool could not be made: tried again next step */
            ts->chunk_errors = calloc(chunks, sizeof *ts->chunk_errors);
        }
        ts->pool = ts->chunk_errors == NULL ? NULL : badugi_pool_new(ts->cfg.threads);
    }
    if (ts->pool == NULL || chunks < 2) {
        return run_tables(&work, 0, n);
    }
    work.errors = ts->chunk_errors;
    badugi_pool_run(ts->pool, run_chunk, &work, chunks);
    for (size_t c = 0; c < chunks; c++) {
        if (work.errors[c]) {
            return work.errors[c];
        }
    }
    return 0;
}

int badugi_tables_observation_width(const badugi_tables *ts)
{
    return ts == NULL ? BADUGI_E_NULL : 6 + TB_CARDS + 6 * ts->cfg.players;
}

int badugi_tables_observe(const badugi_tables *ts, int viewer, int64_t *out, size_t size)
{
    if (ts == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    int n = ts->cfg.players, width = badugi_tables_observation_width(ts);
    if (size != ts->count * (size_t)width || viewer < -1 || viewer >= n) {
        return BADUGI_E_ARGUMENT;
    }
    for (size_t i = 0; i < ts->count; i++) {
        const tb_table *t = &ts->tables[i];
        int64_t *row = out + i * (size_t)width;
        int actor = t->queue[t->head];
        /* The seat whose cards and chips to call the row holds: the actor, or the seat asked for. */
        int seat = viewer < 0 ? actor : viewer;
        int64_t pot = 0;
        for (int s = 0; s < n; s++) {
            pot += t->contrib[s];
        }
        row[0] = actor;
        row[1] = t->phase;
        row[2] = t->round;
        row[3] = t->button;
        /* What a call puts in: the bet to match less the seat's, at most its stack (all in). */
        int64_t owed = t->current_bet - t->bets[seat];
        row[4] = t->phase != 0 ? 0 : owed < t->stacks[seat] ? owed : t->stacks[seat];
        row[5] = pot;
        uint8_t cards[TB_CARDS];
        int size = ts->cfg.hand_size;
        memcpy(cards, t->hands[seat], (size_t)size);
        for (int a = 1; a < size; a++) {
            for (int b = a; b > 0 && cards[b - 1] > cards[b]; b--) {
                uint8_t swap = cards[b];
                cards[b] = cards[b - 1];
                cards[b - 1] = swap;
            }
        }
        for (int c = 0; c < TB_CARDS; c++) {
            row[6 + c] = c < size ? cards[c] : -1;
        }
        for (int s = 0; s < n; s++) {
            int64_t *col = row + 6 + TB_CARDS + 6 * s;
            col[0] = t->stacks[s];
            col[1] = t->phase == 0 ? t->bets[s] : 0;
            col[2] = t->folded[s];
            for (int d = 0; d < TB_DRAWS; d++) {
                col[3 + d] = t->drawn[s][d];
            }
        }
    }
    return 0;
}

int badugi_tables_stacks(const badugi_tables *ts, int64_t *stacks, size_t size, uint8_t *fresh, size_t fresh_size)
{
    if (ts == NULL || stacks == NULL || fresh == NULL) {
        return BADUGI_E_NULL;
    }
    size_t n = (size_t)ts->cfg.players;
    if (size != ts->count * n || fresh_size != ts->count) {
        return BADUGI_E_ARGUMENT;
    }
    for (size_t i = 0; i < ts->count; i++) {
        memcpy(stacks + i * n, ts->tables[i].start, n * sizeof *stacks);
        fresh[i] = (uint8_t)ts->tables[i].fresh;
    }
    return 0;
}
