/* engine.Tables' history records, made while a hand is replayed for its history (record.c). */
#ifndef BADUGI_ENGINE_RECORD_H
#define BADUGI_ENGINE_RECORD_H

#include <stdint.h>
#include "table.h"

/* Appends a record to t->log; sets t->error (BADUGI_E_MEMORY) past the log's size instead. */
void tb_record_into(tb_table *t, int kind, int seat, int64_t a, int64_t b, const uint8_t *c1, int n1,
                    const uint8_t *c2, int n2);

/* A record, if the table is recording (a replay for a history): a live table keeps none. */
static inline void tb_record(tb_table *t, int kind, int seat, int64_t a, int64_t b, const uint8_t *c1, int n1,
                             const uint8_t *c2, int n2)
{
    if (t->log != NULL) {
        tb_record_into(t, kind, seat, a, b, c1, n1, c2, n2);
    }
}

#endif
