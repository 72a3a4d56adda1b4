/* The card-text parser (text.c); not part of the API (badugi_rank_text is). */
#ifndef BADUGI_TEXT_H
#define BADUGI_TEXT_H

#include <stddef.h>
#include <stdint.h>

/* Parses up to max cards of text (see badugi_rank_text for the syntax) into
 * ids[0..count). Returns count, BADUGI_E_TEXT, or BADUGI_E_COUNT if there are
 * more than max cards. Never reads past text[len - 1]. */
int badugi_parse_text(const unsigned char *text, size_t len, uint32_t *ids, size_t max);

#endif
