/* engine.Tables' history records: a table that replays a hand for its history
 * writes each event as one record of BADUGI_TABLES_RECORD int32 (table.h). */
#include "record.h"

void tb_record_into(tb_table *t, int kind, int seat, int64_t a, int64_t b, const uint8_t *c1, int n1,
                    const uint8_t *c2, int n2)
{
    if (t->n_log >= t->log_size) {
        t->error = BADUGI_E_MEMORY;
        return;
    }
    int32_t *r = t->log + (size_t)t->n_log * BADUGI_TABLES_RECORD;
    int32_t p1 = 0, p2 = 0;
    for (int i = 0; i < n1; i++) {
        p1 |= (int32_t)c1[i] << (6 * i);
    }
    for (int i = 0; i < n2; i++) {
        p2 |= (int32_t)c2[i] << (6 * i);
    }
    r[0] = kind;
    r[1] = seat;
    r[2] = (int32_t)a; /* chips fit: badugi_tables_new refuses stacks above 2**31 - 1 */
    r[3] = (int32_t)b;
    r[4] = n1;
    r[5] = p1;
    r[6] = n2;
    r[7] = p2;
    t->n_log++;
}
