/* Exact 128-bit integers for the draw values, in portable C.
 *
 * The draw values are integers at a common scale that grows by 270,725 a
 * level (see drawvalue.c): the third level's sums reach 2^73, past int64.
 * Compilers differ on a native 128-bit type (MSVC has none), so this is a
 * pair of uint64 with wrapping arithmetic modulo 2^128. Inclusion-exclusion
 * adds and subtracts terms whose partial sums may go negative; modular
 * arithmetic makes that harmless, because every final value is a count of
 * non-negative terms and fits. */
#ifndef BADUGI_WIDE_H
#define BADUGI_WIDE_H

#include <stdint.h>

typedef struct {
    uint64_t lo, hi;
} wide_t;

static inline wide_t wide_of(uint64_t x)
{
    wide_t w = {x, 0};
    return w;
}

static inline wide_t wide_add(wide_t a, wide_t b)
{
    wide_t r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo);
    return r;
}

static inline wide_t wide_sub(wide_t a, wide_t b)
{
    wide_t r;
    r.lo = a.lo - b.lo;
    r.hi = a.hi - b.hi - (a.lo < b.lo);
    return r;
}

/* a * m modulo 2^128, for m < 2^32 (the binomials a value is scaled by). */
static inline wide_t wide_mul32(wide_t a, uint32_t m)
{
    uint64_t lo_lo = (a.lo & 0xFFFFFFFFu) * m;
    uint64_t lo_hi = (a.lo >> 32) * m; /* < 2^64: a 32-bit half times m */
    wide_t r;
    r.lo = lo_lo + (lo_hi << 32);
    r.hi = a.hi * m + (lo_hi >> 32) + (r.lo < lo_lo);
    return r;
}

/* -1, 0 or 1 as a < b, a == b, a > b, reading both as unsigned. */
static inline int wide_cmp(wide_t a, wide_t b)
{
    if (a.hi != b.hi) {
        return a.hi < b.hi ? -1 : 1;
    }
    return (a.lo > b.lo) - (a.lo < b.lo);
}

/* The nearest double, within a relative 2^-52. */
static inline double wide_to_double(wide_t a)
{
    return (double)a.hi * 18446744073709551616.0 + (double)a.lo;
}

#endif
