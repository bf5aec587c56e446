// libFuzzer target: pith's HTML parser (src/dom/parse.cc) against the MyHTML reference
// (src/dom/parse_myhtml.cc). Every input, decoded to valid UTF-8 as the pipeline does, is parsed by
// both under a small depth limit; the target traps when they disagree on the status or on the
// Document (tests/parse_compare.h), or when pith's Document breaks one of its invariants.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "decode/decode.h"
#include "dom/parse.h"
#include "dom/parse_myhtml.h"
#include "parse_compare.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  pith::decode::Decoded decoded;
  if (!pith::decode::Decode(std::string_view(reinterpret_cast<const char*>(data), size), "", "", &decoded).ok()) {
    return 0;
  }
  const pith::dom::ParseLimits limits{200};
  pith::dom::Document mine, reference;
  const pith::Status a = pith::dom::Parse(decoded.utf8, limits, &mine);
  const pith::Status b = pith::dom::ParseWithMyHtml(decoded.utf8, limits, &reference);
  if (a.code() != b.code()) {
    std::fprintf(stderr, "status: pith %s, MyHTML %s\n", a.ToString().c_str(), b.ToString().c_str());
    __builtin_trap();
  }
  if (!a.ok()) return 0;
  const std::string invariant = pith::dom::testing::DocumentInvariantViolation(mine);
  if (!invariant.empty()) {
    std::fprintf(stderr, "invariant: %s\n", invariant.c_str());
    __builtin_trap();
  }
  const std::string difference = pith::dom::testing::DocumentDifference(mine, reference);
  if (!difference.empty()) {
    std::fprintf(stderr, "difference: %s\n", difference.c_str());
    __builtin_trap();
  }
  return 0;
}
