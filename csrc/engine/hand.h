/* engine.Tables' hand: the forced bets, the deal, the betting and the draws (hand.c). */
#ifndef BADUGI_ENGINE_HAND_H
#define BADUGI_ENGINE_HAND_H

#include <stdint.h>
#include "table.h"

/* The hand's flow: deal a new hand (from t->start), and one action. Both leave t->moves set. */
void tb_start_hand(const struct badugi_tables *ts, tb_table *t);
/* Applies an action t->moves allows; returns 1 if it ended the hand (rewards written), else 0. */
int tb_act(const struct badugi_tables *ts, tb_table *t, int action, int64_t *rewards);

#endif
