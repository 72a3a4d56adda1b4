/* engine.Tables' settlement over the library's rank functions, as
 * badugi.showdown.settle pays a hand whose seats still in all put in the
 * same (Tables' stacks never run out, so there is one pot and nothing goes
 * back): the last seat in takes it all; at a showdown the pot splits evenly
 * between the game's halves, the odd chip to the game's odd_chip_half, and
 * each half among its best hands, odd chips one at a time from the first
 * seat left of the button, seats that took fewer odd chips of the pot first. */
#include "tables_core.h"

void tb_payouts(const struct badugi_tables *ts, const tb_table *t, int64_t *payouts)
{
    const badugi_tables_config *c = &ts->cfg;
    int n = c->players, halves = c->n_halves;
    int64_t pot = 0;
    for (int s = 0; s < n; s++) {
        pot += t->contrib[s];
        payouts[s] = 0;
    }
    if (t->in_hand == 1) {
        for (int s = 0; s < n; s++) {
            if (!t->folded[s]) {
                payouts[s] = pot;
            }
        }
        return;
    }
    uint16_t rank[TB_SEATS][2];
    for (int s = 0; s < n; s++) {
        if (!t->folded[s]) {
            score_hand(&ts->score, t->hands[s], rank[s]);
        }
    }
    int64_t base = pot / halves;
    int odd_chips[TB_SEATS] = {0};
    for (int h = 0; h < halves; h++) {
        int64_t amount = base + (h == c->odd_chip_half ? pot - base * halves : 0);
        int best = 0xFFFF;
        for (int s = 0; s < n; s++) {
            if (!t->folded[s] && rank[s][h] < best) {
                best = rank[s][h];
            }
        }
        int winners[TB_SEATS], count = 0;
        for (int k = 1; k <= n; k++) { /* from the button's left, then fewer odd chips first (stable) */
            int s = (t->button + k) % n;
            if (!t->folded[s] && rank[s][h] == best) {
                winners[count++] = s;
            }
        }
        for (int i = 1; i < count; i++) {
            for (int j = i; j > 0 && odd_chips[winners[j - 1]] > odd_chips[winners[j]]; j--) {
                int swap = winners[j];
                winners[j] = winners[j - 1];
                winners[j - 1] = swap;
            }
        }
        int64_t share = amount / count, odd = amount - share * count;
        for (int i = 0; i < count; i++) {
            payouts[winners[i]] += share + (i < odd);
            odd_chips[winners[i]] += i < odd;
        }
    }
}
