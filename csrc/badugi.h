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
