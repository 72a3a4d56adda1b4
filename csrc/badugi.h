/* The C API of badugi._native. This file is also the cffi cdef, so it must
 * parse without a preprocessor: fixed-width types, no #include, and only
 * integer #defines. badugi.c includes it so the compiler checks the two agree. */

#define BADUGI_HANDS 270725
#define BADUGI_WORST 1092

/* Error codes; every function that can fail returns one of these (< 0). */
#define BADUGI_E_RANGE -1
#define BADUGI_E_DUPLICATE -2
#define BADUGI_E_NULL -3
#define BADUGI_E_TEXT -4
#define BADUGI_E_COUNT -5
#define BADUGI_E_KERNEL -6
#define BADUGI_E_SCALE -7

/* Batch kernels, fastest last; badugi_rank_many_u8 uses the best available. */
#define BADUGI_KERNEL_SCALAR 0
#define BADUGI_KERNEL_SSE2 1
#define BADUGI_KERNEL_AVX2 2

/* Rank of one hand of four card ids (0..51, any order): 1 (A-2-3-4 badugi)
 * to 1092 (a lone king), or a negative error code. */
int badugi_rank4(uint8_t a, uint8_t b, uint8_t c, uint8_t d);

/* Rank one hand written as text of len bytes (UTF-8, not NUL-terminated):
 * four cards such as "Ah 2s 3d 4c", "Ah2s3d4c", "Ah,2s,3d,4c", "10h" or "A\u2665",
 * separated by nothing, spaces, tabs, newlines or commas. Never reads past
 * text[len - 1]. Returns the rank or a negative error code. */
int badugi_rank_text(const char *text, size_t len);

/* Rank n hands of four uint8 ids each (4n bytes) into out[0..n). Returns 0,
 * or a negative error code with *bad_row set to the first invalid row; rows
 * before it are written, rows from it on are not. */
int badugi_rank_many_u8(const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* badugi_rank_many_u8 with a chosen kernel, for tests and benchmarks; the
 * results are identical. Returns BADUGI_E_KERNEL if it is not available. */
int badugi_rank_many_u8_with(int kernel, const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* The kernel badugi_rank_many_u8 uses on this CPU. */
int badugi_best_kernel(void);

/* The same for int64 ids, each range-checked before it is narrowed, so a
 * value such as 257 is rejected rather than wrapped to 1. */
int badugi_rank_many_i64(const int64_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* The same for int32 ids. */
int badugi_rank_many_i32(const int32_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* A short static description of an error code. */
const char *badugi_strerror(int code);

/* Attaches rank_object(hand), the scalar hot path of badugi.rank() that sees
 * Python objects (see pyfast.c), to the module badugi._native. Called once at
 * import; returns 0, or -1 if it could not. */
int badugi_install_python_fastpath(void);

/* ---- Scales: ranking five cards (and four, for the Badugi scales) ----
 * A scale is a plain int code. On every scale 1 is the best hand and equal
 * hands share a number; the numbers are dense up to the scale's worst. */
#define BADUGI_SCALE_BADUGI 0          /* best four-card badugi of the hand, aces low: 1..1092 */
#define BADUGI_SCALE_BADUGI_ACE_HIGH 1 /* the same with aces high: 1 = 5-4-3-2, 1092 = a lone ace */
#define BADUGI_SCALE_LOW_27 2          /* deuce-to-seven low of five cards: 1..7462 */
#define BADUGI_SCALE_LOW_A5 3          /* ace-to-five low of five cards: 1..6175 */
#define BADUGI_SCALE_COUNT 4
#define BADUGI_WORST_LOW_27 7462
#define BADUGI_WORST_LOW_A5 6175
/* Most scales one fused batch call may rank at once. */
#define BADUGI_MAX_SCALES 16

/* The worst rank on a scale, or BADUGI_E_SCALE for an unknown code. */
int badugi_scale_worst(int scale);

/* Rank of five card ids (0..51, any order) on a scale, or a negative error
 * code: BADUGI_E_RANGE, BADUGI_E_DUPLICATE or BADUGI_E_SCALE. */
int badugi_rank5(int scale, uint8_t a, uint8_t b, uint8_t c, uint8_t d, uint8_t e);

/* Rank of four card ids on a Badugi scale (either ace rule); BADUGI_E_COUNT
 * on a five-card scale, BADUGI_E_SCALE for an unknown code. */
int badugi_rank4_on(int scale, uint8_t a, uint8_t b, uint8_t c, uint8_t d);

/* Rank of a hand written as text (the syntax of badugi_rank_text) on a scale:
 * five cards, or four on a Badugi scale; BADUGI_E_COUNT otherwise. */
int badugi_rank_text_on(int scale, const char *text, size_t len);

/* The fused batch: ranks n rows of width (4 or 5) uint8 ids each on the k
 * scales scales[0..k), one sort per row, into out[i * k + j] (row-major,
 * n * k values). k is 1..BADUGI_MAX_SCALES; four-card rows are allowed on
 * the Badugi scales only (else BADUGI_E_COUNT). Returns 0, or a negative
 * error code; for a bad row it sets *bad_row, and rows before it are written,
 * rows from it on are not. Bad scales or width are reported before any row. */
int badugi_rank_many_on_u8(const int32_t *scales, size_t k, size_t width, const uint8_t *cards, size_t n,
                           uint16_t *out, size_t *bad_row);

/* The same with a chosen kernel (BADUGI_KERNEL_*), for tests and benchmarks. */
int badugi_rank_many_on_u8_with(int kernel, const int32_t *scales, size_t k, size_t width,
                                const uint8_t *cards, size_t n, uint16_t *out, size_t *bad_row);

/* The same for int32 and int64 ids, each range-checked before it is narrowed. */
int badugi_rank_many_on_i32(const int32_t *scales, size_t k, size_t width, const int32_t *cards, size_t n,
                            uint16_t *out, size_t *bad_row);
int badugi_rank_many_on_i64(const int32_t *scales, size_t k, size_t width, const int64_t *cards, size_t n,
                            uint16_t *out, size_t *bad_row);
