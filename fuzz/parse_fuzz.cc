// libFuzzer target: pith's HTML parser (src/dom/parse.cc) against the MyHTML reference
// (src/dom/parse_myhtml.cc), with html5lib as the tie-breaker. Every input, decoded to valid UTF-8 as
// the pipeline does, is parsed by both under a small depth limit. The oracle is the HTML standard:
// a difference counts as a pith bug only when pith disagrees with the standard, which here means
// that neither one of pith's limits nor a known deviation of MyHTML from the standard
// (tests/parse_compare.h) explains it, and html5lib (tests/parse_html5lib.h) builds another
// Document than pith too. The target traps then, or when pith's Document breaks one of its
// invariants. A difference html5lib settles in pith's favour is a MyHTML deviation no rule names
// yet: it is reported on stderr ("MyHTML deviation (html5lib agrees with pith)") and, when
// PITH_PARSE_TIES is a folder, the input is saved there, so that a long run collects them for new
// rules. PITH_PARSE_VERDICT=1 prints the verdict of every input (scripts/parse_oracle.sh).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

#include "decode/decode.h"
#include "dom/parse.h"
#include "dom/parse_myhtml.h"
#include "parse_compare.h"
#include "parse_html5lib.h"

// MyHTML (libmodest) copies overlapping memory with memcpy when it joins two text tokens
// (myhtml_token_merged_two_token_string): its bug, reported by AddressSanitizer's interceptor.
extern "C" const char* __asan_default_suppressions() { return "interceptor_via_lib:libmodest.so\n"; }

namespace {

// Saves `input` into the folder PITH_PARSE_TIES names (if any), named after its FNV-1a hash.
void SaveTie(std::string_view input) {
  const char* folder = std::getenv("PITH_PARSE_TIES");
  if (!folder || !*folder) return;
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : input) hash = (hash ^ c) * 1099511628211ull;
  char name[32];
  std::snprintf(name, sizeof name, "tie-%016llx", static_cast<unsigned long long>(hash));
  std::ofstream(std::string(folder) + "/" + name, std::ios::binary)
      .write(input.data(), static_cast<std::streamsize>(input.size()));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using pith::dom::testing::ParseVerdict;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  pith::decode::Decoded decoded;
  if (!pith::decode::Decode(input, "", "", &decoded).ok()) return 0;
  const pith::dom::ParseLimits limits{200};
  pith::dom::Document mine, reference;
  pith::dom::Parse(decoded.utf8, limits, &mine);
  const std::string invariant = pith::dom::testing::DocumentInvariantViolation(mine);
  if (!invariant.empty()) {
    std::fprintf(stderr, "invariant: %s\n", invariant.c_str());
    __builtin_trap();
  }
  static const bool print_verdict = std::getenv("PITH_PARSE_VERDICT") != nullptr;
  const bool same = pith::dom::ParseWithMyHtml(decoded.utf8, limits, &reference).ok() &&
                    pith::dom::testing::DocumentDifference(mine, reference).empty();
  if (same && !print_verdict) return 0;
  const ParseVerdict verdict = pith::dom::testing::JudgeParse(decoded.utf8, limits);
  static constexpr const char* kVerdicts[] = {"same", "explained", "MyHTML deviation (html5lib agrees with pith)",
                                              "pith differs from MyHTML and html5lib"};
  if (print_verdict || verdict.kind == ParseVerdict::kHtml5libAgrees) {
    std::fprintf(stderr, "verdict: %s%s%s\n", kVerdicts[verdict.kind], verdict.detail.empty() ? "" : ": ",
                 verdict.detail.c_str());
  }
  if (verdict.kind == ParseVerdict::kHtml5libAgrees) SaveTie(input);
  if (verdict.kind == ParseVerdict::kPithAlone) {
    std::fprintf(stderr, "difference: %s\n", verdict.detail.c_str());
    __builtin_trap();
  }
  return 0;
}
