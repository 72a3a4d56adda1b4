/* engine.Tables' state: its tables made, copied and played again (state.c). */
#ifndef BADUGI_ENGINE_STATE_H
#define BADUGI_ENGINE_STATE_H

#include "table.h"

/* The tables array (zeroed) and its block of actions for ts->count tables, each table's
 * pointers and index set; 0, or -1 with nothing allocated. */
int tb_allocate(struct badugi_tables *ts);

#endif
