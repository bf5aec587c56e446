// Vectorised byte scans: the first byte of a small set in a buffer. The baseline build uses SSE2,
// which every x86-64 CPU has; on a CPU with AVX2 (found at run time, so a binary built for the
// baseline still runs everywhere) a scan that did not end in its first 16 bytes goes on 32 bytes at
// a time. Other targets scan a byte at a time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#define PITH_BYTE_SCAN_X86 1
#else
#define PITH_BYTE_SCAN_X86 0
#endif

namespace pith::text {

// Whether scans use AVX2: the CPU and the operating system support it, and PITH_NO_AVX2 is not set
// in the environment (so that the baseline path can be run and compared on any machine).
bool ScansUseAvx2();
// For tests: scan with AVX2 or not (AVX2 is used only where the CPU supports it).
void SetScansUseAvx2ForTesting(bool use);

namespace byte_scan_internal {
extern bool use_avx2;

#if PITH_BYTE_SCAN_X86
// The part of FindAny past its first 16 bytes, on a CPU with AVX2: [p, end) holds at least 32.
template <char... Cs>
[[gnu::target("avx2"), gnu::noinline]] const char* FindAnyAvx2(const char* p, const char* end) {
  while (end - p >= 32) {
    const __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
    __m256i hits = _mm256_setzero_si256();
    ((hits = _mm256_or_si256(hits, _mm256_cmpeq_epi8(block, _mm256_set1_epi8(Cs)))), ...);
    const auto mask = static_cast<unsigned>(_mm256_movemask_epi8(hits));
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 32;
  }
  // The last 1-31 bytes: one unaligned block that ends at `end` (it overlaps bytes seen already,
  // which held none of Cs).
  if (p == end) return end;
  const char* const last = end - 32;
  const __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(last));
  __m256i hits = _mm256_setzero_si256();
  ((hits = _mm256_or_si256(hits, _mm256_cmpeq_epi8(block, _mm256_set1_epi8(Cs)))), ...);
  const auto mask = static_cast<unsigned>(_mm256_movemask_epi8(hits));
  return mask != 0 ? last + __builtin_ctz(mask) : end;
}
#endif
}  // namespace byte_scan_internal

// The first byte in [p, end) equal to one of Cs, or end. A scan of 4 bytes or more is vector
// compares only: 16-byte blocks (32 with AVX2) ending with one that overlaps the block before it,
// or, under 16 bytes, the first and last 8 (4) bytes side by side in one block.
template <char... Cs>
inline const char* FindAny(const char* p, const char* end) {
#if PITH_BYTE_SCAN_X86
  const auto hits_of = [](__m128i block) {
    __m128i hits = _mm_setzero_si128();
    ((hits = _mm_or_si128(hits, _mm_cmpeq_epi8(block, _mm_set1_epi8(Cs)))), ...);
    return static_cast<unsigned>(_mm_movemask_epi8(hits));
  };
  const std::ptrdiff_t size = end - p;
  if (size >= 16) {
    // Most scans in markup are short (an attribute value, the text between two tags): the first
    // block is tested here, the rest of a long one by the widest loop the CPU has.
    const auto block_hits = [&](const char* at) {
      return hits_of(_mm_loadu_si128(reinterpret_cast<const __m128i*>(at)));
    };
    unsigned mask = block_hits(p);
    if (mask != 0) return p + __builtin_ctz(mask);
    p += 16;
    if (end - p >= 32 && byte_scan_internal::use_avx2) return byte_scan_internal::FindAnyAvx2<Cs...>(p, end);
    while (end - p >= 16) {
      mask = block_hits(p);
      if (mask != 0) return p + __builtin_ctz(mask);
      p += 16;
    }
    // The last 1-15 bytes: one unaligned block that ends at `end` (it overlaps bytes seen already,
    // which held none of Cs).
    if (p == end) return end;
    mask = block_hits(end - 16);
    return mask != 0 ? end - 16 + __builtin_ctz(mask) : end;
  }
  if (size >= 8) {
    // Bytes 0-7 of the block are p's first 8, bytes 8-15 the last 8 (the two overlap under 16).
    const __m128i block = _mm_unpacklo_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)),
                                             _mm_loadl_epi64(reinterpret_cast<const __m128i*>(end - 8)));
    const unsigned mask = hits_of(block);
    if (mask == 0) return end;
    const int at = __builtin_ctz(mask);
    return at < 8 ? p + at : end - 16 + at;
  }
  if (size >= 4) {
    // The first 4 bytes and the last 4 in the block's low 8 (the rest, zeros, masked off).
    std::uint32_t first, last;
    __builtin_memcpy(&first, p, 4);
    __builtin_memcpy(&last, end - 4, 4);
    const unsigned mask = hits_of(_mm_cvtsi64_si128(static_cast<long long>(first | std::uint64_t{last} << 32))) & 0xFF;
    if (mask == 0) return end;
    const int at = __builtin_ctz(mask);
    return at < 4 ? p + at : end - 8 + at;
  }
#endif
  while (p < end && ((*p != Cs) && ...)) ++p;
  return p;
}

// Appends the offset of every byte equal to `c` in `s` (shorter than 4 GiB) to `out`: a bit mask
// per block, where a memchr per hit costs a call for each of a page's thousands of line ends.
void FindAll(std::string_view s, char c, std::vector<std::uint32_t>* out);

}  // namespace pith::text
