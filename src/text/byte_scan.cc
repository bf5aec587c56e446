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

}  // namespace

namespace byte_scan_internal {
bool use_avx2 = kCpuHasAvx2;
}  // namespace byte_scan_internal

bool ScansUseAvx2() { return byte_scan_internal::use_avx2; }

void SetScansUseAvx2ForTesting(bool use) { byte_scan_internal::use_avx2 = use && kCpuHasAvx2; }

}  // namespace pith::text
