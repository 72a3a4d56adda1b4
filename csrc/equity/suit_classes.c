/* Hands up to the suits: the classes that relabelling the four suits makes of
 * the four- or five-card hands, each named by its representative (the member
 * whose ascending ids come first lexicographically). badugi.tables builds its
 * starting hands from them; a sweep of the 2,598,960 five-card hands is too
 * slow in Python (24 relabellings each). */

#include <stdint.h>
#include <string.h>

#include "drawvalue.h"

/* The 24 permutations of the suits, new_suit = perm[old_suit]. */
static void suit_permutations(uint8_t perms[24][4])
{
    int n = 0;
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            for (int c = 0; c < 4; c++) {
                int d = 6 - a - b - c;
                if (a == b || a == c || b == c || d < 0 || d > 3 || d == a || d == b || d == c) {
                    continue;
                }
                perms[n][0] = (uint8_t)a;
                perms[n][1] = (uint8_t)b;
                perms[n][2] = (uint8_t)c;
                perms[n][3] = (uint8_t)d;
                n++;
            }
        }
    }
}

/* The ids relabelled, sorted ascending and packed six bits each, the first
 * most significant: comparing packed keys compares the tuples lexicographically. */
static uint32_t relabelled_key(const int *ids, int size, const uint8_t *perm)
{
    int sorted[5];
    for (int i = 0; i < size; i++) {
        int card = ids[i] - ids[i] % 4 + perm[ids[i] % 4];
        int j = i;
        while (j > 0 && sorted[j - 1] > card) {
            sorted[j] = sorted[j - 1];
            j--;
        }
        sorted[j] = card;
    }
    uint32_t key = 0;
    for (int i = 0; i < size; i++) {
        key = key << 6 | (uint32_t)sorted[i];
    }
    return key;
}

int badugi_suit_classes(int hand_size, uint8_t *representatives, uint8_t *counts, size_t capacity)
{
    if (representatives == NULL || counts == NULL) {
        return BADUGI_E_NULL;
    }
    if (hand_size < 4 || hand_size > 5) {
        return BADUGI_E_ARGUMENT;
    }
    uint8_t perms[24][4];
    suit_permutations(perms);
    int pick[5];
    for (int i = 0; i < hand_size; i++) {
        pick[i] = i;
    }
    size_t found = 0;
    do {
        uint32_t own = relabelled_key(pick, hand_size, perms[0]); /* perms[0] is the identity */
        uint32_t keys[24];
        int distinct = 0, smallest = 1;
        for (int p = 0; p < 24 && smallest; p++) {
            uint32_t key = relabelled_key(pick, hand_size, perms[p]);
            if (key < own) {
                smallest = 0; /* another member comes first: this hand is not its class's name */
            }
            int seen = 0;
            for (int k = 0; k < distinct && !seen; k++) {
                seen = keys[k] == key;
            }
            if (!seen) {
                keys[distinct++] = key;
            }
        }
        if (!smallest) {
            continue;
        }
        if (found >= capacity) {
            return BADUGI_E_ARGUMENT;
        }
        for (int i = 0; i < hand_size; i++) {
            representatives[found * (size_t)hand_size + (size_t)i] = (uint8_t)pick[i];
        }
        counts[found++] = (uint8_t)distinct;
    } while (next_combination(pick, hand_size, 52));
    return (int)found;
}
