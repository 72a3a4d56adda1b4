/* The cards of a hand: the deal, each draw's replacements and the reshuffle, by the rules of
 * badugi.adapters.deal (the engine's deck, without burns: a card nobody sees changes no chance).
 *
 * The stub is kept in the order it is dealt, the last card first: a random deal shuffles the whole
 * stub once (Fisher-Yates), then every replacement is its next card. That deals each set of cards
 * with its true chance, and every branch of a traversal that copies the stub deals from the same
 * order (common random numbers: the traverser's choices are compared on the same cards). A told
 * card is taken from wherever it is. When the stub is down to its last card and a card is wanted,
 * the pile (the discards, not those of the seat drawing) is shuffled in with it. */
#include <string.h>

#include "sampled.h"

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void sc_rng_seed(sc_rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed;
    x = splitmix(&x) ^ (stream * 0xD1342543DE82EF95ull);
    for (int i = 0; i < 4; i++) {
        r->s[i] = splitmix(&x);
    }
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sc_rng_next(sc_rng *r)
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
uint32_t sc_rng_below(sc_rng *r, uint32_t n)
{
    uint64_t m = (sc_rng_next(r) >> 32) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (0u - n) % n;
        while (low < threshold) {
            m = (sc_rng_next(r) >> 32) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

double sc_rng_unit(sc_rng *r) { return (double)(sc_rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

int sc_popcount(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1) {
        n++;
    }
    return n;
}

uint64_t sc_choose(int n, int k)
{
    if (k < 0 || n < k) {
        return 0;
    }
    uint64_t c = 1;
    for (int i = 1; i <= k; i++) {
        c = c * (uint64_t)(n - k + i) / (uint64_t)i;
    }
    return c;
}

uint32_t sc_hand_index(const sc_rules *rules, const uint8_t *hand)
{
    uint32_t index = 0;
    for (int i = 0; i < SC_CARDS; i++) {
        index += (uint32_t)sc_choose(rules->position[hand[i]], i + 1);
    }
    return index;
}

int sc_rank(const uint8_t *hand) { return rank_ids(hand[0], hand[1], hand[2], hand[3]); }

static void sort4(uint8_t *h)
{
    for (int i = 1; i < SC_CARDS; i++) {
        uint8_t v = h[i];
        int j = i;
        for (; j > 0 && h[j - 1] > v; j--) {
            h[j] = h[j - 1];
        }
        h[j] = v;
    }
}

void sc_cards_start(const sc_rules *rules, sc_cards *c)
{
    memset(c, 0, sizeof *c);
    memcpy(c->stub, rules->deck, (size_t)rules->n_deck);
    c->n_stub = (int8_t)rules->n_deck;
}

static void shuffle(uint8_t *cards, int n, sc_rng *r)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)sc_rng_below(r, (uint32_t)(i + 1));
        uint8_t t = cards[i];
        cards[i] = cards[j];
        cards[j] = t;
    }
}

void sc_shuffle_stub(sc_cards *c, sc_rng *r) { shuffle(c->stub, c->n_stub, r); }

void sc_deal_random(sc_cards *c, sc_rng *r)
{
    shuffle(c->stub, c->n_stub, r);
    for (int seat = 0; seat < 2; seat++) {
        for (int i = 0; i < SC_CARDS; i++) {
            c->hand[seat][i] = c->stub[--c->n_stub];
        }
        sort4(c->hand[seat]);
    }
}

/* Removes card from the stub wherever it is; 0, or BADUGI_E_ARGUMENT if it is not there. */
static int remove_from_stub(sc_cards *c, uint8_t card)
{
    for (int i = 0; i < c->n_stub; i++) {
        if (c->stub[i] == card) {
            memmove(c->stub + i, c->stub + i + 1, (size_t)(c->n_stub - i - 1));
            c->n_stub--;
            return 0;
        }
    }
    return BADUGI_E_ARGUMENT;
}

int sc_deal_told(const sc_rules *rules, sc_cards *c, const uint8_t *cards8)
{
    (void)rules;
    for (int seat = 0; seat < 2; seat++) {
        for (int i = 0; i < SC_CARDS; i++) {
            uint8_t card = cards8[seat * SC_CARDS + i];
            if (card >= 52 || remove_from_stub(c, card) != 0) {
                return BADUGI_E_ARGUMENT;
            }
            c->hand[seat][i] = card;
        }
        sort4(c->hand[seat]);
    }
    return 0;
}

/* The stub down to its last card: the pile is shuffled in with it (the order of a random deal). */
static void reshuffle_if_short(sc_cards *c, sc_rng *r)
{
    if (c->n_stub >= 2) {
        return;
    }
    for (int id = 0; id < 52; id++) {
        if (c->discards >> id & 1) {
            c->stub[c->n_stub++] = (uint8_t)id;
        }
    }
    c->discards = 0;
    if (r != NULL) {
        shuffle(c->stub, c->n_stub, r);
    }
}

uint8_t sc_take_random(sc_cards *c, sc_rng *r)
{
    reshuffle_if_short(c, r);
    return c->stub[--c->n_stub];
}

int sc_take_told(sc_cards *c, uint8_t card)
{
    reshuffle_if_short(c, NULL);
    if (card >= 52) {
        return BADUGI_E_ARGUMENT;
    }
    return remove_from_stub(c, card);
}

int sc_draw_cards(sc_cards *c, int seat, int mask, const uint8_t *told, sc_rng *r, uint8_t *got,
                  int *reshuffled)
{
    if (mask < 0 || mask >= 1 << SC_CARDS || (mask != 0 && told == NULL && r == NULL)) {
        return BADUGI_E_ARGUMENT;
    }
    uint8_t kept[SC_CARDS], thrown[SC_CARDS];
    int n_kept = 0, n_thrown = 0;
    for (int i = 0; i < SC_CARDS; i++) {
        if (mask >> i & 1) {
            thrown[n_thrown++] = c->hand[seat][i];
        } else {
            kept[n_kept++] = c->hand[seat][i];
        }
    }
    /* A draw deals its cards sorted unless the stub runs short (the adapters' "ascending" batch). */
    *reshuffled = n_thrown > 0 && c->n_stub - 1 < n_thrown;
    for (int i = 0; i < n_thrown; i++) {
        if (told != NULL) {
            int status = sc_take_told(c, told[i]);
            if (status != 0) {
                return status;
            }
            got[i] = told[i];
        } else {
            got[i] = sc_take_random(c, r);
        }
        kept[n_kept++] = got[i];
    }
    for (int i = 0; i < n_thrown; i++) {
        c->discards |= (uint64_t)1 << thrown[i];
    }
    memcpy(c->hand[seat], kept, SC_CARDS);
    sort4(c->hand[seat]);
    return 0;
}
