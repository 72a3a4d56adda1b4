/* Random and hostile input into the draw-equity C API, built with
 * AddressSanitizer and UBSan (and, separately, ThreadSanitizer) by
 * tests/equity/test_sanitizers.py. Inputs are allocated at exactly their
 * length. Exits non-zero on a wrong answer; the sanitizers abort on any
 * memory, undefined-behaviour or data-race error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

static uint64_t state = 0x2545F4914F6CDD1Dull;
static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Makes spot a split game's (five cards, two halves: Badeucy's or Badacey's scales); returns the hand size. */
static int five_card_game(badugi_spot *spot)
{
    static const int32_t HALVES[2][2] = {{BADUGI_SCALE_BADUGI_ACE_HIGH, BADUGI_SCALE_LOW_27},
                                         {BADUGI_SCALE_BADUGI, BADUGI_SCALE_LOW_A5}};
    int g = (int)(next() % 2);
    spot->hand_size = 5;
    spot->n_halves = 2;
    spot->halves[0] = HALVES[g][0];
    spot->halves[1] = HALVES[g][1];
    return 5;
}

/* n distinct ids into out, or (sometimes) a bad one. */
static void deal(uint8_t *out, int n, uint64_t *used, int hostile)
{
    for (int i = 0; i < n; i++) {
        uint8_t c;
        do {
            c = (uint8_t)(next() % 52);
        } while (*used >> c & 1);
        *used |= (uint64_t)1 << c;
        out[i] = c;
    }
    if (hostile && n > 0 && next() % 8 == 0) {
        out[next() % (uint64_t)n] = (uint8_t)(next() % 2 ? 52 + next() % 200 : out[0]);
    }
}

static int fail(const char *what, int status)
{
    fprintf(stderr, "%s returned %d\n", what, status);
    return 1;
}

static int decide(void *context, int player, const uint8_t *hand, int draws_left, const uint8_t *discarded,
                  int n_discarded, const int8_t *counts)
{
    (void)context;
    int sum = player + draws_left + n_discarded;
    for (int i = 0; i < 4; i++) {
        sum += hand[i];
    }
    for (int i = 0; i < n_discarded; i++) {
        sum += discarded[i];
    }
    for (int i = 0; i < BADUGI_MAX_DRAWS * 8; i++) {
        sum += counts[i];
    }
    if (next() % 500 == 0) {
        return next() % 2 ? -1 : 16 + (int)(next() % 100); /* fail, or an impossible keep */
    }
    return sum & 15;
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 2000;
    int threads_max = argc > 2 ? atoi(argv[2]) : 3;
    long reshuffling = argc > 3 ? atol(argv[3]) : 40;
    /* 0: five-card spots never choose by "best" or "table", so the split games' draw tables are
     * never built. Building them is most of a sanitized run (80 s under ThreadSanitizer), and
     * tests/c/fuzz_draw5.c builds them under contention in both sanitizers already. */
    int five_card_choices = argc > 4 ? atoi(argv[4]) : 1;
    if (badugi_draw_tables_build() != 0) {
        return fail("badugi_draw_tables_build", -1);
    }
    for (long round = 0; round < rounds; round++) {
        /* Keep values and the best keep. */
        uint64_t used = 0;
        int n_seen = (int)(next() % 20);
        uint8_t *hand = malloc(4);
        uint8_t *seen = malloc((size_t)n_seen + 1);
        deal(hand, 4, &used, 1);
        deal(seen, n_seen, &used, 1);
        int draws = (int)(next() % 5);
        uint64_t *num = malloc(sizeof(uint64_t) * 32), *den = malloc(sizeof(uint64_t) * 16);
        int method = (int)(next() % 4);
        int status = badugi_keep_values(hand, n_seen ? seen : NULL, (size_t)n_seen, draws, method, num, den);
        if (status == 0 && method < 3) {
            uint64_t num2[32], den2[16];
            if (badugi_keep_values(hand, seen, (size_t)n_seen, draws, method == 1 ? 2 : 1, num2, den2) != 0 ||
                memcmp(num, num2, sizeof num2) != 0 || memcmp(den, den2, sizeof den2) != 0) {
                return fail("badugi_keep_values (the two methods differ)", status);
            }
        }
        int keep = badugi_best_keep(hand, seen, (size_t)n_seen, draws);
        if ((method < 3 && (status == 0) != (keep >= 0)) || keep > 15) {
            return fail("badugi_best_keep", keep);
        }
        /* The table's keep is the best keep with nothing seen, or the same error. */
        int table = badugi_table_keep(hand, draws);
        int unseen = badugi_best_keep(hand, NULL, 0, draws);
        if (table != unseen) {
            return fail("badugi_table_keep (differs from badugi_best_keep with nothing seen)", table);
        }
        uint64_t *ranks = malloc(sizeof(uint64_t) * (BADUGI_WORST + 1));
        int kept = (int)(next() % 6);
        status = badugi_completion_ranks(hand, (size_t)kept, seen, (size_t)n_seen, ranks);
        if (status > 0) {
            return fail("badugi_completion_ranks", status);
        }
        free(hand);
        free(seen);
        free(num);
        free(den);
        free(ranks);

        /* An equity spot, mostly valid. */
        badugi_spot *spot = malloc(sizeof *spot);
        memset(spot, 0, sizeof *spot);
        used = 0;
        spot->players = 1 + (int)(next() % 8);
        spot->draws = (int)(next() % 4);
        int hostile = next() % 4 == 0;
        int size = next() % 3 == 0 ? five_card_game(spot) : 4;
        for (int p = 0; p < spot->players; p++) {
            spot->known[p] = spot->draws == 0 ? size : (int)(next() % (uint64_t)(size + 1));
            deal(spot->cards[p], spot->known[p], &used, hostile);
            spot->first_keep[p] = (int)(next() % 32) & ((1 << spot->known[p]) - 1);
            if (next() % 3 == 0) {
                spot->first_keep[p] = BADUGI_KEEP_BY_STRATEGY; /* its strategy chooses at the first draw */
            }
            spot->strategy[p] = (int)(next() % 4); /* pat, best, callback, table */
            if (size == 5 && !five_card_choices && spot->strategy[p] % 2 == 1) {
                spot->strategy[p] -= 1; /* best -> pat, table -> callback: no five-card draw tables */
            }
        }
        spot->n_dead = (int)(next() % 12);
        deal(spot->dead, spot->n_dead, &used, hostile);
        spot->decide = next() % 10 ? decide : NULL;
        spot->relabel_suits = next() % 4 == 0;
        if (hostile) {
            switch (next() % 8) {
            case 0: spot->players = (int)(next() % 20) - 5; break;
            case 1: spot->draws = (int)(next() % 9) - 3; break;
            case 2: spot->known[0] = next() % 2 ? 9 : spot->known[0], spot->relabel_suits = 5; break;
            case 3: spot->first_keep[0] = next() % 2 ? 99 : BADUGI_KEEP_BY_STRATEGY; break;
            case 4: spot->hand_size = next() % 2 ? 6 : 3; break;
            case 5: spot->halves[next() % 2] = next() % 2 ? 9 : -1, spot->n_halves = 2; break;
            case 6: spot->n_halves = next() % 2 ? 3 : -1; break;
            default: spot->n_dead = 60; break;
            }
        }
        badugi_equity_sums *sums = malloc(sizeof *sums);
        int threads = 1 + (int)(next() % (uint64_t)threads_max);
        uint64_t samples = 1 + next() % 3000;
        uint64_t chunks = (samples + BADUGI_EQUITY_CHUNK - 1) / BADUGI_EQUITY_CHUNK;
        status = badugi_equity_monte_carlo(spot, next(), samples, 0, chunks, threads, (int)(next() % 2), sums);
        if (status == 0 && sums->deals != samples) {
            return fail("badugi_equity_monte_carlo (deals)", (int)sums->deals);
        }
        if (status == 0) {
            uint64_t share = 0;
            for (int p = 0; p < 8; p++) {
                share += sums->share[p];
            }
            if (share != samples * BADUGI_SHARE_UNIT) {
                return fail("badugi_equity_monte_carlo (shares)", -1);
            }
        }
        status = badugi_equity_exact(spot, (int)(next() % 3), 20000, threads, sums);
        if (status == 0) {
            uint64_t share = 0;
            for (int p = 0; p < 8; p++) {
                share += sums->share[p];
            }
            if (share != sums->deals * BADUGI_SHARE_UNIT) {
                return fail("badugi_equity_exact (shares)", -1);
            }
        }
        free(sums);
        free(spot);
    }
    /* Spots that reshuffle: five to eight players drawing three times run the
     * stub dry, and the build checks every deal (BADUGI_CHECK_DEALS). Every
     * thread count must give the identical sums. */
    for (long round = 0; round < reshuffling; round++) {
        badugi_spot *spot = calloc(1, sizeof *spot);
        uint64_t used = 0;
        spot->players = 5 + (int)(next() % 4);
        spot->draws = 3;
        int size = next() % 3 == 0 ? five_card_game(spot) : 4;
        for (int p = 0; p < spot->players; p++) {
            spot->known[p] = (int)(next() % (uint64_t)(size + 1));
            deal(spot->cards[p], spot->known[p], &used, 0);
            int choice = (int)(next() % 3); /* the strategy chooses, throw everything, or a random keep */
            spot->first_keep[p] = choice == 0   ? BADUGI_KEEP_BY_STRATEGY
                                  : choice == 1 ? 0
                                                : (int)(next() % 32) & ((1 << spot->known[p]) - 1);
            static const int STRATEGIES[4] = {BADUGI_STRATEGY_BEST, BADUGI_STRATEGY_TABLE, BADUGI_STRATEGY_BEST,
                                              BADUGI_STRATEGY_PAT};
            spot->strategy[p] = size == 4 ? STRATEGIES[next() % 4] : BADUGI_STRATEGY_PAT;
        }
        int room = 52 - size * spot->players - 1;
        spot->n_dead = room > 0 ? (int)(next() % (uint64_t)(room + 1)) : 0;
        deal(spot->dead, spot->n_dead, &used, 0);
        spot->relabel_suits = next() % 2 == 0;
        uint64_t seed = next(), samples = 100 + next() % 400;
        uint64_t chunks = (samples + BADUGI_EQUITY_CHUNK - 1) / BADUGI_EQUITY_CHUNK;
        badugi_equity_sums *one = malloc(sizeof *one), *many = malloc(sizeof *many);
        int status = badugi_equity_monte_carlo(spot, seed, samples, 0, chunks, 1, 1, one);
        if (status != 0) {
            return fail("badugi_equity_monte_carlo (a reshuffling spot)", status);
        }
        for (int threads = 2; threads <= threads_max; threads++) {
            status = badugi_equity_monte_carlo(spot, seed, samples, 0, chunks, threads, 1, many);
            if (status != 0 || memcmp(one, many, sizeof *one) != 0) {
                return fail("badugi_equity_monte_carlo (thread counts differ on a reshuffling spot)", threads);
            }
        }
        free(one);
        free(many);
        free(spot);
    }
    /* NULL everywhere. */
    if (badugi_keep_values(NULL, NULL, 0, 1, 0, NULL, NULL) != BADUGI_E_NULL ||
        badugi_best_keep(NULL, NULL, 0, 1) != BADUGI_E_NULL || badugi_table_keep(NULL, 1) != BADUGI_E_NULL ||
        badugi_completion_ranks(NULL, 2, NULL, 0, NULL) != BADUGI_E_NULL ||
        badugi_equity_monte_carlo(NULL, 0, 1, 0, 1, 1, 0, NULL) != BADUGI_E_NULL ||
        badugi_equity_exact(NULL, 0, 1, 1, NULL) != BADUGI_E_NULL) {
        return fail("NULL arguments", -1);
    }
    puts("ok");
    return 0;
}
