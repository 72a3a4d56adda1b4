/* Random and hostile batches into badugi_heads_up_monte_carlo, built with
 * AddressSanitizer and UBSan (and, separately, ThreadSanitizer and for
 * valgrind) by tests/charts/test_heads_up_sanitizers.py. Every array is allocated
 * at exactly its length, so a read past a run's cards, seed or deals, or a
 * write past its sums, is caught. A good batch must equal one
 * badugi_equity_monte_carlo call per run, for every thread count; a bad one
 * must be refused with a negative code and an output of zeros. Exits
 * non-zero on a wrong answer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static int fail(const char *what, long round, int status)
{
    fprintf(stderr, "round %ld: %s (%d)\n", round, what, status);
    return 1;
}

/* Eight distinct ids: two hands that share no card. */
static void two_hands(uint8_t *out)
{
    uint64_t used = 0;
    for (int i = 0; i < 8; i++) {
        uint8_t c;
        do {
            c = (uint8_t)(next() % 52);
        } while (used >> c & 1);
        used |= (uint64_t)1 << c;
        out[i] = c;
    }
}

/* The sums badugi_heads_up_monte_carlo must give for one run. */
static int expected(const uint8_t *cards, uint64_t seed, uint64_t deals, int draws, int sa, int sb, uint64_t *out)
{
    badugi_spot spot;
    memset(&spot, 0, sizeof spot);
    spot.players = 2;
    spot.draws = draws;
    for (int p = 0; p < 2; p++) {
        spot.known[p] = 4;
        memcpy(spot.cards[p], cards + 4 * p, 4);
        spot.first_keep[p] = BADUGI_KEEP_BY_STRATEGY;
        spot.strategy[p] = p == 0 ? sa : sb;
    }
    spot.relabel_suits = 1;
    badugi_equity_sums *sums = malloc(sizeof *sums);
    uint64_t chunks = (deals + BADUGI_EQUITY_CHUNK - 1) / BADUGI_EQUITY_CHUNK;
    int status = badugi_equity_monte_carlo(&spot, seed, deals, 0, chunks, 1, 0, sums);
    out[0] = sums->deals;
    for (int p = 0; p < 2; p++) {
        out[1 + 4 * p] = sums->win[p];
        out[2 + 4 * p] = sums->tie[p];
        out[3 + 4 * p] = sums->share[p];
        out[4 + 4 * p] = sums->share_sq[p];
    }
    free(sums);
    return status;
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 200;
    int threads_max = argc > 2 ? atoi(argv[2]) : 3;
    for (long round = 0; round < rounds; round++) {
        size_t n = (size_t)(next() % 7);
        int draws = 1 + (int)(next() % 3);
        int sa = next() % 4 ? BADUGI_STRATEGY_BEST : BADUGI_STRATEGY_PAT;
        int sb = next() % 4 ? BADUGI_STRATEGY_BEST : BADUGI_STRATEGY_PAT;
        int hostile = next() % 4 == 0;
        size_t n_alloc = n > 0 ? n : 1; /* malloc(0) may give NULL */
        uint8_t *cards = malloc(8 * n_alloc);
        uint64_t *seeds = malloc(sizeof *seeds * n_alloc);
        uint64_t *deals = malloc(sizeof *deals * n_alloc);
        uint64_t *out = malloc(sizeof *out * BADUGI_HEADS_UP_SUMS * n_alloc);
        uint64_t *want = malloc(sizeof *want * BADUGI_HEADS_UP_SUMS * n_alloc);
        for (size_t i = 0; i < n; i++) {
            two_hands(cards + 8 * i);
            seeds[i] = next();
            deals[i] = 1 + next() % 1500; /* one chunk or two */
        }
        if (hostile && n > 0) {
            size_t i = (size_t)(next() % n);
            switch (next() % 5) {
            case 0: cards[8 * i + next() % 8] = (uint8_t)(52 + next() % 204); break;
            case 1: cards[8 * i + 7] = cards[8 * i]; break;
            case 2: deals[i] = next() % 2 ? 0 : BADUGI_HEADS_UP_MOST_DEALS + 1 + next() % 1000; break;
            case 3: sb = next() % 2 ? BADUGI_STRATEGY_CALLBACK : 3 + (int)(next() % 100); break;
            default: draws = next() % 2 ? 0 : 4 + (int)(next() % 10); break;
            }
        }
        int threads = 1 + (int)(next() % (uint64_t)threads_max);
        int status = badugi_heads_up_monte_carlo(cards, seeds, deals, n, draws, sa, sb, threads, out);
        if (hostile && n > 0) {
            if (status >= 0) {
                return fail("a hostile batch was taken", round, status);
            }
            if (draws >= 1 && draws <= 3) { /* refused after the output was zeroed */
                for (size_t k = 0; k < BADUGI_HEADS_UP_SUMS * n; k++) {
                    if (out[k] != 0) {
                        return fail("a refused batch left sums", round, status);
                    }
                }
            }
        } else {
            if (status != 0) {
                return fail("a good batch was refused", round, status);
            }
            for (size_t i = 0; i < n; i++) {
                if (expected(cards + 8 * i, seeds[i], deals[i], draws, sa, sb, want + BADUGI_HEADS_UP_SUMS * i) != 0) {
                    return fail("badugi_equity_monte_carlo refused a run", round, -1);
                }
            }
            if (n > 0 && memcmp(out, want, sizeof *out * BADUGI_HEADS_UP_SUMS * n) != 0) {
                return fail("a batch is not one call per run", round, threads);
            }
        }
        free(cards);
        free(seeds);
        free(deals);
        free(out);
        free(want);
    }
    uint64_t sums[BADUGI_HEADS_UP_SUMS];
    uint8_t cards[8] = {0, 5, 10, 51, 4, 9, 14, 19};
    uint64_t seed = 1, deals = 10;
    if (badugi_heads_up_monte_carlo(NULL, &seed, &deals, 1, 2, 1, 1, 1, sums) != BADUGI_E_NULL ||
        badugi_heads_up_monte_carlo(cards, NULL, &deals, 1, 2, 1, 1, 1, sums) != BADUGI_E_NULL ||
        badugi_heads_up_monte_carlo(cards, &seed, NULL, 1, 2, 1, 1, 1, sums) != BADUGI_E_NULL ||
        badugi_heads_up_monte_carlo(cards, &seed, &deals, 1, 2, 1, 1, 1, NULL) != BADUGI_E_NULL ||
        badugi_heads_up_monte_carlo(NULL, NULL, NULL, 0, 2, 1, 1, 1, NULL) != 0 ||
        badugi_heads_up_monte_carlo(cards, &seed, &deals, 1, 2, 1, 1, 0, sums) != BADUGI_E_ARGUMENT ||
        badugi_heads_up_monte_carlo(cards, &seed, &deals, (size_t)-1, 2, 1, 1, 1, sums) != BADUGI_E_ARGUMENT) {
        return fail("NULL or out-of-range arguments", -1, -1);
    }
    puts("ok");
    return 0;
}
