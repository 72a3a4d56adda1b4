/* Random and hostile input into the five-card draw-value C API (the split
 * games), built with AddressSanitizer and UBSan, or ThreadSanitizer, by
 * tests/equity/test_five_sanitizers.py. The first calls come from several
 * threads at once, so the tables are built under contention. Inputs are
 * allocated at exactly their length. Exits non-zero on a wrong answer; the
 * sanitizers abort on any memory, undefined-behaviour or data-race error.
 * Usage: fuzz_draw5 ROUNDS THREADS */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"

static const int32_t BADEUCY[2] = {BADUGI_SCALE_BADUGI_ACE_HIGH, BADUGI_SCALE_LOW_27};
static const int32_t BADACEY[2] = {BADUGI_SCALE_BADUGI, BADUGI_SCALE_LOW_A5};

typedef struct {
    uint64_t state;
    int rounds;
    int failed;
} job;

static uint64_t next(job *j)
{
    j->state ^= j->state << 13;
    j->state ^= j->state >> 7;
    j->state ^= j->state << 17;
    return j->state;
}

/* n distinct ids into out, none in *used; sometimes (hostile) one bad id. */
static int deal(job *j, uint8_t *out, int n, uint64_t *used, int hostile)
{
    for (int i = 0; i < n; i++) {
        uint8_t c;
        do {
            c = (uint8_t)(next(j) % 52);
        } while (*used >> c & 1);
        *used |= (uint64_t)1 << c;
        out[i] = c;
    }
    if (hostile && n > 0 && next(j) % 6 == 0) {
        uint64_t at = next(j) % (uint64_t)n;
        if (next(j) % 2) {
            out[at] = (uint8_t)(52 + next(j) % 200); /* out of range */
            return 1;
        }
        out[at] = out[0]; /* a duplicate, unless it is out[0] itself */
        return at != 0;
    }
    return 0;
}

static void *run(void *arg)
{
    job *j = arg;
    for (int round = 0; round < j->rounds && !j->failed; round++) {
        const int32_t *game = next(j) % 2 ? BADEUCY : BADACEY;
        /* Badacey up to three draws; Badeucy one, so the sanitized build stays short. */
        int draws = game == BADACEY ? 1 + (int)(next(j) % 3) : 1;
        int n_seen = (int)(next(j) % 48);
        uint64_t used = 0;
        uint8_t *hand = malloc(5);
        uint8_t *seen = malloc(n_seen > 0 ? (size_t)n_seen : 1);
        int bad = deal(j, hand, 5, &used, 1);
        bad |= deal(j, seen, n_seen, &used, 1);
        int keep = badugi_best_keep5(game, 2, hand, seen, (size_t)n_seen, draws);
        if (bad ? keep >= 0 : (keep < 0 || keep > 31)) {
            fprintf(stderr, "best_keep5 gave %d (bad input: %d)\n", keep, bad);
            j->failed = 1;
        }
        if (!bad && n_seen >= 30) { /* direct sums are cheap once this many cards are seen */
            uint64_t *num1 = malloc(64 * sizeof(uint64_t)), *num2 = malloc(64 * sizeof(uint64_t));
            uint64_t *den1 = malloc(32 * sizeof(uint64_t)), *den2 = malloc(32 * sizeof(uint64_t));
            int s1 = badugi_keep_values5(game, 2, hand, seen, (size_t)n_seen, draws, 1, num1, den1);
            int s2 = badugi_keep_values5(game, 2, hand, seen, (size_t)n_seen, draws, 2, num2, den2);
            if (s1 != 0 || s2 != 0 || memcmp(num1, num2, 64 * sizeof(uint64_t)) != 0 ||
                memcmp(den1, den2, 32 * sizeof(uint64_t)) != 0) {
                fprintf(stderr, "keep_values5 methods disagree (%d, %d)\n", s1, s2);
                j->failed = 1;
            }
            free(num1);
            free(num2);
            free(den1);
            free(den2);
        }
        if (badugi_strength5(game, 2, hand) < 0 && !bad) {
            j->failed = 1;
        }
        uint64_t *out = malloc(2 * sizeof(uint64_t));
        int size = (int)(next(j) % 6);
        int status = badugi_draw5_value(game, 2, size == 5 ? draws - 1 : draws, hand, (size_t)size, out);
        if (status != 0 && !bad) {
            fprintf(stderr, "draw5_value gave %d\n", status);
            j->failed = 1;
        }
        free(out);
        free(hand);
        free(seen);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    int threads = argc > 2 ? atoi(argv[2]) : 3;
    if (threads < 1 || threads > 16) {
        return 2;
    }
    pthread_t thread[16];
    job jobs[16];
    for (int t = 0; t < threads; t++) {
        jobs[t].state = 0x2545F4914F6CDD1Dull + 7919u * (uint64_t)t;
        jobs[t].rounds = rounds;
        jobs[t].failed = 0;
        pthread_create(&thread[t], NULL, run, &jobs[t]);
    }
    int failed = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(thread[t], NULL);
        failed |= jobs[t].failed;
    }
    /* The keep table, asked for from here while built (its slices run on worker threads). */
    uint8_t *keep = malloc(BADUGI_HANDS5);
    if (badugi_keep_table5(BADACEY, 2, 1, keep, BADUGI_HANDS5) != 0 ||
        badugi_keep_table5(BADACEY, 2, 1, keep, BADUGI_HANDS5 - 1) != BADUGI_E_ARGUMENT) {
        failed = 1;
    }
    for (uint32_t i = 0; i < BADUGI_HANDS5; i++) {
        failed |= keep[i] > 31;
    }
    free(keep);
    int32_t bad_scales[3] = {0, 9, 1};
    uint8_t hand[5] = {0, 1, 2, 3, 4};
    failed |= badugi_best_keep5(bad_scales, 2, hand, NULL, 0, 1) != BADUGI_E_SCALE;
    failed |= badugi_best_keep5(bad_scales, 3, hand, NULL, 0, 1) != BADUGI_E_ARGUMENT;
    failed |= badugi_best_keep5(NULL, 2, hand, NULL, 0, 1) != BADUGI_E_NULL;
    puts(failed ? "failed" : "ok");
    return failed;
}
