/* engine.Tables' settlement: what each seat is paid (payouts.c). */
#ifndef BADUGI_ENGINE_PAYOUTS_H
#define BADUGI_ENGINE_PAYOUTS_H

#include <stdint.h>
#include "table.h"

/* Payouts of a hand that ended (one seat left, or the showdown) into payouts[0..players): the pots
 * layered by what each seat put in, chips no other seat matched going back. */
void tb_payouts(const struct badugi_tables *ts, const tb_table *t, int64_t *payouts);

#endif
