/* Where each information set's regrets live: its slots, one per action, in one array.
 *
 * Buckets: an information set is a public node and the bucket of the hand the actor holds (from the
 * abstraction's tables, by the hand's colex index and the draws left), so its slots are found by
 * arithmetic: the node's first slot plus the bucket times the node's choices.
 *
 * Exact: an information set is a public node (every bet and draw count: the whole public record)
 * and the actor's private record: the cards dealt, then at each of its draws the cards thrown and
 * the cards received (sorted, as a draw deals them, or in the order dealt when the stub ran short:
 * badugi.adapters does the same). That is the seat's whole information state. The sets that can
 * happen are found by walking every deal and every move once (a small deck only), numbered in the
 * walk's order, and kept in a hash table. */
#include <stdlib.h>
#include <string.h>

#include "sampled.h"

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

void sc_record_deal(const sc_rules *rules, sc_record *rec, const uint8_t *hand)
{
    rec->w[0] = rec->w[1] = 0;
    for (int i = 0; i < SC_CARDS; i++) {
        rec->w[0] |= (uint64_t)1 << rules->position[hand[i]];
    }
}

void sc_record_draw(const sc_rules *rules, sc_record *rec, int draw_index, const uint8_t *thrown, int n,
                    const uint8_t *got, int reshuffled)
{
    uint64_t field = 0;
    int places[SC_CARDS];
    for (int i = 0; i < n; i++) {
        field |= (uint64_t)1 << rules->position[thrown[i]];
        places[i] = rules->position[got[i]];
    }
    if (!reshuffled) { /* dealt sorted: the order tells nothing */
        for (int i = 1; i < n; i++) {
            int v = places[i], j = i;
            for (; j > 0 && places[j - 1] > v; j--) {
                places[j] = places[j - 1];
            }
            places[j] = v;
        }
    }
    for (int i = 0; i < n; i++) {
        field |= (uint64_t)places[i] << (16 + 4 * i);
    }
    if (draw_index == 0) {
        rec->w[0] |= field << 16;
    } else {
        rec->w[1] |= field << (32 * (draw_index - 1));
    }
}

static uint64_t entry_hash(const uint64_t *key) { return mix(key[0] ^ mix(key[1] ^ mix(key[2]))); }

int64_t sc_slots_find_exact(const sc_slots *s, int32_t node, const sc_record *rec)
{
    uint64_t key[3] = {(uint64_t)node, rec->w[0], rec->w[1]};
    uint64_t j = entry_hash(key) & s->table_mask;
    while (s->table[j].slot >= 0) {
        if (memcmp(s->table[j].key, key, sizeof key) == 0) {
            return s->table[j].slot;
        }
        j = (j + 1) & s->table_mask;
    }
    return -1;
}

static int table_init(sc_slots *s, uint64_t size)
{
    s->table = malloc(size * sizeof *s->table);
    if (s->table == NULL) {
        return BADUGI_E_MEMORY;
    }
    for (uint64_t i = 0; i < size; i++) {
        s->table[i].slot = -1;
    }
    s->table_mask = size - 1;
    return 0;
}

/* Adds (node, rec) with its slots if new. */
static int table_add(sc_slots *s, int32_t node, const sc_record *rec, int n_choices, int64_t most_slots)
{
    if (sc_slots_find_exact(s, node, rec) >= 0) {
        return 0;
    }
    if (s->slots + n_choices > most_slots) {
        return BADUGI_E_TOO_MANY;
    }
    if (2 * ((uint64_t)s->infosets + 1) > s->table_mask + 1) {
        sc_entry *old = s->table;
        uint64_t old_size = s->table_mask + 1;
        if (table_init(s, 2 * old_size) != 0) {
            s->table = old;
            return BADUGI_E_MEMORY;
        }
        for (uint64_t i = 0; i < old_size; i++) {
            if (old[i].slot >= 0) {
                uint64_t j = entry_hash(old[i].key) & s->table_mask;
                while (s->table[j].slot >= 0) {
                    j = (j + 1) & s->table_mask;
                }
                s->table[j] = old[i];
            }
        }
        free(old);
    }
    uint64_t key[3] = {(uint64_t)node, rec->w[0], rec->w[1]};
    uint64_t j = entry_hash(key) & s->table_mask;
    while (s->table[j].slot >= 0) {
        j = (j + 1) & s->table_mask;
    }
    memcpy(s->table[j].key, key, sizeof key);
    s->table[j].slot = s->slots;
    s->slots += n_choices;
    s->infosets++;
    return 0;
}

typedef struct {
    const sc_rules *rules;
    const sc_automaton *a;
    sc_slots *s;
    int64_t most_slots;
} walk;

static int walk_node(walk *w, int32_t at, const sc_cards *c, const sc_record *rec, const int8_t *draws_made);

/* Every way the draw of choice (mask over the actor's hand) can be dealt: the sets of the stub, or,
 * when the stub runs short, the sequences a reshuffle allows. */
static int walk_receipts(walk *w, int32_t at, const sc_cards *c, const sc_record *rec, const int8_t *draws_made,
                         int mask, const sc_cards *scratch, uint8_t *seq, int step, int count)
{
    int seat = w->a->nodes[at].actor;
    int choice = -1;
    for (int i = 0; i < w->a->nodes[at].n_choices; i++) {
        if (w->a->nodes[at].choice[i] == SC_DISCARD + mask) {
            choice = i;
        }
    }
    if (step == count) {
        sc_cards next = *c;
        uint8_t got[SC_CARDS], thrown[SC_CARDS];
        int n = 0, reshuffled;
        for (int i = 0; i < SC_CARDS; i++) {
            if (mask >> i & 1) {
                thrown[n++] = c->hand[seat][i];
            }
        }
        int status = sc_draw_cards(&next, seat, mask, seq, NULL, got, &reshuffled);
        if (status != 0) {
            return status;
        }
        sc_record records[2] = {rec[0], rec[1]};
        sc_record_draw(w->rules, &records[seat], draws_made[seat], thrown, n, got, reshuffled);
        int8_t made[2] = {draws_made[0], draws_made[1]};
        made[seat]++;
        return walk_node(w, w->a->nodes[at].next[choice], &next, records, made);
    }
    int sorted = c->n_stub - 1 >= count; /* no reshuffle: each set once, ascending */
    int low = sorted && step > 0 ? seq[step - 1] + 1 : 0;
    sc_cards pile = *scratch;
    if (pile.n_stub < 2) { /* where the next card comes from after a reshuffle */
        for (int id = 0; id < 52; id++) {
            if (pile.discards >> id & 1) {
                pile.stub[pile.n_stub++] = (uint8_t)id;
            }
        }
        pile.discards = 0;
    }
    for (int id = low; id < 52; id++) {
        int here = 0;
        for (int i = 0; i < pile.n_stub; i++) {
            here |= pile.stub[i] == id;
        }
        if (!here) {
            continue;
        }
        sc_cards after = *scratch;
        int status = sc_take_told(&after, (uint8_t)id);
        if (status != 0) {
            return status;
        }
        seq[step] = (uint8_t)id;
        status = walk_receipts(w, at, c, rec, draws_made, mask, &after, seq, step + 1, count);
        if (status != 0) {
            return status;
        }
    }
    return 0;
}

static int walk_node(walk *w, int32_t at, const sc_cards *c, const sc_record *rec, const int8_t *draws_made)
{
    if (at < 0) {
        return 0;
    }
    const sc_node *node = &w->a->nodes[at];
    int status = table_add(w->s, at, &rec[node->actor], node->n_choices, w->most_slots);
    for (int i = 0; status == 0 && i < node->n_choices; i++) {
        if (node->kind == SC_BET) {
            status = walk_node(w, node->next[i], c, rec, draws_made);
        } else {
            int mask = node->choice[i] - SC_DISCARD;
            uint8_t seq[SC_CARDS];
            status = walk_receipts(w, at, c, rec, draws_made, mask, c, seq, 0, sc_popcount((uint64_t)mask));
        }
    }
    return status;
}

/* The index-th set of four places among the n not in skip (a bit each), in colex order, into out;
 * returns skip with them added. */
static uint32_t nth_set(int n, uint64_t index, uint32_t skip, uint8_t *out)
{
    int free_places[52], m = 0;
    for (int i = 0; i < n; i++) {
        if (!(skip >> i & 1)) {
            free_places[m++] = i;
        }
    }
    /* colex: the largest element first, the greatest c with C(c, k) <= index */
    for (int k = SC_CARDS; k >= 1; k--) {
        int c = k - 1;
        while (sc_choose(c + 1, k) <= index) {
            c++;
        }
        index -= sc_choose(c, k);
        out[k - 1] = (uint8_t)free_places[c];
        skip |= 1u << free_places[c];
    }
    return skip;
}

static int build_exact(const sc_rules *rules, const sc_automaton *a, int64_t most_slots, sc_slots *s)
{
    if (rules->n_deck > BADUGI_SAMPLED_EXACT_MOST_DECK) {
        return BADUGI_E_ARGUMENT;
    }
    int status = table_init(s, 1024);
    if (status != 0) {
        return status;
    }
    walk w = {rules, a, s, most_slots};
    int n = rules->n_deck;
    /* Every deal: seat 0's four cards, then seat 1's from the rest, each set once (colex order). */
    for (uint64_t first = 0; first < sc_choose(n, SC_CARDS) && status == 0; first++) {
        uint8_t places[2 * SC_CARDS], deal[2 * SC_CARDS];
        uint32_t taken = nth_set(n, first, 0, places);
        for (uint64_t second = 0; second < sc_choose(n - SC_CARDS, SC_CARDS) && status == 0; second++) {
            nth_set(n, second, taken, places + SC_CARDS);
            for (int i = 0; i < 2 * SC_CARDS; i++) {
                deal[i] = rules->deck[places[i]];
            }
            sc_cards c;
            sc_cards_start(rules, &c);
            status = sc_deal_told(rules, &c, deal);
            sc_record rec[2];
            sc_record_deal(rules, &rec[0], c.hand[0]);
            sc_record_deal(rules, &rec[1], c.hand[1]);
            int8_t made[2] = {0, 0};
            if (status == 0) {
                status = walk_node(&w, 0, &c, rec, made);
            }
        }
    }
    return status;
}

static int build_buckets(const sc_rules *rules, const sc_automaton *a, const badugi_sampled_abstraction *g,
                         int64_t most_slots, sc_slots *s)
{
    uint64_t hands = s->n_hands;
    size_t levels = (size_t)rules->draws + 1;
    if (g->bucket == NULL || g->bucket_size != levels * hands ||
        (rules->draws > 0 && (g->discard == NULL || g->discard_size != (size_t)rules->draws * hands * 5))) {
        return BADUGI_E_ARGUMENT;
    }
    for (size_t d = 0; d < levels; d++) {
        if (g->buckets[d] < 1 || (uint64_t)g->buckets[d] > hands) {
            return BADUGI_E_ARGUMENT;
        }
        s->buckets[d] = g->buckets[d];
    }
    for (size_t i = 0; i < levels * hands; i++) {
        if (g->bucket[i] >= (uint32_t)g->buckets[i / hands]) {
            return BADUGI_E_ARGUMENT;
        }
    }
    for (size_t i = 0; rules->draws > 0 && i < (size_t)rules->draws * hands * 5; i++) {
        uint8_t mask = g->discard[i];
        if (mask >= 1 << SC_CARDS || sc_popcount(mask) != (int)(i % 5)) {
            return BADUGI_E_ARGUMENT;
        }
    }
    s->bucket = malloc(levels * hands * sizeof *s->bucket);
    s->discard = malloc((size_t)rules->draws * hands * 5 + 1);
    s->base = malloc(((size_t)a->n_nodes + 1) * sizeof *s->base);
    if (s->bucket == NULL || s->discard == NULL || s->base == NULL) {
        return BADUGI_E_MEMORY;
    }
    memcpy(s->bucket, g->bucket, levels * hands * sizeof *s->bucket);
    memcpy(s->discard, g->discard, (size_t)rules->draws * hands * 5);
    int64_t total = 0, sets = 0;
    for (int32_t i = 0; i < a->n_nodes; i++) {
        s->base[i] = total;
        int32_t b = s->buckets[a->nodes[i].draws_left];
        total += (int64_t)b * a->nodes[i].n_choices;
        sets += b;
        if (total > most_slots) {
            return BADUGI_E_TOO_MANY;
        }
    }
    s->base[a->n_nodes] = total;
    s->slots = total;
    s->infosets = sets;
    return 0;
}

int sc_slots_build(const sc_rules *rules, const sc_automaton *a, const badugi_sampled_abstraction *given,
                   int64_t most_slots, sc_slots *out)
{
    memset(out, 0, sizeof *out);
    out->exact = given->cards == BADUGI_SAMPLED_EXACT;
    out->n_hands = (uint32_t)sc_choose(rules->n_deck, SC_CARDS);
    int status = out->exact ? build_exact(rules, a, most_slots, out) : build_buckets(rules, a, given, most_slots, out);
    if (status != 0) {
        sc_slots_free(out);
    }
    return status;
}

void sc_slots_free(sc_slots *s)
{
    free(s->bucket);
    free(s->discard);
    free(s->base);
    free(s->table);
    memset(s, 0, sizeof *s);
}

int64_t sc_slot_of(const sc_slots *s, const sc_rules *rules, const sc_automaton *a, int32_t node,
                   const uint8_t *hand, const sc_record *rec)
{
    if (s->exact) {
        return sc_slots_find_exact(s, node, rec);
    }
    const sc_node *n = &a->nodes[node];
    uint32_t h = sc_hand_index(rules, hand);
    return s->base[node] + (int64_t)s->bucket[(size_t)n->draws_left * s->n_hands + h] * n->n_choices;
}

int sc_discard_mask(const sc_slots *s, const sc_rules *rules, const uint8_t *hand, int draws_left, int count)
{
    uint32_t h = sc_hand_index(rules, hand);
    return s->discard[((size_t)(draws_left - 1) * s->n_hands + h) * 5 + (size_t)count];
}
