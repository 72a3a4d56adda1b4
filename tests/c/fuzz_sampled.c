/* Random and hostile input into sampled CFR (csrc/sampled/), built with AddressSanitizer and UBSan
 * (and, separately, ThreadSanitizer and for valgrind) by tests/solver/test_sampled_sanitizers.py.
 * Every array is allocated at exactly its length, so a read or write past one is caught.
 *
 * Each round makes random rules (or broken ones, which must be refused), a bucket abstraction with
 * random tables (or broken ones), and checks: badugi_sampled_play never reads past what it is told
 * and refuses an illegal action by its index; a solver runs the same iterations to the same
 * regrets and sums on one, two and three threads, and in parts (sample + commit); the strategy
 * at a random view is refused or is a distribution; a best response's learning (freeze, then runs
 * against the average) leaves the average as it was and plays finite winnings, the same on any
 * split of its deals, and bad arguments are refused. Exits non-zero on a wrong answer. */
#include <math.h>
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

static int fail(const char *what, long round, long status)
{
    fprintf(stderr, "round %ld: %s (%ld)\n", round, what, status);
    return 1;
}

static uint64_t choose(int n, int k)
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

static int popcount(unsigned x)
{
    int n = 0;
    for (; x; x &= x - 1) {
        n++;
    }
    return n;
}

/* Random rules that are valid: a deck of random cards, stacks deep enough. */
static void random_rules(badugi_sampled_rules *r, int small_deck)
{
    memset(r, 0, sizeof *r);
    int n = small_deck ? 9 + (int)(next() % 4) : 9 + (int)(next() % 44);
    uint64_t used = 0;
    for (int i = 0; i < n; i++) {
        int c;
        do {
            c = (int)(next() % 52);
        } while (used >> c & 1);
        used |= (uint64_t)1 << c;
    }
    for (int c = 0, k = 0; c < 52; c++) {
        if (used >> c & 1) {
            r->deck[k++] = (uint8_t)c;
        }
    }
    r->n_deck = n;
    r->draws = (int)(next() % 4);
    r->cap = 1 + (int)(next() % 4);
    r->small_bet = 1 + (int)(next() % 3);
    r->big_bet = r->small_bet * (1 + (int)(next() % 2));
    if (next() % 2) {
        r->small_blind = 1 + (int)(next() % 2);
        r->big_blind = r->small_blind + (int)(next() % 2);
    }
    r->ante = r->big_blind == 0 ? 1 + (int)(next() % 2) : (int)(next() % 2);
    r->stack = 1000;
}

/* A legal hand played at random: writes actions and draw cards, returns how many actions. A draw's
 * cards are found by trying random ones (the walker says which it deals); if none are found, the
 * seat stands pat instead. */
static size_t random_hand(const badugi_sampled_rules *r, uint8_t *deal, int16_t *actions, size_t most,
                          uint8_t *cards, size_t *n_cards, long round, int *error)
{
    uint64_t used = 0;
    for (int i = 0; i < 8; i++) {
        uint8_t c;
        do {
            c = r->deck[next() % (uint64_t)r->n_deck];
        } while (used >> c & 1);
        used |= (uint64_t)1 << c;
        deal[i] = c;
    }
    size_t n = 0;
    *n_cards = 0;
    int32_t *out = malloc((most + 1) * BADUGI_SAMPLED_PLAY_WIDTH * sizeof *out);
    int64_t bad;
    for (;;) {
        int status = badugi_sampled_play(r, deal, n ? actions : NULL, n, *n_cards ? cards : NULL, *n_cards, out,
                                         (n + 1) * BADUGI_SAMPLED_PLAY_WIDTH, &bad);
        if (status != (int)n + 1) {
            *error = fail("a legal hand refused", round, status);
            break;
        }
        int32_t *row = out + n * BADUGI_SAMPLED_PLAY_WIDTH;
        if (row[1] < 0 || n == most) {
            break;
        }
        int legal = row[3], action;
        do {
            action = (int)(next() % 19);
        } while (!(legal >> action & 1));
        actions[n++] = (int16_t)action;
        if (action < 3) {
            continue;
        }
        size_t base = *n_cards, count = (size_t)popcount((unsigned)(action - 3));
        int found = 0;
        for (int tries = 0; tries < 4000 && !found; tries++) {
            for (size_t j = 0; j < count; j++) {
                cards[base + j] = r->deck[next() % (uint64_t)r->n_deck];
            }
            found = badugi_sampled_play(r, deal, actions, n, cards, base + count, out,
                                        (n + 1) * BADUGI_SAMPLED_PLAY_WIDTH, &bad) == (int)n + 1;
        }
        if (found) {
            *n_cards = base + count;
        } else {
            actions[n - 1] = 3; /* stand pat */
        }
    }
    free(out);
    return n;
}

/* The strategy at a view is refused, or is a distribution over the legal actions. */
static int check_policy(const badugi_sampled *s, long round)
{
    badugi_sampled_view *view = malloc(sizeof *view);
    memset(view, 0, sizeof *view);
    view->seat = (int32_t)(next() % 3) - (next() % 8 == 0);
    for (int i = 0; i < 4; i++) {
        view->dealt[i] = (uint8_t)(next() % 56);
    }
    view->n_moves = (int32_t)(next() % 12) - (next() % 16 == 0);
    for (int i = 0; i < 64; i++) {
        view->moves[i] = (int8_t)(next() % 9) - 1;
    }
    for (int d = 0; d < 3; d++) {
        for (int i = 0; i < 4; i++) {
            view->thrown[d][i] = (uint8_t)(next() % 53);
            view->received[d][i] = (uint8_t)(next() % 53);
        }
    }
    double *out = malloc(19 * sizeof *out);
    int64_t status = badugi_sampled_policy(s, view, (int)(next() % 2), out, 19);
    int error = 0;
    if (status >= 0) {
        double total = 0;
        for (int a = 0; a < 19; a++) {
            if (!(out[a] >= 0.0)) {
                error = fail("a negative probability", round, a);
            }
            total += out[a];
        }
        if (fabs(total - 1.0) > 1e-9) {
            error = fail("a strategy that does not sum to 1", round, status);
        }
    }
    free(out);
    free(view);
    return error;
}

static badugi_sampled *new_buckets(const badugi_sampled_rules *r, int hostile, long round, int *error)
{
    uint64_t hands = choose(r->n_deck, 4);
    size_t levels = (size_t)r->draws + 1;
    size_t n_bucket = levels * hands, n_discard = (size_t)r->draws * hands * 5;
    uint32_t *bucket = malloc(n_bucket * sizeof *bucket + 1);
    uint8_t *discard = malloc(n_discard + 1);
    badugi_sampled_abstraction a;
    memset(&a, 0, sizeof a);
    a.cards = BADUGI_SAMPLED_BUCKETS;
    a.remember_bets = (int32_t)(next() % 2);
    a.remember_draws = (int32_t)(next() % 4);
    for (size_t d = 0; d < levels; d++) {
        a.buckets[d] = 1 + (int32_t)(next() % 6);
    }
    for (size_t i = 0; i < n_bucket; i++) {
        bucket[i] = (uint32_t)(next() % (uint64_t)a.buckets[i / hands]);
    }
    static const uint8_t by_count[5][6] = {{0}, {1, 2, 4, 8}, {3, 5, 6, 9, 10, 12}, {7, 11, 13, 14}, {15}};
    static const int ways[5] = {1, 4, 6, 4, 1};
    for (size_t i = 0; i < n_discard; i++) {
        int k = (int)(i % 5);
        discard[i] = by_count[k][next() % (uint64_t)ways[k]];
    }
    a.bucket = bucket;
    a.bucket_size = n_bucket;
    a.discard = discard;
    a.discard_size = n_discard;
    int broken = 0;
    if (hostile) {
        switch (next() % 6) {
        case 0:
            a.bucket_size--;
            break;
        case 1:
            bucket[next() % n_bucket] = (uint32_t)a.buckets[0] + 7;
            break;
        case 2:
            if (n_discard) {
                discard[next() % n_discard] = 16;
            } else {
                a.bucket = NULL;
            }
            break;
        case 3:
            a.buckets[next() % levels] = 0;
            break;
        case 4:
            a.remember_draws = 4;
            break;
        default:
            a.cards = 7;
            break;
        }
        broken = 1;
    }
    badugi_sampled *s = NULL;
    int status = badugi_sampled_new(r, &a, 1 << 22, &s);
    if (broken && status == 0) {
        *error = fail("a broken abstraction accepted", round, 0);
    }
    if (!broken && status != 0 && status != BADUGI_E_TOO_MANY) {
        *error = fail("a good abstraction refused", round, status);
    }
    free(bucket);
    free(discard);
    return status == 0 ? s : NULL;
}

static int64_t *read_array(const badugi_sampled *s, int which, size_t slots)
{
    int64_t *out = malloc(slots * sizeof *out + 8);
    if (badugi_sampled_get(s, which, out, slots) != 0) {
        free(out);
        return NULL;
    }
    return out;
}

/* A run of a few random batches: some epochs of averaging, some pruning, one thread, no discount. */
static badugi_sampled_run random_run(uint64_t epochs)
{
    badugi_sampled_run run;
    memset(&run, 0, sizeof run);
    run.seed = next();
    run.batch = 1 + next() % 8;
    run.epoch = run.batch * (next() % epochs);
    run.count = run.batch * (2 + next() % 6);
    run.alpha = run.beta = run.gamma = 1.0;
    run.prune_below = -0.5;
    run.prune_share = (double)(next() % 3) / 2.0;
    run.prune_from = next() % 8;
    run.threads = 1;
    return run;
}

/* The same iterations on 1, 2 and 3 threads, and in parts, give the same regrets and sums. */
static int check_runs(const badugi_sampled_rules *r, badugi_sampled *s, long round)
{
    int64_t sizes[4];
    badugi_sampled_sizes(s, sizes, 4);
    size_t slots = (size_t)sizes[0];
    badugi_sampled_run run = random_run(4);
    run.alpha = 1.5; /* discounting on, so the threads and parts must agree on it too */
    run.beta = (double)(next() % 2);
    run.gamma = 2.0;
    int64_t *first[2] = {NULL, NULL};
    int error = 0;
    for (int threads = 1; threads <= 3 && !error; threads++) {
        int64_t *zero = calloc(slots + 1, sizeof *zero);
        if (badugi_sampled_set(s, BADUGI_SAMPLED_REGRET, zero, slots + 1) == 0 ||
            badugi_sampled_get(s, 3, zero, slots) == 0) {
            error = fail("a wrong size or array accepted", round, 0);
        }
        badugi_sampled_set(s, BADUGI_SAMPLED_REGRET, zero, slots);
        badugi_sampled_set(s, BADUGI_SAMPLED_AVERAGE, zero, slots);
        badugi_sampled_set(s, BADUGI_SAMPLED_DELTA, zero, slots);
        free(zero);
        run.threads = threads;
        int status;
        if (threads == 3) { /* in parts: each batch sampled in two pieces, then committed */
            status = 0;
            for (uint64_t t = 0; t < run.count && status == 0; t += run.batch) {
                badugi_sampled_run part = run;
                uint64_t half = run.batch / 2;
                part.first = t;
                part.count = half;
                status = half ? badugi_sampled_sample(s, &part) : 0;
                part.first = t + half;
                part.count = run.batch - half;
                if (status == 0) {
                    status = badugi_sampled_sample(s, &part);
                }
                if (status == 0) {
                    status = badugi_sampled_commit(s, &run, t + run.batch);
                }
            }
        } else {
            status = badugi_sampled_iterate(s, &run);
        }
        if (status != 0) {
            error = fail("a run refused", round, status);
            break;
        }
        int64_t *regret = read_array(s, BADUGI_SAMPLED_REGRET, slots);
        int64_t *average = read_array(s, BADUGI_SAMPLED_AVERAGE, slots);
        if (threads == 1) {
            first[0] = regret;
            first[1] = average;
            continue;
        }
        if (memcmp(first[0], regret, slots * 8) != 0 || memcmp(first[1], average, slots * 8) != 0) {
            error = fail("threads or parts changed the result", round, threads);
        }
        free(regret);
        free(average);
    }
    free(first[0]);
    free(first[1]);
    (void)r;
    return error;
}

/* A best response: freeze, learn against the average, play; the average stays, the play adds up. */
static int check_response(badugi_sampled *s, long round)
{
    int64_t sizes[4];
    badugi_sampled_sizes(s, sizes, 4);
    size_t slots = (size_t)sizes[0];
    int error = 0;
    if (badugi_sampled_freeze(NULL) != BADUGI_E_NULL || badugi_sampled_freeze(s) != 0) {
        return fail("freeze", round, 0);
    }
    int64_t *before = read_array(s, BADUGI_SAMPLED_AVERAGE, slots);
    badugi_sampled_run run = random_run(3);
    run.threads = 1 + (int)(next() % 2);
    run.against_average = 2;
    if (badugi_sampled_iterate(s, &run) != BADUGI_E_ARGUMENT) {
        error = fail("against_average 2 accepted", round, 0);
    }
    run.against_average = 1;
    int status = badugi_sampled_iterate(s, &run);
    if (status != 0) {
        error = fail("a response's learning refused", round, status);
    }
    int64_t *after = read_array(s, BADUGI_SAMPLED_AVERAGE, slots);
    if (before == NULL || after == NULL || memcmp(before, after, slots * 8) != 0) {
        error = fail("the learning changed the strategy it answers", round, 0);
    }
    free(before);
    free(after);
    double *whole = malloc(6 * sizeof *whole), *part = malloc(6 * sizeof *part);
    uint64_t seed = next(), count = 1 + next() % 40, cut = next() % count;
    double threshold = (double)(next() % 3);
    if (badugi_sampled_respond(s, seed, 0, count, threshold, whole, 5) != BADUGI_E_ARGUMENT ||
        badugi_sampled_respond(s, seed, 0, count, -1.0, whole, 6) != BADUGI_E_ARGUMENT ||
        badugi_sampled_respond(s, seed, 0, count, NAN, whole, 6) != BADUGI_E_ARGUMENT ||
        badugi_sampled_respond(NULL, seed, 0, count, threshold, whole, 6) != BADUGI_E_NULL) {
        error = fail("a bad response play accepted", round, 0);
    }
    status = badugi_sampled_respond(s, seed, 0, count, threshold, whole, 6);
    double sum[6] = {0};
    status |= badugi_sampled_respond(s, seed, 0, cut, threshold, part, 6);
    for (int i = 0; i < 6; i++) {
        sum[i] = part[i];
    }
    status |= badugi_sampled_respond(s, seed, cut, count - cut, threshold, part, 6);
    for (int i = 0; i < 6 && status == 0; i++) {
        sum[i] += part[i];
        if (!isfinite(whole[i]) || fabs(sum[i] - whole[i]) > 1e-6 * (1.0 + fabs(whole[i]))) {
            error = fail("a response's play does not add up", round, i);
        }
    }
    if (status != 0) {
        error = fail("a response's play refused", round, status);
    }
    free(whole);
    free(part);
    return error;
}

int main(int argc, char **argv)
{
    long rounds = argc > 1 ? atol(argv[1]) : 100;
    int error = 0;
    for (long round = 0; round < rounds && !error; round++) {
        badugi_sampled_rules r;
        random_rules(&r, next() % 2 == 0);
        /* Broken rules are refused. */
        badugi_sampled_rules broken = r;
        switch (next() % 7) {
        case 0:
            broken.n_deck = 8;
            break;
        case 1:
            broken.deck[3] = broken.deck[2];
            break;
        case 2:
            broken.cap = 0;
            break;
        case 3:
            broken.stack = 1; /* below the forced bets */
            break;
        case 4:
            broken.draws = 4;
            break;
        case 5:
            broken.small_blind = broken.big_blind + 1;
            break;
        default:
            broken.deck[0] = 60;
            break;
        }
        uint8_t deal[8];
        int64_t bad;
        int32_t *row = malloc(BADUGI_SAMPLED_PLAY_WIDTH * sizeof *row);
        memcpy(deal, r.deck, 8);
        if (badugi_sampled_play(&broken, deal, NULL, 0, NULL, 0, row, BADUGI_SAMPLED_PLAY_WIDTH, &bad) >= 0) {
            error = fail("broken rules played", round, 0);
        }
        if (badugi_sampled_play(&r, deal, NULL, 0, NULL, 0, row, BADUGI_SAMPLED_PLAY_WIDTH - 1, &bad) >= 0) {
            error = fail("a short record array accepted", round, 0);
        }
        free(row);
        /* A random legal hand, then hostile tails of it. */
        int16_t *actions = malloc(64 * sizeof *actions);
        uint8_t *cards = malloc(32);
        size_t n_cards = 0;
        size_t n = random_hand(&r, deal, actions, 64, cards, &n_cards, round, &error);
        if (n > 0) {
            int16_t *hostile = malloc(n * sizeof *hostile);
            memcpy(hostile, actions, n * sizeof *hostile);
            hostile[next() % n] = (int16_t)((int)(next() % 40) - 10);
            int32_t *out = malloc((n + 1) * BADUGI_SAMPLED_PLAY_WIDTH * sizeof *out);
            int64_t status = badugi_sampled_play(&r, deal, hostile, n, n_cards ? cards : NULL, n_cards / 2, out,
                                                 (n + 1) * BADUGI_SAMPLED_PLAY_WIDTH, &bad);
            if (status < 0 && (bad < 0 || bad >= (int64_t)n)) {
                error = fail("a refusal without the action's index", round, bad);
            }
            free(out);
            free(hostile);
        }
        free(actions);
        free(cards);
        /* A solver: broken abstractions refused, good ones run the same on any threads. */
        int hostile = next() % 3 == 0;
        badugi_sampled *s = new_buckets(&r, hostile, round, &error);
        if (s != NULL) {
            if (!hostile) {
                error |= check_runs(&r, s, round);
            }
            for (int i = 0; i < 20 && !error; i++) {
                error |= check_policy(s, round);
            }
            if (!hostile && !error) {
                error |= check_response(s, round);
            }
            badugi_sampled_free(s);
        }
        if (round % 25 == 0) { /* the exact abstraction of a nine-card deck with no draw: small */
            badugi_sampled_rules small;
            random_rules(&small, 1);
            small.n_deck = 9;
            small.draws = 0;
            badugi_sampled_abstraction exact;
            memset(&exact, 0, sizeof exact);
            exact.cards = BADUGI_SAMPLED_EXACT;
            badugi_sampled *e = NULL;
            int status = badugi_sampled_new(&small, &exact, 1 << 22, &e);
            if (status != 0) {
                error = fail("the exact abstraction of nine cards refused", round, status);
            } else {
                error |= check_runs(&small, e, round);
                error |= error ? 0 : check_response(e, round);
                badugi_sampled_free(e);
            }
        }
    }
    if (!error) {
        printf("ok\n");
    }
    return error;
}
