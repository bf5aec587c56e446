// libFuzzer target: pith's HTML parser (src/dom/parse.cc) against the MyHTML reference
// (src/dom/parse_myhtml.cc). Every input, decoded to valid UTF-8 as the pipeline does, is parsed by
// both under a small depth limit; the target traps when MyHTML fails or the two Documents differ
// (tests/parse_compare.h) unless one of pith's limits or a known deviation of MyHTML from the
// standard explains it, or when pith's Document breaks one of its invariants.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "decode/decode.h"
#include "dom/parse.h"
#include "dom/parse_myhtml.h"
#include "parse_compare.h"

// MyHTML (libmodest) copies overlapping memory with memcpy when it joins two text tokens
// (myhtml_token_merged_two_token_string): its bug, reported by AddressSanitizer's interceptor.
extern "C" const char* __asan_default_suppressions() { return "interceptor_via_lib:libmodest.so\n"; }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pith::decode::Decoded decoded;
  if (!pith::decode::Decode(std::string_view(reinterpret_cast<const char*>(data), size), "", "", &decoded).ok()) {
    return 0;
  }
  const pith::dom::ParseLimits limits{200};
  pith::dom::Document mine, reference;
  pith::dom::Parse(decoded.utf8, limits, &mine);
  const pith::Status b = pith::dom::ParseWithMyHtml(decoded.utf8, limits, &reference);
  const std::string invariant = pith::dom::testing::DocumentInvariantViolation(mine);
  if (!invariant.empty()) {
    std::fprintf(stderr, "invariant: %s\n", invariant.c_str());
    __builtin_trap();
  }
  const std::string difference =
      b.ok() ? pith::dom::testing::DocumentDifference(mine, reference) : "MyHTML failed: " + b.ToString();
  if (!difference.empty() && pith::dom::testing::ExplainDisagreement(decoded.utf8, limits).empty()) {
    std::fprintf(stderr, "difference: %s\n", difference.c_str());
    __builtin_trap();
  }
  return 0;
}
