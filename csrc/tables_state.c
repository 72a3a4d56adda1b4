/* engine.Tables' state handed out and taken back: an independent copy of
 * every table (Tables.copy), and each table's hands as the actions that
 * played them, which a fresh Tables of the same settings and seed plays again
 * to the same state (pickling). Replaying, not loading raw state, means a
 * damaged or hostile pickle can only be refused: every action goes through
 * tb_legal, as a step's do. */
#include <stdlib.h>
#include <string.h>

#include "tables_core.h"

int tb_allocate(struct badugi_tables *ts, int zeroed)
{
    size_t count = ts->count, capacity = (size_t)ts->cfg.log_capacity;
    size_t records = capacity * BADUGI_TABLES_RECORD;
    ts->tables = calloc(count, sizeof *ts->tables);
    /* A copy writes only the records and actions in use (nothing past n_log or n_acts is ever
     * read), so its blocks need not be zeroed: most of their pages are then never touched. */
    int32_t *logs = ts->tables == NULL ? NULL
                    : zeroed           ? calloc(count * 2 * records, sizeof *logs)
                                       : malloc(count * 2 * records * sizeof *logs);
    int16_t *acts = logs == NULL ? NULL
                    : zeroed     ? calloc(count * 2 * capacity, sizeof *acts)
                                 : malloc(count * 2 * capacity * sizeof *acts);
    if (acts == NULL) {
        free(logs);
        free(ts->tables);
        ts->tables = NULL;
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        tb_table *t = &ts->tables[i];
        t->log = logs + 2 * i * records;
        t->last_log = t->log + records;
        t->acts = acts + 2 * i * capacity;
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
    if (tb_allocate(ts, 0) < 0) {
        free(ts);
        return BADUGI_E_MEMORY;
    }
    for (size_t i = 0; i < ts->count; i++) {
        const tb_table *from = &src->tables[i];
        tb_table *t = &ts->tables[i];
        int32_t *log = t->log, *last_log = t->last_log; /* this copy's own blocks */
        int16_t *acts = t->acts, *last_acts = t->last_acts;
        *t = *from;
        t->log = log;
        t->last_log = last_log;
        t->acts = acts;
        t->last_acts = last_acts;
        memcpy(t->log, from->log, (size_t)from->n_log * BADUGI_TABLES_RECORD * sizeof *log);
        memcpy(t->last_log, from->last_log, (size_t)from->n_last * BADUGI_TABLES_RECORD * sizeof *log);
        memcpy(t->acts, from->acts, (size_t)from->n_acts * sizeof *acts);
        memcpy(t->last_acts, from->last_acts, (size_t)from->n_last_acts * sizeof *acts);
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
    memcpy(acts, last ? t->last_acts : t->acts, (size_t)n * sizeof *acts);
    return n;
}

/* Plays acts[0..n) at t; each must be legal, and only the last may end the hand (and must, if
 * ends is 1). 0, or BADUGI_E_ARGUMENT at the first that breaks this. */
static int replay(const badugi_tables *ts, tb_table *t, const int16_t *acts, size_t n, int ends)
{
    int64_t rewards[TB_SEATS];
    for (size_t k = 0; k < n; k++) {
        if (!tb_legal(ts, t, acts[k])) {
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
    t->n_last = t->n_last_acts = 0;
    t->error = 0;
    memcpy(t->start, ts->cfg.stacks, sizeof t->start);
    if (stacks != NULL) {
        memcpy(t->start, stacks, (size_t)ts->cfg.players * sizeof *stacks);
    }
    t->fresh = 1; /* the first hand's; a hand that follows a replayed one gets its own from finish */
    tb_start_hand(ts, t);
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
    tb_table *t = &ts->tables[table];
    deal_afresh(ts, t, hand_number == 0 ? 0 : hand_number - 1, last_stacks);
    int rc = replay(ts, t, last, n_last, 1);
    if (rc == 0) {
        rc = replay(ts, t, current, n_current, 0);
    }
    if (rc < 0) { /* a fresh first hand again: the table is never left half restored */
        deal_afresh(ts, t, 0, NULL);
    }
    return rc;
}
