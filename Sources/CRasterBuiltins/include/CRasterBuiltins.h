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
 *
 * Everything is inline and inlined where it is called.
 */
#ifndef CRASTERBUILTINS_H
#define CRASTERBUILTINS_H

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
