/*
 * CRasterBuiltins — what the rasterizer's inner loops need from the compiler that Swift cannot say itself.
 *
 * - A prefetch hint. The rasterizer draws a shape row after row of a large picture, each row of it far from
 *   the last in memory: no hardware prefetcher guesses that, and every row's first pixels would wait on
 *   memory. Hints only: they never fault and change no result.
 * - Conversions from float to integer without a range check. Swift checks each one (a compare and a branch,
 *   as an out-of-range value traps); the rasterizer converts values it has already bounded — a coverage
 *   clamped to 0…1, a column within its region — several times a pixel. An out-of-range value gives the
 *   processor's answer (INT_MIN on x86) instead of trapping: callers only convert bounded values, and where
 *   a bad value could still slip through (a coverage of NaN) its result is a pixel value, never an index.
 * - Runs of pixels painted over or added in 32-byte steps, for processors with AVX2. Swift's SIMD types
 *   compile for the baseline processor (x86-64: SSE2, 16 bytes) and Swift cannot compile one function for
 *   another: these two kernels are written here with the compiler's target attribute, and chosen at run time
 *   when the processor has AVX2 (imager_avx2()). They give exactly what PackedPixel's 16-byte loops give
 *   (PackedPixelTests holds both to one pixel at a time); elsewhere (ARM, an older x86) those loops run.
 *
 * Everything else is inline and inlined where it is called.
 */
#ifndef CRASTERBUILTINS_H
#define CRASTERBUILTINS_H

#include <stdint.h>

/// Set before main: 1 when the processor runs AVX2, else 0. Read through imager_avx2().
extern int imager_has_avx2;

/// Whether the run kernels below may be called: the processor runs AVX2.
static inline __attribute__((always_inline)) int imager_avx2(void) { return imager_has_avx2; }

/// d ← s + d·(255 − αs)/255 over `count` pixels (at least eight), as PackedPixel.over gives each, sixteen at a
/// time in two 32-byte groups. Only when imager_avx2().
void imager_over_run_avx2(uint32_t *pixels, long count, uint32_t source);

/// target ← min(255, s + addend) over `count` pixels (at least eight; `target` may be `addend`), as
/// PackedPixel.add gives each. Only when imager_avx2().
void imager_add_run_avx2(const uint32_t *addend, uint32_t *target, long count, uint32_t source);

/// Asks for the cache line holding `address` to be brought in, to be written soon.
static inline __attribute__((always_inline)) void imager_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

/// Four floats, as Swift's SIMD4<Float>; four 32-bit integers, as SIMD4<Int32>.
typedef float imager_float4 __attribute__((ext_vector_type(4)));
typedef int imager_int4 __attribute__((ext_vector_type(4)));

/// Each lane truncated toward zero, in one instruction (SSE2's cvttps2dq, NEON's fcvtzs).
static inline __attribute__((always_inline)) imager_int4 imager_truncate4(imager_float4 value) {
    return __builtin_convertvector(value, imager_int4);
}

/// Truncated toward zero, in one instruction.
static inline __attribute__((always_inline)) int imager_truncate(float value) {
    return (int)value;
}

#endif
