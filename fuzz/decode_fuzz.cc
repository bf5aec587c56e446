// fuzz/decode_fuzz.cc — libFuzzer target for the decode stage.
//
// The first input byte picks a mode: no override; a --charset override taken from a list of real
// labels (including UTF-16, ISO-2022 and the built-in decoders); a raw override label made of the
// next bytes; or a caller (HTTP) charset from the list. The rest of the input is the page. Whatever
// happens, Decode must not crash and, when it succeeds, must produce valid UTF-8 without a BOM;
// the other entry points (prescan, binary sniffing, presentation-form folding) run on the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "decode/charset.h"
#include "decode/decode.h"
#include "decode/normalize.h"

namespace {

constexpr std::string_view kLabels[] = {
    "utf-8",      "utf-16le",   "utf-16be",    "gbk",         "gb18030",      "big5",
    "shift_jis",  "euc-jp",     "iso-2022-jp", "euc-kr",      "windows-1251", "koi8-r",
    "windows-1252", "windows-1256", "iso-8859-7", "iso-8859-16", "x-user-defined", "iso-2022-kr",
    "hz-gb-2312", "macintosh",  "x-mac-cyrillic", "ibm866",   "windows-874",  "replacement",
};
constexpr std::size_t kLabelCount = sizeof(kLabels) / sizeof(kLabels[0]);

void Check(bool condition) {
  if (!condition) std::abort();
}

void CheckUtf8(std::string_view text) {
  const pith::decode::Utf8Stats stats = pith::decode::ScanUtf8(text);
  Check(stats.invalid == 0 && stats.truncated_tail == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint8_t mode = data[0] % 4;
  const std::uint8_t pick = data[1];
  std::string_view rest(reinterpret_cast<const char*>(data) + 2, size - 2);

  std::string forced;
  std::string caller;
  if (mode == 1) {
    forced = std::string(kLabels[pick % kLabelCount]);
  } else if (mode == 2) {
    const std::size_t n = std::min<std::size_t>(pick % 24, rest.size());
    forced = std::string(rest.substr(0, n));
    rest.remove_prefix(n);
  } else if (mode == 3) {
    caller = std::string(kLabels[pick % kLabelCount]);
  }

  pith::decode::Decoded out;
  const pith::Status status = pith::decode::Decode(rest, forced, caller, &out);
  if (status.ok()) {
    CheckUtf8(out.utf8);
    Check(!std::string_view(out.utf8).starts_with("\xEF\xBB\xBF"));
    Check(!out.info.charset.empty());
    std::string folded = out.utf8;
    pith::decode::FoldPresentationForms(folded);
    CheckUtf8(folded);
  } else {
    Check(!forced.empty());  // only an override label may be refused
  }

  std::string what;
  pith::decode::LooksBinary(rest, &what);
  const std::string declared = pith::decode::PrescanMetaCharset(rest);
  Check(declared.size() <= rest.size());
  std::string repaired;
  pith::decode::RepairUtf8(rest, &repaired);
  CheckUtf8(repaired);
  return 0;
}
