/* Error codes to messages. */

#include "internal.h"

const char *badugi_strerror(int code)
{
    switch (code) {
    case 0:
        return "ok";
    case BADUGI_E_RANGE:
        return "card id out of range 0..51";
    case BADUGI_E_DUPLICATE:
        return "duplicate card";
    case BADUGI_E_NULL:
        return "null pointer";
    case BADUGI_E_TEXT:
        return "unknown rank or suit";
    case BADUGI_E_COUNT:
        return "wrong number of cards";
    case BADUGI_E_KERNEL:
        return "batch kernel not available on this CPU or build";
    case BADUGI_E_SCALE:
        return "unknown scale, or no scale or too many";
    default:
        return "unknown error";
    }
}
