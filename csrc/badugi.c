/* Constant-time Badugi ranking: sort four ids, check them, look up one slot.
 * Stateless and lock-free: the tables are static const and every function is
 * pure, so concurrent calls need no synchronisation. */

#include <stddef.h>
#include <stdint.h>

#include "badugi.h"

/* Written by tools/gen_table.py into badugi_table.c. */
extern const uint32_t badugi_choose1[52];
extern const uint32_t badugi_choose2[52];
extern const uint32_t badugi_choose3[52];
extern const uint32_t badugi_choose4[52];
extern const uint16_t badugi_rank_table[BADUGI_HANDS];

#define SWAP_IF_GREATER(x, y) \
    do {                      \
        uint32_t lo_ = (x) < (y) ? (x) : (y); \
        uint32_t hi_ = (x) < (y) ? (y) : (x); \
        (x) = lo_;            \
        (y) = hi_;            \
    } while (0)

/* Rank of four ids, or an error code. Ids may be any uint32 value: a sorting
 * network orders them, then a < b < c < d < 52 proves them distinct and in
 * range before any table is indexed. */
static inline int rank_ids(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    SWAP_IF_GREATER(a, b);
    SWAP_IF_GREATER(c, d);
    SWAP_IF_GREATER(a, c);
    SWAP_IF_GREATER(b, d);
    SWAP_IF_GREATER(b, c);
    if (!(a < b && b < c && c < d && d < 52)) {
        return d >= 52 ? BADUGI_E_RANGE : BADUGI_E_DUPLICATE;
    }
    return badugi_rank_table[badugi_choose1[a] + badugi_choose2[b] + badugi_choose3[c] +
                             badugi_choose4[d]];
}

int badugi_rank4(uint8_t a, uint8_t b, uint8_t c, uint8_t d)
{
    return rank_ids(a, b, c, d);
}

int badugi_rank_many_u8(const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row)
{
    if (n == 0) {
        return 0;
    }
    if (cards == NULL || out == NULL || bad_row == NULL) {
        return BADUGI_E_NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const uint8_t *row = cards + 4 * i;
        int r = rank_ids(row[0], row[1], row[2], row[3]);
        if (r < 0) {
            *bad_row = i;
            return r;
        }
        out[i] = (uint16_t)r;
    }
    return 0;
}

/* Rank 1..13 of an ASCII rank character (any case), or 0. '1' is handled by
 * the caller because "10" is two characters. */
static int rank_of_char(unsigned char ch)
{
    if (ch >= '2' && ch <= '9') {
        return ch - '0';
    }
    switch (ch | 0x20) { /* folds only A-Z onto a-z among the letters below */
    case 'a': return 1;
    case 't': return 10;
    case 'j': return 11;
    case 'q': return 12;
    case 'k': return 13;
    default: return 0;
    }
}

/* Reads one suit at text[*pos] (ASCII cdhs in any case, or the UTF-8 of
 * U+2663 U+2666 U+2665 U+2660) and advances *pos past it. Returns 0..3 or -1.
 * Checks every byte against len before reading it. */
static int read_suit(const unsigned char *text, size_t len, size_t *pos)
{
    size_t i = *pos;
    if (i >= len) {
        return -1;
    }
    switch (text[i] | 0x20) {
    case 'c': *pos = i + 1; return 0;
    case 'd': *pos = i + 1; return 1;
    case 'h': *pos = i + 1; return 2;
    case 's': *pos = i + 1; return 3;
    default: break;
    }
    if (len - i >= 3 && text[i] == 0xE2 && text[i + 1] == 0x99) {
        *pos = i + 3;
        switch (text[i + 2]) {
        case 0xA3: return 0; /* black club */
        case 0xA6: return 1; /* black diamond */
        case 0xA5: return 2; /* black heart */
        case 0xA0: return 3; /* black spade */
        default: break;
        }
    }
    return -1;
}

int badugi_rank_text(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    uint32_t ids[4];
    size_t count = 0;
    size_t i = 0;
    if (text == NULL) {
        return len == 0 ? BADUGI_E_COUNT : BADUGI_E_NULL;
    }
    while (i < len) {
        unsigned char ch = s[i];
        if (ch == ' ' || ch == ',' || ch == '\t' || ch == '\n' || ch == '\r') {
            i++;
            continue;
        }
        int rank;
        if (ch == '1' && i + 1 < len && s[i + 1] == '0') {
            rank = 10;
            i += 2;
        } else {
            rank = rank_of_char(ch);
            i += 1;
        }
        if (rank == 0) {
            return BADUGI_E_TEXT;
        }
        int suit = read_suit(s, len, &i);
        if (suit < 0) {
            return BADUGI_E_TEXT;
        }
        if (count == 4) {
            return BADUGI_E_COUNT;
        }
        ids[count++] = (uint32_t)(4 * (rank - 1) + suit);
    }
    if (count != 4) {
        return BADUGI_E_COUNT;
    }
    return rank_ids(ids[0], ids[1], ids[2], ids[3]);
}

/* An int64 id is in range iff, viewed as unsigned, it is below 52: negative
 * values become huge. Clamping anything out of range to 255 before narrowing
 * keeps it out of range in rank_ids. */
static inline uint32_t narrow_id(int64_t v)
{
    return (uint64_t)v < 52 ? (uint32_t)v : 255u;
}

int badugi_rank_many_i64(const int64_t *cards, size_t n, uint16_t *out, size_t *bad_row)
{
    if (n == 0) {
        return 0;
    }
    if (cards == NULL || out == NULL || bad_row == NULL) {
        return BADUGI_E_NULL;
    }
    for (size_t i = 0; i < n; i++) {
        const int64_t *row = cards + 4 * i;
        int r = rank_ids(narrow_id(row[0]), narrow_id(row[1]), narrow_id(row[2]),
                         narrow_id(row[3]));
        if (r < 0) {
            *bad_row = i;
            return r;
        }
        out[i] = (uint16_t)r;
    }
    return 0;
}

const char *badugi_strerror(int code)
{
    switch (code) {
    case 0:
        return "ok";
    case BADUGI_E_RANGE:
        return "card id out of range 0..51";
    case BADUGI_E_DUPLICATE:
        return "duplicate card";
    case BADUGI_E_NULL:
        return "null pointer";
    case BADUGI_E_TEXT:
        return "unknown rank or suit";
    case BADUGI_E_COUNT:
        return "not four cards";
    default:
        return "unknown error";
    }
}
