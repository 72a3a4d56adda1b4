/* engine.Tables' state handed out and taken back: an independent copy of
 * every table (Tables.copy), and each table's hands as the actions that
 * played them, which a fresh Tables of the same settings and seed plays again
 * to the same state (pickling). Replaying, not loading raw state, means a
 * damaged or hostile pickle can only be refused: every action goes through
 * tb_allows, as a step's do. */
#include <stdlib.h>
#include <string.h>

#include "deck.h"
#include "hand.h"
#include "state.h"

int tb_allocate(struct badugi_tables *ts)
{
    size_t count = ts->count, capacity = (size_t)ts->cfg.log_capacity;
    ts->tables = calloc(count, sizeof *ts->tables);
    ts->moves = calloc(count, 2); /* each table's moves, then each one's checked action */
    /* Only the actions in use are ever read (nothing past n_acts), so the block need not be zeroed. */
    ts->acts_block = ts->tables == NULL || ts->moves == NULL ? NULL : malloc(count * 2 * capacity);
    if (ts->acts_block == NULL) {
        free(ts->moves);
        free(ts->tables);
        ts->tables = NULL;
        ts->moves = NULL;
        return -1;
    }
    ts->checked = ts->moves + count;
    for (size_t i = 0; i < count; i++) {
        tb_table *t = &ts->tables[i];
        t->index = i;
        t->acts = ts->acts_block + 2 * i * capacity;
        t->last_acts = t->acts + capacity;
    }
    return 0;
}

int badugi_tables_copy(const badugi_tables *src, badugi_tables **out)
{
    if (src == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    *out = NULL;
    badugi_tables *ts = calloc(1, sizeof *ts);
    if (ts == NULL) {
        return BADUGI_E_MEMORY;
    }
    *ts = *src;
    ts->tables = NULL;
    ts->pool = NULL; /* a copy makes its own threads when it needs them */
    ts->chunk_errors = NULL;
    if (tb_allocate(ts) < 0) {
        free(ts);
        return BADUGI_E_MEMORY;
    }
    for (size_t i = 0; i < ts->count; i++) {
        const tb_table *from = &src->tables[i];
        tb_table *t = &ts->tables[i];
        uint8_t *acts = t->acts, *last_acts = t->last_acts; /* this copy's own buffers */
        *t = *from;
        t->acts = acts;
        t->last_acts = last_acts;
        memcpy(t->acts, from->acts, (size_t)from->n_acts);
        memcpy(t->last_acts, from->last_acts, (size_t)from->n_last_acts);
        ts->moves[i] = t->moves;
    }
    *out = ts;
    return 0;
}

int badugi_tables_played(const badugi_tables *ts, size_t table, int last, uint64_t *hand_number, int16_t *acts,
                         size_t size, int64_t *stacks, size_t stacks_size)
{
    if (ts == NULL || hand_number == NULL || acts == NULL || stacks == NULL) {
        return BADUGI_E_NULL;
    }
    if (table >= ts->count || (last != 0 && last != 1) || size < (size_t)ts->cfg.log_capacity ||
        stacks_size != (size_t)ts->cfg.players) {
        return BADUGI_E_ARGUMENT;
    }
    const tb_table *t = &ts->tables[table];
    *hand_number = t->hand_number;
    memcpy(stacks, last ? t->last_start : t->start, stacks_size * sizeof *stacks);
    int n = last ? t->n_last_acts : t->n_acts;
    const uint8_t *from = last ? t->last_acts : t->acts;
    for (int k = 0; k < n; k++) {
        acts[k] = from[k];
    }
    return n;
}

/* Plays acts[0..n) at t; each must be legal, and only the last may end the hand (and must, if
 * ends is 1). 0, or BADUGI_E_ARGUMENT at the first that breaks this. */
static int replay(const badugi_tables *ts, tb_table *t, const uint8_t *acts, size_t n, int ends)
{
    int64_t rewards[TB_SEATS];
    for (size_t k = 0; k < n; k++) {
        if (!tb_allows(t->moves, acts[k], ts->bit_of, ts->actions)) {
            return BADUGI_E_ARGUMENT;
        }
        int done = tb_act(ts, t, acts[k], rewards);
        if (t->error || done != (ends && k + 1 == n)) {
            return BADUGI_E_ARGUMENT;
        }
    }
    return 0;
}

/* Deals table t its hand number hand from stacks (NULL: the config's), with no finished hand behind it. */
static void deal_afresh(const badugi_tables *ts, tb_table *t, uint64_t hand, const int64_t *stacks)
{
    t->hand_number = hand;
    t->n_last_acts = 0;
    t->error = 0;
    memcpy(t->start, ts->cfg.stacks, sizeof t->start);
    if (stacks != NULL) {
        memcpy(t->start, stacks, (size_t)ts->cfg.players * sizeof *stacks);
    }
    t->fresh = 1; /* the first hand's; a hand that follows a replayed one gets its own from finish */
    tb_start_hand(ts, t);
}

int badugi_tables_reset(badugi_tables *ts, uint64_t seed)
{
    if (ts == NULL) {
        return BADUGI_E_NULL;
    }
    ts->seed = seed;
    for (size_t i = 0; i < ts->count; i++) {
        deal_afresh(ts, &ts->tables[i], 0, NULL);
        ts->moves[i] = ts->tables[i].moves;
    }
    return 0;
}

/* Whether a hand could start from stacks[players]: the config's own, or (but for the first hand)
 * with carry_stacks any that hold the config's chips with at least the least stack a seat. */
static int could_start(const badugi_tables *ts, const int64_t *stacks, int first)
{
    const badugi_tables_config *c = &ts->cfg;
    int64_t least = badugi_tables_least_stack(c), chips = 0, held = 0;
    int own = 1;
    for (int s = 0; s < c->players; s++) {
        if (stacks[s] < least || stacks[s] > TB_MAX_CHIPS) {
            return 0;
        }
        own &= stacks[s] == c->stacks[s];
        chips += c->stacks[s];
        held += stacks[s];
    }
    return own || (c->carry_stacks && !first && held == chips);
}

int badugi_tables_restore(badugi_tables *ts, size_t table, uint64_t hand_number, const int64_t *last_stacks,
                          const int16_t *last, size_t n_last, const int16_t *current, size_t n_current)
{
    if (ts == NULL || (n_last && last == NULL) || (n_current && current == NULL)) {
        return BADUGI_E_NULL;
    }
    size_t capacity = (size_t)ts->cfg.log_capacity;
    /* Every hand but the first follows a finished one, which took at least one action. */
    if (table >= ts->count || n_last > capacity || n_current > capacity || (hand_number == 0) != (n_last == 0) ||
        (last_stacks != NULL && !could_start(ts, last_stacks, hand_number == 0))) {
        return BADUGI_E_ARGUMENT;
    }
    uint8_t *own = malloc(n_last + n_current + 1); /* the actions as a table keeps them: a byte each */
    if (own == NULL) {
        return BADUGI_E_MEMORY;
    }
    int rc = 0;
    for (size_t k = 0; k < n_last + n_current; k++) {
        int16_t act = k < n_last ? last[k] : current[k - n_last];
        if (act < 0 || act >= ts->actions) {
            rc = BADUGI_E_ARGUMENT;
        }
        own[k] = (uint8_t)(rc == 0 ? act : 0);
    }
    tb_table *t = &ts->tables[table];
    deal_afresh(ts, t, hand_number == 0 ? 0 : hand_number - 1, last_stacks);
    if (rc == 0) {
        rc = replay(ts, t, own, n_last, 1);
    }
    if (rc == 0) {
        rc = replay(ts, t, own + n_last, n_current, 0);
    }
    free(own);
    if (rc < 0) { /* a fresh first hand again: the table is never left half restored */
        deal_afresh(ts, t, 0, NULL);
    }
    ts->moves[table] = t->moves;
    return rc;
}

int badugi_tables_last_hand(const badugi_tables *ts, size_t table, uint64_t *seed, int32_t *button,
                            uint8_t *deck, int64_t *stacks, int32_t *records, size_t size)
{
    if (ts == NULL || seed == NULL || button == NULL || deck == NULL || stacks == NULL || records == NULL) {
        return BADUGI_E_NULL;
    }
    if (table >= ts->count) {
        return BADUGI_E_ARGUMENT;
    }
    const tb_table *t = &ts->tables[table];
    if (t->hand_number == 0) {
        return 0;
    }
    /* The hand dealt again from its stacks at a scratch table (the same index, so the same
     * seed), its actions replayed with the table recording into records. */
    size_t capacity = (size_t)ts->cfg.log_capacity;
    tb_table *scratch = calloc(1, sizeof *scratch);
    uint8_t *acts = scratch == NULL ? NULL : malloc(2 * capacity);
    if (acts == NULL) {
        free(scratch);
        return BADUGI_E_MEMORY;
    }
    scratch->index = t->index;
    scratch->acts = acts;
    scratch->last_acts = acts + capacity;
    size_t most = size / BADUGI_TABLES_RECORD;
    scratch->log = records;
    scratch->log_size = most > (size_t)1 << 30 ? 1 << 30 : (int)most;
    scratch->n_log = 0;
    deal_afresh(ts, scratch, t->hand_number - 1, t->last_start);
    *seed = scratch->seed;
    *button = scratch->button;
    tb_deck_order(&scratch->deck, deck); /* the whole deck, top first, as the hand started */
    int rc = replay(ts, scratch, t->last_acts, (size_t)t->n_last_acts, 1);
    int n = scratch->n_log;
    free(acts);
    free(scratch);
    if (rc < 0) { /* the records did not fit in size */
        return BADUGI_E_ARGUMENT;
    }
    memcpy(stacks, t->last_start, (size_t)ts->cfg.players * sizeof *stacks);
    return n;
}
