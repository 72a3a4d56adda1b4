/* Random-input stress of the C API, built with AddressSanitizer and UBSan by
 * tests/test_c_sanitizers.py. Every input buffer is allocated at exactly its
 * length, so any read past the end is reported. Exits non-zero on a wrong
 * answer; the sanitizers abort on any memory or undefined-behaviour error. */
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

/* Random ids: mostly valid distinct ones, sometimes a duplicate or out of range. */
static void fill_rows(uint8_t *cards, int64_t *wide, int32_t *mid, size_t n, size_t width)
{
    for (size_t i = 0; i < n; i++) {
        uint8_t row[5];
        size_t filled = 0;
        while (filled < width) {
            uint8_t c = (uint8_t)(next() % 52);
            int dup = 0;
            for (size_t k = 0; k < filled; k++) dup |= row[k] == c;
            if (!dup) row[filled++] = c;
        }
        for (size_t k = 0; k < width; k++) {
            cards[width * i + k] = row[k];
            wide[width * i + k] = row[k];
            mid[width * i + k] = row[k];
        }
    }
    if (n && next() % 3 == 0) {
        size_t at = next() % (width * n);
        uint64_t v = next();
        cards[at] = (uint8_t)v;
        wide[at] = (int64_t)v;
        mid[at] = (int32_t)v;
    }
}

/* The scales API: random scale lists (sometimes bad), widths and ids; every
 * kernel and id type must agree with each other and with badugi_rank5. */
static int fuzz_scales(void)
{
    size_t k = next() % 6;
    int32_t *scales = malloc(sizeof(int32_t) * (k ? k : 1));
    for (size_t j = 0; j < k; j++) {
        scales[j] = (next() % 10) ? (int32_t)(next() % BADUGI_SCALE_COUNT) : (int32_t)next();
    }
    size_t width = (next() % 4) ? 5 : 3 + next() % 4;
    size_t n = next() % 40;
    uint8_t *cards = malloc(width * n + 1);
    int64_t *wide = malloc(sizeof(int64_t) * (width * n + 1));
    int32_t *mid = malloc(sizeof(int32_t) * (width * n + 1));
    uint16_t *out = malloc(sizeof(uint16_t) * (k * n + 1));
    uint16_t *again = malloc(sizeof(uint16_t) * (k * n + 1));
    if (width <= 5) {
        fill_rows(cards, wide, mid, n, width);
    } else {
        for (size_t i = 0; i < width * n; i++) cards[i] = (uint8_t)(wide[i] = mid[i] = (int32_t)(next() % 60));
    }
    size_t bad = 0;
    int status = badugi_rank_many_on_u8(scales, k, width, cards, n, out, &bad);
    for (int kernel = BADUGI_KERNEL_SCALAR; kernel <= BADUGI_KERNEL_AVX2; kernel++) {
        size_t bad_k = 0;
        int s = badugi_rank_many_on_u8_with(kernel, scales, k, width, cards, n, again, &bad_k);
        if (s == BADUGI_E_KERNEL) continue;
        if (s != status || (s && (s == BADUGI_E_RANGE || s == BADUGI_E_DUPLICATE) && bad_k != bad)) {
            fprintf(stderr, "scales kernel %d disagrees: %d/%zu vs %d/%zu\n", kernel, s, bad_k, status, bad);
            return 1;
        }
        size_t rows = s == 0 ? n : bad;
        if (s == 0 || s == BADUGI_E_RANGE || s == BADUGI_E_DUPLICATE) {
            if (memcmp(out, again, sizeof(uint16_t) * k * rows) != 0) {
                fprintf(stderr, "scales kernel %d ranks differ\n", kernel);
                return 1;
            }
        }
    }
    size_t bad32 = 0, bad64 = 0;
    int s32 = badugi_rank_many_on_i32(scales, k, width, mid, n, again, &bad32);
    int s64 = badugi_rank_many_on_i64(scales, k, width, wide, n, again, &bad64);
    (void)s32;
    (void)s64;
    if (status == 0 && width == 5) {
        for (size_t i = 0; i < n; i++) {
            const uint8_t *c = cards + 5 * i;
            for (size_t j = 0; j < k; j++) {
                if (out[k * i + j] != badugi_rank5(scales[j], c[0], c[1], c[2], c[3], c[4])) {
                    fprintf(stderr, "row %zu scale %d: batch and badugi_rank5 disagree\n", i, scales[j]);
                    return 1;
                }
            }
        }
    }
    if (n) {
        const uint8_t *c = cards;
        int scale = (int)(next() % 8) - 2;
        (void)badugi_rank5(scale, c[0], c[1 % width], c[2 % width], c[3 % width], c[4 % width]);
        (void)badugi_rank4_on(scale, c[0], c[1 % width], c[2 % width], c[3 % width]);
        (void)badugi_scale_worst(scale);
    }
    free(scales);
    free(cards);
    free(wide);
    free(mid);
    free(out);
    free(again);
    return 0;
}

static const char ALPHABET[] = "A23456789TJQKatjqk1 0cdhsCDHS,\t\n\xE2\x99\xA0\xA3\xA5\xA6x";

/* The suit classes into buffers of exactly their capacity: the full sweep, one
 * too small (refused, nothing written past the end), and hand sizes it refuses. */
static int check_suit_classes(void)
{
    const int sizes[2] = {4, 5};
    const size_t classes[2] = {BADUGI_SUIT_CLASSES4, BADUGI_SUIT_CLASSES5};
    for (int k = 0; k < 2; k++) {
        int size = sizes[k];
        for (size_t capacity = classes[k] - 1; capacity <= classes[k]; capacity++) {
            uint8_t *reps = malloc(capacity * (size_t)size);
            uint8_t *counts = malloc(capacity);
            int found = badugi_suit_classes(size, reps, counts, capacity);
            int want = capacity == classes[k] ? (int)classes[k] : BADUGI_E_ARGUMENT;
            if (found != want) {
                fprintf(stderr, "suit_classes(%d, capacity %zu) returned %d\n", size, capacity, found);
                return 1;
            }
            free(reps);
            free(counts);
        }
    }
    uint8_t one = 0;
    if (badugi_suit_classes(3, &one, &one, 1) != BADUGI_E_ARGUMENT ||
        badugi_suit_classes(6, &one, &one, 1) != BADUGI_E_ARGUMENT ||
        badugi_suit_classes(4, NULL, &one, 1) != BADUGI_E_NULL ||
        badugi_suit_classes(4, &one, NULL, 1) != BADUGI_E_NULL) {
        fprintf(stderr, "suit_classes took bad arguments\n");
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (check_suit_classes() != 0) {
        return 1;
    }
    long rounds = argc > 1 ? atol(argv[1]) : 200000;
    for (long round = 0; round < rounds; round++) {
        /* Text: random bytes from an alphabet heavy in card characters. */
        size_t len = next() % 24;
        char *text = malloc(len ? len : 1);
        for (size_t i = 0; i < len; i++) {
            text[i] = (next() % 8) ? ALPHABET[next() % (sizeof ALPHABET - 1)] : (char)next();
        }
        int r = badugi_rank_text(len ? text : NULL, len);
        if (!(r >= 1 && r <= BADUGI_WORST) && r >= 0) {
            fprintf(stderr, "rank_text returned %d\n", r);
            return 1;
        }
        int scale = (int)(next() % 6) - 1;
        r = badugi_rank_text_on(scale, len ? text : NULL, len);
        if (r > 0 && r > badugi_scale_worst(scale)) {
            fprintf(stderr, "rank_text_on returned %d on scale %d\n", r, scale);
            return 1;
        }
        if (fuzz_scales() != 0) {
            return 1;
        }
        free(text);

        /* Batches of uint8 and int64 ids, mostly valid, sometimes not. */
        size_t n = next() % 40;
        uint8_t *cards = malloc(4 * n + 1);
        int64_t *wide = malloc(sizeof(int64_t) * (4 * n + 1));
        int32_t *mid = malloc(sizeof(int32_t) * (4 * n + 1));
        uint16_t *out = malloc(sizeof(uint16_t) * (n + 1));
        for (size_t i = 0; i < n; i++) {
            uint8_t row[4];
            int filled = 0;
            while (filled < 4) {
                uint8_t c = (uint8_t)(next() % 52);
                int dup = 0;
                for (int k = 0; k < filled; k++) dup |= row[k] == c;
                if (!dup) row[filled++] = c;
            }
            for (int k = 0; k < 4; k++) {
                cards[4 * i + k] = row[k];
                wide[4 * i + k] = row[k];
                mid[4 * i + k] = row[k];
            }
        }
        if (n && next() % 3 == 0) {
            size_t at = next() % (4 * n);
            uint64_t v = next();
            cards[at] = (uint8_t)v; /* often a valid id, sometimes a duplicate */
            wide[at] = (int64_t)v;  /* almost always out of range */
            mid[at] = (int32_t)v;
        }
        size_t bad_u8 = 0, bad_i64 = 0;
        int s8 = badugi_rank_many_u8(cards, n, out, &bad_u8);
        for (int kernel = BADUGI_KERNEL_SCALAR; kernel <= BADUGI_KERNEL_AVX2; kernel++) {
            size_t bad = 0;
            int s = badugi_rank_many_u8_with(kernel, cards, n, out, &bad);
            if (s != BADUGI_E_KERNEL && (s != s8 || (s && bad != bad_u8))) {
                fprintf(stderr, "kernel %d disagrees: %d/%zu vs %d/%zu\n", kernel, s, bad, s8, bad_u8);
                return 1;
            }
        }
        size_t bad_i32 = 0;
        int s32 = badugi_rank_many_i32(mid, n, out, &bad_i32);
        if (s8 == 0 && s32 == 0) {
            for (size_t i = 0; i < n; i++) {
                const uint8_t *c = cards + 4 * i;
                if (out[i] != badugi_rank4(c[0], c[1], c[2], c[3])) {
                    fprintf(stderr, "row %zu: int32 batch and scalar disagree\n", i);
                    return 1;
                }
            }
        }
        int s64 = badugi_rank_many_i64(wide, n, out, &bad_i64);
        if (s8 == 0) {
            for (size_t i = 0; i < n; i++) {
                const uint8_t *c = cards + 4 * i;
                if (out[i] != badugi_rank4(c[0], c[1], c[2], c[3]) && s64 == 0) {
                    fprintf(stderr, "row %zu: batch and scalar disagree\n", i);
                    return 1;
                }
            }
        }
        free(cards);
        free(wide);
        free(mid);
        free(out);
        (void)s64;
        (void)s32;
        (void)badugi_strerror((int)(next() % 16) - 8);
    }
    puts("ok");
    return 0;
}
