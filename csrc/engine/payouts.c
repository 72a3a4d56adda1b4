/* engine.Tables' settlement over the library's rank functions, as
 * badugi.showdown.settle pays a hand with no qualifier, no carry and no dead
 * hand: the pots are layered by what each seat put in (badugi.pots.layer),
 * main pot first, and a layer only one seat reached, or that no seat still in
 * reached, goes back to those who put it in; the last seat in takes what the
 * others matched of its chips, and every seat's chips above its go back. At
 * a showdown each pot splits evenly between the game's halves, the odd chip
 * to the game's odd_chip_half, and each half among its best eligible hands,
 * odd chips one at a time from the first seat left of the button, seats that
 * took fewer odd chips of that pot first (badugi.pots.split). */
#include "payouts.h"

/* One pot of amount among the seats in eligible[0..count) (at least two), ranked by rank. */
static void split(const struct badugi_tables *ts, const tb_table *t, int64_t amount, const int *eligible,
                  int count, uint16_t rank[][2], int64_t *payouts)
{
    const badugi_tables_config *c = &ts->cfg;
    int n = c->players, halves = c->n_halves;
    int64_t base = amount / halves;
    int odd_chips[TB_SEATS] = {0};
    for (int h = 0; h < halves; h++) {
        int64_t half = base + (h == c->odd_chip_half ? amount - base * halves : 0);
        int best = 0xFFFF;
        for (int i = 0; i < count; i++) {
            if (rank[eligible[i]][h] < best) {
                best = rank[eligible[i]][h];
            }
        }
        int winners[TB_SEATS], won = 0;
        for (int k = 1; k <= n; k++) { /* from the button's left, then fewer odd chips first (stable) */
            int s = t->button + k < n ? t->button + k : t->button + k - n;
            for (int i = 0; i < count; i++) {
                if (eligible[i] == s && rank[s][h] == best) {
                    winners[won++] = s;
                }
            }
        }
        for (int i = 1; i < won; i++) {
            for (int j = i; j > 0 && odd_chips[winners[j - 1]] > odd_chips[winners[j]]; j--) {
                int swap = winners[j];
                winners[j] = winners[j - 1];
                winners[j - 1] = swap;
            }
        }
        int64_t share = half / won, odd = half - share * won;
        for (int i = 0; i < won; i++) {
            payouts[winners[i]] += share + (i < odd);
            odd_chips[winners[i]] += i < odd;
        }
    }
}

/* The last seat in: what the others matched of its chips, and each seat's chips above the others' back. */
static void unseen(const struct badugi_tables *ts, const tb_table *t, int64_t *payouts)
{
    int n = ts->cfg.players, winner = 0;
    for (int s = 0; s < n; s++) {
        if (!t->folded[s]) {
            winner = s;
        }
    }
    int64_t mine = t->contrib[winner], others = 0, pot = 0;
    for (int s = 0; s < n; s++) {
        if (s != winner && t->contrib[s] > others) {
            others = t->contrib[s];
        }
    }
    for (int s = 0; s < n; s++) {
        int64_t above = s == winner ? others : mine; /* what this seat's chips are matched up to */
        int64_t back = t->contrib[s] > above ? t->contrib[s] - above : 0;
        payouts[s] = back;
        pot += t->contrib[s] - back;
    }
    payouts[winner] += pot;
}

void tb_payouts(const struct badugi_tables *ts, const tb_table *t, int64_t *payouts)
{
    const badugi_tables_config *c = &ts->cfg;
    int n = c->players;
    if (t->in_hand == 1) {
        unseen(ts, t, payouts);
        return;
    }
    uint16_t rank[TB_SEATS][2];
    for (int s = 0; s < n; s++) {
        payouts[s] = 0;
        if (!t->folded[s]) {
            score_hand(&ts->score, t->hands[s], rank[s]);
        }
    }
    /* Each level of contribution, lowest first: the seats that reached it put in the step up to it. */
    int64_t previous = 0, pot = 0;
    int eligible[TB_SEATS], count = 0; /* the pot being built: its eligible seats in seat order */
    for (;;) {
        int64_t level = -1;
        for (int s = 0; s < n; s++) {
            if (t->contrib[s] > previous && (level < 0 || t->contrib[s] < level)) {
                level = t->contrib[s];
            }
        }
        if (level < 0) {
            break;
        }
        int64_t step = level - previous;
        previous = level;
        int reached = 0, live[TB_SEATS], n_live = 0;
        for (int s = 0; s < n; s++) {
            if (t->contrib[s] >= level) {
                reached++;
                if (!t->folded[s]) {
                    live[n_live++] = s;
                }
            }
        }
        if (reached == 1 || n_live == 0) { /* nobody who can win matched it: it goes back */
            for (int s = 0; s < n; s++) {
                payouts[s] += t->contrib[s] >= level ? step : 0;
            }
            continue;
        }
        int same = n_live == count;
        for (int i = 0; same && i < count; i++) {
            same = live[i] == eligible[i];
        }
        if (!same) { /* a new side pot: the one built so far is paid as it stands */
            if (count) {
                split(ts, t, pot, eligible, count, rank, payouts);
            }
            pot = 0;
            count = n_live;
            for (int i = 0; i < count; i++) {
                eligible[i] = live[i];
            }
        }
        pot += step * reached;
    }
    if (count) {
        split(ts, t, pot, eligible, count, rank, payouts);
    }
}
