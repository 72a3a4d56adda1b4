/* Card text: the parser behind badugi_rank_text (and every text entry point).
 * It checks every byte against len before reading it, so text need not be
 * NUL-terminated and is never read past its end. */

#include "internal.h"
#include "text.h"

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

int badugi_parse_text(const unsigned char *s, size_t len, uint32_t *ids, size_t max)
{
    size_t count = 0;
    size_t i = 0;
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
        if (count == max) {
            return BADUGI_E_COUNT;
        }
        ids[count++] = (uint32_t)(4 * (rank - 1) + suit);
    }
    return (int)count;
}

int badugi_rank_text(const char *text, size_t len)
{
    uint32_t ids[4];
    if (text == NULL) {
        return len == 0 ? BADUGI_E_COUNT : BADUGI_E_NULL;
    }
    int count = badugi_parse_text((const unsigned char *)text, len, ids, 4);
    if (count < 0) {
        return count;
    }
    if (count != 4) {
        return BADUGI_E_COUNT;
    }
    return rank_ids(ids[0], ids[1], ids[2], ids[3]);
}
