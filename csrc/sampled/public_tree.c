/* The public automaton: each public state a strategy tells apart, once, and where each move leads.
 *
 * A public state is what both seats see: the bets, the draws' counts, the stub's size. What a
 * strategy remembers of it is its key: always the rules' state (the round, who acts, the bets to
 * match, the chips in, and the stub's and pile's sizes where they can cap a draw) and this round's
 * bets; then, by the abstraction, every earlier round's bets or only the pot they made, and the
 * counts of the latest draws. States with one key are one node: they have the same moves and the
 * same future, so the key is all the strategy needs. The nodes are found breadth first from the
 * deal, in a fixed order, so a node's number is the same in every build of the same rules. */
#include <stdlib.h>
#include <string.h>

#include "sampled.h"

typedef struct {
    uint64_t w[4];
} pkey;

typedef struct {
    pkey key;
    int32_t value; /* -1: empty */
} pslot;

typedef struct {
    pslot *slots;
    size_t mask, used;
} pmap;

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

static uint64_t hash_of(const pkey *k) { return mix(k->w[0] ^ mix(k->w[1] ^ mix(k->w[2] ^ mix(k->w[3])))); }

static int pmap_init(pmap *m, size_t size)
{
    m->slots = malloc(size * sizeof *m->slots);
    if (m->slots == NULL) {
        return BADUGI_E_MEMORY;
    }
    for (size_t i = 0; i < size; i++) {
        m->slots[i].value = -1;
    }
    m->mask = size - 1;
    m->used = 0;
    return 0;
}

/* The value kept under key, or -1; with insert >= 0, kept under it if absent. */
static int pmap_find(pmap *m, const pkey *key, int32_t insert, int32_t *found)
{
    if (insert >= 0 && 2 * (m->used + 1) > m->mask + 1) {
        pmap bigger;
        int status = pmap_init(&bigger, 2 * (m->mask + 1));
        if (status != 0) {
            return status;
        }
        for (size_t i = 0; i <= m->mask; i++) {
            if (m->slots[i].value >= 0) {
                size_t j = hash_of(&m->slots[i].key) & bigger.mask;
                while (bigger.slots[j].value >= 0) {
                    j = (j + 1) & bigger.mask;
                }
                bigger.slots[j] = m->slots[i];
            }
        }
        bigger.used = m->used;
        free(m->slots);
        *m = bigger;
    }
    size_t j = hash_of(key) & m->mask;
    while (m->slots[j].value >= 0) {
        if (memcmp(&m->slots[j].key, key, sizeof *key) == 0) {
            *found = m->slots[j].value;
            return 0;
        }
        j = (j + 1) & m->mask;
    }
    if (insert >= 0) {
        m->slots[j].key = *key;
        m->slots[j].value = insert;
        m->used++;
    }
    *found = insert >= 0 ? insert : -1;
    return 0;
}

typedef struct {
    int exact, remember_bets, remember_draws;
} memory;

static pkey key_of(const sc_rules *rules, const sc_public *p, const memory *mem)
{
    pkey k = {{0, 0, 0, 0}};
    int facing = p->actor >= 0 ? p->bet[1 - p->actor] - p->bet[p->actor] : 0;
    k.w[0] = (uint64_t)p->phase | (uint64_t)p->round << 2 | (uint64_t)(p->actor + 1) << 4 | (uint64_t)p->bets << 6 |
             (uint64_t)p->to_act << 10 | (uint64_t)p->seq[p->round] << 12;
    if (rules->short_stub) {
        k.w[0] |= (uint64_t)p->n_stub << 28 | (uint64_t)p->n_discards << 34;
    }
    k.w[1] = (uint64_t)p->contrib[0] | (uint64_t)p->contrib[1] << 21 | (uint64_t)facing << 42;
    int begun = p->round + (p->phase == SC_DRAW);
    int from = mem->exact ? 0 : begun - mem->remember_draws;
    for (int d = from < 0 ? 0 : from; d < rules->draws; d++) {
        for (int s = 0; s < 2; s++) {
            k.w[2] |= (uint64_t)(p->drawn[s][d] + 1) << ((d * 2 + s) * 3);
        }
    }
    if (mem->exact || mem->remember_bets) {
        for (int r = 0; r < p->round; r++) {
            k.w[3] |= (uint64_t)p->seq[r] << (16 * r);
        }
    }
    return k;
}

static pkey terminal_key(const sc_terminal *t)
{
    pkey k = {{(uint64_t)t->kind, (uint64_t)(uint32_t)t->fold0, (uint64_t)(uint32_t)t->pot_half, ~0ULL}};
    return k;
}

typedef struct {
    sc_node *nodes;
    sc_public *states; /* each node's first state, to expand it */
    size_t n, size;
    sc_terminal *terminals;
    size_t n_terminals, terminals_size;
} building;

static int grow(void **array, size_t *size, size_t need, size_t item)
{
    if (need <= *size) {
        return 0;
    }
    size_t bigger = *size ? 2 * *size : 256;
    while (bigger < need) {
        bigger *= 2;
    }
    void *moved = realloc(*array, bigger * item);
    if (moved == NULL) {
        return BADUGI_E_MEMORY;
    }
    *array = moved;
    *size = bigger;
    return 0;
}

/* The node (>= 0) or terminal (-1 - index) a state is, added if new. */
static int place(const sc_rules *rules, const memory *mem, building *b, pmap *map, const sc_public *p,
                 int64_t most_nodes, int32_t *out)
{
    int32_t found;
    int status;
    if (p->phase == SC_FOLDED || p->phase == SC_SHOWDOWN) {
        sc_terminal t = {p->phase, 0, 0};
        if (p->phase == SC_FOLDED) {
            t.fold0 = sc_payoff0(p, 0, 0);
        } else {
            t.pot_half = p->contrib[0];
        }
        pkey key = terminal_key(&t);
        status = pmap_find(map, &key, (int32_t)b->n_terminals, &found);
        if (status != 0) {
            return status;
        }
        if (found == (int32_t)b->n_terminals) {
            status = grow((void **)&b->terminals, &b->terminals_size, b->n_terminals + 1, sizeof *b->terminals);
            if (status != 0) {
                return status;
            }
            b->terminals[b->n_terminals++] = t;
        }
        *out = -1 - found;
        return 0;
    }
    pkey key = key_of(rules, p, mem);
    if ((int64_t)b->n >= most_nodes) {
        status = pmap_find(map, &key, -1, &found);
        if (status != 0 || found < 0) {
            return status != 0 ? status : BADUGI_E_TOO_MANY;
        }
        *out = found;
        return 0;
    }
    status = pmap_find(map, &key, (int32_t)b->n, &found);
    if (status != 0) {
        return status;
    }
    if (found == (int32_t)b->n) {
        size_t size = b->size;
        status = grow((void **)&b->nodes, &size, b->n + 1, sizeof *b->nodes);
        if (status == 0) {
            status = grow((void **)&b->states, &b->size, b->n + 1, sizeof *b->states);
        }
        if (status != 0) {
            return status;
        }
        b->states[b->n++] = *p;
    }
    *out = found;
    return 0;
}

static int expand(const sc_rules *rules, const memory *mem, building *b, pmap *map, size_t index,
                  int64_t most_nodes)
{
    sc_public p = b->states[index];
    sc_node node;
    memset(&node, 0, sizeof node);
    memset(node.by_public, -1, sizeof node.by_public);
    node.kind = p.phase;
    node.actor = p.actor;
    node.round = p.round;
    node.draws_left = (int8_t)(rules->draws - p.round);
    int n = 0;
    if (p.phase == SC_BET) {
        int allowed = sc_bets_allowed(rules, &p);
        for (int a = SC_FOLD; a <= SC_RAISE; a++) {
            if (allowed >> a & 1) {
                node.by_public[a] = (int8_t)n;
                node.choice[n++] = (uint8_t)a;
            }
        }
    } else {
        int most = sc_most_thrown(rules, &p);
        for (int mask = 0; mask < (mem->exact ? 1 << SC_CARDS : most + 1); mask++) {
            int count = mem->exact ? sc_popcount((uint64_t)mask) : mask;
            if (count > most) {
                continue;
            }
            if (node.by_public[SC_DISCARD + count] < 0) {
                node.by_public[SC_DISCARD + count] = (int8_t)n;
            }
            node.choice[n++] = (uint8_t)(SC_DISCARD + mask);
        }
    }
    node.n_choices = (int8_t)n;
    for (int i = 0; i < n; i++) {
        sc_public child = p;
        int status = p.phase == SC_BET ? sc_public_bet(rules, &child, node.choice[i])
                                       : sc_public_draw(rules, &child,
                                                        mem->exact ? sc_popcount(node.choice[i] - SC_DISCARD)
                                                                   : node.choice[i] - SC_DISCARD);
        if (status == 0) {
            status = place(rules, mem, b, map, &child, most_nodes, &node.next[i]);
        }
        if (status != 0) {
            return status;
        }
    }
    b->nodes[index] = node;
    return 0;
}

int sc_automaton_build(const sc_rules *rules, int exact, int remember_bets, int remember_draws, int64_t most_nodes,
                       sc_automaton *out)
{
    memory mem = {exact, remember_bets, remember_draws};
    building b;
    memset(&b, 0, sizeof b);
    memset(out, 0, sizeof *out);
    pmap map;
    int status = pmap_init(&map, 1024);
    if (status != 0) {
        return status;
    }
    sc_public start;
    sc_public_start(rules, &start);
    int32_t root;
    status = place(rules, &mem, &b, &map, &start, most_nodes, &root);
    for (size_t i = 0; status == 0 && i < b.n; i++) {
        status = expand(rules, &mem, &b, &map, i, most_nodes);
    }
    free(map.slots);
    free(b.states);
    if (status != 0) {
        free(b.nodes);
        free(b.terminals);
        return status;
    }
    out->nodes = b.nodes;
    out->n_nodes = (int32_t)b.n;
    out->terminals = b.terminals;
    out->n_terminals = (int32_t)b.n_terminals;
    return 0;
}

void sc_automaton_free(sc_automaton *a)
{
    free(a->nodes);
    free(a->terminals);
    memset(a, 0, sizeof *a);
}

int sc_automaton_follow(const sc_automaton *a, const int8_t *moves, int n_moves, int32_t *node)
{
    int32_t at = 0;
    for (int i = 0; i < n_moves; i++) {
        if (at < 0 || moves[i] < 0 || moves[i] > SC_DISCARD + SC_CARDS) {
            return BADUGI_E_ARGUMENT;
        }
        int choice = a->nodes[at].by_public[moves[i]];
        if (choice < 0) {
            return BADUGI_E_ARGUMENT;
        }
        at = a->nodes[at].next[choice];
    }
    if (at < 0) {
        return BADUGI_E_ARGUMENT;
    }
    *node = at;
    return 0;
}
