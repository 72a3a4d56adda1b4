/* Checking an equity question and laying it out for the engines. */

#include <string.h>

#include "equity_spot.h"

int prepare_spot(const badugi_spot *spot, prepared_spot *out)
{
    if (spot == NULL || out == NULL) {
        return BADUGI_E_NULL;
    }
    memset(out, 0, sizeof *out);
    if (spot->players < 1 || spot->players > BADUGI_MAX_PLAYERS || spot->draws < 0 ||
        spot->draws > BADUGI_MAX_DRAWS || spot->n_dead < 0 || spot->n_dead > 52) {
        return BADUGI_E_ARGUMENT;
    }
    if (spot->relabel_suits != 0 && spot->relabel_suits != 1) {
        return BADUGI_E_ARGUMENT;
    }
    if (scoring_of(spot->hand_size, spot->n_halves, spot->halves, &out->score) != 0) {
        return BADUGI_E_ARGUMENT;
    }
    int size = out->hand_size = out->score.hand_size;
    out->relabel_suits = spot->relabel_suits;
    out->players = spot->players;
    out->draws = spot->draws;
    out->decide = spot->decide;
    out->context = spot->context;
    uint64_t used = 0;
    for (int i = 0; i < spot->n_dead; i++) {
        uint8_t card = spot->dead[i];
        if (card >= 52) {
            return BADUGI_E_RANGE;
        }
        if (used >> card & 1) {
            return BADUGI_E_DUPLICATE;
        }
        used |= (uint64_t)1 << card;
    }
    out->dead = used;
    for (int p = 0; p < spot->players; p++) {
        int known = spot->known[p], keep = spot->first_keep[p], strategy = spot->strategy[p];
        int chooses = keep == BADUGI_KEEP_BY_STRATEGY;
        if (known < 0 || known > size || strategy < BADUGI_STRATEGY_PAT || strategy > BADUGI_STRATEGY_TABLE ||
            (strategy == BADUGI_STRATEGY_CALLBACK && spot->decide == NULL)) {
            return BADUGI_E_ARGUMENT;
        }
        /* A strategy chooses at the first draw only by best, table or pat, and only with a draw to come. */
        if (chooses ? strategy == BADUGI_STRATEGY_CALLBACK || spot->draws == 0
                    : keep < 0 || (keep >> known) != 0) {
            return BADUGI_E_ARGUMENT;
        }
        if (spot->relabel_suits && strategy == BADUGI_STRATEGY_CALLBACK) {
            return BADUGI_E_ARGUMENT; /* a callback would see relabelled cards */
        }
        for (int i = 0; i < known; i++) {
            uint8_t card = spot->cards[p][i];
            if (card >= 52) {
                return BADUGI_E_RANGE;
            }
            if (used >> card & 1) {
                return BADUGI_E_DUPLICATE;
            }
            used |= (uint64_t)1 << card;
            out->cards[p][i] = card;
        }
        out->known[p] = known;
        out->first_keep[p] = keep;
        out->strategy[p] = strategy;
        out->fillers += size - known;
        out->first_draw_cards += chooses ? size : size - card_count((uint64_t)keep); /* at most size */
        out->first_choices |= chooses;
        out->later_choices |= spot->draws >= 2 && strategy != BADUGI_STRATEGY_PAT;
        /* The table's keep depends on the hand alone. */
        out->later_looks |= spot->draws >= 2 && strategy != BADUGI_STRATEGY_PAT && strategy != BADUGI_STRATEGY_TABLE;
    }
    for (uint8_t card = 0; card < 52; card++) {
        if (!(used >> card & 1)) {
            out->unknown[out->n_unknown++] = card;
        }
    }
    /* Every hand gets its four cards and, if there is a draw, the stub keeps
     * its last one (deal() reshuffles the pile in when one card is left). A
     * showdown with no draw deals nothing: every hand is known (below). */
    if (spot->draws > 0 && out->fillers + 1 > out->n_unknown) {
        return BADUGI_E_ARGUMENT;
    }
    if (spot->draws == 0) {
        for (int p = 0; p < spot->players; p++) {
            if (out->known[p] != size) {
                return BADUGI_E_ARGUMENT; /* a showdown needs every card */
            }
        }
    }
    return 0;
}
