/* The exact two-draw value of every keep, for tests/equity/test_two_draws.py.
 *
 * A slow reference that shares no code with csrc/: with two draws left, keep
 * K now; for every replacement S1 from the cards the player cannot see, the
 * hand H1 = K + S1 then chooses its second keep K2 by the exact expected
 * strength over every replacement from the cards it cannot see then (its
 * hand, its first discards and the dead cards out), and the value of K is
 * the average over S1 of that best expectation. No table of later draws is
 * involved: the second draw is counted exactly for every H1.
 *
 * The one-draw expectation of K2 sums the strength over every S2 from the
 * unseen cards, by inclusion-exclusion over the cards seen: the sum over S2
 * avoiding a set E equals the sum over T in E of (-1)^|T| times the sum over
 * all completions of K2 + T. The per-group sums are pulled from the strength
 * of every hand once, at init. */

#include <stdint.h>
#include <string.h>

typedef unsigned __int128 u128;

static uint32_t strength[270725]; /* s of each hand, by colex index */
static uint64_t group_sum[4][22100]; /* sum of s over the completions of each k-group, k = 0..3 */

static uint64_t binomial[53][5]; /* C(n, k), filled by Pascal's rule at init */

static uint64_t choose(int n, int k)
{
    return k < 0 || n < k ? 0 : binomial[n][k];
}

/* Colex index of k sorted ids. */
static uint32_t colex(const int *ids, int k)
{
    uint32_t index = 0;
    for (int i = 0; i < k; i++) {
        index += (uint32_t)binomial[ids[i]][i + 1];
    }
    return index;
}

static void sort_ids(int *ids, int k)
{
    for (int i = 1; i < k; i++) {
        for (int j = i; j > 0 && ids[j] < ids[j - 1]; j--) {
            int t = ids[j];
            ids[j] = ids[j - 1];
            ids[j - 1] = t;
        }
    }
}

static uint32_t hand_strength(const int *cards)
{
    int sorted[4] = {cards[0], cards[1], cards[2], cards[3]};
    sort_ids(sorted, 4);
    return strength[colex(sorted, 4)];
}

/* rank_by_index: the rank (1..1092) of every hand by colex index. */
void two_draw_init(const uint16_t *rank_by_index)
{
    for (int n = 0; n <= 52; n++) {
        for (int k = 0; k <= 4; k++) {
            binomial[n][k] = k == 0 ? 1 : n == 0 ? 0 : binomial[n - 1][k - 1] + binomial[n - 1][k];
        }
    }
    static uint32_t count[1094];
    memset(count, 0, sizeof count);
    for (int i = 0; i < 270725; i++) {
        count[rank_by_index[i]]++;
    }
    uint32_t s_of_rank[1094];
    uint32_t worse = 0;
    for (int r = 1092; r >= 1; r--) {
        s_of_rank[r] = 2 * worse + count[r];
        worse += count[r];
    }
    for (int i = 0; i < 270725; i++) {
        strength[i] = s_of_rank[rank_by_index[i]];
    }
    /* Pull: every k-group adds the strength of each of its completions. */
    memset(group_sum, 0, sizeof group_sum);
    int g[4];
    for (int k = 0; k <= 3; k++) {
        for (int i = 0; i < k; i++) {
            g[i] = i;
        }
        for (;;) {
            uint64_t sum = 0;
            int rest[4], pick[4] = {0, 1, 2, 3}, need = 4 - k;
            int others[52], n = 0;
            for (int c = 0; c < 52; c++) {
                int in = 0;
                for (int i = 0; i < k; i++) {
                    in |= g[i] == c;
                }
                if (!in) {
                    others[n++] = c;
                }
            }
            for (;;) {
                int hand[4];
                for (int i = 0; i < k; i++) {
                    hand[i] = g[i];
                }
                for (int i = 0; i < need; i++) {
                    rest[i] = others[pick[i]];
                    hand[k + i] = rest[i];
                }
                sum += hand_strength(hand);
                int i = need - 1;
                while (i >= 0 && pick[i] == n - need + i) {
                    i--;
                }
                if (i < 0) {
                    break;
                }
                pick[i]++;
                for (int j = i + 1; j < need; j++) {
                    pick[j] = pick[j - 1] + 1;
                }
            }
            group_sum[k][colex(g, k)] = sum;
            int i = k - 1;
            while (i >= 0 && g[i] == 52 - k + i) {
                i--;
            }
            if (i < 0) {
                break;
            }
            g[i]++;
            for (int j = i + 1; j < k; j++) {
                g[j] = g[j - 1] + 1;
            }
        }
    }
}

/* Sum of s over the completions of a group (0..4 cards, any order). */
static uint64_t completions_sum(const int *cards, int k)
{
    int sorted[4];
    memcpy(sorted, cards, sizeof(int) * (size_t)k);
    sort_ids(sorted, k);
    if (k == 4) {
        return strength[colex(sorted, 4)];
    }
    return group_sum[k][colex(sorted, k)];
}

/* The best one-draw expectation of a hand that has seen `seen` (a mask, none
 * in the hand), as num / den with den = C(unseen, 4 - |K2|).
 *
 * Every group G of the hand and the seen cards (at most four) is read once;
 * its completions sum, signed by |G|, goes to the hand cards it holds, J.
 * Keep K2's sum over the replacements avoiding everything seen and thrown is
 * then (-1)^|K2| times the total over every J that contains K2. */
static void best_one_draw(const int *hand, uint64_t seen, uint64_t *best_num, uint64_t *best_den)
{
    int cards[52], n = 0;
    for (int i = 0; i < 4; i++) {
        cards[n++] = hand[i];
    }
    for (int c = 0; c < 52; c++) {
        if (seen >> c & 1) {
            cards[n++] = c;
        }
    }
    int unseen = 52 - n;
    int64_t by_hand_cards[16];
    memset(by_hand_cards, 0, sizeof by_hand_cards);
    int g[4];
    by_hand_cards[0] += (int64_t)completions_sum(g, 0);
    for (int a = 0; a < n; a++) {
        g[0] = cards[a];
        int ja = a < 4 ? 1 << a : 0;
        by_hand_cards[ja] -= (int64_t)completions_sum(g, 1);
        for (int b = a + 1; b < n; b++) {
            g[1] = cards[b];
            int jb = ja | (b < 4 ? 1 << b : 0);
            by_hand_cards[jb] += (int64_t)completions_sum(g, 2);
            for (int c = b + 1; c < n; c++) {
                g[2] = cards[c];
                int jc = jb | (c < 4 ? 1 << c : 0);
                by_hand_cards[jc] -= (int64_t)completions_sum(g, 3);
                for (int d = c + 1; d < n; d++) {
                    g[3] = cards[d];
                    by_hand_cards[jc | (d < 4 ? 1 << d : 0)] += (int64_t)completions_sum(g, 4);
                }
            }
        }
    }
    *best_num = 0;
    *best_den = 1;
    for (int keep = 0; keep < 16; keep++) {
        int64_t sum = 0;
        int kept = 0;
        for (int j = 0; j < 16; j++) {
            if ((j & keep) == keep) {
                sum += by_hand_cards[j];
            }
        }
        for (int i = 0; i < 4; i++) {
            kept += keep >> i & 1;
        }
        uint64_t num = (uint64_t)(kept % 2 ? -sum : sum), den = choose(unseen, 4 - kept);
        if (den > 0 && (u128)num * *best_den > (u128)*best_num * den) {
            *best_num = num;
            *best_den = den;
        }
    }
}

/* For each first keep mask of hand: total[2k], total[2k+1] (low, high 64
 * bits), count[k] and common[k] such that the exact two-draw value of the
 * keep is total / (count * common * 2 * 270725). */
void two_draw_values(const uint8_t *hand_ids, const uint8_t *dead, int n_dead, uint64_t *total, uint64_t *count_out,
                     uint64_t *common_out)
{
    int hand[4];
    uint64_t dead_mask = 0, hand_mask = 0;
    for (int i = 0; i < 4; i++) {
        hand[i] = hand_ids[i];
        hand_mask |= (uint64_t)1 << hand[i];
    }
    for (int i = 0; i < n_dead; i++) {
        dead_mask |= (uint64_t)1 << dead[i];
    }
    int unseen[52], u = 0;
    for (int c = 0; c < 52; c++) {
        if (!((hand_mask | dead_mask) >> c & 1)) {
            unseen[u++] = c;
        }
    }
    for (int mask = 0; mask < 16; mask++) {
        int h1[4], k = 0;
        uint64_t thrown = 0;
        for (int i = 0; i < 4; i++) {
            if (mask >> i & 1) {
                h1[k++] = hand[i];
            } else {
                thrown |= (uint64_t)1 << hand[i];
            }
        }
        int need = 4 - k;
        int unseen2 = 48 - n_dead - need;
        /* Every second-draw expectation brought to the denominator common to all of them. */
        uint64_t common = choose(unseen2, 1) * choose(unseen2, 2) * choose(unseen2, 3) * choose(unseen2, 4);
        u128 sum = 0;
        uint64_t count = 0;
        int pick[4] = {0, 1, 2, 3};
        for (;;) {
            for (int i = 0; i < need; i++) {
                h1[k + i] = unseen[pick[i]];
            }
            uint64_t num, den;
            best_one_draw(h1, thrown | dead_mask, &num, &den);
            sum += (u128)num * (common / den);
            count++;
            int i = need - 1;
            while (i >= 0 && pick[i] == u - need + i) {
                i--;
            }
            if (i < 0) {
                break;
            }
            pick[i]++;
            for (int j = i + 1; j < need; j++) {
                pick[j] = pick[j - 1] + 1;
            }
        }
        total[2 * mask] = (uint64_t)sum;
        total[2 * mask + 1] = (uint64_t)(sum >> 64);
        count_out[mask] = count;
        common_out[mask] = common;
    }
}

/* The best one-draw expectation of a hand with dead cards, for checking this file. */
void one_draw_best(const uint8_t *hand_ids, const uint8_t *dead, int n_dead, uint64_t *num, uint64_t *den)
{
    int hand[4];
    uint64_t seen = 0;
    for (int i = 0; i < 4; i++) {
        hand[i] = hand_ids[i];
    }
    for (int i = 0; i < n_dead; i++) {
        seen |= (uint64_t)1 << dead[i];
    }
    best_one_draw(hand, seen, num, den);
}
