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

static const char ALPHABET[] = "A23456789TJQKatjqk1 0cdhsCDHS,\t\n\xE2\x99\xA0\xA3\xA5\xA6x";

int main(int argc, char **argv)
{
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
