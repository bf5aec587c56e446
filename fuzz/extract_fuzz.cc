// libFuzzer target: arbitrary bytes through the whole pipeline (decode → parse → annotate →
// lineblock → render → metadata). Invariants: no crash, a status for every input, valid UTF-8 text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "pith/pith.h"

namespace {

bool ValidUtf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k) {
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    }
    i += len;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const pith::Extractor extractor([] {
    pith::Options o;
    o.max_nesting_depth = 2000;
    return o;
  }());
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const pith::Result r = extractor.Extract(bytes);
  if (!ValidUtf8(r.Text()) || !ValidUtf8(r.metadata.title) || !ValidUtf8(r.metadata.author)) __builtin_trap();
  return 0;
}
