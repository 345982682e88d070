/*
 * CPrefetch — asks the processor to bring memory into its caches ahead of use, which Swift cannot say itself.
 * The rasterizer draws a shape row after row of a large picture, each row of it far from the last in memory:
 * no hardware prefetcher guesses that, and every row's first pixels would wait on memory. Hints only: they
 * never fault and change no result. Inlined where they are called.
 */
#ifndef CPREFETCH_H
#define CPREFETCH_H

/// Asks for the cache line holding `address` to be brought in, to be written soon.
static inline __attribute__((always_inline)) void imager_prefetch_for_writing(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif
