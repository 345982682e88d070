// The run kernels in 32-byte steps for processors with AVX2, and the check that says whether this one has it.
#include "CRasterBuiltins.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

/// Whether the processor runs AVX2 and the system saves its registers (CPUID leaf 7's AVX2 bit, leaf 1's
/// OSXSAVE and AVX bits, and XCR0's SSE and AVX state).
static int imager_detect_avx2(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & bit_OSXSAVE) || !(c & bit_AVX)) return 0;
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    if ((low & 6) != 6) return 0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & bit_AVX2) != 0;
}

int imager_has_avx2 = 0;
__attribute__((constructor)) static void imager_set_has_avx2(void) { imager_has_avx2 = imager_detect_avx2(); }

/// d ← s + d·(255 − αs)/255 for eight pixels: what PackedPixel.over does to four, in twice the width.
__attribute__((target("avx2"))) static inline __m256i imager_over8(__m256i d, __m256i keep, __m256i colour) {
    const __m256i low = _mm256_set1_epi16(0x00FF), highMask = _mm256_set1_epi16((short)0xFF00);
    const __m256i half = _mm256_set1_epi16(128), times257 = _mm256_set1_epi16(257);
    __m256i redBlue = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(d, low), keep), half);
    __m256i greenAlpha = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(d, 8), keep), half);
    redBlue = _mm256_mulhi_epu16(redBlue, times257);
    greenAlpha = _mm256_and_si256(_mm256_add_epi16(greenAlpha, _mm256_srli_epi16(greenAlpha, 8)), highMask);
    return _mm256_add_epi8(_mm256_or_si256(redBlue, greenAlpha), colour);
}

__attribute__((target("avx2"))) void imager_over_run_avx2(uint32_t *pixels, long count, uint32_t source) {
    const __m256i keep = _mm256_set1_epi16((short)(255 - (source >> 24))), colour = _mm256_set1_epi32((int)source);
    // The last eight pixels, worked out before any is written, are stored after the rest: over the few the
    // groups before already gave the same values, in place of a tail one pixel at a time.
    __m256i *lastEight = (__m256i *)(pixels + count - 8);
    const __m256i last = imager_over8(_mm256_loadu_si256(lastEight), keep, colour);
    long done = 0;
    for (; done + 16 <= count; done += 16) {
        __m256i *at = (__m256i *)(pixels + done);
        __m256i first = _mm256_loadu_si256(at), second = _mm256_loadu_si256(at + 1);
        _mm256_storeu_si256(at, imager_over8(first, keep, colour));
        _mm256_storeu_si256(at + 1, imager_over8(second, keep, colour));
    }
    if (done + 8 <= count) {
        __m256i *at = (__m256i *)(pixels + done);
        _mm256_storeu_si256(at, imager_over8(_mm256_loadu_si256(at), keep, colour));
    }
    _mm256_storeu_si256(lastEight, last);
}

__attribute__((target("avx2"))) void imager_add_run_avx2(const uint32_t *addend, uint32_t *target, long count, uint32_t source) {
    const __m256i colour = _mm256_set1_epi32((int)source);
    const __m256i last = _mm256_adds_epu8(_mm256_loadu_si256((const __m256i *)(addend + count - 8)), colour);
    long done = 0;
    for (; done + 16 <= count; done += 16) {
        __m256i first = _mm256_loadu_si256((const __m256i *)(addend + done));
        __m256i second = _mm256_loadu_si256((const __m256i *)(addend + done + 8));
        _mm256_storeu_si256((__m256i *)(target + done), _mm256_adds_epu8(first, colour));
        _mm256_storeu_si256((__m256i *)(target + done + 8), _mm256_adds_epu8(second, colour));
    }
    if (done + 8 <= count) {
        _mm256_storeu_si256((__m256i *)(target + done), _mm256_adds_epu8(_mm256_loadu_si256((const __m256i *)(addend + done)), colour));
    }
    _mm256_storeu_si256((__m256i *)(target + count - 8), last);
}
#else
// No AVX2 here: the flag stays 0 and the kernels are never called.
int imager_has_avx2 = 0;
void imager_over_run_avx2(uint32_t *pixels, long count, uint32_t source) { (void)pixels; (void)count; (void)source; }
void imager_add_run_avx2(const uint32_t *addend, uint32_t *target, long count, uint32_t source) {
    (void)addend; (void)target; (void)count; (void)source;
}
#endif
