// Run-time choice of the widest byte scan the CPU has (byte_scan.h).
#include "text/byte_scan.h"

#include <cstdlib>

namespace pith::text {
namespace {

bool CpuHasAvx2() {
#if PITH_BYTE_SCAN_X86
  __builtin_cpu_init();  // (this runs from a static initialiser, maybe before libgcc's own)
  return __builtin_cpu_supports("avx2") && std::getenv("PITH_NO_AVX2") == nullptr;
#else
  return false;
#endif
}

const bool kCpuHasAvx2 = CpuHasAvx2();

// Appends base + the index of each set bit of `mask`.
inline void AppendBits(std::uint32_t base, std::uint32_t mask, std::vector<std::uint32_t>* out) {
  for (; mask != 0; mask &= mask - 1) out->push_back(base + static_cast<std::uint32_t>(__builtin_ctz(mask)));
}

#if PITH_BYTE_SCAN_X86
// FindAll 32 bytes at a time; returns where it stopped (fewer than 32 bytes before the end).
[[gnu::target("avx2")]] std::size_t FindAllAvx2(std::string_view s, char c, std::vector<std::uint32_t>* out) {
  const __m256i wanted = _mm256_set1_epi8(c);
  std::size_t i = 0;
  for (; i + 32 <= s.size(); i += 32) {
    const __m256i block = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s.data() + i));
    const auto mask = static_cast<std::uint32_t>(_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, wanted)));
    if (mask != 0) AppendBits(static_cast<std::uint32_t>(i), mask, out);
  }
  return i;
}
#endif

}  // namespace

namespace byte_scan_internal {
bool use_avx2 = kCpuHasAvx2;
}  // namespace byte_scan_internal

bool ScansUseAvx2() { return byte_scan_internal::use_avx2; }

void SetScansUseAvx2ForTesting(bool use) { byte_scan_internal::use_avx2 = use && kCpuHasAvx2; }

void FindAll(std::string_view s, char c, std::vector<std::uint32_t>* out) {
  std::size_t i = 0;
#if PITH_BYTE_SCAN_X86
  if (byte_scan_internal::use_avx2) i = FindAllAvx2(s, c, out);
  const __m128i wanted = _mm_set1_epi8(c);
  for (; i + 16 <= s.size(); i += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s.data() + i));
    const auto mask = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(block, wanted)));
    if (mask != 0) AppendBits(static_cast<std::uint32_t>(i), mask, out);
  }
#endif
  for (; i < s.size(); ++i) {
    if (s[i] == c) out->push_back(static_cast<std::uint32_t>(i));
  }
}

}  // namespace pith::text
