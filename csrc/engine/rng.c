/* The shuffles of engine.Tables. A table that deals as Hand does (deal
 * "hand") and every reshuffle go step for step as Python's random deals
 * (badugi.engine.deck.shuffled over random.Random(text)), so a hand with seed
 * s holds the cards Hand(seed=s) deals; the fast deal (the default) shuffles
 * with the library's own generator, and the history carries the deck.
 *
 * random.Random(text) seeds MT19937 by init_by_array over the integer whose
 * big-endian bytes are text + SHA-512(text) (CPython's version-2 seeding),
 * cut into 32-bit words from the least significant end; getrandbits(k) for
 * k <= 32 is the next word shifted right by 32 - k. Both are written out
 * here: SHA-512 (FIPS 180-4) and MT19937 (Matsumoto and Nishimura, 2002). */
#include <stdio.h>
#include <string.h>

#include "rng.h"

static const uint64_t SHA512_K[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};
static const uint64_t SHA512_H0[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

static uint64_t rotr64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

/* One 128-byte block into the state h. */
static void sha512_block(uint64_t h[8], const uint8_t *block)
{
    uint64_t w[80];
    for (int t = 0; t < 16; t++) {
        uint64_t v = 0;
        for (int b = 0; b < 8; b++) {
            v = (v << 8) | block[8 * t + b];
        }
        w[t] = v;
    }
    for (int t = 16; t < 80; t++) {
        uint64_t s0 = rotr64(w[t - 15], 1) ^ rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7);
        uint64_t s1 = rotr64(w[t - 2], 19) ^ rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6);
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    uint64_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int t = 0; t < 80; t++) {
        uint64_t t1 = hh + (rotr64(e, 14) ^ rotr64(e, 18) ^ rotr64(e, 41)) + ((e & f) ^ (~e & g)) +
                      SHA512_K[t] + w[t];
        uint64_t t2 = (rotr64(a, 28) ^ rotr64(a, 34) ^ rotr64(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

void tb_sha512(const uint8_t *data, size_t len, uint8_t out[64])
{
    uint64_t h[8];
    memcpy(h, SHA512_H0, sizeof h);
    size_t done = 0;
    for (; len - done >= 128; done += 128) {
        sha512_block(h, data + done);
    }
    uint8_t last[256] = {0};
    size_t rest = len - done;
    memcpy(last, data + done, rest);
    last[rest] = 0x80;
    size_t blocks = rest + 17 <= 128 ? 1 : 2;
    uint64_t bits = (uint64_t)len * 8; /* inputs here are far below 2**61 bytes */
    for (size_t b = 0; b < 8; b++) {
        last[blocks * 128 - 1 - b] = (uint8_t)(bits >> (8 * b));
    }
    for (size_t k = 0; k < blocks; k++) {
        sha512_block(h, last + 128 * k);
    }
    for (int i = 0; i < 8; i++) {
        for (int b = 0; b < 8; b++) {
            out[8 * i + b] = (uint8_t)(h[i] >> (56 - 8 * b));
        }
    }
}

#define MT_N 624
#define MT_M 397

static void mt_init(tb_mt *m, uint32_t s)
{
    m->mt[0] = s;
    for (uint32_t i = 1; i < MT_N; i++) {
        m->mt[i] = 1812433253U * (m->mt[i - 1] ^ (m->mt[i - 1] >> 30)) + i;
    }
    m->index = MT_N;
}

void tb_mt_base(tb_mt *base) { mt_init(base, 19650218U); }

/* init_by_array, from base: the state mt_init(19650218) leaves, the same for every key. */
static void mt_init_by_array(tb_mt *m, const tb_mt *base, const uint32_t *key, uint32_t len)
{
    uint32_t *mt = m->mt;
    memcpy(m, base, sizeof *m);
    uint32_t i = 1, j = 0;
    for (uint32_t k = MT_N > len ? MT_N : len; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] + j;
        i++;
        j++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
        if (j >= len) {
            j = 0;
        }
    }
    for (uint32_t k = MT_N - 1; k; k--) {
        mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) - i;
        i++;
        if (i >= MT_N) {
            mt[0] = mt[MT_N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000U;
}

/* The next output. The twist is done one word at a time as the words are read
 * (word i needs the old word i + 1 and the word i + M, or i + M - N already
 * new): the same sequence, and a shuffle of 52 cards reads about 60 of 624. */
static uint32_t mt_next(tb_mt *m)
{
    static const uint32_t mag01[2] = {0, 0x9908b0dfU};
    uint32_t *mt = m->mt, y;
    int i = m->index;
    if (i >= MT_N) {
        i = 0;
    }
    int next = i + 1 < MT_N ? i + 1 : 0;
    int far = i + MT_M < MT_N ? i + MT_M : i + MT_M - MT_N;
    y = (mt[i] & 0x80000000U) | (mt[next] & 0x7fffffffU);
    mt[i] = mt[far] ^ (y >> 1) ^ mag01[y & 1];
    y = mt[i];
    m->index = i + 1;
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= y >> 18;
    return y;
}

void tb_rng_seed(tb_mt *m, const tb_mt *base, const char *prefix, uint64_t seed)
{
    uint8_t bytes[128 + 64];
    int len = snprintf((char *)bytes, 128, "%s%llu", prefix, (unsigned long long)seed);
    tb_sha512(bytes, (size_t)len, bytes + len);
    size_t total = (size_t)len + 64; /* the first byte is a letter: no leading zero byte */
    uint32_t key[48];
    uint32_t words = (uint32_t)((total + 3) / 4);
    for (uint32_t w = 0; w < words; w++) { /* word w holds bytes total-4w-4 .. total-4w-1, big-endian */
        uint32_t v = 0;
        for (int b = 3; b >= 0; b--) {
            long at = (long)total - 4 * (long)w - 1 - b;
            v = (v << 8) | (at >= 0 ? bytes[at] : 0);
        }
        key[w] = v;
    }
    mt_init_by_array(m, base, key, words);
}

int tb_shuffle(uint8_t *cards, int count, tb_mt *m)
{
    int read = 0;
    for (int i = count - 1; i > 0; i--) {
        uint32_t n = (uint32_t)i + 1, k = 0;
        for (uint32_t v = n; v; v >>= 1) {
            k++;
        }
        uint32_t j = mt_next(m) >> (32 - k);
        read++;
        while (j >= n) {
            j = mt_next(m) >> (32 - k);
            read++;
        }
        uint8_t swap = cards[i];
        cards[i] = cards[j];
        cards[j] = swap;
    }
    return read;
}

void tb_mt_skip(tb_mt *m, int n)
{
    for (int i = 0; i < n; i++) {
        (void)mt_next(m);
    }
}

/* splitmix64 (Steele, Lea and Flood, 2014): a 64-bit counter through a finalizer. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The fast deal draws each index from 16 bits, four to an output of the generator. */
#define CHUNK_BITS 16
#define CHUNK_MASK ((1u << CHUNK_BITS) - 1)
#define CHUNKS 4

/* The fast deal's generator while it settles a stack: a copy in locals, since the stores to the
 * stack (bytes) could alias the deck's own fields for the compiler and keep them in memory. */
typedef struct {
    uint64_t state, word;
    int chunks;
} fast_bits;

/* The next 16 bits of the generator: from the output in hand, or a new one. */
static uint32_t chunk(fast_bits *g)
{
    if (g->chunks == 0) {
        g->word = splitmix64(&g->state);
        g->chunks = CHUNKS;
    }
    uint32_t bits = (uint32_t)g->word & CHUNK_MASK;
    g->word >>= CHUNK_BITS;
    g->chunks--;
    return bits;
}

/* A uniform index below n (n <= 52) from 16 random bits (Lemire, 2019: a multiply, and a
 * rejection only in the sliver 2**16 mod n that would bias it: at most one draw in 1,260). */
static uint32_t below(fast_bits *g, uint32_t n)
{
    uint32_t m = chunk(g) * n;
    if ((m & CHUNK_MASK) < n) {
        uint32_t floor = ((CHUNK_MASK + 1) - n) % n;
        while ((m & CHUNK_MASK) < floor) {
            m = chunk(g) * n;
        }
    }
    return m >> CHUNK_BITS;
}

void tb_fast_settle(tb_deck *d, int upto)
{
    /* Fisher-Yates from the top, one position at a time as the cards are reached: position k
     * takes a card from k..51. The positions are always settled in order, each from the next
     * bits of the generator, so the deck is the same however far ahead it is asked for. */
    fast_bits g = {d->shuffle, d->word, d->chunks};
    uint8_t *stack = d->stack;
    for (int k = d->made; k < upto; k++) {
        uint32_t j = (uint32_t)k + below(&g, (uint32_t)(52 - k));
        uint8_t swap = stack[k];
        stack[k] = stack[j];
        stack[j] = swap;
    }
    d->shuffle = g.state;
    d->word = g.word;
    d->chunks = (int8_t)g.chunks;
    if (upto > d->made) {
        d->made = (int8_t)upto;
    }
}
