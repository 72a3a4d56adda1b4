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
    case BADUGI_E_ARGUMENT:
        return "argument out of range";
    case BADUGI_E_MEMORY:
        return "out of memory";
    case BADUGI_E_CALLBACK:
        return "a strategy callback failed or chose an impossible keep";
    case BADUGI_E_RESHUFFLE:
        return "the draw needs a reshuffle: no exact enumeration";
    case BADUGI_E_TOO_MANY:
        return "too many deals to enumerate";
    default:
        return "unknown error";
    }
}
